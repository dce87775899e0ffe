import { AUTH_ERROR_CODES, codesPausedMessage, type Language } from '@baan/contract';
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { otpCodes, users } from '../../db/schema.ts';
import { HttpError } from '../../lib/errors.ts';
import { codesLockedMail } from '../mail/auth-mail.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { UserRow } from './to-public-user.ts';

/** Wrong codes an account may see in 24 hours, both kinds together, before its codes lock (ADR 010). */
export const CODE_FAILURES_PER_DAY = 10;
export const CODE_FAILURE_WINDOW_MS = 24 * 60 * 60_000;
/** How long the codes stay locked: the failures that caused it have all left the window by then. */
export const CODES_LOCK_MS = 24 * 60 * 60_000;

function lockedError(until: Date, now: Date): HttpError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new HttpError(
    429,
    codesPausedMessage(Math.ceil(seconds / 3600)),
    undefined,
    { 'Retry-After': String(seconds) },
    AUTH_ERROR_CODES.codesPaused,
  );
}

/** 429 while the account's codes are locked: none is sent or checked before Retry-After. */
export function assertCodesUnlocked(user: Pick<UserRow, 'codesLockedUntil'>, now: Date): void {
  if (user.codesLockedUntil && user.codesLockedUntil.getTime() > now.getTime()) {
    throw lockedError(user.codesLockedUntil, now);
  }
}

/**
 * Called after a wrong code. Counts the account's wrong tries on codes made in the last 24 hours
 * (a code lives 10 minutes, so that is the day's tries, across resends and both kinds); at the cap
 * it locks the account's codes for a day, voids its live ones, mails the owner once per lock and
 * answers 429.
 */
export async function lockCodesIfTooManyFailures(
  deps: { db: Db; mailer: Mailer; now: Date },
  user: UserRow,
  language: Language,
): Promise<void> {
  const { db, now } = deps;
  const since = new Date(now.getTime() - CODE_FAILURE_WINDOW_MS);
  const [tally] = await db
    .select({ failures: sql<number>`coalesce(sum(${otpCodes.attempts}), 0)::int` })
    .from(otpCodes)
    .where(and(eq(otpCodes.userId, user.id), gt(otpCodes.createdAt, since)));
  if ((tally?.failures ?? 0) < CODE_FAILURES_PER_DAY) return;

  const until = new Date(now.getTime() + CODES_LOCK_MS);
  // Only the request that sets the lock mails the owner, however many race to it.
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ codesLockedUntil: until })
      .where(and(eq(users.id, user.id), or(isNull(users.codesLockedUntil), lte(users.codesLockedUntil, now))))
      .returning({ id: users.id });
    if (!row) return false;
    await tx
      .update(otpCodes)
      .set({ consumedAt: now })
      .where(and(eq(otpCodes.userId, user.id), isNull(otpCodes.consumedAt)));
    await deps.mailer.queue(tx, { to: user.email, ...codesLockedMail(language, user.name, CODE_FAILURES_PER_DAY) });
    return true;
  });
  throw lockedError(until, now);
}
