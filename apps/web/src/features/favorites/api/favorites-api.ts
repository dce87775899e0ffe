import { Property } from '@baan/contract';
import { z } from 'zod';
import { api } from '../../../lib/api';

/**
 * Reads for the favourites page: the account's favourites (GET /api/user/favorites, still-active listings only) and,
 * for a visitor, each listing this browser keeps (GET /api/property/{id}). The hearts' own calls are in session/favorites.
 */
export const favoritesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getFavorites: build.query<Property[], void>({
      query: () => '/user/favorites',
      responseSchema: z.array(Property),
      catchSchemaFailure: () => ({ status: 'PARSING_ERROR' }),
    }),
    getFavoriteListing: build.query<Property, number>({
      query: (id) => `/property/${id}`,
      responseSchema: Property,
      catchSchemaFailure: () => ({ status: 'PARSING_ERROR' }),
    }),
  }),
});

export const { useGetFavoritesQuery, useGetFavoriteListingQuery } = favoritesApi;
