import { createHash } from 'node:crypto';
import { DEFAULT_WITHIN_M, PropertyListQuery, WALKING_FACTOR } from '@baan/contract';
import { asc, not, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { projects, properties, savedSearchBuckets, savedSearches } from '../../db/schema.ts';
import { type SearchFilters, searchConditions, searchReading } from '../properties/list-properties.ts';
import { stationById } from '../transit/stations.ts';

/**
 * Saved searches indexed by their constraints (ADRs 042, 050 and 053). Each search is stored as a box in the cube
 * extension's n-dimensional space, one dimension per listing number or category below; a listing is a point in it. A
 * listing can only match the searches whose box contains its point (plus those not yet filed): the boxes are filed in
 * saved_search_buckets under `<type>|<sub type>|<place>` (matchRows), and a listing reads its own few buckets from one
 * btree, testing each box inside the index; the search's own WHERE (searchConditions) then decides, so the answer is
 * exactly the full scan's. What the box cannot express (`q`, `location`, `at_or_below_median`, `price_drop`, the
 * station's circle inside its box) is left to that exact check: the box is always a superset.
 */

/** A listing's empty value (null area, no furnishing…): inside a dimension's "any", outside every bound a search sets. */
const NULL_VALUE = -9e11;
/** An open end of a range a search sets on one side only (`max_price` without `min_price`): still excludes NULL_VALUE. */
const OPEN_LOW = -8e11;
const OPEN_HIGH = 8e11;
/** A dimension the search does not constrain. */
const ANY_LOW = -1e12;
const ANY_HIGH = 1e12;

/** A listing's category as a number in SQL (md5: stable across engines and versions; its first 28 bits). */
const code = (value: SQL) => sql`('x' || substr(md5(${value}), 1, 7))::bit(28)::int::float8`;
/** The same number for a search's category, in JavaScript (the categories are ASCII words, hashed as the same bytes). */
const codeOf = (value: string) => Number.parseInt(createHash('md5').update(value).digest('hex').slice(0, 7), 16);
const codeOrNull = (value: SQL) => sql`coalesce(${code(value)}, ${NULL_VALUE}::float8)`;
const numberOrNull = (value: SQL) => sql`coalesce(${value}::float8, ${NULL_VALUE}::float8)`;
const flag = (value: SQL) => sql`(case when ${value} then 1 else 0 end)::float8`;

/**
 * The dimensions, in order: the listing's value for each (SQL over its properties row). Sale or rent and the sub type
 * are not among them: the bucket holds them (matchRows).
 */
const DIMENSIONS = {
  price: sql`${properties.price}::float8`,
  area: sql`${properties.area}::float8`,
  bedrooms: sql`${properties.bedRooms}::float8`,
  lat: numberOrNull(sql`${properties.lat}`),
  lon: numberOrNull(sql`${properties.lon}`),
  stationDistance: numberOrNull(sql`${properties.stationDistanceM}`),
  depositMonths: numberOrNull(sql`${properties.depositMonths}`),
  minLeaseMonths: numberOrNull(sql`${properties.minLeaseMonths}`),
  propertyType: code(sql`${properties.propertyType}`),
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

type Range = [number, number];

/**
 * What a search's filters constrain: a range per dimension (what searchConditions checks, widened where it tests more
 * than a box can say), the exact sale-or-rent and sub type it names, and the ordered corners of its map box.
 */
type Constraints = {
  box: Map<Dimension, Range>;
  type?: string;
  subType?: string;
  lat?: [number, number];
  lon?: [number, number];
};

function constraintsOf(query: SearchFilters): Constraints {
  const box = new Map<Dimension, Range>();
  const out: Constraints = { box };
  // Both a filter and the `q` reading may bound one dimension (withoutOverridden keeps them apart, but either way the
  // listing meets both): the box keeps the tighter end of each.
  const range = (d: Dimension, min: number | null | undefined, max: number | null | undefined) => {
    if ((min ?? undefined) === undefined && (max ?? undefined) === undefined) return;
    const [lo, hi] = box.get(d) ?? [OPEN_LOW, OPEN_HIGH];
    box.set(d, [Math.max(lo, min ?? OPEN_LOW), Math.min(hi, max ?? OPEN_HIGH)]);
  };
  range('price', query.min_price, query.max_price);
  range('area', query.min_area, query.max_area);
  range('bedrooms', query.bedrooms, undefined);
  range('depositMonths', undefined, query.max_deposit_months);
  range('minLeaseMonths', undefined, query.max_min_lease_months);
  out.type = query.type;
  out.subType = query.sub_type;
  const exactly = (d: Dimension, value: string | undefined) => {
    if (value !== undefined) box.set(d, [codeOf(value), codeOf(value)]);
  };
  exactly('propertyType', query.property_type);
  exactly('titleDeed', query.title_deed);
  exactly('furnishing', query.furnishing);
  if (query.foreign_quota === '1') box.set('foreignQuota', [1, 1]);
  if (query.verified === '1') box.set('verified', [1, 1]);
  if (query.pets === '1') box.set('pets', [1, 1]);
  if (query.featured !== undefined) box.set('featured', query.featured === '1' ? [1, 1] : [0, 0]);
  // What `q` was read as (reading-conditions.ts): its type and one sub type file the search as the filters do, its
  // bedrooms and prices are in the box; its places, stations and words are left to the exact check.
  const reading = searchReading(query);
  if (reading) {
    if (reading.type && query.type === undefined) out.type = reading.type;
    if (reading.subTypes.length === 1 && query.sub_type === undefined) out.subType = reading.subTypes[0];
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
  // A bbox and a station's box that do not meet match nothing; any box is then a superset (cube orders the corners,
  // and so do the cells below).
  if (lat && lon) {
    box.set('lat', lat);
    box.set('lon', lon);
    out.lat = [Math.min(...lat), Math.max(...lat)];
    out.lon = [Math.min(...lon), Math.max(...lon)];
  }
  return out;
}

/**
 * A search's box (constraintsOf) as the cube extension's text, `(lows),(highs)`: each number written as JavaScript
 * writes it, the shortest text that reads back as the same float8, so the stored box has exactly these corners.
 */
function cubeText(box: Map<Dimension, Range>): string {
  const corner = (i: 0 | 1) => ORDER.map((d) => String(box.get(d)?.[i] ?? (i === 0 ? ANY_LOW : ANY_HIGH))).join(',');
  return `(${corner(0)}),(${corner(1)})`;
}

/**
 * The map's grid for the buckets (ADR 050): square cells of these sizes in degrees, level 0 the finest. A search's map
 * box is filed under the cells of the finest level where it covers at most MAX_CELLS of them; a listing lies in one
 * cell of each level. Both sides divide the same float8 numbers (the listing's lat::float8, the box's corners) by the
 * same size and floor them, so a point inside the box lies in one of its cells.
 */
export const CELL_SIZES = [0.04, 0.16, 0.64, 2.56] as const;
const MAX_CELLS = 4;

/** `g<level>:<row>:<column>` of a cell (the same text as listingBuckets writes in SQL for the listing). */
const cellName = (level: number, row: number, column: number) => `g${level}:${row}:${column}`;

/** The cells of a search's map box, or null when it is too large for the coarsest level (it is then filed under `*`). */
export function boxCells(lat: [number, number], lon: [number, number]): string[] | null {
  for (const [level, size] of CELL_SIZES.entries()) {
    const [r0, r1] = [Math.floor(lat[0] / size), Math.floor(lat[1] / size)];
    const [c0, c1] = [Math.floor(lon[0] / size), Math.floor(lon[1] / size)];
    if ((r1 - r0 + 1) * (c1 - c0 + 1) > MAX_CELLS) continue;
    const cells: string[] = [];
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) cells.push(cellName(level, r, c));
    return cells;
  }
  return null;
}

/**
 * A search's rows in saved_search_buckets (ADR 050): its box under each bucket it is filed in,
 * `<sale or rent, or *>|<sub type, or *>|<place>`, the place being its key when it names something a listing must carry
 * (`p:<project slug>`, else `l:` and the first three characters of its lower-cased location: the listing's location
 * contains the whole text, so it holds those three at some position, listingKeys lists every one), else the cells of
 * its map box, else `*`. A listing looks in the buckets of its own type, sub type, cells and keys, and of `*` for each:
 * a search whose box contains the listing's point is always in one of them. `location` is set instead of `place` for
 * a location key, which the insert writes with SQL's lower(), the function the listing's side uses. Null for a query
 * that no longer parses (or names a gone station): such a search has no rows and is never a candidate.
 */
export function matchRows(query: string): { box: string; rows: { bucket: string; location: string | null }[] } | null {
  const parsed = PropertyListQuery.safeParse(Object.fromEntries(new URLSearchParams(query)));
  if (!parsed.success) return null;
  try {
    searchConditions(parsed.data);
  } catch {
    return null;
  }
  const c = constraintsOf(parsed.data);
  const prefix = `${c.type ?? '*'}|${c.subType ?? '*'}|`;
  const box = cubeText(c.box);
  if (parsed.data.project !== undefined)
    return { box, rows: [{ bucket: `${prefix}p:${parsed.data.project}`, location: null }] };
  if (parsed.data.location) return { box, rows: [{ bucket: prefix, location: parsed.data.location }] };
  const cells = c.lat && c.lon ? boxCells(c.lat, c.lon) : null;
  return { box, rows: (cells ?? ['*']).map((cell) => ({ bucket: prefix + cell, location: null })) };
}

/** Bucket rows per insert: four arrays of one bind parameter each, whatever their length. */
const ROWS_PER_INSERT = 5_000;

/** Files saved searches in saved_search_buckets (matchRows), replacing their rows. */
export async function writeMatchRows(db: Db | Tx, searches: readonly { id: number; query: string }[]): Promise<void> {
  if (searches.length === 0) return;
  await db
    .delete(savedSearchBuckets)
    .where(sql`${savedSearchBuckets.savedSearchId} = any(${sql.param(searches.map((s) => s.id))}::int[])`);
  const rows = searches.flatMap((s) => {
    const filed = matchRows(s.query);
    return filed ? filed.rows.map((r) => ({ id: s.id, box: filed.box, ...r })) : [];
  });
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const part = rows.slice(start, start + ROWS_PER_INSERT);
    await db.execute(sql`insert into ${savedSearchBuckets} (saved_search_id, bucket, match_box)
      select u.id, u.bucket || coalesce('l:' || substr(lower(u.location), 1, 3), ''), u.box::cube
      from unnest(${sql.param(part.map((r) => r.id))}::int[], ${sql.param(part.map((r) => r.bucket))}::text[],
        ${sql.param(part.map((r) => r.location))}::text[], ${sql.param(part.map((r) => r.box))}::text[])
        as u(id, bucket, location, box)`);
  }
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

/** The buckets a listing looks in (matchRows): its type, sub type, cells and keys, and `*` for each. */
function listingBuckets(listingId: number): SQL {
  const cells = sql.join(
    CELL_SIZES.map(
      (size, level) =>
        sql`${`g${level}:`}::text || floor(l.lat::float8 / ${size}::float8)::bigint || ':' || floor(l.lon::float8 / ${size}::float8)::bigint`,
    ),
    sql`, `,
  );
  return sql`array(
      select t || '|' || s || '|' || p
      from ${properties} l, unnest(array[l.type::text, '*']) t, unnest(array[l.property_sub_type::text, '*']) s,
        unnest(array['*', ${cells}] || ${listingKeys(listingId)}) p
      where l.id = ${listingId} and p is not null)`;
}

/**
 * The ids of the saved searches that may match the listing (ADRs 050 and 053): an index-only read of
 * saved_search_buckets (in each of the listing's buckets, the searches whose highest price is at or above the
 * listing's, then each row's box tested against the listing's point in the index), and the searches not filed yet.
 * The price condition is implied by the box test (price is the box's first dimension, ORDER): it only lets the index
 * skip the searches priced below the listing.
 */
export function candidateIds(listingId: number): SQL {
  const point = sql`(select ${listingPoint} from ${properties} where ${properties.id} = ${listingId})`;
  const price = sql`(select ${DIMENSIONS.price} from ${properties} where ${properties.id} = ${listingId})`;
  return sql`select saved_search_id from saved_search_buckets where bucket = any(${listingBuckets(listingId)})
    and cube_ur_coord(match_box, 1) >= ${price} and match_box @> ${point}
    union all select id from saved_searches where not match_indexed`;
}

/** `saved_searches.id in (…)`: the searches that may match the listing (candidateIds). */
export function mayMatchListing(listingId: number): SQL {
  return sql`${savedSearches.id} in (${candidateIds(listingId)})`;
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
 * Files the saved searches not filed yet (stored before migration 0042, ADR 050) in saved_search_buckets, INDEX_BATCH
 * at a time until none is left (the `alerts.index` job; until then such a search is a candidate for every listing).
 * Answers how many it filed.
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
    await db.transaction(async (tx) => {
      await writeMatchRows(tx, rows);
      await tx
        .update(savedSearches)
        .set({ matchIndexed: true })
        .where(sql`${savedSearches.id} = any(${sql.param(rows.map((r) => r.id))}::int[])`);
    });
    done += rows.length;
  }
}
