import { MAX_MAP_POINTS, type MapResult, type PropertyMapQuery } from '@baan/contract';
import { and, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { properties } from '../../db/schema.ts';
import { searchConditions, searchReading } from './list-properties.ts';
import { correctedQueries } from './spelling-retry.ts';

/**
 * GET /api/properties/map: the markers of the visible listings with coordinates that match the search inside its
 * `bbox`, at most MAX_MAP_POINTS of them in the default order (premium first, then newest: what the list shows first);
 * `total` counts every match and `truncated` says the map shows only part of them (the visitor zooms in).
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

async function mapPointsAsRead(db: Db, query: PropertyMapQuery): Promise<MapResult> {
  const where = and(searchConditions(query), isNotNull(properties.lat), isNotNull(properties.lon));
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
    .where(where)
    .orderBy(
      sql`${properties.premium} desc nulls last`,
      sql`${properties.createdAt} desc nulls last`,
      sql`${properties.id} desc nulls last`,
    )
    .limit(MAX_MAP_POINTS);
  // Fewer than the limit: that is every match, and the count (the costly part of a large area) is not needed.
  const total =
    rows.length < MAX_MAP_POINTS
      ? rows.length
      : ((await db.select({ n: sql<number>`count(*)::int` }).from(properties).where(where))[0]?.n ?? rows.length);
  return {
    // lat and lon are not null here (the WHERE says so).
    items: rows.map((r) => ({ ...r, lat: r.lat as number, lon: r.lon as number })),
    total,
    truncated: total > rows.length,
  };
}
