import type { OwnerStatus, OwnProperty as OwnPropertyWire, OwnTextEdit, Property } from '@baan/contract';
import { api } from '../../../lib/api';

/** What a card needs of a listing from GET /api/user/properties (contract `OwnProperty`). */
export type OwnProperty = Pick<
  OwnPropertyWire,
  'id' | 'title' | 'type' | 'location' | 'price' | 'cover_image' | 'is_featured' | 'images' | 'status' | 'review'
> & {
  /** How many inquiries visitors sent about the listing (issue 7); an older server leaves it out, meaning 0. */
  inquiry_count?: number;
  /** The admin's reason when the listing was rejected (ADR 017). */
  review_note?: string | null;
  /** Its owner's text edit waiting for review, or the last one refused with the admin's note (ADR 017, M5). */
  text_edit?: OwnTextEdit | null;
};

export const myPropertiesApi = api.enhanceEndpoints({ addTagTypes: ['OwnProperty'] }).injectEndpoints({
  endpoints: (build) => ({
    getUserProperties: build.query<OwnProperty[], void>({
      query: () => '/user/properties',
      providesTags: ['OwnProperty'],
    }),
    /** PATCH /api/property/{id} {status}: the owner's choice (docs/api.md "Owners"); 409 for a listing an admin hid. */
    updatePropertyStatus: build.mutation<Property, { id: number; status: OwnerStatus }>({
      query: ({ id, status }) => ({ url: `/property/${id}`, method: 'PATCH', body: { status } }),
      // The card shows the new status at once; the list is then read again (a status moves counts, review, etc.).
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            myPropertiesApi.util.updateQueryData('getUserProperties', undefined, (list) => {
              const own = list.find((property) => property.id === id);
              if (own) own.status = data.status;
            }),
          );
        } catch {
          // The screen says so; the list stays as it was.
        }
      },
      invalidatesTags: (_result, error) => (error ? [] : ['OwnProperty']),
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

export const { useGetUserPropertiesQuery, useDeletePropertyMutation, useUpdatePropertyStatusMutation } =
  myPropertiesApi;
