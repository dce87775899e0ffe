/**
 * Projects (condo buildings and developments), price history and market figures (docs/api.md "Projects (condo
 * buildings and developments) and market figures"; ADR 028). Wire names are binding.
 */
import { z } from 'zod';
import { successEnvelope } from './envelope.ts';
import { RecordId, singleLineText } from './input.ts';
import { LANGUAGES } from './languages.ts';
import { LISTING_TYPES, MAX_PER_PAGE, PROPERTY_SUB_TYPES } from './listing-values.ts';
import { englishNumber } from './number-text.ts';
import {
  DEFAULT_MARKET_MONTHS,
  MARKET_MONTHS,
  PROJECT_DEFAULT_PER_PAGE,
  PROJECT_FACILITIES,
  PROJECT_LIMITS,
  PROJECT_SLUG_PATTERN,
  PROJECT_SORTS,
  PROJECT_STATUSES,
  type ProjectSort,
} from './project-values.ts';
import { NearestStation, PropertyImage } from './properties.ts';

export const ProjectStatus = z.enum(PROJECT_STATUSES);
export type ProjectStatus = z.infer<typeof ProjectStatus>;

export const ProjectFacility = z.enum(PROJECT_FACILITIES);
export type ProjectFacility = z.infer<typeof ProjectFacility>;

/** A project's description per language, any subset (`{en, th}`). */
export const ProjectDescription = z.partialRecord(z.enum(LANGUAGES), z.string());
export type ProjectDescription = z.infer<typeof ProjectDescription>;

/**
 * A project without its description and photos (GET /api/projects items). The counts and medians are over its
 * active, approved listings now (the medians as in its market figures); `gross_yield_pct` is their yield, null when
 * either side has no listing.
 */
export const ProjectSummary = z.object({
  id: z.number().int(),
  slug: z.string(),
  name_en: z.string(),
  name_th: z.string().nullable(),
  aliases: z.array(z.string()),
  developer: z.string().nullable(),
  status: ProjectStatus,
  /** The year it was completed, or is expected to be. */
  year_completed: z.number().int().nullable(),
  towers: z.number().int().nullable(),
  floors: z.number().int().nullable(),
  units: z.number().int().nullable(),
  facilities: z.array(ProjectFacility),
  /** THB per m² per month. */
  common_fee_per_sqm: z.number().int().nullable(),
  lat: z.number(),
  lon: z.number(),
  /** The built-in gazetteer's English names, as on listings (ADR 026); null when unknown. */
  province: z.string().nullable(),
  district: z.string().nullable(),
  /** Up to 3 stations within MAX_STATION_DISTANCE_M, nearest first. */
  nearest_stations: z.array(NearestStation),
  cover_image: z.string().nullable(),
  listings_for_sale: z.number().int(),
  listings_for_rent: z.number().int(),
  /** Whole THB per m² (sale) and per m² per month (rent); null without a listing. */
  median_price_per_sqm: z.number().int().nullable(),
  median_rent_per_sqm: z.number().int().nullable(),
  gross_yield_pct: z.number().nullable(),
});
export type ProjectSummary = z.infer<typeof ProjectSummary>;

/** GET /api/projects/{slug}: the summary plus its description and photos (from its listings, cover first). */
export const Project = ProjectSummary.extend({
  description: ProjectDescription,
  images: z.array(PropertyImage),
});
export type Project = z.infer<typeof Project>;

export const ProjectPage = z.object({
  items: z.array(ProjectSummary),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type ProjectPage = z.infer<typeof ProjectPage>;

// ---- Query and path parameters ----------------------------------------------------------------

const blankToUndefined = (value: unknown) =>
  value === '' || value === undefined || value === null ? undefined : value;

const optionalText = (label: string, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? blankToUndefined(value.trim()) : blankToUndefined(value)),
    z
      .string({ error: `${label} must be text.` })
      .max(max, `${label} is too long (at most ${max} characters).`)
      .optional(),
  );

function wholeNumber(label: string, min: number, max: number) {
  const message = `${label} must be a whole number from ${min} to ${englishNumber(max)}.`;
  return z.preprocess((value) => {
    const v = blankToUndefined(value);
    if (typeof v === 'string' && /^\d{1,10}$/.test(v.trim())) return Number(v.trim());
    return v;
  }, z.number({ error: message }).int(message).min(min, message).max(max, message).optional());
}

/** A paging number with its default when absent or blank. */
function pageNumber(label: string, min: number, max: number, fallback: number) {
  const message = `${label} must be a whole number from ${min} to ${englishNumber(max)}.`;
  return z
    .preprocess(
      (value) => {
        const v = blankToUndefined(value);
        if (v === undefined) return fallback;
        if (typeof v === 'string' && /^\d{1,10}$/.test(v.trim())) return Number(v.trim());
        return v;
      },
      z.number({ error: message }).int(message).min(min, message).max(max, message),
    )
    .default(fallback);
}

/** A project's slug in a path or a filter; anything else names no project (404). */
export const ProjectSlug = z
  .string({ error: 'There is no project with this address.' })
  .max(PROJECT_LIMITS.slug, 'There is no project with this address.')
  .regex(PROJECT_SLUG_PATTERN, 'There is no project with this address.');
export const ProjectSlugParams = z.object({ slug: ProjectSlug });
export type ProjectSlugParams = z.infer<typeof ProjectSlugParams>;

/** GET /api/projects. `q` matches English and Thai names and every alias, in any script, case-insensitive. */
export const ProjectListQuery = z.object({
  q: optionalText('Search text', PROJECT_LIMITS.q),
  /** A province or district as the gazetteer names it in English ("Bangkok", "Watthana"), any case, or its slug. */
  province: optionalText('Province', PROJECT_LIMITS.place),
  district: optionalText('District', PROJECT_LIMITS.place),
  /** Projects with this station among their nearest stations. */
  station: z.preprocess(
    blankToUndefined,
    z
      .string({ error: 'Station must be a station id from /api/stations.' })
      .regex(/^[a-z0-9-]{2,60}$/, 'Station must be a station id from /api/stations.')
      .optional(),
  ),
  sort: z.preprocess(
    blankToUndefined,
    z.enum(PROJECT_SORTS, { error: `Sort must be one of: ${PROJECT_SORTS.join(', ')}.` }).default('name'),
  ),
  page: pageNumber('Page', 1, 1_000_000, 1),
  per_page: pageNumber('Per page', 1, MAX_PER_PAGE, PROJECT_DEFAULT_PER_PAGE),
});
export type ProjectListQuery = z.output<typeof ProjectListQuery>;
export type ProjectListParams = Partial<{
  q: string;
  province: string;
  district: string;
  station: string;
  sort: ProjectSort;
  page: number;
  per_page: number;
}>;

/** GET /api/projects/{slug}/listings: the project's active listings, paged as /api/properties pages them. */
export const ProjectListingsQuery = z.object({
  type: z.preprocess(
    blankToUndefined,
    z.enum(LISTING_TYPES, { error: `Type must be one of: ${LISTING_TYPES.join(', ')}.` }).optional(),
  ),
  /** Exactly this many bedrooms (a project page's "by bedrooms" tabs); 0 is a studio. */
  bedrooms: wholeNumber('Bedrooms', 0, 100),
  page: wholeNumber('Page', 1, 1_000_000),
  per_page: wholeNumber('Per page', 1, MAX_PER_PAGE),
});
export type ProjectListingsQuery = z.output<typeof ProjectListingsQuery>;

const monthsParam = z
  .preprocess(
    (value) => {
      const v = blankToUndefined(value);
      if (v === undefined) return DEFAULT_MARKET_MONTHS;
      return typeof v === 'string' && /^\d{1,3}$/.test(v) ? Number(v) : v;
    },
    z.union(
      MARKET_MONTHS.map((m) => z.literal(m)),
      { error: `months must be one of: ${MARKET_MONTHS.join(', ')}.` },
    ),
  )
  .default(DEFAULT_MARKET_MONTHS);

/** GET /api/projects/{slug}/market. */
export const MarketQuery = z.object({ months: monthsParam });
export type MarketQuery = z.output<typeof MarketQuery>;

/** GET /api/market: an area's figures for one sub type (condo when absent). */
export const AreaMarketQuery = z.object({
  province: z.preprocess(
    (value) => (typeof value === 'string' ? blankToUndefined(value.trim()) : blankToUndefined(value)),
    z
      .string({ error: 'Province is required.' })
      .max(PROJECT_LIMITS.place, `Province is too long (at most ${PROJECT_LIMITS.place} characters).`),
  ),
  district: optionalText('District', PROJECT_LIMITS.place),
  sub_type: z
    .preprocess(
      (v) => blankToUndefined(v) ?? 'condo',
      z.enum(PROPERTY_SUB_TYPES, { error: `Sub type must be one of: ${PROPERTY_SUB_TYPES.join(', ')}.` }),
    )
    .default('condo'),
  months: monthsParam,
});
export type AreaMarketQuery = z.output<typeof AreaMarketQuery>;

// ---- Market figures and price history ----------------------------------------------------------

/** One month of the trend: medians over listings active at any time in that month, at their price then. */
export const MarketMonth = z.object({
  /** YYYY-MM (Asia/Bangkok). */
  month: z.string(),
  median_price_per_sqm: z.number().int().nullable(),
  median_rent_per_sqm: z.number().int().nullable(),
  sale_listings: z.number().int(),
  rent_listings: z.number().int(),
});
export type MarketMonth = z.infer<typeof MarketMonth>;

/**
 * A project's or an area's market figures (ADR 028). `sale`/`rent` are over active, approved listings with an area
 * now; `gross_yield_pct` = median rent per m² × 12 / median price per m² × 100, one decimal; `trend` holds every
 * month of the window, oldest first, the current month last.
 */
export const MarketFigures = z.object({
  sale: z.object({ median_price_per_sqm: z.number().int().nullable(), listings: z.number().int() }),
  rent: z.object({ median_rent_per_sqm: z.number().int().nullable(), listings: z.number().int() }),
  gross_yield_pct: z.number().nullable(),
  trend: z.array(MarketMonth),
});
export type MarketFigures = z.infer<typeof MarketFigures>;

/** One recorded price: the day (YYYY-MM-DD, Asia/Bangkok) and the price from then on. Oldest first. */
export const PricePoint = z.object({ date: z.string(), price: z.number().int() });
export type PricePoint = z.infer<typeof PricePoint>;

// ---- Suggestions and the admin console ---------------------------------------------------------

const nameField = (label: string, max: number) =>
  singleLineText(`${label} contains invisible control characters.`, { error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} is too long (at most ${max} characters).`);

const optionalName = (label: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    singleLineText(`${label} contains invisible control characters.`, { error: `${label} must be text.` })
      .trim()
      .max(max, `${label} is too long (at most ${max} characters).`)
      .nullable()
      .optional(),
  );

const latitude = z
  .number({ error: 'Choose the building on the map (lat is required).' })
  .min(5, 'lat must be in Thailand (5 to 21).')
  .max(21, 'lat must be in Thailand (5 to 21).');
const longitude = z
  .number({ error: 'Choose the building on the map (lon is required).' })
  .min(97, 'lon must be in Thailand (97 to 106).')
  .max(106, 'lon must be in Thailand (97 to 106).');

/** POST /api/projects/suggest (Bearer): a building the person could not find. It waits for an admin's review. */
export const SuggestProjectRequest = z.object({
  name_en: nameField('English name', PROJECT_LIMITS.name),
  name_th: optionalName('Thai name', PROJECT_LIMITS.name),
  location: nameField('Location', PROJECT_LIMITS.location),
  lat: latitude,
  lon: longitude,
});
export type SuggestProjectRequest = z.infer<typeof SuggestProjectRequest>;

const optionalInt = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number.` })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be at least ${min}.`)
    .max(max, `${label} must be at most ${englishNumber(max)}.`)
    .nullable()
    .optional();

/** The fields an admin sets (POST /api/admin/projects; PATCH takes any subset, null clears an optional one). */
export const AdminProjectFields = z.object({
  name_en: nameField('English name', PROJECT_LIMITS.name),
  name_th: optionalName('Thai name', PROJECT_LIMITS.name),
  /** Other spellings and scripts; blanks and repeats are dropped. */
  aliases: z
    .array(nameField('Alias', PROJECT_LIMITS.alias), { error: 'aliases must be a list of names.' })
    .max(PROJECT_LIMITS.aliases, `At most ${PROJECT_LIMITS.aliases} aliases.`)
    .optional(),
  developer: optionalName('Developer', PROJECT_LIMITS.developer),
  status: ProjectStatus.optional(),
  year_completed: optionalInt('Year', 1950, 2100),
  towers: optionalInt('Towers', 1, 100),
  floors: optionalInt('Floors', 1, 200),
  units: optionalInt('Units', 1, 100_000),
  facilities: z.array(ProjectFacility).max(PROJECT_FACILITIES.length).optional(),
  common_fee_per_sqm: optionalInt('Common fee', 0, 1000),
  lat: latitude,
  lon: longitude,
  /** Read from the position's and the location's gazetteer places when absent. */
  province: optionalName('Province', PROJECT_LIMITS.place),
  district: optionalName('District', PROJECT_LIMITS.place),
  description: z
    .partialRecord(
      z.enum(LANGUAGES),
      z.string().max(PROJECT_LIMITS.description, `A description is at most ${PROJECT_LIMITS.description} characters.`),
    )
    .optional(),
  /** Made from the English name when absent; must be free. */
  slug: ProjectSlug.optional(),
});
export type AdminProjectFields = z.infer<typeof AdminProjectFields>;
export const AdminProjectUpdate = AdminProjectFields.partial();
export type AdminProjectUpdate = z.infer<typeof AdminProjectUpdate>;

export const PROJECT_REVIEW_STATES = ['approved', 'pending'] as const;
/** GET /api/admin/projects. */
export const AdminProjectsQuery = z.object({
  q: optionalText('Search text', PROJECT_LIMITS.q),
  review: z.preprocess(
    blankToUndefined,
    z.enum(['all', ...PROJECT_REVIEW_STATES], { error: 'review must be all, approved or pending.' }).default('all'),
  ),
  page: pageNumber('Page', 1, 1_000_000, 1),
  per_page: pageNumber('Per page', 1, MAX_PER_PAGE, PROJECT_DEFAULT_PER_PAGE),
});
export type AdminProjectsQuery = z.output<typeof AdminProjectsQuery>;

/** A project as the console sees it: also suggested ones waiting for review. */
export const AdminProject = Project.extend({
  review: z.enum(PROJECT_REVIEW_STATES),
  /** The account that suggested it, or null for an admin's. */
  suggested_by: z.number().int().nullable(),
  /** Every listing linked to it, whatever its status. */
  listings_total: z.number().int(),
});
export type AdminProject = z.infer<typeof AdminProject>;
export const AdminProjectPage = z.object({
  items: z.array(AdminProject),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
export type AdminProjectPage = z.infer<typeof AdminProjectPage>;

/** POST /api/admin/projects/{id}/merge: moves every listing and alias to `into_id`; the old slug redirects there. */
export const MergeProjectRequest = z.object({ into_id: RecordId });
export type MergeProjectRequest = z.infer<typeof MergeProjectRequest>;
export const ProjectIdParams = z.object({ id: RecordId });

/** Suggestions one account may have waiting for review at once (POST /api/projects/suggest answers 409 past it). */
export const MAX_PENDING_SUGGESTIONS = 10;

/** The API's own messages of this part (the web app translates what it shows). */
export const PROJECT_MESSAGES = {
  notFound: 'There is no project with this address.',
  idNotFound: 'Project not found.',
  /** A listing's project_id that names no project, or one waiting for review that someone else suggested. */
  badProjectId: 'Choose a project from the list (this one does not exist or is not available to you).',
  mergeIntoSelf: 'A project cannot be merged into itself.',
  mergeIntoMerged: 'That project was merged into another one; merge into that one instead.',
  mergeTargetMissing: 'The project to merge into does not exist.',
  slugTaken: 'Another project already uses this address.',
  suggested: 'Thank you. The project waits for review; you can link your listings to it now.',
  tooManySuggestions: `You have ${MAX_PENDING_SUGGESTIONS} suggested projects waiting for review. Please wait until they are reviewed.`,
  created: 'Project created.',
  updated: 'Project updated.',
  approved: 'The project is approved and visible to everyone.',
  alreadyApproved: 'This project is already approved.',
  deleted: 'The project was deleted; its listings no longer name it.',
  merged: 'The project was merged; its old address leads to the new one.',
  areaNotFound: 'There is no such province or district.',
} as const;

export const ProjectResponse = successEnvelope(Project);
export const ProjectPageResponse = successEnvelope(ProjectPage);
export const MarketFiguresResponse = successEnvelope(MarketFigures);
export const PriceHistoryResponse = successEnvelope(z.array(PricePoint));
export const AdminProjectResponse = successEnvelope(AdminProject);
export const AdminProjectPageResponse = successEnvelope(AdminProjectPage);
