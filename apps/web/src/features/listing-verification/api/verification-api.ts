import type { ListingVerification } from '@baan/contract';
import { api } from '../../../lib/api';

/** A listing's title deed check as its owner sees it (docs/api.md "Agents, agencies, verification"; ADR 032). */
export const verificationApi = api.enhanceEndpoints({ addTagTypes: ['ListingVerification'] }).injectEndpoints({
  endpoints: (build) => ({
    getListingVerification: build.query<ListingVerification | null, number>({
      query: (id) => `/property/${id}/verification`,
      providesTags: (_r, _e, id) => [{ type: 'ListingVerification', id }],
    }),
    requestListingVerification: build.mutation<ListingVerification, { id: number; form: FormData }>({
      query: ({ id, form }) => ({ url: `/property/${id}/verification`, method: 'POST', body: form }),
      invalidatesTags: (_r, error, { id }) => (error ? [] : [{ type: 'ListingVerification', id }]),
    }),
  }),
});

export const { useGetListingVerificationQuery, useRequestListingVerificationMutation } = verificationApi;
