import {
  LISTING_TYPES,
  type ListingType,
  PROPERTY_SORTS,
  PROPERTY_SUB_TYPES,
  type PropertyListParams,
  type PropertySort,
  type PropertySubType,
} from '@baan/contract';

/** Every search parameter, in the order addresses and API calls write them. */
export const SEARCH_PARAMS: readonly (keyof PropertyListParams)[] = [
  'q',
  'type',
  'property_type',
  'sub_type',
  'location',
  'min_price',
  'max_price',
  'bedrooms',
  'featured',
  'sort',
  'page',
  'per_page',
];

/** `?a=1&b=2` for the API (or the address bar), leaving out empty values; '' when nothing is set. */
export function toSearchString(params: PropertyListParams): string {
  const search = new URLSearchParams();
  for (const key of SEARCH_PARAMS) {
    const value = params[key];
    if (value === undefined || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

const whole = (value: string | null, min = 0): number | undefined => {
  if (value === null || !/^\d{1,10}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= min ? n : undefined;
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;

/** The filters a page's address carries; anything malformed is simply left out. */
export function fromSearchParams(search: URLSearchParams): PropertyListParams {
  const q = search.get('q')?.trim();
  const location = search.get('location')?.trim();
  return {
    q: q || undefined,
    type: oneOf<ListingType>(LISTING_TYPES, search.get('type')),
    sub_type: oneOf<PropertySubType>(PROPERTY_SUB_TYPES, search.get('sub_type')),
    location: location || undefined,
    min_price: whole(search.get('min_price')),
    max_price: whole(search.get('max_price')),
    bedrooms: whole(search.get('bedrooms')),
    sort: oneOf<PropertySort>(PROPERTY_SORTS, search.get('sort')),
    page: whole(search.get('page'), 1),
  };
}
