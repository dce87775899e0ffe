import {
  Property,
  type PropertyListParams,
  PropertyPage,
  PropertyTypeCounts,
  type PropertyTypeCounts as PropertyTypeCountsType,
} from '@baan/contract';
import { api } from '../../../lib/api';
import { toSearchString } from '../lib/search-params';

/**
 * Listing reads (docs/api.md "Listings"). Every answer is checked against the contract schema;
 * a payload that does not match becomes a PARSING_ERROR ('Invalid data format received').
 */
export const listingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchProperties: build.query<PropertyPage, PropertyListParams>({
      query: (params) => `/properties${toSearchString(params)}`,
      responseSchema: PropertyPage,
      catchSchemaFailure: () => ({ status: 'PARSING_ERROR' }),
    }),
    getProperty: build.query<Property, number>({
      query: (id) => `/property/${id}`,
      responseSchema: Property,
      catchSchemaFailure: () => ({ status: 'PARSING_ERROR' }),
    }),
    propertyTypeCounts: build.query<PropertyTypeCountsType, void>({
      query: () => '/stats/property-types',
      responseSchema: PropertyTypeCounts,
      catchSchemaFailure: () => ({ status: 'PARSING_ERROR' }),
    }),
  }),
});

export const { useSearchPropertiesQuery, useGetPropertyQuery, usePropertyTypeCountsQuery } = listingsApi;
