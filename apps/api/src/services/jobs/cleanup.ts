import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobs, listingVisits } from '../../db/schema.ts';
import { addDays, bangkokDay } from '../stats/bangkok-day.ts';

/** How long a finished job's row is kept (without its payload) before the daily clean-up removes it. */
export const FINISHED_JOB_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** Removes done jobs older than the retention; dead ones stay until an admin retries them. */
export async function deleteFinishedJobs(db: Db, now: Date): Promise<number> {
  const rows = await db
    .delete(jobs)
    .where(and(eq(jobs.state, 'done'), lt(jobs.finishedAt, new Date(now.getTime() - FINISHED_JOB_RETENTION_MS))))
    .returning({ id: jobs.id });
  return rows.length;
}

/** How many Bangkok days of listing_visits are kept: today and the two before (enough for a day's counting). */
export const VISIT_RETENTION_DAYS = 2;

/**
 * Removes listing_visits rows of days before the retention (ADR 017): they only tell who was already
 * counted on their day; the day's totals stay in listing_daily_stats.
 */
export async function deleteOldVisits(db: Db, now: Date): Promise<number> {
  const cutoff = addDays(bangkokDay(now), -VISIT_RETENTION_DAYS);
  const rows = await db
    .delete(listingVisits)
    .where(lt(listingVisits.day, cutoff))
    .returning({ day: listingVisits.day });
  return rows.length;
}
