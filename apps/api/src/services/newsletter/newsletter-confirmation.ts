import { createHash, randomBytes } from 'node:crypto';
import { type Language, NEWSLETTER_MESSAGES as M, NEWSLETTER_CONFIRM_DAYS } from '@baan/contract';
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { newsletterPending, newsletterSubscribers } from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { newsletterConfirmationMail } from './confirmation-mail.ts';
import { subscribeNewsletter } from './subscribe-newsletter.ts';
import { queueSubscribedMail } from './unsubscribe-newsletter.ts';

const DAY_MS = 24 * 60 * 60_000;

/** Only this digest of a confirmation link's token is stored. */
export const hashNewsletterToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Whether the address is on the list already (confirmed). */
async function isSubscribed(db: Db | Tx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email))
    .limit(1);
  return row !== undefined;
}

/**
 * The footer's subscription (double opt-in, ADR 055): nothing is consented yet. Unless the address is on the list
 * already, stores a waiting subscription with the digest of a fresh token (valid NEWSLETTER_CONFIRM_DAYS) and queues
 * the mail with its link, in the form's language, in one transaction. An earlier link to the address keeps working
 * (a flood of new ones never voids the one the owner has). Returns what it did, for tests and the log only: the
 * caller answers the same in every case.
 */
export async function requestNewsletterConfirmation(
  deps: { db: Db; mailer: Mailer; publicUrl: string; now: Date },
  input: { email: string; language: Language },
): Promise<'mailed' | 'subscribed'> {
  const email = input.email.toLowerCase();
  if (await isSubscribed(deps.db, email)) return 'subscribed';
  const token = randomBytes(32).toString('base64url');
  await deps.db.transaction(async (tx) => {
    await tx.insert(newsletterPending).values({
      email,
      language: input.language,
      source: 'footer',
      tokenHash: hashNewsletterToken(token),
      createdAt: deps.now,
      expiresAt: new Date(deps.now.getTime() + NEWSLETTER_CONFIRM_DAYS * DAY_MS),
    });
    await deps.mailer.queue(tx, newsletterConfirmationMail({ email, language: input.language }, token, deps.publicUrl));
  });
  return 'mailed';
}

const gone = () => new HttpError(410, M.expiredToken);

/**
 * Confirms a footer subscription with its link's token: the address goes on the list and the consent is recorded
 * now, with the notice's version (source `footer`, ADR 023), and every waiting subscription of the address ends.
 * The token's row is taken in one statement, so a token works once however many requests race. An unknown or used
 * token is 404, an expired one 410; neither changes anything (the sweep removes expired rows). A new subscriber is
 * mailed "you are subscribed" with the unsubscribe link (ADR 058), queued in the same transaction.
 */
export async function confirmNewsletter(
  db: Db,
  token: string,
  now: Date,
  mail: { mailer: Mailer; key: Buffer; publicUrl: string },
): Promise<{ email: string }> {
  const tokenHash = hashNewsletterToken(token);
  const confirmed = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(newsletterPending)
      .where(and(eq(newsletterPending.tokenHash, tokenHash), gt(newsletterPending.expiresAt, now)))
      .returning();
    if (!row) return null;
    const added = await subscribeNewsletter(
      tx,
      { userId: null, email: row.email },
      { language: row.language, source: 'footer', now },
    );
    if (added) await queueSubscribedMail(tx, mail, row.email);
    return { email: row.email };
  });
  if (confirmed) return confirmed;
  const [expired] = await db
    .select({ id: newsletterPending.id })
    .from(newsletterPending)
    .where(eq(newsletterPending.tokenHash, tokenHash))
    .limit(1);
  throw expired ? gone() : notFound(M.unknownToken);
}

/**
 * A sign-up's newsletter choice (ADR 055): the address is not proven until the account's e-mail code is entered, so a
 * ticked newsletter waits, tied to the account, without a link of its own. A sign-up again for the same unverified
 * account replaces the earlier choice (unticked: none waits).
 */
export async function holdSignupNewsletter(
  tx: Tx,
  user: { id: number; email: string },
  choice: { language: Language } | null,
  now: Date,
): Promise<void> {
  await tx.delete(newsletterPending).where(eq(newsletterPending.userId, user.id));
  if (!choice) return;
  await tx.insert(newsletterPending).values({
    email: user.email.toLowerCase(),
    language: choice.language,
    source: 'signup',
    userId: user.id,
    tokenHash: null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + NEWSLETTER_CONFIRM_DAYS * DAY_MS),
  });
}

/**
 * The account's e-mail code (or a password reset's) was right: a newsletter ticked at sign-up becomes a subscription,
 * its consent recorded now (source `signup`). Nothing when none waits (or it expired).
 */
export async function confirmSignupNewsletter(
  db: Db,
  user: { id: number; email: string },
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(newsletterPending)
      .where(
        and(
          eq(newsletterPending.userId, user.id),
          isNull(newsletterPending.tokenHash),
          gt(newsletterPending.expiresAt, now),
        ),
      )
      .returning();
    if (!row) return false;
    await subscribeNewsletter(
      tx,
      { userId: user.id, email: user.email },
      { language: row.language, source: 'signup', now },
    );
    return true;
  });
}

/** Removes waiting subscriptions past their time (the daily `newsletter.pending-sweep` job). */
export async function sweepExpiredNewsletterPending(db: Db, now: Date): Promise<number> {
  const rows = await db
    .delete(newsletterPending)
    .where(lte(newsletterPending.expiresAt, now))
    .returning({ id: newsletterPending.id });
  return rows.length;
}
