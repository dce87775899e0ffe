import {
  LISTING_TYPES,
  type ListingType,
  PROPERTY_SORTS,
  PROPERTY_SUB_TYPES,
  type PropertyListParams,
  type PropertySort,
  type PropertySubType,
  readListParam,
  TITLE_DEEDS,
  type TitleDeed,
} from '@baan/contract';
import { areaToSquareMetres, areaUnitOf } from './area-units';

/**
 * The search's parameters as the web reads and writes them: the API's, with `exact=1` ("Search instead for …": the
 * text exactly as typed, without the spelling-tolerant retry; docs/api.md, "Search that understands what people type").
 */
export type SearchFilters = PropertyListParams & { exact?: '1' };

/** Every search parameter, in the order addresses and API calls write them. */
export const SEARCH_PARAMS: readonly (keyof SearchFilters)[] = [
  'q',
  'exact',
  'type',
  'property_type',
  'sub_type',
  'location',
  'min_price',
  'max_price',
  'bedrooms',
  'featured',
  'bbox',
  'station',
  'within_m',
  'foreign_quota',
  'title_deed',
  'at_or_below_median',
  'min_area',
  'max_area',
  'project',
  'price_drop',
  'verified',
  'furnishing',
  'pets',
  'max_deposit_months',
  'max_min_lease_months',
  'sort',
  'page',
  'per_page',
];

/** `?a=1&b=2` for the API (or the address bar), leaving out empty values; '' when nothing is set. */
export function toSearchString(params: SearchFilters): string {
  const search = new URLSearchParams();
  for (const key of SEARCH_PARAMS) {
    const value = params[key];
    if (value === undefined || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * A price bound as people type it in a search form: digits with thousands separators, spaces or a ฿ ("10,000",
 * "฿ 2 500 000"). A form sent without JavaScript puts it in the address as typed, so the address is read the same
 * way. Anything else (or longer than any price) is no bound.
 */
export function readPriceBound(text: string | null | undefined): number | undefined {
  if (!text || text.length > 24) return undefined;
  const digits = text.replace(/[,\s฿]/g, '');
  return /^\d{1,10}$/.test(digits) ? Number(digits) : undefined;
}

const whole = (value: string | null, min = 0): number | undefined => {
  if (value === null || !/^\d{1,10}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= min ? n : undefined;
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;

/**
 * An area bound of the address in m². The more-filters form sent without JavaScript (a plain GET) names the unit its
 * range was typed in (`area_in=rai`, issue 16): that is converted here, so the search still gets m².
 */
function area(search: URLSearchParams, name: 'min_area' | 'max_area'): number | undefined {
  return areaToSquareMetres(search.get(name) ?? '', areaUnitOf(search.get('area_in')));
}

/** The filters a page's address carries; anything malformed is simply left out. */
export function fromSearchParams(search: URLSearchParams): SearchFilters {
  const q = search.get('q')?.trim();
  const location = search.get('location')?.trim();
  return {
    q: q || undefined,
    // Only with a text to take exactly.
    exact: q && search.get('exact') === '1' ? '1' : undefined,
    type: oneOf<ListingType>(LISTING_TYPES, search.get('type')),
    sub_type: oneOf<PropertySubType>(PROPERTY_SUB_TYPES, search.get('sub_type')),
    location: location || undefined,
    min_price: readPriceBound(search.get('min_price')),
    max_price: readPriceBound(search.get('max_price')),
    bedrooms: whole(search.get('bedrooms')),
    bbox: readListParam.bbox(search.get('bbox')),
    station: readListParam.station(search.get('station')),
    within_m: readListParam.within_m(search.get('within_m')),
    foreign_quota: search.get('foreign_quota') === '1' ? '1' : undefined,
    title_deed: oneOf<TitleDeed>(TITLE_DEEDS, search.get('title_deed')),
    min_area: area(search, 'min_area'),
    max_area: area(search, 'max_area'),
    project: readListParam.project(search.get('project')),
    price_drop: search.get('price_drop') === '1' ? '1' : undefined,
    verified: search.get('verified') === '1' ? '1' : undefined,
    // Rental terms: read as the API reads them (its ranges and choices), anything else left out.
    furnishing: readListParam.furnishing(search.get('furnishing')),
    pets: search.get('pets') === '1' ? '1' : undefined,
    max_deposit_months: readListParam.max_deposit_months(search.get('max_deposit_months')),
    max_min_lease_months: readListParam.max_min_lease_months(search.get('max_min_lease_months')),
    sort: oneOf<PropertySort>(PROPERTY_SORTS, search.get('sort')),
    page: whole(search.get('page'), 1),
  };
}

/** A parsed query (the server's, bbox as numbers) as the params an address or API call writes. */
export function toListParams<T extends { bbox?: readonly number[] | undefined }>(
  query: T,
): Omit<T, 'bbox'> & { bbox?: string } {
  const { bbox, ...rest } = query;
  return { ...rest, bbox: bbox ? bbox.join(',') : undefined };
}

/** Only the filters `search` sets (a suggestion's query laid over the person's other choices). */
export function filtersSetIn(search: URLSearchParams): SearchFilters {
  return Object.fromEntries(
    Object.entries(fromSearchParams(search)).filter(([, value]) => value !== undefined),
  ) as SearchFilters;
}

/** The address's filters as the pages read them (anything malformed left out), in the search's order. */
export const readSearch = (search: URLSearchParams): URLSearchParams =>
  new URLSearchParams(toSearchString(fromSearchParams(search)));

/** Quick search's address for these parameters, as the page writes it; `?` for none. */
export const quickHref = (search: URLSearchParams): string => toSearchString(fromSearchParams(search)) || '?';
