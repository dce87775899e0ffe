import { LocationSearchResponse, type LocationSuggestion } from '@baan/contract';

export type LocationFetchOptions = {
  /** Aborts the request when the person types on (only the latest answer matters). */
  signal: AbortSignal;
  /** The interface language: the API answers display names in Thai for `th`, English otherwise. */
  language: string;
};

/** Suggests places for `q` (at least 3 characters). Injected into the component so tests and hosts can swap it. */
export type LocationFetcher = (q: string, options: LocationFetchOptions) => Promise<LocationSuggestion[]>;

/**
 * GET /api/locations with plain fetch: the component must work without the app's store, so it can be used (and
 * merged) independently of the web shell. The browser may answer from its cache (the API allows a day).
 */
export const fetchLocations: LocationFetcher = async (q, { signal, language }) => {
  const response = await fetch(`/api/locations?q=${encodeURIComponent(q)}`, {
    headers: { Accept: 'application/json', 'Accept-Language': language },
    signal,
  });
  if (!response.ok) throw new Error(`Location search failed with HTTP ${response.status}`);
  return LocationSearchResponse.parse(await response.json()).payload;
};
