import { DEFAULT_WITHIN_M, PropertyListQuery, WALKING_FACTOR } from '@baan/contract';
import { asc, eq, not, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projects, properties, savedSearches } from '../../db/schema.ts';
import { type SearchFilters, searchConditions, searchReading } from '../properties/list-properties.ts';
import { stationById } from '../transit/stations.ts';

/**
 * Saved searches indexed by their constraints (ADR 042). Each search is stored as a box in the cube extension's
 * n-dimensional space, one dimension per listing number or category below; a listing is a point in it. A listing can
 * only match the searches whose box contains its point (plus those naming its project, by slug, and those not yet
 * indexed): one GiST-indexed query finds those candidates, and the search's own WHERE (searchConditions) then decides,
 * so the answer is exactly the full scan's. What the box cannot express (`q`, `location`, `at_or_below_median`,
 * `price_drop`, the station's circle inside its box) is left to that exact check: the box is always a superset.
 */

/** A listing's empty value (null area, no furnishing…): inside a dimension's "any", outside every bound a search sets. */
const NULL_VALUE = -9e11;
/** An open end of a range a search sets on one side only (`max_price` without `min_price`): still excludes NULL_VALUE. */
const OPEN_LOW = -8e11;
const OPEN_HIGH = 8e11;
/** A dimension the search does not constrain. */
const ANY_LOW = -1e12;
const ANY_HIGH = 1e12;

/** A category as a number, the same in SQL on both sides (md5: stable across engines and versions; 28 bits). */
const code = (value: SQL | string) => sql`('x' || substr(md5(${value}), 1, 7))::bit(28)::int::float8`;
const codeOrNull = (value: SQL) => sql`coalesce(${code(value)}, ${NULL_VALUE}::float8)`;
const numberOrNull = (value: SQL) => sql`coalesce(${value}::float8, ${NULL_VALUE}::float8)`;
const flag = (value: SQL) => sql`(case when ${value} then 1 else 0 end)::float8`;

/** The dimensions, in order: the listing's value for each (SQL over its properties row). */
const DIMENSIONS = {
  price: sql`${properties.price}::float8`,
  area: sql`${properties.area}::float8`,
  bedrooms: sql`${properties.bedRooms}::float8`,
  lat: numberOrNull(sql`${properties.lat}`),
  lon: numberOrNull(sql`${properties.lon}`),
  stationDistance: numberOrNull(sql`${properties.stationDistanceM}`),
  depositMonths: numberOrNull(sql`${properties.depositMonths}`),
  minLeaseMonths: numberOrNull(sql`${properties.minLeaseMonths}`),
  type: code(sql`${properties.type}`),
  propertyType: code(sql`${properties.propertyType}`),
  subType: code(sql`${properties.propertySubType}`),
  titleDeed: codeOrNull(sql`${properties.titleDeed}`),
  furnishing: codeOrNull(sql`${properties.furnishing}`),
  foreignQuota: flag(sql`${properties.foreignQuota}`),
  verified: flag(sql`${properties.verified}`),
  pets: sql`coalesce(${flag(sql`${properties.petsAllowed}`)}, ${NULL_VALUE}::float8)`,
  featured: flag(sql`${properties.isFeatured}`),
} as const;
type Dimension = keyof typeof DIMENSIONS;
const ORDER = Object.keys(DIMENSIONS) as Dimension[];

/** The listing's point (SQL over the properties row in scope). */
export const listingPoint: SQL = sql`cube(array[${sql.join(
  ORDER.map((d) => DIMENSIONS[d]),
  sql`, `,
)}]::float8[])`;

type Bound = number | SQL;
type Range = [Bound, Bound];

/** The box of a search's filters (what searchConditions checks, widened where it tests more than a box can say). */
export function searchBox(query: SearchFilters): SQL {
  const box = new Map<Dimension, Range>();
  // Both a filter and the `q` reading may bound one dimension (withoutOverridden keeps them apart, but either way the
  // listing meets both): the box keeps the tighter end of each.
  const range = (d: Dimension, min: number | null | undefined, max: number | null | undefined) => {
    if ((min ?? undefined) === undefined && (max ?? undefined) === undefined) return;
    const [lo, hi] = box.get(d) ?? [OPEN_LOW, OPEN_HIGH];
    box.set(d, [Math.max(lo as number, min ?? OPEN_LOW), Math.min(hi as number, max ?? OPEN_HIGH)]);
  };
  const exactly = (d: Dimension, value: string | undefined) => {
    if (value !== undefined) box.set(d, [code(value), code(value)]);
  };
  range('price', query.min_price, query.max_price);
  range('area', query.min_area, query.max_area);
  range('bedrooms', query.bedrooms, undefined);
  range('depositMonths', undefined, query.max_deposit_months);
  range('minLeaseMonths', undefined, query.max_min_lease_months);
  exactly('type', query.type);
  exactly('propertyType', query.property_type);
  exactly('subType', query.sub_type);
  exactly('titleDeed', query.title_deed);
  exactly('furnishing', query.furnishing);
  if (query.foreign_quota === '1') box.set('foreignQuota', [1, 1]);
  if (query.verified === '1') box.set('verified', [1, 1]);
  if (query.pets === '1') box.set('pets', [1, 1]);
  if (query.featured !== undefined) box.set('featured', query.featured === '1' ? [1, 1] : [0, 0]);
  // What `q` was read as (reading-conditions.ts): its type, one sub type, bedrooms and prices are boxes too; its
  // places, stations and words are left to the exact check.
  const reading = searchReading(query);
  if (reading) {
    if (reading.type && query.type === undefined) exactly('type', reading.type);
    if (reading.subTypes.length === 1 && query.sub_type === undefined) exactly('subType', reading.subTypes[0]);
    range('bedrooms', reading.bedrooms, null);
    range('price', reading.minPrice, reading.maxPrice);
  }
  let lat: [number, number] | undefined;
  let lon: [number, number] | undefined;
  if (query.bbox) {
    const [west, south, east, north] = query.bbox;
    lat = [south, north];
    lon = [west, east];
  }
  if (query.station !== undefined) {
    const station = stationById(query.station);
    if (station) {
      // nearStation's own box (geo-search.ts), 5% wider: the circle inside it is checked exactly.
      const straightM = (query.within_m ?? DEFAULT_WITHIN_M) / WALKING_FACTOR;
      const dLat = (straightM / 110_500) * 1.01 * 1.05 + 1e-6;
      const dLon = (dLat / Math.cos(((Math.abs(station.lat) + dLat) * Math.PI) / 180)) * 1.05 + 1e-6;
      const sLat: [number, number] = [station.lat - dLat, station.lat + dLat];
      const sLon: [number, number] = [station.lon - dLon, station.lon + dLon];
      lat = lat ? [Math.max(lat[0], sLat[0]), Math.min(lat[1], sLat[1])] : sLat;
      lon = lon ? [Math.max(lon[0], sLon[0]), Math.min(lon[1], sLon[1])] : sLon;
    }
  } else if (query.within_m !== undefined) {
    range('stationDistance', undefined, query.within_m);
  }
  // A bbox and a station's box that do not meet match nothing; any box is then a superset (cube orders the corners).
  if (lat && lon) {
    box.set('lat', lat);
    box.set('lon', lon);
  }
  const corner = (i: 0 | 1) =>
    sql.join(
      ORDER.map((d) => {
        const bound = box.get(d)?.[i] ?? (i === 0 ? ANY_LOW : ANY_HIGH);
        return typeof bound === 'number' ? sql`${bound}::float8` : bound;
      }),
      sql`, `,
    );
  return sql`cube(array[${corner(0)}]::float8[], array[${corner(1)}]::float8[])`;
}

/**
 * The search's key, when it names something a listing must carry: `p:<slug>` for a project, else `l:<the first three
 * characters of location, lower-cased>` (the listing's location contains the whole text, so it holds those three at
 * some position: matchKeys lists every one). Written in SQL, so lower() is the same function on both sides.
 */
function matchKey(query: SearchFilters): SQL | null {
  if (query.project !== undefined) return sql`${`p:${query.project}`}::text`;
  if (query.location) return sql`'l:' || substr(lower(${query.location}::text), 1, 3)`;
  return null;
}

type MatchColumns = { matchBox: SQL | null; matchKey: SQL | null; matchIndexed: true };

/** The match columns of a stored query; a query that no longer parses (or names a gone station) gets no box. */
export function matchColumns(query: string): MatchColumns {
  const none: MatchColumns = { matchBox: null, matchKey: null, matchIndexed: true };
  const parsed = PropertyListQuery.safeParse(Object.fromEntries(new URLSearchParams(query)));
  if (!parsed.success) return none;
  try {
    searchConditions(parsed.data);
  } catch {
    return none;
  }
  return { matchBox: searchBox(parsed.data), matchKey: matchKey(parsed.data), matchIndexed: true };
}

/**
 * The keys a listing carries (matchKey): `p:` and each slug leading to its project (its own, or merged into it: one
 * step, as inProject), `l:` and every one to three characters of its lower-cased location.
 */
function listingKeys(listingId: number): SQL {
  const one = sql`(select ${properties.projectId} as project_id, lower(${properties.location}) as location from ${properties} where ${properties.id} = ${listingId})`;
  return sql`array(
    select 'p:' || ${projects.slug} from ${projects}, ${one} l where coalesce(${projects.mergedIntoId}, ${projects.id}) = l.project_id
    union select 'l:' || substr(l.location, i, n) from ${one} l, generate_series(1, length(l.location)) i, generate_series(1, 3) n)`;
}

/**
 * `saved_searches.id in (…)`: the searches that may match the listing. Three indexed branches: searches without a key
 * whose box contains the listing's point (GiST), searches whose key the listing carries (b-tree) and whose box
 * contains the point, and the searches not indexed yet.
 */
export function mayMatchListing(listingId: number): SQL {
  const point = sql`(select ${listingPoint} from ${properties} where ${properties.id} = ${listingId})`;
  return sql`${savedSearches.id} in (
    select id from saved_searches where match_key is null and match_box @> ${point}
    union all select id from saved_searches where match_key = any(${listingKeys(listingId)}) and match_box @> ${point}
    union all select id from saved_searches where not match_indexed)`;
}

/** The ids mayMatchListing answers for each listing, together. */
export async function candidateSearchIds(db: Db, listingIds: readonly number[]): Promise<number[]> {
  const out = new Set<number>();
  for (const listingId of listingIds) {
    const rows = await db.select({ id: savedSearches.id }).from(savedSearches).where(mayMatchListing(listingId));
    for (const r of rows) out.add(r.id);
  }
  return [...out].sort((a, b) => a - b);
}

/** `saved_searches.id = any(ids)` with the ids as one array parameter (no limit of bind parameters). */
export const idAmong = (ids: readonly number[]): SQL => sql`${savedSearches.id} = any(${sql.param(ids)}::int[])`;

export const INDEX_BATCH = 500;

/**
 * Writes the match columns of saved searches not indexed yet (stored before migration 0037), INDEX_BATCH at a time
 * until none is left (the `alerts.index` job; until then such a search is a candidate for every listing). Answers how
 * many it indexed.
 */
export async function indexSavedSearches(db: Db): Promise<number> {
  let done = 0;
  for (;;) {
    const rows = await db
      .select({ id: savedSearches.id, query: savedSearches.query })
      .from(savedSearches)
      .where(not(savedSearches.matchIndexed))
      .orderBy(asc(savedSearches.id))
      .limit(INDEX_BATCH);
    if (rows.length === 0) return done;
    for (const row of rows) {
      const columns = matchColumns(row.query);
      await db
        .update(savedSearches)
        .set({ ...columns, matchBox: columns.matchBox ?? sql`null` })
        .where(eq(savedSearches.id, row.id));
    }
    done += rows.length;
  }
}
