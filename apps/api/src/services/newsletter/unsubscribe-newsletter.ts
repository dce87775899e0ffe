import { isLanguage, NEWSLETTER_MESSAGES as M, type NewsletterUnsubscribed } from '@baan/contract';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { newsletterSubscribers } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { newsletterSubscribedMail, newsletterUnsubscribeLinkMail } from './unsubscribe-mail.ts';
import { subscriberOfUnsubscribeToken } from './unsubscribe-token.ts';
import { withdrawNewsletter } from './withdraw-newsletter.ts';

type MailDeps = { mailer: Mailer; key: Buffer; publicUrl: string };

async function subscriberBy(db: Db | Tx, where: { id: number } | { email: string }) {
  const [row] = await db
    .select({
      id: newsletterSubscribers.id,
      email: newsletterSubscribers.email,
      language: newsletterSubscribers.language,
    })
    .from(newsletterSubscribers)
    .where('id' in where ? eq(newsletterSubscribers.id, where.id) : eq(newsletterSubscribers.email, where.email))
    .limit(1);
  return row ? { ...row, language: isLanguage(row.language) ? row.language : ('en' as const) } : undefined;
}

/**
 * POST /api/newsletter/unsubscribe (ADR 058): the subscriber the link's token names leaves the list, exactly as the
 * settings' withdrawal does (withdrawNewsletter: the row goes, waiting rows of the address go, every newsletter
 * consent of the address is stamped `withdrawn_at`). A second click finds no subscriber: `not_subscribed`, no error.
 * A damaged or forged token is a 400 and changes nothing.
 */
export async function unsubscribeNewsletter(
  db: Db,
  key: Buffer,
  token: string,
  now: Date,
): Promise<NewsletterUnsubscribed> {
  const id = subscriberOfUnsubscribeToken(key, token);
  if (id === null) throw badRequest(M.invalidUnsubscribeToken, { token: [M.invalidUnsubscribeToken] });
  const subscriber = await subscriberBy(db, { id });
  if (!subscriber) return { result: 'not_subscribed' };
  await withdrawNewsletter(db, { userId: null, email: subscriber.email }, now);
  return { result: 'unsubscribed' };
}

/**
 * Queues "you are subscribed" with the unsubscribe link for the address just put on the list (in the confirming
 * transaction, ADR 058).
 */
export async function queueSubscribedMail(tx: Tx, deps: MailDeps, email: string): Promise<void> {
  const subscriber = await subscriberBy(tx, { email: email.toLowerCase() });
  if (subscriber) await deps.mailer.queue(tx, newsletterSubscribedMail(deps, subscriber));
}

/**
 * "Lost the link?" (ADR 058): mails a fresh unsubscribe link when the address is on the list; nothing otherwise.
 * Returns what it did, for tests and the log only: the caller answers the same in every case.
 */
export async function requestUnsubscribeLink(
  db: Db,
  deps: MailDeps,
  email: string,
): Promise<'mailed' | 'not_subscribed'> {
  const subscriber = await subscriberBy(db, { email: email.toLowerCase() });
  if (!subscriber) return 'not_subscribed';
  await deps.mailer.queue(db, newsletterUnsubscribeLinkMail(deps, subscriber));
  return 'mailed';
}
