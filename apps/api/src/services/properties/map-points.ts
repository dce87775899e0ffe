import {
  cellLevelForZoom,
  cellXY,
  MAP_CELL_LEVEL,
  MAP_COUNT_CAP,
  MAP_FEW_ITEMS,
  MAP_ITEMS_ZOOM,
  MAX_MAP_POINTS,
  type MapCluster,
  type MapResult,
  mortonCode,
  type PropertyMapQuery,
  quadkeyOf,
} from '@baan/contract';
import { and, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { properties } from '../../db/schema.ts';
import { boxRanges } from './geo-search.ts';
import { searchConditions, searchReading } from './list-properties.ts';
import { correctedQueries } from './spelling-retry.ts';

/**
 * GET /api/properties/map (ADR 041): the matches of the search inside its `bbox`, as clusters of the grid cells the
 * zoom calls for (counted in SQL over the cell each listing stores, `map_cell`) or, from MAP_ITEMS_ZOOM or when at most
 * MAP_FEW_ITEMS match, as single listings. Never more than MAP_COUNT_CAP + 1 matches are read: past that the total is
 * a lower bound (`total_capped: 1`) and the clusters count the newest matches, those read.
 */
export async function mapPoints(db: Db, query: PropertyMapQuery): Promise<MapResult> {
  const found = await mapPointsAsRead(db, query);
  // The list's spelling-tolerant retry (ADR 027), so the map shows what the list shows for the same `q`.
  const reading = found.total === 0 && query.q && query.exact !== '1' ? searchReading(query) : null;
  if (reading) {
    for await (const corrected of correctedQueries(db, reading)) {
      const retry = await mapPointsAsRead(db, { ...query, q: corrected });
      if (retry.total > 0) return retry;
    }
  }
  return found;
}

/** The stored cell column (migration 0036; outside the Drizzle schema, as search_words is). */
const mapCell = sql`${properties}.map_cell`;

/**
 * The levels of the stored cell whose indexes list each cell's listings newest first (migration 0043), finest first:
 * cells of about 1.2 and 2.4 km.
 */
export const WALK_LEVELS = [15, 14] as const;
/** The most cells a box is read from that way (a statement of one ordered read per cell). */
export const MAX_WALK_CELLS = 25;
/** The least share of its cells' area a box must cover: a smaller box is read from the point index. */
const MIN_WALK_SHARE = 0.25;
/** The filters those indexes carry (visibility, position, cell, sale or rent, sub type, price); `lang`, `exact` none. */
const WALK_FILTERS = new Set(['bbox', 'zoom', 'type', 'sub_type', 'min_price', 'max_price', 'lang', 'exact']);

/**
 * How the newest matches of a map's box are read (ADR 052): from the cells of one WALK_LEVELS level covering the box,
 * each cell's listings newest first from its index, merged and stopped at MAP_COUNT_CAP + 1; or null, for the one
 * ordered read of every match (a box too large or too small for a walk level, or a filter those indexes do not carry).
 * A neighbourhood's box held 20,000–36,000 listings at a million: the point index read them all and sorted them by age
 * to keep the newest 10,001, where the walk stops at those (docs/benchmarks.md).
 */
export function walkCells(query: PropertyMapQuery): { level: number; cells: number[] } | null {
  if (!query.bbox) return null;
  for (const [key, value] of Object.entries(query)) if (value !== undefined && !WALK_FILTERS.has(key)) return null;
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

type Group = { prefix: string; count: number; lat: number; lon: number };

/**
 * The newest MAP_COUNT_CAP + 1 matches grouped by their cell at `level`. Newest first, so past the cap the matches
 * read are spread over the whole area (not its first rows by position). `walk` false reads every match in one order
 * whatever the box (the statement before ADR 052, which the tests compare with the walk).
 */
export async function newestMatchGroups(db: Db, query: PropertyMapQuery, level: number, walk = true): Promise<Group[]> {
  const shift = 2 * (MAP_CELL_LEVEL - level);
  const newest = sql`${properties.createdAt} desc nulls last, ${properties.id} desc nulls last`;
  const cells = walk ? walkCells(query) : null;
  if (cells && query.bbox) {
    // Each cell's newest matches from its index (properties_cell15_newest_idx or _cell14_): the merge of the ordered
    // reads stops at the cap. The box is tested as plain ranges, so the planner keeps to the cell's index.
    const where = and(
      searchConditions({ ...query, bbox: undefined }),
      boxRanges(query.bbox),
      isNotNull(properties.lat),
      isNotNull(properties.lon),
    ) as SQL;
    const cellShift = sql.raw(String(2 * (MAP_CELL_LEVEL - cells.level)));
    const reads = cells.cells.map(
      (cell) => sql`(select ${mapCell} as cell, ${properties.lat} as lat, ${properties.lon} as lon,
        ${properties.createdAt} as created_at, ${properties.id} as id from ${properties}
        where ${where} and (${mapCell} >> ${cellShift}) = ${cell}::bigint order by ${newest} limit ${MAP_COUNT_CAP + 1})`,
    );
    const result = (await db.execute(sql`select ((cell >> ${sql.raw(String(shift))}))::text as prefix,
        count(*)::int as count, avg(lat)::float8 as lat, avg(lon)::float8 as lon
      from (select cell, lat, lon from (${sql.join(reads, sql` union all `)}) as u
        order by created_at desc nulls last, id desc nulls last limit ${MAP_COUNT_CAP + 1}) as capped
      group by 1`)) as unknown as { rows: Group[] };
    return result.rows.map((r) => ({
      prefix: r.prefix,
      count: Number(r.count),
      lat: Number(r.lat),
      lon: Number(r.lon),
    }));
  }
  // One statement over every match; a large area walks the index properties_map_newest_idx in the index only
  // (migration 0036).
  const where = and(searchConditions(query), isNotNull(properties.lat), isNotNull(properties.lon)) as SQL;
  const capped = db
    .select({ cell: sql`${mapCell}`.as('cell'), lat: properties.lat, lon: properties.lon })
    .from(properties)
    .where(where)
    .orderBy(sql`${properties.createdAt} desc nulls last`, sql`${properties.id} desc nulls last`)
    .limit(MAP_COUNT_CAP + 1)
    .as('capped');
  // Grouped as a bigint (cheaper than text), written as text for the driver (bigint is a string in one, not the other).
  const cellAtLevel = sql`${capped.cell} >> ${sql.raw(String(shift))}`;
  return db
    .select({
      prefix: sql<string>`(${cellAtLevel})::text`,
      count: sql<number>`count(*)::int`,
      lat: sql<number>`avg(${capped.lat})::float8`,
      lon: sql<number>`avg(${capped.lon})::float8`,
    })
    .from(capped)
    .groupBy(cellAtLevel);
}

async function mapPointsAsRead(db: Db, query: PropertyMapQuery): Promise<MapResult> {
  const where = and(searchConditions(query), isNotNull(properties.lat), isNotNull(properties.lon)) as SQL;
  const zoom = query.zoom ?? MAP_ITEMS_ZOOM;
  const level = cellLevelForZoom(zoom);
  const groups = await newestMatchGroups(db, query, level);
  const read = groups.reduce((sum, g) => sum + g.count, 0);
  const totalCapped = read > MAP_COUNT_CAP;
  const total = totalCapped ? MAP_COUNT_CAP : read;
  if (zoom < MAP_ITEMS_ZOOM && read > MAP_FEW_ITEMS) {
    const clusters: MapCluster[] = groups.map((g) => ({
      lat: g.lat,
      lon: g.lon,
      count: g.count,
      cell: quadkeyOf(Number(g.prefix), level),
    }));
    return { clusters, items: [], total, total_capped: totalCapped ? 1 : 0 };
  }
  // The first 1,000 ids in the items' order are picked from an index (the point index carries premium, created_at and
  // id), then only their rows are read for title, price and type: a street at a million listings has up to 8,000
  // matches, and reading each one's table row to keep 1,000 cost most of the zoom-16 answer (docs/benchmarks.md).
  const order = [
    sql`${properties.premium} desc nulls last`,
    sql`${properties.createdAt} desc nulls last`,
    sql`${properties.id} desc nulls last`,
  ];
  const chosen = db
    .select({ id: properties.id })
    .from(properties)
    .where(where)
    .orderBy(...order)
    .limit(MAX_MAP_POINTS);
  const rows = await db
    .select({
      id: properties.id,
      lat: properties.lat,
      lon: properties.lon,
      price: properties.price,
      type: properties.type,
      title: properties.title,
    })
    .from(properties)
    .where(inArray(properties.id, chosen))
    .orderBy(...order);
  return {
    clusters: [],
    // lat and lon are not null here (the WHERE says so).
    items: rows.map((r) => ({ ...r, lat: r.lat as number, lon: r.lon as number })),
    total,
    total_capped: totalCapped ? 1 : 0,
  };
}
