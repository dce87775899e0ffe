import { type CreateSavedSearchRequest, SavedSearch } from '@baan/contract';
import { z } from 'zod';
import { api } from '../../../lib/api';

const SavedSearchList = z.array(SavedSearch);

/**
 * Saved searches (docs/api.md "Buyers"): the account's list, saving the current search, deleting one. Answers are
 * checked against the contract; a DELETE's 204 (no body) counts as done.
 */
export const savedSearchesApi = api.enhanceEndpoints({ addTagTypes: ['SavedSearch'] }).injectEndpoints({
  endpoints: (build) => ({
    getSavedSearches: build.query<SavedSearch[], void>({
      query: () => '/user/saved-searches',
      responseSchema: SavedSearchList,
      catchSchemaFailure: () => ({ status: 'PARSING_ERROR' }),
      providesTags: ['SavedSearch'],
    }),
    createSavedSearch: build.mutation<SavedSearch, CreateSavedSearchRequest>({
      query: (body) => ({ url: '/user/saved-searches', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['SavedSearch']),
    }),
    deleteSavedSearch: build.mutation<null, number>({
      async queryFn(id, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: `/user/saved-searches/${id}`, method: 'DELETE' });
        // 204 has no envelope: the base query calls that a parsing error, but the search is gone.
        if (result.error?.status === 'PARSING_ERROR' || !result.error) return { data: null };
        return { error: result.error };
      },
      // The list drops it at once on success; no refetch.
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(
            savedSearchesApi.util.updateQueryData('getSavedSearches', undefined, (list) =>
              list.filter((search) => search.id !== id),
            ),
          );
        } catch {
          // The screen says so; the list stays as it was.
        }
      },
    }),
  }),
});

export const { useGetSavedSearchesQuery, useCreateSavedSearchMutation, useDeleteSavedSearchMutation } =
  savedSearchesApi;
