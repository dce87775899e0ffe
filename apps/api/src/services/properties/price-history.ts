import { PRICE_DROP_DAYS, type PricePoint } from '@baan/contract';
import { and, asc, eq, gt, gte, isNotNull, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { listingPrices, properties } from '../../db/schema.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { bangkokDay } from '../stats/bangkok-day.ts';
import { isPublicPage } from './visible.ts';

/** Mails a price cut to the saved searches that ask for price drops (payload {listingPriceId}); ADR 028. */
export const PRICE_DROP_JOB = 'alerts.priceDrop';

const DAY_MS = 86_400_000;

/** The listing's first price, recorded with its create (in the create's transaction). */
export async function recordFirstPrice(tx: Db | Tx, propertyId: number, price: number, at: Date): Promise<void> {
  await tx.insert(listingPrices).values({ propertyId, price, changedAt: at });
}

/**
 * An edit that changes the price (in the edit's transaction): the new price joins the history, the listing keeps
 * the price before it and when (`price_before`, `price_changed_at`), and a cut of a visible listing queues the
 * price-drop alerts. Returns the columns to set on the listing.
 */
export async function recordPriceChange(
  tx: Db | Tx,
  row: { id: number; price: number },
  price: number,
  at: Date,
): Promise<Partial<typeof properties.$inferInsert>> {
  if (price === row.price) return {};
  const [entry] = await tx
    .insert(listingPrices)
    .values({ propertyId: row.id, price, changedAt: at })
    .returning({ id: listingPrices.id });
  if (entry && price < row.price) await enqueueJob(tx, PRICE_DROP_JOB, { listingPriceId: entry.id }, { runAt: at });
  return { priceBefore: row.price, priceChangedAt: at };
}

/** The start of the price-drop window seen from `now`. */
export const priceDropSince = (now: number) => new Date(now - PRICE_DROP_DAYS * DAY_MS);

/** `price_drop=1`: the last price change within PRICE_DROP_DAYS was a cut. */
export function hadPriceDrop(now = Date.now()): SQL {
  return and(
    isNotNull(properties.priceChangedAt),
    gte(properties.priceChangedAt, priceDropSince(now)),
    gt(properties.priceBefore, properties.price),
  ) as SQL;
}

/** `previous_price` on the wire: the price before the last change when it was a cut within the window; else null. */
export function previousPrice(
  row: { price: number; priceBefore: number | null; priceChangedAt: Date | null },
  now = Date.now(),
): number | null {
  if (row.priceBefore === null || row.priceChangedAt === null) return null;
  if (row.priceChangedAt.getTime() < priceDropSince(now).getTime()) return null;
  return row.priceBefore > row.price ? row.priceBefore : null;
}

/**
 * GET /api/property/{id}/price-history: the listing's prices oldest first, one per Bangkok day (the day's last
 * price), the first being its first price; null when the listing's page is not public (the same visibility).
 */
export async function priceHistory(db: Db, id: number): Promise<PricePoint[] | null> {
  const [visible] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.id, id), isPublicPage));
  if (!visible) return null;
  return pricePoints(db, id);
}

/** The listing's prices as priceHistory answers them, without asking whether its page is public. */
export async function pricePoints(db: Db, id: number): Promise<PricePoint[]> {
  const rows = await db
    .select({ price: listingPrices.price, changedAt: listingPrices.changedAt })
    .from(listingPrices)
    .where(eq(listingPrices.propertyId, id))
    .orderBy(asc(listingPrices.changedAt), asc(listingPrices.id));
  const out: PricePoint[] = [];
  for (const row of rows) {
    const date = bangkokDay(row.changedAt);
    const last = out[out.length - 1];
    if (last && last.date === date) last.price = row.price;
    else out.push({ date, price: row.price });
  }
  return out;
}
