import type { Db, Tx } from '../../db/client.ts';
import { enqueueJob } from './queue.ts';

/** Matches one listing that just went live against the saved searches (payload {listingId, liveAt}). */
export const ALERT_MATCH_JOB = 'alerts.match';
/** Mails one saved search's unsent hits (payload {savedSearchId}). */
export const ALERT_SEND_JOB = 'alerts.send';
/** The schedules (also their job kinds): daily 08:00 Bangkok, weekly Monday 08:00 Bangkok. */
export const ALERT_DAILY_JOB = 'alerts.daily';
export const ALERT_WEEKLY_JOB = 'alerts.weekly';
/** Writes the match columns of saved searches stored before they existed (ADR 042). */
export const ALERT_INDEX_JOB = 'alerts.index';

/**
 * A listing went live (created and approved at once, approved by an admin, or set back to active by its owner):
 * queues the match in the transaction of that change, so it happens exactly when the change commits. `now` is the
 * moment it went live: only saved searches created by then are matched.
 */
export async function queueListingAlerts(tx: Db | Tx, listingId: number, now: Date): Promise<void> {
  await enqueueJob(tx, ALERT_MATCH_JOB, { listingId, liveAt: now.toISOString() }, { runAt: now });
}

/** The most listings one `alerts.match` job matches (an import's batch: payload {listingIds, liveAt}). */
export const ALERT_MATCH_BATCH = 100;

/** Many listings that went live together (an import's batch, ADR 038): one match job for them all. */
export async function queueListingsAlerts(tx: Db | Tx, listingIds: readonly number[], now: Date): Promise<void> {
  for (let i = 0; i < listingIds.length; i += ALERT_MATCH_BATCH)
    await enqueueJob(
      tx,
      ALERT_MATCH_JOB,
      { listingIds: listingIds.slice(i, i + ALERT_MATCH_BATCH), liveAt: now.toISOString() },
      { runAt: now },
    );
}
