import { DEFAULT_LANGUAGE, isLanguage } from '@baan/contract';
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { accountTriedMail, type TriedWith } from '../mail/auth-mail.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { UserRow } from './to-public-user.ts';

/** The owner hears that their account is being tried at most once in this long (ADR 019). */
export const TRIED_NOTICE_EVERY_MS = 24 * 60 * 60_000;

/**
 * Mails the owner, in their language, that someone is trying their account (wrong passwords or wrong
 * codes past the account-wide ceiling, ADR 019) — at most once a day: only the request whose
 * conditional update moves `tried_notice_at` queues the mail, however many race, in the same
 * transaction (a durable job).
 */
export async function noticeAccountTried(
  deps: { db: Db; mailer: Mailer; now: Date },
  user: Pick<UserRow, 'id' | 'email' | 'name' | 'language'>,
  triedWith: TriedWith,
): Promise<boolean> {
  const { db, now } = deps;
  const due = new Date(now.getTime() - TRIED_NOTICE_EVERY_MS);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ triedNoticeAt: now })
      .where(and(eq(users.id, user.id), or(isNull(users.triedNoticeAt), lte(users.triedNoticeAt, due))))
      .returning({ id: users.id });
    if (!row) return false;
    const language = isLanguage(user.language) ? user.language : DEFAULT_LANGUAGE;
    await deps.mailer.queue(tx, { to: user.email, ...accountTriedMail(language, user.name, triedWith) });
    return true;
  });
}
