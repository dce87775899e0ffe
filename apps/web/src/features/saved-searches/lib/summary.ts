import type { Station } from '@baan/contract';
import type { TFunction } from 'i18next';
import { summaryParts } from '../../../lib/search-summary';

/** The filters of a saved query (a /api/properties query string), as the API stores them. */
export function queryValues(query: string): URLSearchParams {
  return new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
}

/** A saved search's filters in words, one part each (lib/search-summary.ts). */
export function summarize(
  query: string,
  t: TFunction,
  language: string,
  stations?: ReadonlyMap<string, Station>,
): string[] {
  return summaryParts(queryValues(query), t, language, stations).map((part) => part.label);
}

/** A name for the save dialog, made of the search's filters (at most 80 characters), or "All listings". */
export function defaultSearchName(
  query: string,
  t: TFunction,
  language: string,
  stations?: ReadonlyMap<string, Station>,
): string {
  const parts = summarize(query, t, language, stations);
  const name = parts.length > 0 ? parts.join(', ') : t('save.defaultName');
  const capitalised = name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
  return capitalised.length > 80 ? `${capitalised.slice(0, 79)}…` : capitalised;
}

/** The page's search as a saved query: the filters only (paging, sort and the dialog's marker left out). */
export function savableQuery(search: string): string {
  const values = queryValues(search);
  for (const key of ['page', 'per_page', 'sort', SAVE_MARKER]) values.delete(key);
  return values.toString();
}

/** Set on the way back from login, so the page opens the save dialog again. */
export const SAVE_MARKER = 'save_search';

/** Whether a saved query names a station (its summary then needs the station list). */
export function namesStation(query: string): boolean {
  return queryValues(query).has('station');
}
