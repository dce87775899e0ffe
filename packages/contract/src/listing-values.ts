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
 * New listings must use one of these. This is the one list of property types (ADR 024): the wizard, the search
 * forms, the home page's tiles and the type counts all show these, in this order.
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

/**
 * Which property types a listing of each sub type may be listed under: the wizard offers a sub type under these
 * (ADR 024). Land, and a home office to live and work in, fit either; every other sub type fits one.
 */
export const SUB_TYPE_PROPERTY_TYPES: Record<
  (typeof PROPERTY_SUB_TYPES)[number],
  readonly (typeof PROPERTY_TYPES)[number][]
> = {
  condo: ['residential'],
  house: ['residential'],
  townhouse: ['residential'],
  twinhouse: ['residential'],
  land: ['residential', 'commercial'],
  shophouse: ['commercial'],
  villa: ['residential'],
  apartment: ['residential'],
  office: ['commercial'],
  bungalow: ['residential'],
  pent_villa: ['residential'],
  home_office: ['residential', 'commercial'],
};

/** The property type a sub type belongs to by default (one of SUB_TYPE_PROPERTY_TYPES'). */
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

/**
 * Where a listing stands: the owner's choice (OWNER_STATUSES) or an admin's (`hidden`). Only `active` listings are in
 * search, counts, home sections and the sitemap; `sold` and `rented` pages stay reachable, marked and `noindex`;
 * `paused` and `hidden` answer 404 to the public (ADR 017).
 */
export const PROPERTY_STATUSES = ['active', 'paused', 'sold', 'rented', 'hidden'] as const;
/** The statuses an owner may set (PATCH /api/property/{id} `status`). */
export const OWNER_STATUSES = ['active', 'paused', 'sold', 'rented'] as const;
/** Statuses whose public page answers 200 (sold and rented marked and not indexed). */
export const PUBLIC_PAGE_STATUSES = ['active', 'sold', 'rented'] as const;

/** Moderation (ADR 017): pending and rejected listings are seen by their owner and admins only. */
export const REVIEW_STATES = ['approved', 'pending', 'rejected'] as const;
/** Why the rules held a listing for review. */
export const REVIEW_REASONS = [
  'new_owner',
  'price_outlier',
  'duplicate_photos',
  // What the listing's text says (listing-text.ts): contact and payment details that take buyers off Baan.
  'bank_account',
  'phone_number',
  'line_id',
  'link',
  'payment_request',
] as const;

/** Lead tracking: where the owner stands with an inquiry. */
export const INQUIRY_STATUSES = ['new', 'contacted', 'closed', 'spam'] as const;

/** The ways a visitor can reach an owner from a listing page, counted as contact clicks. */
export const CONTACT_CHANNELS = ['phone', 'email', 'line'] as const;

/** Statistics periods, in days (Asia/Bangkok calendar days ending today). */
export const STATS_PERIODS = [7, 30, 90] as const;

/** `relevance` (how well a `q` matches, then premium, then freshness) is the default when a `q` is given. */
export const PROPERTY_SORTS = [
  'relevance',
  'newest',
  'price_asc',
  'price_desc',
  'price_per_sqm_asc',
  'price_per_sqm_desc',
] as const;

/** Thai title deeds, strongest first: chanote (full ownership, surveyed) down to land-reform rights (ADR 018). */
export const TITLE_DEEDS = ['chanote', 'nor_sor_3_gor', 'nor_sor_3', 'sor_por_kor', 'other'] as const;

/** Rail systems of the built-in station gazetteer (GET /api/stations). */
export const RAIL_SYSTEMS = ['BTS', 'MRT', 'ARL', 'SRT'] as const;

/** "Within … of a station" choices the search offers (metres, walking estimate); the API takes any 100–5,000. */
export const STATION_DISTANCES = [500, 1000, 2000] as const;
/** `within_m` when a station filter gives none. */
export const DEFAULT_WITHIN_M = 1000;

/** How often a saved search mails its new matches. */
export const SAVED_SEARCH_FREQUENCIES = ['instant', 'daily', 'weekly'] as const;
/** Saved searches one account may keep. */
export const MAX_SAVED_SEARCHES = 20;
/** Favourites one account may keep (GET /api/user/favorites answers them all, with their details). */
export const MAX_FAVORITES = 500;
/** Listings compared side by side at most. */
export const MAX_COMPARE = 4;
/** Single listings GET /api/properties/map answers at most. */
export const MAX_MAP_POINTS = 1000;
/** The map's `total` is exact up to this many matches; beyond it a lower bound with `total_capped: 1`. */
export const MAP_COUNT_CAP = 10_000;

export const DEFAULT_PER_PAGE = 16;
export const MAX_PER_PAGE = 100;
