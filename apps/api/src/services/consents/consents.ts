import { type Consent, type ConsentPurpose, type Consents, PRIVACY_NOTICE_VERSION } from '@baan/contract';
import { desc, eq, or, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { consents, newsletterSubscribers } from '../../db/schema.ts';

export type ConsentRow = typeof consents.$inferSelect;
export type ConsentSource = ConsentRow['source'];

/** Whose consents: the account's, and those given for its e-mail before it had one (the footer's newsletter form). */
export type ConsentSubject = { userId: number | null; email: string };

export const ofSubject = (subject: ConsentSubject): SQL => {
  const byEmail = eq(consents.email, subject.email.toLowerCase());
  return subject.userId === null ? byEmail : (or(eq(consents.userId, subject.userId), byEmail) as SQL);
};

/** Records a consent to the notice in force now (PRIVACY_NOTICE_VERSION). Pass the transaction of the change it belongs to. */
export async function recordConsent(
  db: Db | Tx,
  subject: ConsentSubject,
  purpose: ConsentPurpose,
  source: ConsentSource,
  now: Date,
): Promise<void> {
  await db.insert(consents).values({
    userId: subject.userId,
    email: subject.email.toLowerCase(),
    purpose,
    noticeVersion: PRIVACY_NOTICE_VERSION,
    source,
    grantedAt: now,
  });
}

export function toWireConsent(row: ConsentRow): Consent {
  return {
    purpose: row.purpose,
    notice_version: row.noticeVersion,
    source: row.source,
    granted_at: row.grantedAt.toISOString(),
    withdrawn_at: row.withdrawnAt?.toISOString() ?? null,
  };
}

/** The person's consents, newest first, and whether the newsletter goes to their address. */
export async function listConsents(db: Db | Tx, subject: ConsentSubject): Promise<Consents> {
  const [rows, subscribed] = await Promise.all([
    db.select().from(consents).where(ofSubject(subject)).orderBy(desc(consents.grantedAt), desc(consents.id)),
    db
      .select({ id: newsletterSubscribers.id })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, subject.email.toLowerCase()))
      .limit(1),
  ]);
  return { newsletter: subscribed.length > 0, items: rows.map(toWireConsent) };
}
