import { DEFAULT_LANGUAGE, isLanguage, type SavedSearchFrequency } from '@baan/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { properties, savedSearches, savedSearchHits, users } from '../../db/schema.ts';
import type { Storage } from '../../storage/storage.ts';
import { ALERT_SEND_JOB } from '../jobs/alert-jobs.ts';
import { enqueueJob } from '../jobs/queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import { loadDetails, toWireProperty } from '../properties/property-wire.ts';
import { isVisible } from '../properties/visible.ts';
import { ALERT_MAX_LISTINGS, savedSearchAlertMail } from './alert-mail.ts';
import { alertUnsubscribeToken } from './unsubscribe-token.ts';

export type AlertDeps = { db: Db; mailer: Mailer; storage: Storage; publicUrl: string; unsubscribeKey: Buffer };

/** An unsent hit whose listing a visitor may see now (a paused one waits: it is mailed if it comes back). */
const unsentVisible = and(isNull(savedSearchHits.sentAt), isVisible);

/** A list of ids as one PostgreSQL array literal (one bind parameter, however long the list). */
const idArray = (ids: readonly number[]) => `{${ids.join(',')}}`;
const anyId = (ids: readonly number[]) => sql`${properties.id} = any(${idArray(ids)}::int[])`;

/** A photo URL as a mail needs it: absolute (local storage answers `/uploads/…`). */
const absolute = (publicUrl: string, src: string | null) => (src?.startsWith('/') ? `${publicUrl}${src}` : src);

/**
 * Mails one saved search's unsent hits whose listings are still visible, newest first (at most ALERT_MAX_LISTINGS
 * listed, the rest behind the link to the search). Under a lock on the saved search, the hits are marked sent, its
 * `last_sent_at` set and the mail queued through the durable mail path in one transaction: a crash or a repeated
 * job never loses or doubles an alert. Nothing is sent for a search that no longer exists, of a disabled user, or
 * without a visible unsent hit. Returns whether a mail was queued.
 */
export async function sendSavedSearchAlert(deps: AlertDeps, savedSearchId: number, now: Date): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [search] = await tx
      .select({
        id: savedSearches.id,
        name: savedSearches.name,
        query: savedSearches.query,
        userName: users.name,
        email: users.email,
        language: users.language,
      })
      .from(savedSearches)
      .innerJoin(users, eq(users.id, savedSearches.userId))
      .where(and(eq(savedSearches.id, savedSearchId), isNull(users.disabledAt)))
      .for('update', { of: savedSearches });
    if (!search) return false;

    // The unsent hits first (their partial index), then which of those listings are visible, by primary key (a join
    // let a planner without statistics walk every active listing once per hit), newest first; only the ones the mail
    // shows are read whole. Listing ids travel as one array parameter, whatever a daily search's backlog.
    const unsent = await tx
      .select({ id: savedSearchHits.propertyId })
      .from(savedSearchHits)
      .where(and(eq(savedSearchHits.savedSearchId, savedSearchId), isNull(savedSearchHits.sentAt)));
    if (unsent.length === 0) return false;
    const visible = await tx
      .select({ id: properties.id })
      .from(properties)
      .where(and(anyId(unsent.map((h) => h.id)), isVisible))
      .orderBy(desc(properties.createdAt), desc(properties.id));
    if (visible.length === 0) return false;

    const shownIds = visible.slice(0, ALERT_MAX_LISTINGS).map((r) => r.id);
    const shown = await tx
      .select()
      .from(properties)
      .where(anyId(shownIds))
      .orderBy(desc(properties.createdAt), desc(properties.id));
    const { images } = await loadDetails(tx, shownIds);
    await tx
      .update(savedSearchHits)
      .set({ sentAt: now })
      .where(
        and(
          eq(savedSearchHits.savedSearchId, savedSearchId),
          sql`${savedSearchHits.propertyId} = any(${idArray(visible.map((r) => r.id))}::int[])`,
        ),
      );
    await tx.update(savedSearches).set({ lastSentAt: now }).where(eq(savedSearches.id, savedSearchId));
    const language = isLanguage(search.language) ? search.language : DEFAULT_LANGUAGE;
    await deps.mailer.queue(
      tx,
      savedSearchAlertMail({
        language,
        name: search.userName,
        email: search.email,
        searchName: search.name,
        query: search.query,
        listings: shown.map((p) => ({
          id: p.id,
          title: p.title,
          price: p.price,
          type: p.type,
          photo: absolute(deps.publicUrl, toWireProperty(deps.storage, p, images.get(p.id)).cover_image),
        })),
        more: visible.length - shown.length,
        publicUrl: deps.publicUrl,
        unsubscribeToken: alertUnsubscribeToken(deps.unsubscribeKey, search.id),
      }),
    );
    return true;
  });
}

/**
 * The daily or weekly run: one send job per saved search of that frequency with a visible unsent hit, all queued
 * in one transaction. Returns how many were queued.
 */
export async function enqueueDueAlerts(db: Db, frequency: SavedSearchFrequency, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: savedSearches.id })
      .from(savedSearches)
      .where(
        and(
          eq(savedSearches.frequency, frequency),
          sql`exists (select 1 from ${savedSearchHits} inner join ${properties} on ${properties.id} = ${savedSearchHits.propertyId} where ${savedSearchHits.savedSearchId} = ${savedSearches.id} and ${unsentVisible})`,
        ),
      )
      .orderBy(savedSearches.id);
    for (const search of due) await enqueueJob(tx, ALERT_SEND_JOB, { savedSearchId: search.id }, { runAt: now });
    return due.length;
  });
}
