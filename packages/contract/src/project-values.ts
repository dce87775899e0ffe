// No zod here: a project page reads these without loading the schemas (projects.ts builds them on these).

/** Where a project stands: built, being built, announced. */
export const PROJECT_STATUSES = ['completed', 'under_construction', 'planned'] as const;

/** The facilities a project may have, as keys (the web app translates them). */
export const PROJECT_FACILITIES = [
  'pool',
  'gym',
  'sauna',
  'garden',
  'playground',
  'co_working',
  'parking',
  'ev_charging',
  'security_24h',
  'cctv',
  'shuttle',
  'pet_friendly',
  'rooftop',
  'library',
  'kids_club',
] as const;

/** GET /api/projects sorts; `name` is the default. */
export const PROJECT_SORTS = [
  'name',
  'price_per_sqm_asc',
  'price_per_sqm_desc',
  'yield_desc',
  'year_desc',
  'listings_desc',
] as const;
export type ProjectSort = (typeof PROJECT_SORTS)[number];

/** Market trend windows in months (GET …/market `months`). */
export const MARKET_MONTHS = [12, 24, 60] as const;
export type MarketMonths = (typeof MARKET_MONTHS)[number];
export const DEFAULT_MARKET_MONTHS = 24;
/** `price_drop=1` and `previous_price` look at the last price change within this many days. */
export const PRICE_DROP_DAYS = 90;

export const PROJECT_DEFAULT_PER_PAGE = 20;
/** Bounds of what people type about a project. */
export const PROJECT_LIMITS = {
  name: 120,
  alias: 120,
  aliases: 30,
  developer: 120,
  location: 300,
  description: 5000,
  place: 80,
  slug: 100,
  q: 100,
} as const;

/**
 * How a project's slug looks: lower-case ASCII letters, digits and single dashes (`noble-ploenchit-demo`), at most
 * PROJECT_LIMITS.slug (100, the API router's longest path parameter).
 */
export const PROJECT_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
