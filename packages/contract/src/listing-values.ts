/**
 * The listing vocabulary as plain values, with no zod: pages in the browser import these (filters, labels, paging)
 * without loading the schemas. properties.ts builds its schemas from them and re-exports them.
 */

/** Rent (monthly price) or sale (total price). */
export const LISTING_TYPES = ['rent', 'sale'] as const;

export const PROPERTY_TYPES = ['residential', 'commercial'] as const;

export const USER_TYPES = ['owner', 'agent'] as const;

/**
 * The normalised sub type keys, stored as-is in `properties.property_sub_type`, used by the
 * search filter (`sub_type`), the type statistics and the web app's labels (translated by key).
 * New listings must use one of these.
 */
export const PROPERTY_SUB_TYPES = [
  'condo',
  'house',
  'townhouse',
  'twinhouse',
  'land',
  'shophouse',
  'villa',
  'apartment',
  'office',
  'bungalow',
  'pent_villa',
  'home_office',
] as const;

/** The property type a sub type belongs to by default. */
export const SUB_TYPE_PROPERTY_TYPE: Record<(typeof PROPERTY_SUB_TYPES)[number], (typeof PROPERTY_TYPES)[number]> = {
  condo: 'residential',
  house: 'residential',
  townhouse: 'residential',
  twinhouse: 'residential',
  land: 'commercial',
  shophouse: 'commercial',
  villa: 'residential',
  apartment: 'residential',
  office: 'commercial',
  bungalow: 'residential',
  pent_villa: 'residential',
  home_office: 'commercial',
};

/** Where a listing stands: `hidden` is an admin's decision. Only `active` listings are public. */
export const PROPERTY_STATUSES = ['active', 'hidden'] as const;

export const PROPERTY_SORTS = ['newest', 'price_asc', 'price_desc'] as const;

export const DEFAULT_PER_PAGE = 16;
export const MAX_PER_PAGE = 100;
