import { DEFAULT_WITHIN_M, formatLocale, type Station } from '@baan/contract';
import type { TFunction } from 'i18next';
import { stationName, stationNames } from '../../../lib/stations';

/** The filters of a saved query (a /api/properties query string), as the API stores them. */
export function queryValues(query: string): URLSearchParams {
  return new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
}

/**
 * A saved search's filters in words, one part each ("For sale", "in Sukhumvit", "2+ bedrooms", …); the API's
 * values where the app has no words for them. `t` is bound to the saved namespace; sub types, title deeds and
 * station names come from listings (loaded on every page). A station is named from `stations` ("BTS Asok"); its id
 * is shown only until they are loaded, or when the gazetteer no longer has it.
 */
export function summarize(
  query: string,
  t: TFunction,
  language: string,
  stations?: ReadonlyMap<string, Station>,
): string[] {
  const values = queryValues(query);
  const get = (key: string) => values.get(key) ?? undefined;
  const number = (value: string) => {
    const n = Number(value);
    return Number.isFinite(n) ? new Intl.NumberFormat(formatLocale(language)).format(n) : value;
  };
  const range = (min: string | undefined, max: string | undefined, both: string, from: string, upTo: string) => {
    if (min && max) return t(both, { min: number(min), max: number(max) });
    if (min) return t(from, { value: number(min) });
    if (max) return t(upTo, { value: number(max) });
    return undefined;
  };
  const subType = get('sub_type') ?? get('property_type');
  const deed = get('title_deed');
  const stationId = get('station');
  const known = stationId ? stations?.get(stationId) : undefined;
  const station = known
    ? t('facts.stationName', { ns: 'listings', system: known.system, name: stationName(stationNames(known), language) })
    : stationId;
  const within = get('within_m');
  const parts = [
    get('q') ? t('summary.q', { value: get('q') }) : undefined,
    get('type') === 'sale' ? t('summary.sale') : get('type') === 'rent' ? t('summary.rent') : undefined,
    subType ? t(`subTypes.${subType}`, { ns: 'listings', defaultValue: subType }) : undefined,
    get('location') ? t('summary.location', { value: get('location') }) : undefined,
    range(get('min_price'), get('max_price'), 'summary.price', 'summary.minPrice', 'summary.maxPrice'),
    get('bedrooms') ? t('summary.bedrooms', { value: get('bedrooms') }) : undefined,
    range(get('min_area'), get('max_area'), 'summary.area', 'summary.minArea', 'summary.maxArea'),
    station
      ? t('summary.station', { station, distance: number(within ?? String(DEFAULT_WITHIN_M)) })
      : within
        ? t('summary.anyStation', { distance: number(within) })
        : undefined,
    get('foreign_quota') === '1' ? t('summary.foreignQuota') : undefined,
    deed ? t('summary.deed', { value: t(`facts.deeds.${deed}`, { ns: 'listings', defaultValue: deed }) }) : undefined,
    get('bbox') ? t('summary.bbox') : undefined,
    get('featured') === '1' ? t('summary.featured') : undefined,
  ];
  return parts.filter((part): part is string => Boolean(part));
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
