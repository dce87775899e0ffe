import { DEFAULT_LANGUAGE, isLanguage } from '@baan/contract';
import { and, asc, desc, eq, gte, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listingDailyStats, ownerReports, properties, users } from '../../db/schema.ts';
import { enqueueJob } from '../jobs/queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import { addDays } from '../stats/bangkok-day.ts';
import { REPORT_MAX_LISTINGS, type ReportListing, type WeekFigures, weeklyReportMail } from './report-mail.ts';
import { unsubscribeQuery } from './unsubscribe.ts';

/** The scheduled run (Monday 08:00 Bangkok) and the job that mails one owner. */
export const WEEKLY_REPORTS_JOB = 'reports.weekly';
export const OWNER_REPORT_JOB = 'reports.owner';

/** Who gets a report: verified, not disabled, the report on, and at least one active, approved listing. */
const wantsReport = and(
  eq(users.weeklyReport, true),
  isNull(users.disabledAt),
  isNotNull(users.emailVerifiedAt),
  sql`exists (select 1 from ${properties} where ${properties.userId} = ${users.id} and ${properties.status} = 'active' and ${properties.review} = 'approved')`,
);

/**
 * The scheduled run: one job per owner who gets a report, all queued in one transaction. `week` is the
 * Monday (Bangkok) the report runs on; it covers the 7 days before it. Returns how many were queued.
 */
export async function enqueueWeeklyReports(db: Db, week: string, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const owners = await tx.select({ id: users.id }).from(users).where(wantsReport).orderBy(asc(users.id));
    for (const owner of owners) {
      await enqueueJob(tx, OWNER_REPORT_JOB, { userId: owner.id, week }, { runAt: now });
    }
    return owners.length;
  });
}

export type OwnerReportDeps = { db: Db; mailer: Mailer; publicUrl: string; unsubscribeKey: Buffer };

const zero = (): WeekFigures => ({ views: 0, clicks: 0, inquiries: 0 });

/**
 * One owner's report for the week: recorded in owner_reports and its mail queued in one transaction, so a
 * second run for the same owner and week (the schedule retried, the job repeated after a crash) sends
 * nothing more. An owner who has since turned the report off, or has no active listing left, gets none.
 * Returns whether a mail was queued.
 */
export async function sendOwnerReport(deps: OwnerReportDeps, userId: number, week: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ id: users.id, name: users.name, email: users.email, language: users.language })
      .from(users)
      .where(and(eq(users.id, userId), wantsReport));
    if (!owner) return false;
    const [first] = await tx.insert(ownerReports).values({ userId, week }).onConflictDoNothing().returning();
    if (!first) return false;

    const from = addDays(week, -7);
    const to = addDays(week, -1);
    const previousFrom = addDays(week, -14);
    const d = listingDailyStats;
    const inWeek = (start: string, end: string) => sql`${d.day} >= ${start} and ${d.day} <= ${end}`;
    const sum = (column: unknown, start: string, end: string) =>
      sql<number>`coalesce(sum(${column}) filter (where ${inWeek(start, end)}), 0)::int`;
    const clicks = sql`${d.clicksPhone} + ${d.clicksEmail} + ${d.clicksLine}`;
    const rows = await tx
      .select({
        id: properties.id,
        title: properties.title,
        views: sum(d.views, from, to),
        clicks: sum(clicks, from, to),
        inquiries: sum(d.inquiries, from, to),
        previousViews: sum(d.views, previousFrom, addDays(from, -1)),
        previousClicks: sum(clicks, previousFrom, addDays(from, -1)),
        previousInquiries: sum(d.inquiries, previousFrom, addDays(from, -1)),
      })
      .from(properties)
      .leftJoin(d, and(eq(d.propertyId, properties.id), gte(d.day, previousFrom), lte(d.day, to)))
      .where(and(eq(properties.userId, userId), eq(properties.status, 'active'), eq(properties.review, 'approved')))
      .groupBy(properties.id, properties.title, properties.createdAt)
      .orderBy(desc(properties.createdAt), desc(properties.id));

    // Most viewed first; equal views keep the newest listing first (a stable sort).
    const listings: ReportListing[] = rows.map((r) => ({
      id: r.id,
      title: r.title,
      current: { views: r.views, clicks: r.clicks, inquiries: r.inquiries },
      previous: { views: r.previousViews, clicks: r.previousClicks, inquiries: r.previousInquiries },
    }));
    listings.sort((a, b) => b.current.views - a.current.views);
    const total = { current: zero(), previous: zero() };
    for (const listing of listings) {
      for (const key of ['views', 'clicks', 'inquiries'] as const) {
        total.current[key] += listing.current[key];
        total.previous[key] += listing.previous[key];
      }
    }
    const shown = listings.slice(0, REPORT_MAX_LISTINGS);
    const mail = weeklyReportMail({
      language: isLanguage(owner.language) ? owner.language : DEFAULT_LANGUAGE,
      name: owner.name,
      email: owner.email,
      from,
      to,
      listings: shown,
      more: listings.length - shown.length,
      total,
      publicUrl: deps.publicUrl,
      unsubscribeQuery: unsubscribeQuery(deps.unsubscribeKey, owner.id),
    });
    await deps.mailer.queue(tx, mail);
    return true;
  });
}
