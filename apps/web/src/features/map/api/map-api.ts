import type { MapResult } from '@baan/contract';
import { api } from '../../../lib/api';
import { lazySchema } from '../../../lib/lazy-schema';

export interface MapQueryArgs {
  /** The list's filters as a query string (`?q=…&type=sale`, or ''), without bbox, page or sort. */
  filters: string;
  /** `minLon,minLat,maxLon,maxLat`. */
  bbox: string;
  /** The map's zoom level: the size of the cells its clusters come from (ADR 041). */
  zoom: number;
}

/** `/properties/map?<filters>&bbox=…&zoom=…` */
export function mapQueryPath({ filters, bbox, zoom }: MapQueryArgs): string {
  const search = new URLSearchParams(filters);
  search.delete('page');
  search.delete('per_page');
  search.delete('sort');
  search.set('bbox', bbox);
  search.set('zoom', String(Math.max(0, Math.min(20, Math.round(zoom)))));
  return `/properties/map?${search.toString()}`;
}

/** The search map's points (docs/api.md "Buyers"): the list's filters, the map's area and zoom: clusters of grid
 * cells, or single listings when zoomed in or few. */
export const mapApi = api.injectEndpoints({
  endpoints: (build) => ({
    propertiesMap: build.query<MapResult, MapQueryArgs>({
      query: mapQueryPath,
      // Checked with the contract's schema, loaded with the first answer (zod is not on /Quick's first load).
      responseSchema: lazySchema(() => import('./map-schema').then((schemas) => schemas.MapResult)),
      catchSchemaFailure: () => ({ status: 'PARSING_ERROR' }),
    }),
  }),
});

export const { usePropertiesMapQuery, useLazyPropertiesMapQuery } = mapApi;
