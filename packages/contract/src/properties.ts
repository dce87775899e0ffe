import { z } from 'zod';
import { successEnvelope } from './envelope.ts';
import { LANGUAGES, type Language } from './languages.ts';
import {
  bboxInWorld,
  bboxNumbers,
  bboxOrdered,
  blankToUndefined,
  STATION_ID_PATTERN,
  WITHIN_M_RANGE,
  wholeNumberText,
} from './list-params.ts';
import {
  type LISTING_NUMBER_FIELDS,
  LISTING_NUMBER_NAMES,
  type ListingNumberName,
  listingNumberField,
} from './listing-fields.ts';
import {
  LISTING_TYPES,
  MAX_PER_PAGE,
  PROPERTY_SORTS,
  PROPERTY_STATUSES,
  PROPERTY_SUB_TYPES,
  PROPERTY_TYPES,
  RAIL_SYSTEMS,
  TITLE_DEEDS,
  USER_TYPES,
} from './listing-values.ts';
import { MAP_MAX_ZOOM } from './map-cells.ts';
import { englishNumber } from './number-text.ts';
import { PROJECT_LIMITS, PROJECT_SLUG_PATTERN } from './project-values.ts';
import { ELECTRICITY_BILLING, FURNISHINGS, RENTAL_TERM_FIELDS } from './rental-terms.ts';
import { Understood } from './search.ts';

export const ListingType = z.enum(LISTING_TYPES);
export type ListingType = z.infer<typeof ListingType>;
export const PropertyType = z.enum(PROPERTY_TYPES);
export type PropertyType = z.infer<typeof PropertyType>;
export const UserType = z.enum(USER_TYPES);
export type UserType = z.infer<typeof UserType>;
export const PropertySubType = z.enum(PROPERTY_SUB_TYPES);
export type PropertySubType = z.infer<typeof PropertySubType>;
export const PropertyStatus = z.enum(PROPERTY_STATUSES);
export type PropertyStatus = z.infer<typeof PropertyStatus>;
export const PropertySort = z.enum(PROPERTY_SORTS);
export const TitleDeed = z.enum(TITLE_DEEDS);
export type TitleDeed = z.infer<typeof TitleDeed>;
export type PropertySort = z.infer<typeof PropertySort>;

/** Larger than any listing price; keeps integer filters inside PostgreSQL's int4. */
const MAX_INT = 2_000_000_000;

/** A whole-number query parameter: digits only ("12", not "12.5", "-1" or "1e3"). */
function wholeNumber(label: string, min: number, max: number) {
  const message = `${label} must be a whole number from ${min} to ${englishNumber(max)}.`;
  return z.preprocess(
    wholeNumberText,
    z.number({ error: message }).int(message).min(min, message).max(max, message).optional(),
  );
}

function choice<T extends readonly [string, ...string[]]>(values: T, label: string) {
  return z.preprocess(
    blankToUndefined,
    z.enum(values, { error: `${label} must be one of: ${values.join(', ')}.` }).optional(),
  );
}

function text(label: string, max: number) {
  return z.preprocess(
    (value) => (typeof value === 'string' ? blankToUndefined(value.trim()) : blankToUndefined(value)),
    z
      .string({ error: `${label} must be text.` })
      .max(max, `${label} is too long (at most ${max} characters).`)
      .optional(),
  );
}

const BBOX_MESSAGE = 'bbox must be four numbers: minLon,minLat,maxLon,maxLat (west, south, east, north).';

/** `bbox=minLon,minLat,maxLon,maxLat`: a longitude from -180 to 180, a latitude from -90 to 90, west < east, south < north. */
const bboxParam = z.preprocess(
  bboxNumbers,
  z
    .tuple([z.number(), z.number(), z.number(), z.number()], { error: BBOX_MESSAGE })
    .refine(bboxInWorld, {
      message: 'bbox is outside the world: longitudes run from -180 to 180, latitudes from -90 to 90.',
    })
    .refine(bboxOrdered, {
      message: 'bbox must have its west edge before its east edge and its south edge below its north edge.',
    })
    .optional(),
);

/** A station id of GET /api/stations (`bts-asok`): lower-case letters, digits and dashes. */
const stationParam = z.preprocess(
  blankToUndefined,
  z
    .string({ error: 'Station must be a station id from /api/stations.' })
    .regex(STATION_ID_PATTERN, 'Station must be a station id from /api/stations.')
    .optional(),
);

/** `GET /api/properties` query parameters. Unknown parameters are ignored. */
export const PropertyListObject = z.object({
  q: text('Search text', 200),
  /** 1: search exactly what was typed, without the spelling-tolerant retry ("Search instead for …"). */
  exact: z.preprocess(blankToUndefined, z.enum(['1'], { error: 'exact must be 1.' }).optional()),
  /** The language of `understood`'s labels (English when absent); it changes no result. */
  lang: z.preprocess(
    blankToUndefined,
    z.enum(LANGUAGES, { error: `lang must be one of: ${LANGUAGES.join(', ')}.` }).optional(),
  ),
  type: choice(LISTING_TYPES, 'Type'),
  property_type: choice(PROPERTY_TYPES, 'Property type'),
  sub_type: choice(PROPERTY_SUB_TYPES, 'Sub type'),
  location: text('Location', 200),
  min_price: wholeNumber('Minimum price', 0, MAX_INT),
  max_price: wholeNumber('Maximum price', 0, MAX_INT),
  bedrooms: wholeNumber('Bedrooms', 0, 100),
  featured: z.preprocess(blankToUndefined, z.enum(['1', '0'], { error: 'Featured must be 1 or 0.' }).optional()),
  /** Map search: only listings inside this area. */
  bbox: bboxParam,
  /** Within `within_m` (walking estimate) of this station; without it, `within_m` means of any station. */
  station: stationParam,
  within_m: wholeNumber('Distance to a station', WITHIN_M_RANGE.min, WITHIN_M_RANGE.max),
  /** Condos whose foreign quota has room (foreigner-friendly). */
  foreign_quota: z.preprocess(blankToUndefined, z.enum(['1'], { error: 'Foreign quota must be 1.' }).optional()),
  /** Only listings whose title deed an admin checked (ADR 032). */
  verified: z.preprocess(blankToUndefined, z.enum(['1'], { error: 'verified must be 1.' }).optional()),
  title_deed: choice(TITLE_DEEDS, 'Title deed'),
  /** Listings priced at or below their area's median price per m² (the "Sell at cost" page; price-groups.ts). */
  at_or_below_median: z.preprocess(
    blankToUndefined,
    z.enum(['1'], { error: 'at_or_below_median must be 1.' }).optional(),
  ),
  min_area: wholeNumber('Minimum area', 0, 10_000_000),
  max_area: wholeNumber('Maximum area', 0, 10_000_000),
  /** Listings of this project (its slug; a merged-away slug means the project it was merged into). */
  project: z.preprocess(
    blankToUndefined,
    z
      .string({ error: 'project must be a project address (slug).' })
      .max(PROJECT_LIMITS.slug, 'project must be a project address (slug).')
      .regex(PROJECT_SLUG_PATTERN, 'project must be a project address (slug).')
      .optional(),
  ),
  /** Rentals (RENTAL_TERM_FIELDS) furnished so; `pets=1` those that allow pets; the most months of deposit and of
   * minimum lease a renter accepts (a listing that does not say is left out). */
  furnishing: choice(FURNISHINGS, 'Furnishing'),
  pets: z.preprocess(blankToUndefined, z.enum(['1'], { error: 'pets must be 1.' }).optional()),
  max_deposit_months: wholeNumber(
    'Maximum deposit (months)',
    RENTAL_TERM_FIELDS.deposit_months.min,
    RENTAL_TERM_FIELDS.deposit_months.max,
  ),
  max_min_lease_months: wholeNumber(
    'Maximum minimum lease (months)',
    RENTAL_TERM_FIELDS.min_lease_months.min,
    RENTAL_TERM_FIELDS.min_lease_months.max,
  ),
  /** Listings whose last price change within PRICE_DROP_DAYS (90) was a cut. */
  price_drop: z.preprocess(blankToUndefined, z.enum(['1'], { error: 'price_drop must be 1.' }).optional()),
  sort: choice(PROPERTY_SORTS, 'Sort'),
  page: wholeNumber('Page', 1, 1_000_000),
  per_page: wholeNumber('Per page', 1, MAX_PER_PAGE),
});

type ListQueryShape = { min_price?: number; max_price?: number; min_area?: number; max_area?: number };
const priceOrder = (q: ListQueryShape) =>
  q.min_price === undefined || q.max_price === undefined || q.min_price <= q.max_price;
const areaOrder = (q: ListQueryShape) =>
  q.min_area === undefined || q.max_area === undefined || q.min_area <= q.max_area;

export const PropertyListQuery = PropertyListObject.refine(priceOrder, {
  message: 'Minimum price cannot be more than the maximum price.',
  path: ['min_price'],
}).refine(areaOrder, { message: 'Minimum area cannot be more than the maximum area.', path: ['min_area'] });
export type PropertyListQuery = z.output<typeof PropertyListQuery>;

/** `GET /api/properties/map`: the same filters, with the map's area and zoom required (no paging or sort). */
export const PropertyMapQuery = PropertyListObject.omit({ page: true, per_page: true, sort: true })
  .extend({
    /** The map's zoom level: the size of the cells its clusters come from (ADR 041). */
    zoom: z.preprocess(
      (value) => {
        const v = blankToUndefined(value);
        return typeof v === 'string' && /^\d{1,2}$/.test(v.trim()) ? Number(v) : v;
      },
      z
        .number({ error: `zoom must be a whole number from 0 to ${MAP_MAX_ZOOM}.` })
        .int(`zoom must be a whole number from 0 to ${MAP_MAX_ZOOM}.`)
        .min(0, `zoom must be a whole number from 0 to ${MAP_MAX_ZOOM}.`)
        .max(MAP_MAX_ZOOM, `zoom must be a whole number from 0 to ${MAP_MAX_ZOOM}.`)
        .optional(),
    ),
  })
  // Required, checked on the object: zod skips an optional key's own checks when the key is absent.
  .refine((q) => q.bbox !== undefined, { message: 'bbox is required for the map.', path: ['bbox'] })
  .refine((q) => q.zoom !== undefined, { message: 'zoom is required for the map.', path: ['zoom'] })
  .refine(priceOrder, { message: 'Minimum price cannot be more than the maximum price.', path: ['min_price'] })
  .refine(areaOrder, { message: 'Minimum area cannot be more than the maximum area.', path: ['min_area'] });
export type PropertyMapQuery = z.output<typeof PropertyMapQuery>;

/** One single listing on the map (a price marker). */
export const MapPoint = z.object({
  id: z.number().int(),
  lat: z.number(),
  lon: z.number(),
  price: z.number().int(),
  type: ListingType,
  title: z.string(),
});
export type MapPoint = z.infer<typeof MapPoint>;

/** The matches of one grid cell (map-cells.ts): where its members are on average, how many, and the cell's quadkey. */
export const MapCluster = z.object({
  lat: z.number(),
  lon: z.number(),
  count: z.number().int(),
  cell: z.string(),
});
export type MapCluster = z.infer<typeof MapCluster>;

/**
 * Clusters below MAP_ITEMS_ZOOM (unless MAP_FEW_ITEMS or fewer match), single listings from it (at most
 * MAX_MAP_POINTS, premium first, then newest); `total` exact up to MAP_COUNT_CAP, beyond that a lower bound with
 * `total_capped: 1` (and the clusters then count the MAP_COUNT_CAP + 1 matches read: ADR 041).
 */
export const MapResult = z.object({
  clusters: z.array(MapCluster),
  items: z.array(MapPoint),
  total: z.number().int(),
  total_capped: z.union([z.literal(0), z.literal(1)]),
});
export type MapResult = z.infer<typeof MapResult>;
export const MapResultResponse = successEnvelope(MapResult);

export const RailSystem = z.enum(RAIL_SYSTEMS);
export type RailSystem = z.infer<typeof RailSystem>;

/** A rail station of the built-in gazetteer. `line` is its first line's id; `lines` every line (interchanges). */
export const Station = z.object({
  id: z.string(),
  name_en: z.string(),
  name_th: z.string(),
  line: z.string(),
  lines: z.array(z.string()),
  system: RailSystem,
  lat: z.number(),
  lon: z.number(),
});
export type Station = z.infer<typeof Station>;
export const StationsQuery = z.object({ q: text('Search text', 100) });
export const StationListResponse = successEnvelope(z.array(Station));

/** A listing's nearest station: `distance_m` is the walking estimate (straight line × WALKING_FACTOR, ADR 018). */
export const NearestStation = z.object({
  id: z.string(),
  /** English name; `name_th` the Thai one. */
  name: z.string(),
  name_th: z.string(),
  line: z.string(),
  system: RailSystem,
  distance_m: z.number().int(),
});
export type NearestStation = z.infer<typeof NearestStation>;

/** Walking distance is estimated as the straight line times this (streets are not straight). */
export const WALKING_FACTOR = 1.3;
/** Beyond this walking estimate a listing has no nearest station. */
export const MAX_STATION_DISTANCE_M = 5000;
/** What a client may send: every value as text (or a number), all optional. */
export type PropertyListParams = {
  q?: string;
  exact?: '1';
  lang?: Language;
  bbox?: string;
  station?: string;
  within_m?: number;
  foreign_quota?: '1';
  verified?: '1';
  title_deed?: TitleDeed;
  at_or_below_median?: '1';
  min_area?: number;
  max_area?: number;
  project?: string;
  price_drop?: '1';
  furnishing?: (typeof FURNISHINGS)[number];
  pets?: '1';
  max_deposit_months?: number;
  max_min_lease_months?: number;
  type?: ListingType;
  property_type?: PropertyType;
  sub_type?: PropertySubType;
  location?: string;
  min_price?: number;
  max_price?: number;
  bedrooms?: number;
  featured?: '1' | '0';
  sort?: PropertySort;
  page?: number;
  per_page?: number;
};

/** `GET /api/property/{id}`: a positive database id. */
export const PropertyIdParams = z.object({
  id: z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value),
    z
      .number({ error: 'The listing id must be a positive whole number.' })
      .int()
      .min(1, 'The listing id must be a positive whole number.')
      .max(2_147_483_647, 'The listing id must be a positive whole number.'),
  ),
});

/** A listing's project on the wire (Property.project; projects.ts has the project itself). */
export const ProjectRef = z.object({
  id: z.number().int(),
  slug: z.string(),
  name_en: z.string(),
  name_th: z.string().nullable(),
});
export type ProjectRef = z.infer<typeof ProjectRef>;

/**
 * A listing's agent on the wire (Property.agent): the lister's public profile (ADR 029), or null for a private owner
 * (one without a published profile). `agency_slug` names the lister's agency (ADR 037), or null.
 */
export const AgentRef = z.object({
  slug: z.string(),
  name: z.string(),
  profile_image: z.string().nullable(),
  agency_slug: z.string().nullable(),
});
export type AgentRef = z.infer<typeof AgentRef>;

/** One photo, served as WebP at several widths: `image_path` is the src, `srcset` lists them all. */
export const PropertyImage = z.object({
  id: z.number().int(),
  image_path: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  srcset: z.string(),
});
export type PropertyImage = z.infer<typeof PropertyImage>;

export const PropertyRoom = z.object({ type: z.string(), quantity: z.number().int() });
export type PropertyRoom = z.infer<typeof PropertyRoom>;

/** The owner's public contact, on the detail only. */
export const PropertyOwner = z.object({
  /** The owner's user id: the page shows its owner "Edit" and does not count their own views. */
  id: z.number().int(),
  name: z.string(),
  phone_number: z.string().nullable(),
  /** 1 when the owner proved `phone_number` by an SMS code (ADR 036): the contact box marks it verified. */
  phone_verified: z.union([z.literal(0), z.literal(1)]),
  /** The owner's LINE ID (settings): the page's LINE button opens a chat with it. */
  line_id: z.string().nullable(),
  email: z.string(),
});
export type PropertyOwner = z.infer<typeof PropertyOwner>;

type WireNumberShape = {
  [N in ListingNumberName]: (typeof LISTING_NUMBER_FIELDS)[N] extends { optional: 'null' }
    ? z.ZodNullable<z.ZodNumber>
    : z.ZodNumber;
};
const wireNumberShape = Object.fromEntries(
  LISTING_NUMBER_NAMES.map((name) => {
    const number = z.number().int();
    return [name, listingNumberField(name).optional === 'null' ? number.nullable() : number];
  }),
) as WireNumberShape;

/**
 * A listing on the wire (docs/api.md "Property on the wire"). `images` starts with the cover;
 * `cover_image` is the cover's src. `owner` is present on `GET /api/property/{id}` only.
 */
export const Property = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  type: ListingType,
  user_type: UserType,
  property_type: PropertyType,
  // Text on the wire: new listings use PROPERTY_SUB_TYPES, but a reader should not break on an old one.
  property_sub_type: z.string(),
  location: z.string(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  price: z.number().int(),
  /** The price before the last cut, when the last price change within 90 days was a cut; else null. */
  previous_price: z.number().int().nullable(),
  /** The building or development it belongs to, or null. */
  project: ProjectRef.nullable(),
  /** The lister's public profile, or null for a private owner (ADR 029). */
  agent: AgentRef.nullable(),
  /**
   * The number fields (LISTING_NUMBER_FIELDS): area and the wizard's house information (docs/api.md "Property on the
   * wire also gains"), whole numbers; `null` for an optional one not given (level and floors are 0 instead).
   */
  ...wireNumberShape,
  area_unit: z.string(),
  /** Whole baht per m² of `area`, rounded; null without an area. */
  price_per_sqm: z.number().int().nullable(),
  nearest_station: NearestStation.nullable(),
  /** Condos: 1 when the building's foreign quota has room (a foreigner may buy the unit freehold). */
  foreign_quota: z.union([z.literal(0), z.literal(1)]),
  title_deed: TitleDeed.nullable(),
  availability_date: z.string().nullable(),
  /**
   * A rent listing's terms (RENTAL_TERM_FIELDS), each null when not given (always on a sale listing); `move_in_cost`
   * the first month, the advance and the deposit together (moveInCost), null when either term is missing.
   */
  deposit_months: z.number().int().nullable(),
  advance_months: z.number().int().nullable(),
  min_lease_months: z.number().int().nullable(),
  furnishing: z.enum(FURNISHINGS).nullable(),
  pets_allowed: z.union([z.literal(0), z.literal(1)]).nullable(),
  electricity: z.enum(ELECTRICITY_BILLING).nullable(),
  electricity_rate: z.number().nullable(),
  move_in_cost: z.number().int().nullable(),
  language: z.string(),
  is_featured: z.union([z.literal(0), z.literal(1)]),
  /** 1 when an admin checked the title deed (ADR 032); a new check request clears it until approved. */
  verified: z.union([z.literal(0), z.literal(1)]),
  cover_image: z.string().nullable(),
  images: z.array(PropertyImage),
  rooms: z.array(PropertyRoom),
  status: PropertyStatus,
  created_at: z.string(),
  owner: PropertyOwner.optional(),
});
export type Property = z.infer<typeof Property>;

export const PropertyPage = z.object({
  items: z.array(Property),
  total: z.number().int(),
  /** 1 when more than 10,000 listings match: `total` is then 10,000, a lower bound (api.md). */
  total_capped: z.literal(1).optional(),
  page: z.number().int(),
  per_page: z.number().int(),
  /** How `q` was read (empty without a `q`) and the spelling used instead of it; see search.ts. */
  understood: z.array(Understood).optional(),
  corrected: z.string().nullable().optional(),
});
export type PropertyPage = z.infer<typeof PropertyPage>;

/** Active listings per sub type; every key is present (0 when none). */
export const PropertyTypeCounts = z.record(PropertySubType, z.number().int());
export type PropertyTypeCounts = z.infer<typeof PropertyTypeCounts>;

export const PropertyPageResponse = successEnvelope(PropertyPage);
export const PropertyListResponse = successEnvelope(z.array(Property));
export const PropertyResponse = successEnvelope(Property);
export const PropertyTypeCountsResponse = successEnvelope(PropertyTypeCounts);
