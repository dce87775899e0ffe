import { type BBox, cellXY, MAP_CELL_LEVEL, mortonCode, type PropertyMapQuery } from '@baan/contract';
import { and, isNotNull, type SQL, sql } from 'drizzle-orm';
import { properties } from '../../db/schema.ts';
import { boxRanges, SMALL_BOX_DEGREES } from './geo-search.ts';
import { searchConditions } from './list-properties.ts';

/**
 * The map's walks (ADR 052): the newest MAP_COUNT_CAP + 1 matches of a box read as several reads, each newest first
 * from an index keyed by a cell or a price band and then age, merged and stopped at the cap, where the one ordered
 * read of every match read all of them to sort them by age. The same matches either way (test/map-walk.test.ts).
 */

/** The stored cell column (migration 0036; outside the Drizzle schema, as search_words is). */
export const mapCell = sql`${properties}.map_cell`;

/** The filters the walks' indexes carry (visibility, position, cell, sale or rent, sub type, price); `lang` and `exact` change no result. */
const WALK_FILTERS = new Set(['bbox', 'zoom', 'type', 'sub_type', 'min_price', 'max_price', 'lang', 'exact']);

/**
 * The levels of the stored cell whose indexes list each cell's listings newest first (migration 0043), finest first:
 * cells of about 1.2 and 2.4 km.
 */
export const WALK_LEVELS = [15, 14] as const;
/** The most cells a box is read from that way (a statement of one ordered read per cell). */
export const MAX_WALK_CELLS = 25;
/** The least share of its cells' area a box must cover: a smaller box is read from the point index. */
const MIN_WALK_SHARE = 0.25;

/**
 * The cells of one WALK_LEVELS level a neighbourhood's box is walked over (migration 0043's indexes), or null. A 2 km
 * box held 20,000–36,000 listings at a million: the point index read them all and sorted them by age to keep the
 * newest 10,001, where the walk stops at those. Null for a box too large for the coarser level, too small for its
 * cells (a street: the point index reads less), or a filter the indexes do not carry.
 */
export function walkCells(query: PropertyMapQuery): { level: number; cells: number[] } | null {
  if (!query.bbox || !walkable(query)) return null;
  const [west, south, east, north] = query.bbox;
  const sw = cellXY(south, west);
  const ne = cellXY(north, east);
  for (const level of WALK_LEVELS) {
    const drop = MAP_CELL_LEVEL - level;
    const [x0, x1, y0, y1] = [sw.x >> drop, ne.x >> drop, sw.y >> drop, ne.y >> drop];
    const count = (x1 - x0 + 1) * (y1 - y0 + 1);
    if (count > MAX_WALK_CELLS) continue;
    const size = 360 / 2 ** level;
    if (((east - west) * (north - south)) / (count * size * size) < MIN_WALK_SHARE) return null;
    const cells: number[] = [];
    for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) cells.push(mortonCode(x, y, level));
    return { level, cells };
  }
  return null;
}

/**
 * The price bands of migration 0044's index, `width_bucket(price, PRICE_BANDS)`: 1,000 × 1.25^i baht rounded, i = 0…65
 * (the last below the integer column's limit). Band b holds the prices from its lower threshold up to the next one;
 * band 0 those below 1,000. Written out, not computed, so the index's expression and the statement's stay the same text.
 */
export const PRICE_BANDS = [
  1000, 1250, 1563, 1953, 2441, 3052, 3815, 4768, 5960, 7451, 9313, 11642, 14552, 18190, 22737, 28422, 35527, 44409,
  55511, 69389, 86736, 108420, 135525, 169407, 211758, 264698, 330872, 413590, 516988, 646235, 807794, 1009742, 1262177,
  1577722, 1972152, 2465190, 3081488, 3851860, 4814825, 6018531, 7523164, 9403955, 11754944, 14693679, 18367099,
  22958874, 28698593, 35873241, 44841551, 56051939, 70064923, 87581154, 109476443, 136845553, 171056941, 213821177,
  267276471, 334095589, 417619486, 522024357, 652530447, 815663058, 1019578823, 1274473529, 1593091911, 1991364889,
] as const;
const PRICE_BANDS_SQL = sql.raw(`'{${PRICE_BANDS.join(',')}}'::int[]`);

/** The band of a price, as width_bucket counts it: how many thresholds are at or below it. */
export function priceBandOf(price: number): number {
  let band = 0;
  while (band < PRICE_BANDS.length && (PRICE_BANDS[band] as number) <= price) band++;
  return band;
}

/** The most bands a box is read from (a statement of one ordered read per band). */
export const MAX_WALK_BANDS = 32;

/**
 * The price bands a large box's search is walked over (migration 0044's index, keyed by sale or rent, band and age),
 * or null. For sale or rent in a price range over an area larger than SMALL_BOX_DEGREES a side: the price index read
 * the whole range (121,000 entries for sale at ฿3–10 M at a million listings) to keep the newest 10,001 in the box;
 * newest first within the range's bands, a large box fills the cap after a fraction of them.
 */
export function walkBands(query: PropertyMapQuery): number[] | null {
  if (!query.bbox || !walkable(query) || !query.type) return null;
  if (query.min_price === undefined && query.max_price === undefined) return null;
  const [west, south, east, north] = query.bbox;
  if (east - west <= SMALL_BOX_DEGREES || north - south <= SMALL_BOX_DEGREES) return null;
  const first = priceBandOf(query.min_price ?? 0);
  const last = priceBandOf(query.max_price ?? Number.MAX_SAFE_INTEGER);
  if (last < first || last - first + 1 > MAX_WALK_BANDS) return null;
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

/**
 * The reads of a walk, each the condition that keeps one read on its index, with the search's conditions (the box as
 * plain ranges, so the planner keeps to that index); null when neither walk fits, for the one ordered read.
 */
export function walkPlan(query: PropertyMapQuery): { where: SQL; keys: SQL[] } | null {
  if (!query.bbox) return null;
  const where = (extra?: SQL) =>
    and(
      searchConditions({ ...query, bbox: undefined }),
      boxRanges(query.bbox as BBox),
      isNotNull(properties.lat),
      isNotNull(properties.lon),
      extra,
    ) as SQL;
  const cells = walkCells(query);
  if (cells) {
    const shift = sql.raw(String(2 * (MAP_CELL_LEVEL - cells.level)));
    return { where: where(), keys: cells.cells.map((cell) => sql`(${mapCell} >> ${shift}) = ${cell}::bigint`) };
  }
  const bands = walkBands(query);
  if (bands) {
    return {
      where: where(),
      keys: bands.map((band) => sql`width_bucket(${properties.price}, ${PRICE_BANDS_SQL}) = ${band}`),
    };
  }
  return null;
}

function walkable(query: PropertyMapQuery): boolean {
  return Object.entries(query).every(([key, value]) => value === undefined || WALK_FILTERS.has(key));
}
