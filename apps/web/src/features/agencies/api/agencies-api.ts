import {
  AgencyInvitation,
  AgencyLeads,
  AgencyListings,
  AgencyRef,
  type CreateAgencyRequest,
  type InviteMemberRequest,
  MyAgency,
  type UpdateAgencyRequest,
} from '@baan/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api';

/** The signed-in account's agency (ADR 037): GET /api/user/agency, creating one, inviting, removing, accepting. */
export const agenciesApi = api.enhanceEndpoints({ addTagTypes: ['MyAgency', 'AgencyWork'] }).injectEndpoints({
  endpoints: (build) => ({
    getMyAgency: build.query<MyAgency, void>({
      query: () => '/user/agency',
      responseSchema: MyAgency,
      catchSchemaFailure: () => ({ status: 'PARSING_ERROR' }),
      providesTags: ['MyAgency'],
    }),
    createAgency: build.mutation<AgencyRef, z.input<typeof CreateAgencyRequest>>({
      query: (body) => ({ url: '/agencies', method: 'POST', body }),
      responseSchema: AgencyRef,
      invalidatesTags: ['MyAgency'],
    }),
    updateAgency: build.mutation<AgencyRef, { slug: string } & z.input<typeof UpdateAgencyRequest>>({
      query: ({ slug, ...body }) => ({ url: `/agencies/${slug}`, method: 'PATCH', body }),
      responseSchema: AgencyRef,
      invalidatesTags: ['MyAgency'],
    }),
    inviteMember: build.mutation<AgencyInvitation, { slug: string } & z.input<typeof InviteMemberRequest>>({
      query: ({ slug, ...body }) => ({ url: `/agencies/${slug}/invitations`, method: 'POST', body }),
      responseSchema: AgencyInvitation,
      invalidatesTags: ['MyAgency'],
    }),
    removeMember: build.mutation<unknown, { slug: string; userId: number }>({
      query: ({ slug, userId }) => ({ url: `/agencies/${slug}/members/${userId}`, method: 'DELETE' }),
      invalidatesTags: ['MyAgency', 'AgencyWork'],
    }),
    withdrawInvitation: build.mutation<unknown, { slug: string; id: number }>({
      query: ({ slug, id }) => ({ url: `/agencies/${slug}/invitations/${id}`, method: 'DELETE' }),
      invalidatesTags: ['MyAgency'],
    }),
    getAgencyListings: build.query<AgencyListings, string>({
      query: (slug) => `/agencies/${slug}/listings`,
      responseSchema: AgencyListings,
      catchSchemaFailure: () => ({ status: 'PARSING_ERROR' }),
      providesTags: ['AgencyWork'],
    }),
    getAgencyLeads: build.query<AgencyLeads, string>({
      query: (slug) => `/agencies/${slug}/leads?per_page=50`,
      responseSchema: AgencyLeads,
      catchSchemaFailure: () => ({ status: 'PARSING_ERROR' }),
      providesTags: ['AgencyWork'],
    }),
    assign: build.mutation<unknown, { kind: 'listing' | 'lead'; id: number; userId: number }>({
      query: ({ kind, id, userId }) => ({
        url: kind === 'listing' ? `/property/${id}/assign` : `/user/inquiries/${id}/assign`,
        method: 'POST',
        body: { user_id: userId },
      }),
      invalidatesTags: ['AgencyWork', 'MyAgency'],
    }),
    acceptInvitation: build.mutation<AgencyRef, { token: string }>({
      query: (body) => ({ url: '/agencies/invitations/accept', method: 'POST', body }),
      responseSchema: AgencyRef,
      invalidatesTags: ['MyAgency'],
    }),
  }),
});

export const {
  useGetMyAgencyQuery,
  useCreateAgencyMutation,
  useInviteMemberMutation,
  useUpdateAgencyMutation,
  useWithdrawInvitationMutation,
  useRemoveMemberMutation,
  useAcceptInvitationMutation,
  useGetAgencyListingsQuery,
  useGetAgencyLeadsQuery,
  useAssignMutation,
} = agenciesApi;
