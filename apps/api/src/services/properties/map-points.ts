import {
  cellLevelForZoom,
  MAP_CELL_LEVEL,
  MAP_COUNT_CAP,
  MAP_FEW_ITEMS,
  MAP_ITEMS_ZOOM,
  MAX_MAP_POINTS,
  type MapCluster,
  type MapResult,
  type PropertyMapQuery,
  quadkeyOf,
} from '@baan/contract';
import { and, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { properties } from '../../db/schema.ts';
import { searchConditions, searchReading } from './list-properties.ts';
import { mapCell, walkPlan } from './map-walks.ts';
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

type Group = { prefix: string; count: number; lat: number; lon: number };

/**
 * The newest MAP_COUNT_CAP + 1 matches grouped by their cell at `level`. Newest first, so past the cap the matches
 * read are spread over the whole area (not its first rows by position). `walk` false reads every match in one order
 * whatever the box (the statement before ADR 052, which the tests compare with the walks).
 */
export async function newestMatchGroups(db: Db, query: PropertyMapQuery, level: number, walk = true): Promise<Group[]> {
  const shift = 2 * (MAP_CELL_LEVEL - level);
  const newest = sql`${properties.createdAt} desc nulls last, ${properties.id} desc nulls last`;
  const plan = walk ? walkPlan(query) : null;
  if (plan) {
    // Each read's newest matches from its index (ADR 052): the merge of the ordered reads stops at the cap.
    const reads = plan.keys.map(
      (key) => sql`(select ${mapCell} as cell, ${properties.lat} as lat, ${properties.lon} as lon,
        ${properties.createdAt} as created_at, ${properties.id} as id from ${properties}
        where ${plan.where} and ${key} order by ${newest} limit ${MAP_COUNT_CAP + 1})`,
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
