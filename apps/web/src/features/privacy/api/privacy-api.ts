import type { AccountDeletionStarted, Consents, DataExport, PrivacyRequest } from '@baan/contract';
import { api } from '../../../lib/api';

/**
 * The person's PDPA calls (ADR 023): their consents and the newsletter, a copy of their data, and deleting the
 * account (password, then the e-mailed link).
 */
export const privacyApi = api.enhanceEndpoints({ addTagTypes: ['Consents'] }).injectEndpoints({
  endpoints: (build) => ({
    getConsents: build.query<Consents, void>({
      query: () => '/user/consents',
      providesTags: ['Consents'],
    }),
    setNewsletter: build.mutation<Consents, boolean>({
      query: (isWanted) => ({ url: '/user/consents/newsletter', method: isWanted ? 'PUT' : 'DELETE' }),
      // The answer is the new list: put it in place, no refetch.
      async onQueryStarted(_isWanted, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(privacyApi.util.upsertQueryData('getConsents', undefined, data));
        } catch {
          // The screen says so; the list stays as it was.
        }
      },
    }),
    // A download is an action, not data to keep in the cache.
    exportData: build.mutation<DataExport, void>({
      query: () => ({ url: '/user/data-export', method: 'GET' }),
    }),
    requestDeletion: build.mutation<AccountDeletionStarted, { password: string }>({
      query: (body) => ({ url: '/user/account/deletion', method: 'POST', body }),
    }),
    confirmDeletion: build.mutation<PrivacyRequest, { token: string }>({
      query: (body) => ({ url: '/user/account/deletion/confirm', method: 'POST', body }),
    }),
  }),
});

export const {
  useGetConsentsQuery,
  useSetNewsletterMutation,
  useExportDataMutation,
  useRequestDeletionMutation,
  useConfirmDeletionMutation,
} = privacyApi;
