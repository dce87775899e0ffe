import { DEFAULT_PER_PAGE, DEFAULT_WITHIN_M, type PropertyListQuery, type PropertyPage } from '@baan/contract';
import { and, asc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { properties } from '../../db/schema.ts';
import type { Storage } from '../../storage/storage.ts';
import { type QueryReading, readQuery, understoodOf, withoutOverridden } from '../search/read-query.ts';
import { atOrBelowAreaMedian } from './area-median.ts';
import { insideBox, nearStation, searchedStation } from './geo-search.ts';
import { prefixable, prefixPageIds } from './ordered-prefix.ts';
import { hadPriceDrop } from './price-history.ts';
import { inProject, projectsNamedByAll } from './project-names.ts';
import { loadDetails, toWireProperty } from './property-wire.ts';
import { type PlaceTier, placeTiers, readingConditions, relevanceScore } from './reading-conditions.ts';
import { containsPattern, locationText } from './search-text.ts';
import { correctedQueries } from './spelling-retry.ts';
import { isVisible } from './visible.ts';

/**
 * What a search's `q` is read as (services/search/read-query.ts, ADR 027), less what its explicit filters override;
 * null without a `q`. The list, the map, saved searches and the alert matcher all read it here.
 */
export function searchReading(query: SearchFilters): QueryReading | null {
  return query.q ? withoutOverridden(readQuery(query.q), query) : null;
}

/**
 * The WHERE of a search: visibility plus every filter given. An unknown `station` throws the 400 (route parsers check
 * it first with withKnownStation, so that answer is never cached).
 */
export function searchConditions(
  query: SearchFilters,
  reading: QueryReading | null = searchReading(query),
  tier?: PlaceTier,
): SQL {
  return and(isVisible, ...filterList(query, reading, tier)) as SQL;
}

/**
 * Every filter of a search, without the visibility test: the alert matcher tests many searches against one listing
 * in one statement and tests the listing's visibility once there (services/alerts/match-listing.ts).
 */
export function searchFilters(query: SearchFilters, reading: QueryReading | null = searchReading(query)): SQL {
  return and(...filterList(query, reading)) ?? sql`true`;
}

function filterList(query: SearchFilters, reading: QueryReading | null, tier?: PlaceTier): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [];
  if (reading) conditions.push(...readingConditions(reading, tier));
  if (query.location) conditions.push(sql`${locationText} like lower(${containsPattern(query.location)})`);
  if (query.type) conditions.push(eq(properties.type, query.type));
  if (query.property_type) conditions.push(eq(properties.propertyType, query.property_type));
  if (query.sub_type) conditions.push(eq(properties.propertySubType, query.sub_type));
  if (query.min_price !== undefined) conditions.push(gte(properties.price, query.min_price));
  if (query.max_price !== undefined) conditions.push(lte(properties.price, query.max_price));
  if (query.bedrooms !== undefined) conditions.push(gte(properties.bedRooms, query.bedrooms));
  if (query.featured !== undefined) conditions.push(eq(properties.isFeatured, query.featured === '1'));
  if (query.bbox) conditions.push(insideBox(query.bbox));
  if (query.station !== undefined) {
    conditions.push(nearStation(searchedStation(query.station), query.within_m ?? DEFAULT_WITHIN_M));
  } else if (query.within_m !== undefined) {
    // "Near any station": the nearest station each listing stores (create, edit, backfill) is close enough.
    conditions.push(lte(properties.stationDistanceM, query.within_m));
  }
  if (query.foreign_quota === '1') conditions.push(eq(properties.foreignQuota, true));
  if (query.verified === '1') conditions.push(eq(properties.verified, true));
  if (query.title_deed) conditions.push(eq(properties.titleDeed, query.title_deed));
  if (query.at_or_below_median === '1') conditions.push(atOrBelowAreaMedian());
  if (query.min_area !== undefined) conditions.push(gte(properties.area, query.min_area));
  if (query.max_area !== undefined) conditions.push(lte(properties.area, query.max_area));
  if (query.project !== undefined) conditions.push(inProject(query.project));
  if (query.price_drop === '1') conditions.push(hadPriceDrop());
  // Rental terms: a listing that does not say is left out (null compares as unknown).
  if (query.furnishing) conditions.push(eq(properties.furnishing, query.furnishing));
  if (query.pets === '1') conditions.push(eq(properties.petsAllowed, true));
  if (query.max_deposit_months !== undefined) conditions.push(lte(properties.depositMonths, query.max_deposit_months));
  if (query.max_min_lease_months !== undefined)
    conditions.push(lte(properties.minLeaseMonths, query.max_min_lease_months));
  return conditions;
}

export function searchOrder(sort: PropertyListQuery['sort'], relevance: SQL | null) {
  // The id breaks ties, so paging never shows a listing twice or skips one.
  switch (sort) {
    // NULLS LAST as in the indexes (drizzle writes DESC NULLS LAST there); with PostgreSQL's default
    // (DESC NULLS FIRST) the planner cannot read an index in order and sorts every match instead.
    case 'price_asc':
      return [asc(properties.price), sql`${properties.id} desc nulls last`];
    case 'price_desc':
      return [sql`${properties.price} desc nulls last`, sql`${properties.id} desc nulls last`];
    // Listings without an area (no price per m²) last either way (indexes properties_status_ppsqm_idx and
    // properties_status_ppsqm_desc_idx, whose order this matches exactly).
    case 'price_per_sqm_asc':
      return [sql`${properties.pricePerSqm} asc nulls last`, sql`${properties.id} asc`];
    case 'price_per_sqm_desc':
      return [sql`${properties.pricePerSqm} desc nulls last`, sql`${properties.id} desc nulls last`];
    case 'newest':
      return [sql`${properties.createdAt} desc nulls last`, sql`${properties.id} desc nulls last`];
    case 'relevance':
    case undefined:
      // With a `q`: how well it matches (reading-conditions.ts), then the default order (ADR 027).
      if (relevance) {
        return [
          sql`${relevance} desc`,
          sql`${properties.premium} desc nulls last`,
          sql`${properties.createdAt} desc nulls last`,
          sql`${properties.id} desc nulls last`,
        ];
      }
      return defaultOrder();
    default:
      return defaultOrder();
  }
}

/**
 * No sort given without a `q` (/Quick, the home sections, every list page until a visitor picks one): listings of a
 * package with premium visibility first, then newest (ADR 017; index properties_status_premium_created_idx).
 */
function defaultOrder() {
  return [
    sql`${properties.premium} desc nulls last`,
    sql`${properties.createdAt} desc nulls last`,
    sql`${properties.id} desc nulls last`,
  ];
}

/** The filters of a search without its paging and order: what its count depends on. */
export type SearchFilters = Omit<PropertyListQuery, 'page' | 'per_page' | 'sort'>;

/** Shares one count between the pages of a search (the read cache, listing-reads.ts). */
export type ShareCount = (filters: SearchFilters, count: () => Promise<{ n: number }[]>) => Promise<{ n: number }[]>;

/**
 * One page of visible listings matching the query, and how many match in all. The count (the
 * costly part at 100,000 listings) is shared by every page of one search through `shareCount`.
 */
export async function listProperties(
  db: Db,
  storage: Storage,
  query: PropertyListQuery,
  shareCount?: ShareCount,
): Promise<PropertyPage> {
  const first = await searchPage(db, storage, query, shareCount);
  // Nothing found for what was typed: the spelling-tolerant retry (ADR 027), unless `exact=1` asks for the text as is.
  if (first.page.total === 0 && query.q && query.exact !== '1' && first.reading) {
    for await (const corrected of correctedQueries(db, first.reading)) {
      const retry = await searchPage(db, storage, { ...query, q: corrected }, shareCount);
      if (retry.page.total > 0) return { ...retry.page, corrected };
    }
  }
  return first.page;
}

/** Past this many matches a search's `total` is this number and `total_capped: 1` (GET /api/properties, api.md). */
export const COUNT_CAP = 10_000;

function cappedTotal(n: number): { total: number; total_capped?: 1 } {
  return n > COUNT_CAP ? { total: COUNT_CAP, total_capped: 1 } : { total: n };
}

/**
 * How many listings match, counted up to one past COUNT_CAP only: an exact count of 60,000 matches ("Bangkok") read
 * every one of them for a number no one pages to.
 */
async function cappedCount(db: Db, where: SQL, cap = COUNT_CAP + 1): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(db.select({ one: sql`1` }).from(properties).where(where).limit(cap).as('capped'));
  return row?.n ?? 0;
}

/**
 * A page of whole rows: its ids first, in the order and at the offset asked, then those rows. The planner then sorts
 * the matches from an index that holds the filters and the order's columns where one does (a station's box from
 * properties_lat_lon_idx, a place's listings from properties_place_idx) and reads only the page's rows from the
 * table, where sorting whole rows read every match from the table (ADR 043).
 */
function pageRows(db: Db, where: SQL, order: SQL[], limit: number, offset: number) {
  const ids = db
    .select({ id: properties.id })
    .from(properties)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return db
    .select({ property: properties })
    .from(properties)
    .where(inArray(properties.id, ids))
    .orderBy(...order);
}

/**
 * A page of a search not read by tiers: from the head of the default order when a station's or a box's page is there
 * (ADR 054, ordered-prefix.ts), else from every match (pageRows).
 */
async function orderedPage(db: Db, query: PropertyListQuery, where: SQL, order: SQL[], perPage: number) {
  const offset = ((query.page ?? 1) - 1) * perPage;
  const ids = prefixable(query) ? await prefixPageIds(db, where, order, perPage, offset) : null;
  if (!ids) return pageRows(db, where, order, perPage, offset);
  return db
    .select({ property: properties })
    .from(properties)
    .where(inArray(properties.id, ids))
    .orderBy(...order);
}

/** The WHERE of each tier of a place search (ADR 043). */
type TierWheres = Record<PlaceTier, SQL>;

/**
 * The capped count of a place search by tiers: the stored tier alone (its index answers past COUNT_CAP at once,
 * where the whole condition built a bitmap of every match), then the rest only if the cap is not reached.
 */
async function tieredCount(db: Db, where: TierWheres): Promise<number> {
  const first = await cappedCount(db, where.stored);
  if (first > COUNT_CAP) return first;
  return first + (await cappedCount(db, where.named, COUNT_CAP + 1 - first));
}

/**
 * A page in the order of a place search's relevance (stored under the place first, then only naming it; each tier in
 * the default order): the stored tier's part of the page, then, when the page runs past that tier, the naming tier's
 * from the offset the stored tier leaves. Each tier picks its page's ids first (from an index where one covers the
 * order and the filters), then reads those rows whole.
 */
async function tieredPage(db: Db, where: TierWheres, page: number, perPage: number) {
  const offset = (page - 1) * perPage;
  const read = (condition: SQL, limit: number, from: number) => pageRows(db, condition, defaultOrder(), limit, from);
  const first = await read(where.stored, perPage, offset);
  if (first.length === perPage) return first;
  // The stored tier ends on this page (it holds offset + first.length), or before it (then count it: at most offset).
  const storedCount = first.length > 0 ? offset + first.length : await cappedCount(db, where.stored, offset);
  const rest = await read(where.named, perPage - first.length, offset + first.length - storedCount);
  return [...first, ...rest];
}

async function searchPage(
  db: Db,
  storage: Storage,
  query: PropertyListQuery,
  shareCount?: ShareCount,
): Promise<{ page: PropertyPage; reading: QueryReading | null }> {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? DEFAULT_PER_PAGE;
  const reading = searchReading(query);
  const where = searchConditions(query, reading);
  const { page: _page, per_page: _perPage, sort: _sort, lang: _lang, ...filters } = query;
  // Relevance that is only "stored under the place, then naming it": read tier by tier (ADR 043).
  const tiers: TierWheres | null =
    reading && (query.sort ?? 'relevance') === 'relevance' && placeTiers(reading)
      ? { stored: searchConditions(query, reading, 'stored'), named: searchConditions(query, reading, 'named') }
      : null;
  // async: a Drizzle query re-runs on every `await`; the cache must hold its settled answer.
  const count = async () => [{ n: tiers ? await tieredCount(db, tiers) : await cappedCount(db, where) }];
  const [counted, rows] = await Promise.all([
    shareCount ? shareCount(filters, count) : count(),
    tiers
      ? tieredPage(db, tiers, page, perPage)
      : orderedPage(db, query, where, searchOrder(query.sort, reading ? relevanceScore(reading) : null), perPage),
  ]);
  const ids = rows.map((r) => r.property.id);
  const [{ images, rooms, projects, agents }, named] = await Promise.all([
    loadDetails(db, ids),
    reading ? projectsNamedByAll(db, reading.words) : [],
  ]);
  const language = query.lang ?? 'en';
  const understood = reading ? understoodOf(reading, language) : [];
  // Words that are all in a project's names read as that project (ADR 028), in place of the text chip.
  const projectChips = named.map((p) => ({
    kind: 'project' as const,
    value: p.slug,
    label: language === 'th' && p.nameTh ? p.nameTh : p.nameEn,
  }));
  return {
    reading,
    page: {
      items: rows.map(({ property }) =>
        toWireProperty(
          storage,
          property,
          images.get(property.id),
          rooms.get(property.id),
          undefined,
          projects.get(property.id),
          agents.get(property.id),
        ),
      ),
      ...cappedTotal(counted[0]?.n ?? 0),
      page,
      per_page: perPage,
      understood:
        projectChips.length > 0 ? [...understood.filter((u) => u.kind !== 'text'), ...projectChips] : understood,
      corrected: null,
    },
  };
}
