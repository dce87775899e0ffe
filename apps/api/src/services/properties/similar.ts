import { MAX_SIMILAR, type Property } from '@baan/contract';
import { and, between, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { properties } from '../../db/schema.ts';
import type { Storage } from '../../storage/storage.ts';
import { metresFrom } from './geo-search.ts';
import { loadDetails, toWireProperty } from './property-wire.ts';
import { isPublicPage, isVisible } from './visible.ts';

/** Ten kilometres apart weighs as much as one unit of difference (a price or an area e times the other). */
const PLACE_SCALE_M = 10_000;
/** The first look is within a third to three times the listing's price. */
const PRICE_WINDOW = 3;
/** No further listing counts as more different in place than this (another town is simply "elsewhere"). */
const MAX_PLACE_GAP = 2;

/**
 * GET /api/property/{id}/similar: up to MAX_SIMILAR visible listings like this one (whose public page is shown:
 * active, sold or rented), never itself, of the same type (rent or sale) and sub type, ranked by how little they
 * differ, lowest first (ties: newer id first). The difference is the sum of
 * - price: |ln(price / this price)| (half or double the price both count 0.69),
 * - area: |ln(area / this area)| (an area of 0 counts as 1 m²),
 * - place: when both have coordinates, the straight-line distance / 10 km, at most 2; otherwise 0 for the same
 *   location text (case ignored) and 1 for another.
 * Null when the listing's public page is not shown (the route answers 404).
 */
export async function similarProperties(db: Db, storage: Storage, id: number): Promise<Property[] | null> {
  const [target] = await db
    .select()
    .from(properties)
    .where(and(eq(properties.id, id), isPublicPage))
    .limit(1);
  if (!target) return null;
  const priceGap = sql`abs(ln(greatest(${properties.price}, 1)::float8 / ${Math.max(target.price, 1)}::float8))`;
  const areaGap = sql`abs(ln(greatest(${properties.area}, 1)::float8 / ${Math.max(target.area, 1)}::float8))`;
  const sameText = sql`(case when lower(${properties.location}) = lower(${target.location}) then 0 else 1 end)`;
  const placeGap =
    target.lat !== null && target.lon !== null
      ? sql`(case when ${properties.lat} is not null and ${properties.lon} is not null
          then least(${metresFrom(target.lat, target.lon)} / ${PLACE_SCALE_M}::float8, ${MAX_PLACE_GAP}::float8)
          else ${sameText} end)`
      : sameText;
  const ranked = (priceWindow: boolean) =>
    db
      .select()
      .from(properties)
      .where(
        and(
          isVisible,
          ne(properties.id, target.id),
          eq(properties.type, target.type),
          eq(properties.propertySubType, target.propertySubType),
          // First among listings within a third to three times the price (index properties_status_price_idx), so a
          // page does not rank every condo of a 100,000-listing site; the whole sub type only when too few are.
          priceWindow
            ? between(properties.price, Math.floor(target.price / PRICE_WINDOW), Math.ceil(target.price * PRICE_WINDOW))
            : undefined,
        ),
      )
      .orderBy(sql`${priceGap} + ${areaGap} + ${placeGap}`, sql`${properties.id} desc`)
      .limit(MAX_SIMILAR);
  const near = await ranked(true);
  const rows = near.length < MAX_SIMILAR ? await ranked(false) : near;
  const { images, rooms } = await loadDetails(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toWireProperty(storage, row, images.get(row.id), rooms.get(row.id)));
}
