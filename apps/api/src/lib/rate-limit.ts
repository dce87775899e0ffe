import { HttpError } from './errors.ts';

/** The plain 429 of a limit: the wait in minutes, and Retry-After in seconds. */
export function tooManyAttempts(retryAfterSeconds: number): HttpError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const message = `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  return new HttpError(429, message, undefined, { 'Retry-After': String(retryAfterSeconds) });
}

/** Seconds from now until a window ends, at least 1 (a Retry-After). */
export function secondsUntil(resetAt: number, now: number): number {
  return Math.max(1, Math.ceil((resetAt - now) / 1000));
}

/** A counter's state: hits in the running window, and when that window ends (caller's clock). */
export type RateWindow = { count: number; resetAt: number };

/**
 * Fixed-window counters behind a small store interface. The in-memory store suits one process;
 * several API nodes share the Redis store (`redis-rate-limit-store.ts`, REDIS_URL, ADR 009).
 */
export interface RateLimitStore {
  /**
   * Counts one hit on `key` in its current window; returns the count so far and when the window
   * ends, on the caller's clock (`nowMs`). The memory store runs its windows on `nowMs`; the Redis
   * store on Redis's key expiry (`resetAt` = `nowMs` + what Redis has left).
   */
  hit(key: string, windowMs: number, nowMs: number): Promise<RateWindow>;
  /** The count so far without adding a hit (0, ending now, when no window runs). */
  peek(key: string, nowMs: number): Promise<RateWindow>;
  /**
   * Takes one hit back (never below 0; nothing when the window has ended): a request refused with
   * 503 before it did anything counts against no limit (ADR 019).
   */
  refund(key: string, nowMs: number): Promise<void>;
}

export function createMemoryRateLimitStore(maxKeys = 100_000): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const prune = (nowMs: number) => {
    for (const [key, w] of windows) if (w.resetAt <= nowMs) windows.delete(key);
  };
  return {
    async hit(key, windowMs, nowMs) {
      let w = windows.get(key);
      if (!w || w.resetAt <= nowMs) {
        if (windows.size >= maxKeys) prune(nowMs);
        w = { count: 0, resetAt: nowMs + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return { count: w.count, resetAt: w.resetAt };
    },
    async peek(key, nowMs) {
      const w = windows.get(key);
      return w && w.resetAt > nowMs ? { count: w.count, resetAt: w.resetAt } : { count: 0, resetAt: nowMs };
    },
    async refund(key, nowMs) {
      const w = windows.get(key);
      if (w && w.resetAt > nowMs && w.count > 0) w.count -= 1;
    },
  };
}

/**
 * What services count with (plugins/infra/rate-limit.ts makes it on the shared store): a hit, a look
 * without a hit, and the store's notion of now (ms) for Retry-After.
 */
export type RateCounters = {
  hit(key: string, windowMs: number): Promise<RateWindow>;
  peek(key: string): Promise<RateWindow>;
  now(): number;
};

/**
 * Per window: attempts per client network (`perIp`: an IPv4 address or an IPv6 /64, ADR 019), per
 * e-mail address whoever sends it (`perEmail`), and per (e-mail address, network) (`perEmailNetwork`: the account
 * limits and the visitor forms' typed addresses, so one network's attempts never use up another's, ADR 019 and 059).
 */
export type RateRule = { windowMs: number; perIp: number; perEmail?: number; perEmailNetwork?: number };

const MINUTE = 60_000;

/**
 * Attempts allowed per client network, per e-mail address and per (e-mail, network) within each window.
 * The account calls and the visitor forms count per (e-mail, network); the account-wide ceilings, which slow
 * distributed guessing without refusing the owner, are in services/accounts (login-guard.ts, code-guard.ts, ADR 019).
 */
export const RATE_LIMITS = {
  // Wrong passwords only (a right one is no guess), per (e-mail, network): login-guard.ts.
  login: { windowMs: 15 * MINUTE, perIp: 30, perEmailNetwork: 10 },
  register: { windowMs: 60 * MINUTE, perIp: 10, perEmailNetwork: 5 },
  resendOtp: { windowMs: 60 * MINUTE, perIp: 20, perEmailNetwork: 3 },
  verifyOtp: { windowMs: 15 * MINUTE, perIp: 30, perEmailNetwork: 10 },
  // A reset needs one call (two with a typo); the token is checked before any hashing anyway.
  newPassword: { windowMs: 15 * MINUTE, perIp: 20, perEmailNetwork: 5 },
  // Card attempts per account and per address: stops a stolen-card tester from trying many numbers.
  cardPayment: { windowMs: 60 * MINUTE, perIp: 30, perEmail: 10 },
  // Visitor messages and viewing requests: enough for a person, too few for a spam run from one network. The typed
  // address counts per (address, network) only (ADR 059): anyone may type anyone's address, so another network's
  // attempts never refuse the person whose address it is. The mail a guest's inquiry sends that address is capped per
  // address instead (`INQUIRY_MAILS`, services/contact/inquiry-digest.ts).
  contact: { windowMs: 60 * MINUTE, perIp: 5, perEmailNetwork: 5 },
  inquiry: { windowMs: 60 * MINUTE, perIp: 10, perEmailNetwork: 10 },
  viewing: { windowMs: 60 * MINUTE, perIp: 10, perEmailNetwork: 10 },
  // The footer form and "lost the link?" (ADR 055, 058) count the typed address per (address, network) only (ADR 059):
  // their mails to it are capped per address whoever types it, without refusing (`newsletterMail`). `perEmail` is the
  // signed-in account's own (the settings' subscribe, routes/privacy): nothing else counts it, so no stranger spends it.
  newsletter: { windowMs: 60 * MINUTE, perIp: 10, perEmail: 5, perEmailNetwork: 5 },
  // Newsletter confirmation mails (ADR 055), per client network and per address a day. Past either the answer stays
  // the same and no mail goes: the form cannot mail-bomb an address. Confirming a link is never limited.
  newsletterMail: { windowMs: 24 * 60 * MINUTE, perIp: 10, perEmail: 3 },
  // PromptPay receipts per account (its e-mail) and address: a purchase needs one, a retry or two;
  // each stores an image and costs sharp work, so a script cannot pile them up for review.
  qrReceipt: { windowMs: 60 * MINUTE, perIp: 30, perEmail: 10 },
  // Listing view and contact-click beacons (ADR 017): far more than a person browsing sends, so only a
  // script is stopped; generous because many people may share one address (mobile carriers' NAT).
  beacon: { windowMs: MINUTE, perIp: 120, perEmail: 120 },
  // A person's copy of their data (PDPA, ADR 023), per account: each one reads everything they have and is recorded.
  dataExport: { windowMs: 60 * MINUTE, perIp: 30, perEmail: 10 },
  // Agency invitations per inviting account (its e-mail): each mails an address the inviter typed (ADR 037).
  agencyInvitation: { windowMs: 60 * MINUTE, perIp: 200, perEmail: 50 },
  // Agency invitations per invited address, from every agency together: one address is not mailed again and again.
  agencyInvitee: { windowMs: 24 * 60 * MINUTE, perIp: 200, perEmail: 3 },
} as const satisfies Record<string, RateRule>;

export type RateLimitName = keyof typeof RATE_LIMITS;
