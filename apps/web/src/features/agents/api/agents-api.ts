import { PublicProfile, type UpdatePublicProfileRequest } from '@baan/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api';

/** The signed-in account's public profile (GET and PATCH /api/user/profile/public; ADR 029). */
export const agentsApi = api.enhanceEndpoints({ addTagTypes: ['PublicProfile'] }).injectEndpoints({
  endpoints: (build) => ({
    getPublicProfile: build.query<PublicProfile, void>({
      query: () => '/user/profile/public',
      responseSchema: PublicProfile,
      catchSchemaFailure: () => ({ status: 'PARSING_ERROR' }),
      providesTags: ['PublicProfile'],
    }),
    updatePublicProfile: build.mutation<PublicProfile, z.input<typeof UpdatePublicProfileRequest>>({
      query: (body) => ({ url: '/user/profile/public', method: 'PATCH', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(agentsApi.util.upsertQueryData('getPublicProfile', undefined, data));
        } catch {
          // The form shows why.
        }
      },
    }),
  }),
});

export const { useGetPublicProfileQuery, useUpdatePublicProfileMutation } = agentsApi;
