import type { Station } from '@baan/contract';
import { normalise } from '../locations/search-locations.ts';
import { STATION_ALIASES, STATIONS } from './stations.ts';

/** Each station's searchable names, normalised once (English, Thai, other spellings). */
const SEARCH_KEYS: readonly { station: Station; keys: string[] }[] = STATIONS.map((station) => ({
  station,
  keys: [station.name_en, station.name_th, ...(STATION_ALIASES.get(station.id) ?? [])].map(normalise),
}));

/**
 * GET /api/stations: the stations whose English or Thai name, or another spelling of it, contains `q` (case, Latin
 * accents and punctuation ignored, as the place search does), in the gazetteer's order (line by line); every station
 * without `q`.
 */
export function searchStations(q: string | undefined): Station[] {
  const wanted = q === undefined ? '' : normalise(q);
  if (wanted === '') return [...STATIONS];
  return SEARCH_KEYS.filter(({ keys }) => keys.some((key) => key.includes(wanted))).map(({ station }) => station);
}
