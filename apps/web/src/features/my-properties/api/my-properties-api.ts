import type { Property } from '@baan/contract';
import { api } from '../../../lib/api';

/** What a card needs of a listing from GET /api/user/properties (docs/api.md, "Property on the wire"). */
export type OwnProperty = Pick<
  Property,
  'id' | 'title' | 'type' | 'location' | 'price' | 'cover_image' | 'is_featured' | 'images' | 'status'
> & {
  /** How many inquiries visitors sent about the listing (issue 7); an older server leaves it out, meaning 0. */
  inquiry_count?: number;
};

export const myPropertiesApi = api.enhanceEndpoints({ addTagTypes: ['OwnProperty'] }).injectEndpoints({
  endpoints: (build) => ({
    getUserProperties: build.query<OwnProperty[], void>({
      query: () => '/user/properties',
      providesTags: ['OwnProperty'],
    }),
    deleteProperty: build.mutation<unknown, number>({
      query: (id) => ({ url: `/property/${id}`, method: 'DELETE' }),
      // The list is updated in place on success (spec: the item is removed locally), not refetched.
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(
            myPropertiesApi.util.updateQueryData('getUserProperties', undefined, (list) =>
              list.filter((property) => property.id !== id),
            ),
          );
        } catch {
          // The screen shows the failure; the list stays as it was.
        }
      },
    }),
  }),
});

export const { useGetUserPropertiesQuery, useDeletePropertyMutation } = myPropertiesApi;
