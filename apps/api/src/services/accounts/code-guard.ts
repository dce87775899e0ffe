import { AUTH_ERROR_CODES, AUTH_MESSAGES, codeMailsCappedMessage } from '@baan/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { otpFailures } from '../../db/schema.ts';
import { badRequest, HttpError } from '../../lib/errors.ts';
import { type RateCounters, secondsUntil } from '../../lib/rate-limit.ts';
import { triesLimited } from './login-guard.ts';
import type { OtpRow } from './otp-codes.ts';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How guessing a 4-digit code is held without ever locking the owner out (ADR 019, replacing ADR 010's
 * account lock). Besides the per-network and per-(e-mail, network) limits on the calls (RATE_LIMITS):
 */
export const CODE_RULES = {
  /** Wrong tries one network may make on one code; the code itself is void after OTP_MAX_ATTEMPTS (5) in all. */
  triesPerCodePerNetwork: 3,
  /** Wrong codes a day on one account from networks it never proved itself on, before it counts as tried. */
  failuresPerDay: 10,
  /**
   * While it is tried: wrong codes a day each such network may enter on the account, and then only on
   * a code that network asked for (the owner's first try with the code they asked for always passes).
   */
  failuresPerNewNetwork: 1,
  windowMs: DAY_MS,
  /** Code mails to one address, whoever asks (sign-up and resend together), unless from a known network. */
  mailsPerHour: 3,
  mailsPerDay: 10,
} as const;

export type CodeTry = {
  user: { id: number };
  live: OtpRow;
  /** The requesting network's id (known-networks.ts `networkId`). */
  network: string;
  isKnownNetwork: boolean;
  now: Date;
};

type Tally = { onCode: number; account: number; fromNetwork: number; firstFromNetwork: Date | null };

/** Today's wrong codes of the account that matter for this try, in one query. */
async function tally(db: Db, attempt: Omit<CodeTry, 'user'> & { userId: number }): Promise<Tally> {
  const since = new Date(attempt.now.getTime() - CODE_RULES.windowMs);
  const fromNetwork = sql`${otpFailures.network} = ${attempt.network}`;
  const [row] = await db
    .select({
      onCode: sql<number>`count(*) filter (where ${otpFailures.codeId} = ${attempt.live.id} and ${fromNetwork})::int`,
      account: sql<number>`count(*) filter (where not ${otpFailures.knownNetwork})::int`,
      fromNetwork: sql<number>`count(*) filter (where ${fromNetwork})::int`,
      firstFromNetwork: sql<string | null>`min(${otpFailures.createdAt}) filter (where ${fromNetwork})`,
    })
    .from(otpFailures)
    .where(and(eq(otpFailures.userId, attempt.userId), gt(otpFailures.createdAt, since)));
  return {
    onCode: row?.onCode ?? 0,
    account: row?.account ?? 0,
    fromNetwork: row?.fromNetwork ?? 0,
    firstFromNetwork: row?.firstFromNetwork ? new Date(row.firstFromNetwork) : null,
  };
}

/**
 * Before a code is compared (a refused try is neither checked nor counted):
 * - 400 `voidedOtp` when this network has made its wrong tries on this code (one network alone cannot
 *   void the owner's code: it takes more than one to reach the code's 5);
 * - when the account is being tried (10 wrong codes today from networks it never proved itself on)
 *   and this is such a network: 400 `codeOtherNetwork` for a code another network asked for, and 429
 *   once this network has entered its one wrong code today. A known network passes both.
 */
export async function assertCodeTryAllowed(db: Db, attempt: CodeTry): Promise<void> {
  const t = await tally(db, { ...attempt, userId: attempt.user.id });
  if (t.onCode >= CODE_RULES.triesPerCodePerNetwork) {
    throw badRequest(AUTH_MESSAGES.voidedOtp, { otp: [AUTH_MESSAGES.voidedOtp] });
  }
  if (attempt.isKnownNetwork || t.account < CODE_RULES.failuresPerDay) return;
  if (attempt.live.network !== attempt.network) {
    throw badRequest(AUTH_MESSAGES.codeOtherNetwork, { otp: [AUTH_MESSAGES.codeOtherNetwork] });
  }
  if (t.fromNetwork >= CODE_RULES.failuresPerNewNetwork && t.firstFromNetwork) {
    const resetAt = t.firstFromNetwork.getTime() + CODE_RULES.windowMs;
    throw triesLimited(secondsUntil(resetAt, attempt.now.getTime()));
  }
}

/** After a wrong code: whether the account now counts as tried (the caller mails the owner, at most once a day). */
export async function isBeingTried(db: Db, attempt: CodeTry): Promise<boolean> {
  if (attempt.isKnownNetwork) return false;
  const t = await tally(db, { ...attempt, userId: attempt.user.id });
  return t.account >= CODE_RULES.failuresPerDay;
}

/**
 * Counts a code mail to this address, whoever asked and whether or not an account has it (so the answer
 * tells nothing): past 3 an hour or 10 a day, 429 — Baan must not become a way to mail a stranger. A
 * network the account proved itself on is never refused (its mail still counts).
 */
export async function assertCodeMailAllowed(
  counters: RateCounters,
  email: string,
  isKnownNetwork: boolean,
): Promise<void> {
  const now = counters.now();
  const address = email.trim().toLowerCase();
  for (const [window, windowMs, cap] of [
    ['h', HOUR_MS, CODE_RULES.mailsPerHour],
    ['d', DAY_MS, CODE_RULES.mailsPerDay],
  ] as const) {
    const { count, resetAt } = await counters.hit(`codeMails:${window}:${address}`, windowMs);
    if (count > cap && !isKnownNetwork) {
      const seconds = secondsUntil(resetAt, now);
      throw new HttpError(
        429,
        codeMailsCappedMessage(seconds),
        undefined,
        { 'Retry-After': String(seconds) },
        AUTH_ERROR_CODES.codeMailsCapped,
      );
    }
  }
}
