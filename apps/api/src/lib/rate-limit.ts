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
  hit(key: string, windowMs: number, nowMs: number): Promise<{ count: number; resetAt: number }>;
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
  };
}

export type RateRule = { windowMs: number; perIp: number; perEmail: number };

const MINUTE = 60_000;

/** Attempts allowed per client address and per e-mail address within each window. */
export const RATE_LIMITS = {
  login: { windowMs: 15 * MINUTE, perIp: 30, perEmail: 10 },
  register: { windowMs: 60 * MINUTE, perIp: 10, perEmail: 5 },
  resendOtp: { windowMs: 60 * MINUTE, perIp: 20, perEmail: 5 },
  verifyOtp: { windowMs: 15 * MINUTE, perIp: 30, perEmail: 10 },
  // A reset needs one call (two with a typo); the token is checked before any hashing anyway.
  newPassword: { windowMs: 15 * MINUTE, perIp: 20, perEmail: 5 },
  // Card attempts per account and per address: stops a stolen-card tester from trying many numbers.
  cardPayment: { windowMs: 60 * MINUTE, perIp: 30, perEmail: 10 },
  // Visitor messages: enough for a person, too few for a spam run from one address.
  contact: { windowMs: 60 * MINUTE, perIp: 5, perEmail: 5 },
  inquiry: { windowMs: 60 * MINUTE, perIp: 10, perEmail: 10 },
  newsletter: { windowMs: 60 * MINUTE, perIp: 10, perEmail: 5 },
  // PromptPay receipts per account (its e-mail) and address: a purchase needs one, a retry or two;
  // each stores an image and costs sharp work, so a script cannot pile them up for review.
  qrReceipt: { windowMs: 60 * MINUTE, perIp: 30, perEmail: 10 },
  // Listing view and contact-click beacons (ADR 017): far more than a person browsing sends, so only a
  // script is stopped; generous because many people may share one address (mobile carriers' NAT).
  beacon: { windowMs: MINUTE, perIp: 120, perEmail: 120 },
  // A person's copy of their data (PDPA, ADR 023), per account: each one reads everything they have and is recorded.
  dataExport: { windowMs: 60 * MINUTE, perIp: 30, perEmail: 10 },
} as const satisfies Record<string, RateRule>;

export type RateLimitName = keyof typeof RATE_LIMITS;
