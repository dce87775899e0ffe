import { PROPERTY_SUB_TYPES, type PropertyListParams, type PropertySort, type PropertySubType } from '@baan/contract';
import { fromSearchParams, type SearchFilters, toSearchString } from './search-params';

/**
 * Buy or rent's tabs: every listing, condos or houses (`?tab=condo`). The filters' property type offers every sub
 * type of the one list (ADR 024) under the same parameter, so `tab` may name any of them.
 */
export const BUY_RENT_TABS = ['all', 'condo', 'house'] as const;
export type BuyRentTab = 'all' | PropertySubType;
export const BUY_RENT_PER_PAGE = 10;

/**
 * The filters Buy or rent shares with Quick search, under the same names: rent or sale, the price range and
 * bedrooms, near a station, foreign quota, title deed, area, and the sort.
 */
export const BUY_RENT_EXTRA = [
  'type',
  'min_price',
  'max_price',
  'bedrooms',
  'station',
  'within_m',
  'foreign_quota',
  'title_deed',
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
] as const;
type Extra = Pick<PropertyListParams, (typeof BUY_RENT_EXTRA)[number]>;

export interface BuyRentFilters extends Extra {
  tab: BuyRentTab;
  q: string | undefined;
  /** `exact=1`: the text exactly as typed ("Search instead for …"); only with a `q`. */
  exact?: '1';
  location: string | undefined;
  page: number;
  sort?: PropertySort;
}

/** What Buy or rent's address asks for; anything malformed is left out. */
export function buyRentFilters(search: URLSearchParams): BuyRentFilters {
  const tab = search.get('tab') ?? '';
  const page = Number(search.get('page'));
  const shared = fromSearchParams(search);
  return {
    ...Object.fromEntries(BUY_RENT_EXTRA.map((key) => [key, shared[key]])),
    tab: (PROPERTY_SUB_TYPES as readonly string[]).includes(tab) ? (tab as PropertySubType) : 'all',
    q: search.get('q')?.trim() || undefined,
    exact: shared.exact,
    location: search.get('location')?.trim() || undefined,
    page: Number.isFinite(page) && page > 1 ? Math.floor(page) : 1,
  };
}

/** The search behind the filters: one page of 10. */
export function buyRentQuery({ tab, q, exact, location, page, ...extra }: BuyRentFilters): SearchFilters {
  return {
    ...extra,
    q,
    exact,
    location,
    sub_type: tab === 'all' ? undefined : tab,
    page,
    per_page: BUY_RENT_PER_PAGE,
  };
}

/**
 * The address of Buy or rent with some filters changed (`?tab=condo&location=Korat`); '?' for none. Changing
 * anything but the page goes back to page 1.
 */
export function buyRentHref(
  current: URLSearchParams,
  changes: Partial<Record<'tab' | 'q' | 'location' | 'page' | (typeof BUY_RENT_EXTRA)[number], string>>,
) {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  if (!('page' in changes)) next.delete('page');
  // A new text is searched with the spelling-tolerant retry again: "exactly as typed" was said of the old one.
  if ('q' in changes) next.delete('exact');
  // The area range is written in m²: a unit left by a form sent without JavaScript (area_in) no longer applies.
  if ('min_area' in changes || 'max_area' in changes) next.delete('area_in');
  const query = next.toString();
  return query ? `?${query}` : '?';
}

type BuyRentChanges = Parameters<typeof buyRentHref>[1];

/**
 * A suggestion's query (API names) as changes to Buy or rent's address: its text replaces the page's (none clears
 * it), its sub type is the tab, and each of the page's other filters it sets replaces the page's; everything else the
 * person chose stays.
 */
export function buyRentChangesFor(query: URLSearchParams): BuyRentChanges {
  const set = fromSearchParams(query);
  const changes: BuyRentChanges = { q: set.q };
  if (set.sub_type) changes.tab = set.sub_type;
  if (set.location) changes.location = set.location;
  for (const key of BUY_RENT_EXTRA) {
    const value = set[key];
    if (value !== undefined) changes[key] = String(value);
  }
  return changes;
}

/**
 * Buy or rent's filters as the page reads them (anything malformed left out), under the API's names (the tab is the
 * sub type), for words about the search.
 */
export function buyRentApiView(search: URLSearchParams): URLSearchParams {
  const { page: _page, per_page: _perPage, ...filters } = buyRentQuery(buyRentFilters(search));
  return new URLSearchParams(toSearchString(filters));
}

/** Buy or rent's own name for an API parameter. */
export const buyRentParamName = (name: string): string => (name === 'sub_type' ? 'tab' : name);
