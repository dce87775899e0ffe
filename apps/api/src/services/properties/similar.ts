import { MAX_SIMILAR, type Property } from '@baan/contract';
import { and, between, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { properties } from '../../db/schema.ts';
import type { Storage } from '../../storage/storage.ts';
import { metresFrom } from './geo-search.ts';
import { loadDetails, type PropertyRow, wireWithDetails } from './property-wire.ts';
import { isVisible } from './visible.ts';

/** Ten kilometres apart weighs as much as one unit of difference (a price or an area e times the other). */
const PLACE_SCALE_M = 10_000;
/** The first look is within a third to three times the listing's price. */
const PRICE_WINDOW = 3;
/** No further listing counts as more different in place than this (another town is simply "elsewhere"). */
const MAX_PLACE_GAP = 2;

/**
 * GET /api/property/{id}/similar: up to MAX_SIMILAR visible listings like this one, never itself, of the same type
 * (rent or sale) and sub type: those in the same district first, then the same province, then the rest (district and
 * province as the location names them, services/locations/resolve-place.ts), each group ranked by how little they
 * differ, lowest first (ties: newer id first). The difference is the sum of
 * - price: |ln(price / this price)| (half or double the price both count 0.69),
 * - area: |ln(area / this area)| (an area of 0 counts as 1 m²),
 * - place: when both have coordinates, the straight-line distance / 10 km, at most 2; otherwise 0 for the same
 *   location text (case ignored) and 1 for another.
 * Answered for any listing moderation approved: one whose page is shown (active, sold, rented) and one no longer
 * available (paused, hidden, its owner disabled), whose "no longer available" page offers these instead; the answer
 * holds other listings only, nothing of this one. Null for a missing, pending or rejected listing (the route answers
 * 404).
 */
export async function similarProperties(db: Db, storage: Storage, id: number): Promise<Property[] | null> {
  const [target] = await db
    .select()
    .from(properties)
    .where(and(eq(properties.id, id), eq(properties.review, 'approved')))
    .limit(1);
  if (!target) return null;
  const rows = await similarRows(db, target);
  const details = await loadDetails(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => wireWithDetails(storage, row, details));
}

/**
 * The rows of up to MAX_SIMILAR visible listings like `target` (an approved listing's row), in similarProperties'
 * order, without their images, rooms, project and lister: the detail page reads those with its own listing's
 * (property-page.ts).
 */
export async function similarRows(db: Db, target: PropertyRow): Promise<PropertyRow[]> {
  const priceGap = sql`abs(ln(greatest(${properties.price}, 1)::float8 / ${Math.max(target.price, 1)}::float8))`;
  const areaGap = sql`abs(ln(greatest(${properties.area}, 1)::float8 / ${Math.max(target.area, 1)}::float8))`;
  const sameText = sql`(case when lower(${properties.location}) = lower(${target.location}) then 0 else 1 end)`;
  const placeGap =
    target.lat !== null && target.lon !== null
      ? sql`(case when ${properties.lat} is not null and ${properties.lon} is not null
          then least(${metresFrom(target.lat, target.lon)} / ${PLACE_SCALE_M}::float8, ${MAX_PLACE_GAP}::float8)
          else ${sameText} end)`
      : sameText;
  // 0 in the same district, 1 in the same province, 2 elsewhere (or where either does not know its place).
  const sameDistrict: SQL =
    target.district !== null && target.province !== null
      ? sql`${properties.district} = ${target.district} and ${properties.province} = ${target.province}`
      : sql`false`;
  const sameProvince: SQL = target.province !== null ? sql`${properties.province} = ${target.province}` : sql`false`;
  const placeTier = sql<number>`(case when ${sameDistrict} then 0 when ${sameProvince} then 1 else 2 end)`;
  const ranked = (priceWindow: boolean) =>
    db
      .select({ row: properties, tier: placeTier })
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
      .orderBy(placeTier, sql`${priceGap} + ${areaGap} + ${placeGap}`, sql`${properties.id} desc`)
      .limit(MAX_SIMILAR);
  const near = await ranked(true);
  // The whole sub type when the price window holds too few in this province: a listing of the same town at four times
  // the price is more alike than one of another town at the same price.
  const inProvince = near.filter((r) => r.tier <= 1).length;
  return (inProvince < MAX_SIMILAR ? await ranked(false) : near).map((r) => r.row);
}
