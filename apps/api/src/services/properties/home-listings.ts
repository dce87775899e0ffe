import type { HomeListings, HomeListingsQuery, PropertyListQuery } from '@baan/contract';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { properties } from '../../db/schema.ts';
import type { Storage } from '../../storage/storage.ts';
import { COUNT_CAP, searchConditions, searchOrder } from './list-properties.ts';
import { loadDetails, type PropertyRow, wireWithDetails } from './property-wire.ts';

/** A search's capped total on the wire, as GET /api/properties gives it (list-properties.ts). */
const cappedTotal = (n: number) => Math.min(n, COUNT_CAP);

/**
 * The home page's listing sections (PageServices.homeListings), each answered as listProperties answers the search
 * with the same filters and no `q` (the same WHERE from searchConditions, the default order from searchOrder, the
 * count capped at COUNT_CAP + 1 as its cappedCount), in six statements whatever the number of sections (issue 27;
 * six searches took 36):
 * - every section's page of ids in its order, and every place's capped count, as columns of one row
 *   (`array(select id … order by … limit n)`, `(select count(*) from (select 1 … limit cap))`): each is the subquery
 *   the search would run alone, with the same index;
 * - the rows of all those ids;
 * - their images, rooms, project and lister in one round of loadDetails.
 * Sections without a shown count (the newest for sale and for rent) are not counted.
 */
export async function homeListings(db: Db, storage: Storage, query: HomeListingsQuery): Promise<HomeListings> {
  const order = sql.join(searchOrder(undefined, null), sql`, `);
  const ids = (filters: PropertyListQuery, limit: number) =>
    sql`array(select ${properties.id} from ${properties} where ${searchConditions(filters)} order by ${order} limit ${limit})`;
  const count = (filters: PropertyListQuery) =>
    sql`(select count(*)::int from (select 1 from ${properties} where ${searchConditions(filters)} limit ${COUNT_CAP + 1}) capped)`;
  const columns: SQL[] = [
    sql`${ids({ type: 'sale' }, query.listings)} as sale`,
    sql`${ids({ type: 'rent' }, query.listings)} as rent`,
    ...query.places.flatMap((location, i) => [
      sql`${ids({ location }, 1)} as ${sql.raw(`place_ids_${i}`)}`,
      sql`${count({ location })} as ${sql.raw(`place_n_${i}`)}`,
    ]),
  ];
  const result = await db.execute(sql`select ${sql.join(columns, sql`, `)}`);
  const answer = ((result as { rows?: Record<string, unknown>[] }).rows ?? [])[0] ?? {};
  const idsOf = (column: string) => ((answer[column] as unknown[] | null) ?? []).map(Number);
  const sale = idsOf('sale');
  const rent = idsOf('rent');
  const places = query.places.map((_, i) => ({
    ids: idsOf(`place_ids_${i}`),
    n: Number(answer[`place_n_${i}`] ?? 0),
  }));
  const every = [...new Set([...sale, ...rent, ...places.flatMap((p) => p.ids)])];
  const rows =
    every.length > 0 ? await db.select().from(properties).where(inArray(properties.id, every)) : ([] as PropertyRow[]);
  const byId = new Map(rows.map((row) => [row.id, row] as const));
  const details = await loadDetails(db, every);
  // A listing deleted between the two statements is left out.
  const onWire = (list: number[]) =>
    list.flatMap((id) => {
      const row = byId.get(id);
      return row ? [wireWithDetails(storage, row, details)] : [];
    });
  return {
    newListings: { sale: onWire(sale), rent: onWire(rent) },
    places: places.map((place) => ({ total: cappedTotal(place.n), first: onWire(place.ids)[0] ?? null })),
  };
}
