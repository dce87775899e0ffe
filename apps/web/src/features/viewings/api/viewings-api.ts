import type { FreeViewingSlots, Viewing, ViewingMode, ViewingSlot, ViewingSlots } from '@baan/contract';
import { api } from '../../../lib/api';

/** Viewings (docs/api.md "Renters and conversations"; ADR 035). */
export const viewingsApi = api
  .enhanceEndpoints({ addTagTypes: ['Viewing', 'FreeViewingSlots', 'ViewingSlots'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getFreeViewingSlots: build.query<FreeViewingSlots, number>({
        query: (id) => `/property/${id}/viewing-slots`,
        providesTags: (_r, _e, id) => [{ type: 'FreeViewingSlots', id }],
      }),
      requestViewing: build.mutation<
        Viewing,
        { id: number; starts_at: string; mode: ViewingMode; name: string; email: string; phone?: string }
      >({
        query: ({ id, ...body }) => ({ url: `/property/${id}/viewings`, method: 'POST', body }),
        invalidatesTags: (_r, _e, { id }) => [{ type: 'FreeViewingSlots', id }],
      }),
      getViewingSlots: build.query<ViewingSlots, void>({
        query: () => '/user/viewing-slots',
        providesTags: ['ViewingSlots'],
      }),
      saveViewingSlots: build.mutation<ViewingSlots, ViewingSlot[]>({
        query: (slots) => ({ url: '/user/viewing-slots', method: 'PUT', body: { slots } }),
        invalidatesTags: (_r, error) => (error ? [] : ['ViewingSlots', 'FreeViewingSlots']),
      }),
      getViewings: build.query<Viewing[], void>({
        query: () => '/user/viewings',
        providesTags: ['Viewing'],
      }),
      decideViewing: build.mutation<
        Viewing,
        { id: number; action: 'confirm' | 'decline' | 'propose'; starts_at?: string }
      >({
        query: ({ id, action, starts_at }) => ({
          url: `/user/viewings/${id}/${action}`,
          method: 'POST',
          ...(action === 'propose' ? { body: { starts_at } } : {}),
        }),
        invalidatesTags: (_r, error) => (error ? [] : ['Viewing']),
      }),
    }),
  });

export const {
  useGetFreeViewingSlotsQuery,
  useRequestViewingMutation,
  useGetViewingSlotsQuery,
  useSaveViewingSlotsMutation,
  useGetViewingsQuery,
  useDecideViewingMutation,
} = viewingsApi;
