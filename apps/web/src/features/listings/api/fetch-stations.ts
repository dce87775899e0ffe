import { type Station, StationListResponse } from '@baan/contract';

/** Stations matching `q` (every station for ''): GET /api/stations, the built-in gazetteer (docs/api.md "Buyers"). */
export type StationFetcher = (q: string, options: { signal?: AbortSignal }) => Promise<Station[]>;

/**
 * Plain fetch, like the location search: the picker works without the app's store. The gazetteer never changes
 * while the app runs, so the browser may answer from its cache.
 */
export const fetchStations: StationFetcher = async (q, { signal }) => {
  const response = await fetch(`/api/stations${q ? `?q=${encodeURIComponent(q)}` : ''}`, {
    headers: { Accept: 'application/json' },
    signal,
  });
  if (!response.ok) throw new Error(`Station search failed with HTTP ${response.status}`);
  return StationListResponse.parse(await response.json()).payload;
};
