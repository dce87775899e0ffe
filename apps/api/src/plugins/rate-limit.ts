import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/errors.ts';
import { createMemoryRateLimitStore, RATE_LIMITS, type RateLimitName, type RateLimitStore } from '../lib/rate-limit.ts';

export type RateLimiter = {
  /** Counts an attempt from the request's client address; 429 once over the limit. */
  byIp: (name: RateLimitName, request: FastifyRequest) => Promise<void>;
  /** Counts an attempt on an e-mail address (whoever sends it); 429 once over the limit. */
  byEmail: (name: RateLimitName, email: string) => Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    rateLimit: RateLimiter;
  }
}

export function tooManyAttempts(retryAfterSeconds: number): HttpError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const message = `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  return new HttpError(429, message, undefined, { 'Retry-After': String(retryAfterSeconds) });
}

/** Per-IP and per-e-mail limits for the account calls (see lib/rate-limit.ts for the store). */
export default fp<{ store?: RateLimitStore }>(
  async (app, opts) => {
    const store = opts.store ?? createMemoryRateLimitStore();
    const count = async (name: RateLimitName, kind: 'ip' | 'email', subject: string) => {
      const rule = RATE_LIMITS[name];
      const now = app.clock.now().getTime();
      const limit = kind === 'ip' ? rule.perIp : rule.perEmail;
      const { count: n, resetAt } = await store.hit(`${name}:${kind}:${subject}`, rule.windowMs, now);
      if (n > limit) {
        app.log.info({ limit: name, kind }, 'rate limit reached');
        throw tooManyAttempts(Math.max(1, Math.ceil((resetAt - now) / 1000)));
      }
    };
    app.decorate('rateLimit', {
      byIp: (name, request) => count(name, 'ip', request.ip),
      byEmail: (name, email) => count(name, 'email', email.trim().toLowerCase()),
    } satisfies RateLimiter);
  },
  { name: 'rate-limit', dependencies: ['clock'] },
);
