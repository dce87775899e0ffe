import { AUTH_ERROR_CODES, triesLimitedMessage } from '@baan/contract';
import { HttpError } from '../../lib/errors.ts';
import { RATE_LIMITS, type RateCounters, secondsUntil, tooManyAttempts } from '../../lib/rate-limit.ts';

const DAY_MS = 24 * 60 * 60_000;

/**
 * How password guessing is held (ADR 019). `RATE_LIMITS.login` holds each network (30 tries in 15
 * minutes over all e-mails) and each (account, network) pair (10 wrong passwords in 15 minutes), so one
 * network's wrong passwords never use up another's. Past that, an account-wide ceiling stops
 * distributed guessing without ever refusing the owner's first try from a new network:
 */
export const LOGIN_CEILING = {
  /** Wrong passwords a day on one account from networks it never proved itself on, before it counts as tried. */
  failuresPerDay: 20,
  /** While it is tried: tries a day each such network gets on the account (the owner's first always passes). */
  triesPerNewNetwork: 3,
  windowMs: DAY_MS,
} as const;

export type LoginAttempt = {
  counters: RateCounters;
  /** The e-mail as typed (lower-cased): accounts that do not exist are counted the same way. */
  email: string;
  /** The client network (lib/client-network.ts), in clear: the counters live at most a window. */
  network: string;
  /** Whether the account proved itself from this network before (known-networks.ts), or from this device. */
  isKnownNetwork: boolean;
  /**
   * The row id of a live device token of this account the login carries (device-tokens.ts): its wrong passwords
   * count for that device alone, not for the (account, network) pair others on the network may have spent.
   */
  device?: number;
};

const keys = (a: LoginAttempt) => ({
  failures: a.device === undefined ? `login:fail:${a.email}:${a.network}` : `login:fail-device:${a.device}`,
  accountFailures: `login:acct-fail:${a.email}`,
  triedTries: `login:tried:${a.email}:${a.network}`,
});

/** The 429 of the account-wide ceilings, passwords and codes alike: the wait in hours, Retry-After in seconds. */
export function triesLimited(retryAfterSeconds: number): HttpError {
  return new HttpError(
    429,
    triesLimitedMessage(Math.max(1, Math.ceil(retryAfterSeconds / 3600))),
    undefined,
    { 'Retry-After': String(retryAfterSeconds) },
    AUTH_ERROR_CODES.triesLimited,
  );
}

/**
 * Before the password is checked (so a refused try costs no hash): 429 when this (account, network)
 * pair (or this device of the account) has used its wrong passwords, or when the account is being tried and this network, which the
 * account never proved itself on, has had its few tries today. A network the account logged in from
 * passes the account-wide ceiling; its own pair limit still holds.
 */
export async function assertLoginAllowed(attempt: LoginAttempt): Promise<void> {
  const { counters } = attempt;
  const k = keys(attempt);
  const now = counters.now();
  const own = await counters.peek(k.failures);
  if (own.count >= RATE_LIMITS.login.perEmailNetwork) throw tooManyAttempts(secondsUntil(own.resetAt, now));
  if (attempt.isKnownNetwork) return;
  const account = await counters.peek(k.accountFailures);
  if (account.count < LOGIN_CEILING.failuresPerDay) return;
  // Tried: each new network gets a few tries a day. Counted now (a 503 takes it back), so racing
  // requests from one network cannot all slip through before the first answer.
  const tries = await counters.hit(k.triedTries, LOGIN_CEILING.windowMs);
  if (tries.count > LOGIN_CEILING.triesPerNewNetwork) throw triesLimited(secondsUntil(tries.resetAt, now));
}

/**
 * After a wrong password (or an unknown e-mail): counts it for the pair and, from a network the
 * account never proved itself on, for the account. Returns whether the account is now being tried
 * (the caller mails the owner, at most once a day).
 */
export async function recordLoginFailure(attempt: LoginAttempt): Promise<boolean> {
  const { counters } = attempt;
  const k = keys(attempt);
  await counters.hit(k.failures, RATE_LIMITS.login.windowMs);
  if (attempt.isKnownNetwork) return false;
  const account = await counters.hit(k.accountFailures, LOGIN_CEILING.windowMs);
  return account.count >= LOGIN_CEILING.failuresPerDay;
}
