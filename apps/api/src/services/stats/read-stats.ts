import type { ListingStats, OwnerStats, StatsDay, StatsTotals } from '@baan/contract';
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listingDailyStats, properties } from '../../db/schema.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { addDays, bangkokDay, dayRange } from './bangkok-day.ts';

export const STATS_MESSAGES = {
  listingNotFound: 'This listing does not exist.',
  notYours: 'You can only see the statistics of your own listings.',
  /** A beacon for a listing whose page is not public (as GET /api/property/{id} answers). */
  publicNotFound: 'This listing does not exist or is no longer available.',
} as const;

/** The Bangkok days of a period of `days` days ending today, oldest first. */
export function statsPeriod(now: Date, days: number): { first: string; last: string } {
  const last = bangkokDay(now);
  return { first: addDays(last, -(days - 1)), last };
}

const d = listingDailyStats;
/** One day's counters summed over the rows a query selects. */
const sums = {
  views: sql<number>`coalesce(sum(${d.views}), 0)::int`,
  visitors: sql<number>`coalesce(sum(${d.visitors}), 0)::int`,
  phone: sql<number>`coalesce(sum(${d.clicksPhone}), 0)::int`,
  email: sql<number>`coalesce(sum(${d.clicksEmail}), 0)::int`,
  line: sql<number>`coalesce(sum(${d.clicksLine}), 0)::int`,
  inquiries: sql<number>`coalesce(sum(${d.inquiries}), 0)::int`,
  favorites: sql<number>`coalesce(sum(${d.favorites}), 0)::int`,
  viewings: sql<number>`coalesce(sum(${d.viewings}), 0)::int`,
};
type DayRow = { day: string } & { [K in keyof typeof sums]: number };

/**
 * Totals and every day of the period (zeros where nothing happened), oldest first. `visitors` in the
 * totals is the sum of each day's distinct visitors (a person who came back on another day counts again).
 */
function assemble(rows: DayRow[], first: string, last: string): ListingStats {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const totals: StatsTotals = {
    views: 0,
    visitors: 0,
    contact_clicks: 0,
    inquiries: 0,
    favorites: 0,
    viewings: 0,
    clicks: { phone: 0, email: 0, line: 0 },
  };
  const days: StatsDay[] = dayRange(first, last).map((date) => {
    const row = byDay.get(date);
    const clicks = row ? row.phone + row.email + row.line : 0;
    const day = {
      date,
      views: row?.views ?? 0,
      visitors: row?.visitors ?? 0,
      contact_clicks: clicks,
      inquiries: row?.inquiries ?? 0,
      favorites: row?.favorites ?? 0,
      viewings: row?.viewings ?? 0,
    };
    totals.views += day.views;
    totals.visitors += day.visitors;
    totals.contact_clicks += clicks;
    totals.inquiries += day.inquiries;
    totals.favorites += day.favorites;
    totals.viewings += day.viewings;
    totals.clicks.phone += row?.phone ?? 0;
    totals.clicks.email += row?.email ?? 0;
    totals.clicks.line += row?.line ?? 0;
    return day;
  });
  return { totals, days };
}

/** GET /api/user/properties/{id}/stats: the listing's owner or an admin; 404 for a missing listing, 403 for others'. */
export async function listingStats(
  db: Db,
  viewer: { id: number; role: string },
  propertyId: number,
  days: number,
  now: Date,
): Promise<ListingStats> {
  const [listing] = await db
    .select({ userId: properties.userId })
    .from(properties)
    .where(eq(properties.id, propertyId));
  if (!listing) throw notFound(STATS_MESSAGES.listingNotFound);
  if (listing.userId !== viewer.id && viewer.role !== 'admin') throw forbidden(STATS_MESSAGES.notYours);
  const { first, last } = statsPeriod(now, days);
  const rows = await db
    .select({ day: d.day, ...sums })
    .from(d)
    .where(and(eq(d.propertyId, propertyId), gte(d.day, first), lte(d.day, last)))
    .groupBy(d.day);
  return assemble(rows, first, last);
}

/** GET /api/user/stats: every listing of the caller together, and each listing's period totals (most viewed first). */
export async function ownerStats(db: Db, userId: number, days: number, now: Date): Promise<OwnerStats> {
  const { first, last } = statsPeriod(now, days);
  const inPeriod = and(eq(properties.userId, userId), gte(d.day, first), lte(d.day, last));
  const dayRows = await db
    .select({ day: d.day, ...sums })
    .from(d)
    .innerJoin(properties, eq(properties.id, d.propertyId))
    .where(inPeriod)
    .groupBy(d.day);
  const perListing = await db
    .select({
      id: d.propertyId,
      views: sums.views,
      phone: sums.phone,
      email: sums.email,
      line: sums.line,
      inquiries: sums.inquiries,
    })
    .from(d)
    .innerJoin(properties, eq(properties.id, d.propertyId))
    .where(inPeriod)
    .groupBy(d.propertyId);
  const counted = new Map(perListing.map((row) => [row.id, row]));
  const listings = await db
    .select({ id: properties.id, title: properties.title, status: properties.status })
    .from(properties)
    .where(eq(properties.userId, userId))
    .orderBy(desc(properties.createdAt), desc(properties.id));
  const rows = listings
    .map((listing) => {
      const row = counted.get(listing.id);
      return {
        id: listing.id,
        title: listing.title,
        status: listing.status,
        views: row?.views ?? 0,
        contact_clicks: row ? row.phone + row.email + row.line : 0,
        inquiries: row?.inquiries ?? 0,
      };
    })
    // Stable: equal views keep the newest listing first.
    .sort((a, b) => b.views - a.views);
  return { ...assemble(dayRows, first, last), listings: rows };
}
