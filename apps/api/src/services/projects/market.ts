import type { MarketFigures, MarketMonth } from '@baan/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listingPrices, properties } from '../../db/schema.ts';
import { isVisible } from '../properties/visible.ts';

const BANGKOK_OFFSET_MS = 7 * 3_600_000;

/** One calendar month in Asia/Bangkok: `YYYY-MM` and its bounds as instants [start, end). */
export type MarketMonthBounds = { month: string; start: Date; end: Date };

/** The `months` Bangkok calendar months ending with the one `now` is in, oldest first. */
export function marketMonths(now: Date, months: number): MarketMonthBounds[] {
  const local = new Date(now.getTime() + BANGKOK_OFFSET_MS);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth();
  const out: MarketMonthBounds[] = [];
  for (let i = months - 1; i >= 0; i--) {
    const start = new Date(Date.UTC(year, month - i, 1) - BANGKOK_OFFSET_MS);
    const end = new Date(Date.UTC(year, month - i + 1, 1) - BANGKOK_OFFSET_MS);
    const label = new Date(start.getTime() + BANGKOK_OFFSET_MS).toISOString().slice(0, 7);
    out.push({ month: label, start, end });
  }
  return out;
}

/** Gross yield in per cent, one decimal: a year's rent per m² over the price per m²; null when either is missing. */
export function grossYield(pricePerSqm: number | null, rentPerSqm: number | null): number | null {
  if (pricePerSqm === null || rentPerSqm === null || pricePerSqm <= 0) return null;
  return Math.round(((rentPerSqm * 12) / pricePerSqm) * 1000) / 10;
}

const toInt = (value: unknown): number | null =>
  value === null || value === undefined ? null : Math.round(Number(value));

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows?: Row[] }).rows ?? [];

/**
 * A project's or an area's market figures (ADR 028), every median computed by SQL (percentile_cont(0.5), the mean of
 * the two middle values for an even count) over price ÷ area of listings with an area:
 * - now: visible listings (active, approved, owner enabled) at their price now, per side (sale, rent);
 * - each month of the trend: listings approved and not hidden, created before the month's end, and either active
 *   now or last changed on or after the month's start (there is no status history: a listing that left the market
 *   counts up to its last change), each at its price then (the last recorded price before the month's end).
 * `scope` narrows the listings (a project, or an area and sub type).
 */
export async function marketFigures(db: Db, scope: SQL, now: Date, months: number): Promise<MarketFigures> {
  const current = rowsOf(
    await db.execute(sql`
      select ${properties.type} as type,
        percentile_cont(0.5) within group (order by ${properties.price}::numeric / ${properties.area}) as median,
        count(*)::int as n
      from ${properties}
      where ${scope} and ${isVisible} and ${properties.area} > 0
      group by ${properties.type}`),
  );
  const side = (type: string) => current.find((r) => r.type === type);
  const sale = side('sale');
  const rent = side('rent');
  const salePerSqm = toInt(sale?.median);
  const rentPerSqm = toInt(rent?.median);

  const bounds = marketMonths(now, months);
  const values = sql.join(
    bounds.map((b) => sql`(${b.month}, ${b.start.toISOString()}::timestamptz, ${b.end.toISOString()}::timestamptz)`),
    sql`, `,
  );
  // Each listing's prices as intervals [from, to) (the next change, or none), so "the price then" is a range join
  // instead of one index lookup per listing and month (about 4x faster for a district at 100,000 listings).
  const trendRows = rowsOf(
    await db.execute(sql`
      with scoped as (
        select ${properties.id} as id, ${properties.type} as type, ${properties.area} as area,
          ${properties.createdAt} as created_at, ${properties.updatedAt} as updated_at, ${properties.status} as status
        from ${properties}
        where ${scope} and ${properties.review} = 'approved' and ${properties.status} <> 'hidden' and ${properties.area} > 0
      ),
      prices as (
        select ${listingPrices.propertyId} as property_id, ${listingPrices.price} as price,
          ${listingPrices.changedAt} as from_at,
          lead(${listingPrices.changedAt}) over (
            partition by ${listingPrices.propertyId} order by ${listingPrices.changedAt}, ${listingPrices.id}
          ) as to_at
        from ${listingPrices}
        where ${listingPrices.propertyId} in (select id from scoped)
      )
      select m.month as month, l.type as type,
        percentile_cont(0.5) within group (order by p.price::numeric / l.area) as median,
        count(*)::int as n
      from (values ${values}) as m(month, start_at, end_at)
      join scoped l on l.created_at < m.end_at and (l.status = 'active' or l.updated_at >= m.start_at)
      join prices p on p.property_id = l.id and p.from_at < m.end_at and (p.to_at is null or p.to_at >= m.end_at)
      group by m.month, l.type`),
  );
  const trend: MarketMonth[] = bounds.map(({ month }) => {
    const of = (type: string) => trendRows.find((r) => r.month === month && r.type === type);
    return {
      month,
      median_price_per_sqm: toInt(of('sale')?.median),
      median_rent_per_sqm: toInt(of('rent')?.median),
      sale_listings: Number(of('sale')?.n ?? 0),
      rent_listings: Number(of('rent')?.n ?? 0),
    };
  });
  return {
    sale: { median_price_per_sqm: salePerSqm, listings: Number(sale?.n ?? 0) },
    rent: { median_rent_per_sqm: rentPerSqm, listings: Number(rent?.n ?? 0) },
    gross_yield_pct: grossYield(salePerSqm, rentPerSqm),
    trend,
  };
}
