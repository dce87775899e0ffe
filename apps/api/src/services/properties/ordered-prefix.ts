import type { PropertyListQuery } from '@baan/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { properties } from '../../db/schema.ts';

/**
 * A place's first pages read from the head of the default order (ADR 054): a station's or a map box's list in the
 * default order (premium, then newest) picks its page from the first PREFIX_ROWS active listings in that order, read
 * from properties_status_premium_created_idx, and keeps it when they hold the page's matches. Near a central station
 * the point index read every match of the station's box to sort them (33,631 for Chit Lom at a million listings,
 * 40 ms) where the head holds the first page after a few hundred entries (under a millisecond). A page the head does
 * not fill (a suburb's station, a deep page, the last page) is read as before. The same page either way
 * (test/ordered-prefix.test.ts).
 */

/** How many listings of the default order's head a page is looked for in (about 4 ms to read at a million listings). */
export const PREFIX_ROWS = 4_000;

/** A search read this way: a station or a map box, no text, the default order, and only the filters PREFIX_COLUMNS carry. */
const PREFIX_FILTERS = new Set([
  'station',
  'within_m',
  'bbox',
  'type',
  'property_type',
  'sub_type',
  'min_price',
  'max_price',
  'bedrooms',
  'page',
  'per_page',
  'sort',
  'lang',
  'exact',
]);

/**
 * The columns the head carries: every one the visibility test and PREFIX_FILTERS' conditions and the order name, all
 * in properties_status_premium_created_idx (its key or, migration 0046, its INCLUDE), so the head is read index-only.
 */
export const PREFIX_COLUMNS = [
  properties.id,
  properties.status,
  properties.review,
  properties.userId,
  properties.lat,
  properties.lon,
  properties.type,
  properties.propertyType,
  properties.propertySubType,
  properties.price,
  properties.bedRooms,
  properties.stationDistanceM,
  properties.premium,
  properties.createdAt,
];
const HEAD_COLUMNS = sql.join(PREFIX_COLUMNS, sql`, `);

/** Whether a list search may be read from the head of the default order. */
export function prefixable(query: PropertyListQuery): boolean {
  if (query.station === undefined && !query.bbox) return false;
  if ((query.sort ?? 'relevance') !== 'relevance' || query.q) return false;
  return Object.entries(query).every(([key, value]) => value === undefined || PREFIX_FILTERS.has(key));
}

/**
 * The ids of the page (`limit` matches from `offset`, in `order`, the default order) when the first `rows` active
 * listings in that order hold all of them, or null. Every match before the page's last lies in that head then, so
 * the page is the one the whole table gives. The head is a subquery named as the table, so `where` reads its columns.
 */
export async function prefixPageIds(
  db: Db,
  where: SQL,
  order: SQL[],
  limit: number,
  offset: number,
  rows = PREFIX_ROWS,
): Promise<number[] | null> {
  const by = sql.join(order, sql`, `);
  const result = (await db.execute(sql`select ${properties.id} as id from (select ${HEAD_COLUMNS} from ${properties}
      where ${properties.status} = 'active' order by ${by} limit ${rows}) as ${properties}
    where ${where} order by ${by} limit ${limit} offset ${offset}`)) as unknown as { rows: { id: number | string }[] };
  return result.rows.length === limit ? result.rows.map((r) => Number(r.id)) : null;
}
