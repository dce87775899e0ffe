import { api } from '../../../lib/api';

/**
 * A listing as GET /api/user/properties sends it (docs/api.md, "Property on the wire"); only the fields this
 * screen reads. Replace with the contract's Property type once the listings work lands it.
 */
export interface OwnProperty {
  id: number;
  title: string;
  type: 'rent' | 'sale';
  location: string;
  price: number;
  cover_image: string | null;
  is_featured?: 0 | 1;
  images?: { id: number; image_path: string; width?: number; height?: number; srcset?: string }[];
}

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
