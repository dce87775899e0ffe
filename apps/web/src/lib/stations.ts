import type { NearestStation, Station } from '@baan/contract';
import { useEffect, useState } from 'react';

/**
 * Bangkok's rail stations as the web reads them: the search of the station picker, and every station by id for
 * the pages that only hold an id (a saved search's `station`). Shared, since the listings and the saved-searches
 * features both name stations.
 */

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
  // The answer's schema loads with the first search (zod stays off the pages' first load).
  const [{ StationListResponse }, body] = await Promise.all([import('./station-list-response'), response.json()]);
  return StationListResponse.parse(body).payload;
};

/** A station's name in the interface language: Thai for Thai readers, the English name for everyone else. */
export function stationName(station: Pick<NearestStation, 'name' | 'name_th'>, language: string): string {
  return language === 'th' && station.name_th ? station.name_th : station.name;
}

/** A gazetteer station (GET /api/stations) as a nearest-station shape, for the same naming. */
export const stationNames = (station: Pick<Station, 'name_en' | 'name_th'>) => ({
  name: station.name_en,
  name_th: station.name_th,
});

let allStations: Promise<Map<string, Station>> | undefined;

/** Every station by id, fetched once per page load (the gazetteer does not change while the app runs). */
function loadAllStations(fetcher: StationFetcher): Promise<Map<string, Station>> {
  allStations ??= fetcher('', {}).then(
    (stations) => new Map(stations.map((station) => [station.id, station])),
    (error: unknown) => {
      // A failed load is tried again by the next page that needs it.
      allStations = undefined;
      throw error;
    },
  );
  return allStations;
}

/** For tests: forget the stations loaded so far. */
export function forgetStations(): void {
  allStations = undefined;
}

/**
 * Every station by id once loaded, when `needed` (undefined before, or when the load failed: callers then show the
 * id as it is).
 */
export function useStationsById(
  needed: boolean,
  fetcher: StationFetcher = fetchStations,
): Map<string, Station> | undefined {
  const [stations, setStations] = useState<Map<string, Station>>();
  useEffect(() => {
    if (!needed) return;
    let current = true;
    loadAllStations(fetcher)
      .then((byId) => {
        if (current) setStations(byId);
      })
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [needed, fetcher]);
  return stations;
}
