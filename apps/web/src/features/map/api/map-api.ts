import { MapResult } from '@baan/contract';
import { api } from '../../../lib/api';

export interface MapQueryArgs {
  /** The list's filters as a query string (`?q=…&type=sale`, or ''), without bbox, page or sort. */
  filters: string;
  /** `minLon,minLat,maxLon,maxLat`. */
  bbox: string;
}

/** `/properties/map?<filters>&bbox=…` */
export function mapQueryPath({ filters, bbox }: MapQueryArgs): string {
  const search = new URLSearchParams(filters);
  search.delete('page');
  search.delete('per_page');
  search.delete('sort');
  search.set('bbox', bbox);
  return `/properties/map?${search.toString()}`;
}

/** The search map's points (docs/api.md "Buyers"): the list's filters and the map's area, at most 1,000. */
export const mapApi = api.injectEndpoints({
  endpoints: (build) => ({
    propertiesMap: build.query<MapResult, MapQueryArgs>({
      query: mapQueryPath,
      responseSchema: MapResult,
      catchSchemaFailure: () => ({ status: 'PARSING_ERROR' }),
    }),
  }),
});

export const { usePropertiesMapQuery, useLazyPropertiesMapQuery } = mapApi;
