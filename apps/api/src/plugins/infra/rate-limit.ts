import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { redactRedisUrl } from '../../config.ts';
import { HttpError } from '../../lib/errors.ts';
import {
  createMemoryRateLimitStore,
  RATE_LIMITS,
  type RateLimitName,
  type RateLimitStore,
} from '../../lib/rate-limit.ts';
import { createRedisRateLimitStore } from '../../lib/redis-rate-limit-store.ts';

export type RateLimiter = {
  /** Counts an attempt from the request's client address; 429 once over the limit. */
  byIp: (name: RateLimitName, request: FastifyRequest) => Promise<void>;
  /** Counts an attempt on an e-mail address (whoever sends it); 429 once over the limit. */
  byEmail: (name: RateLimitName, email: string) => Promise<void>;
  /** Where the counters live: this process's memory, or the Redis every node shares (REDIS_URL). */
  store: 'memory' | 'redis';
  /** Whether the shared store answers (always true for the memory store). */
  storeAnswers: () => Promise<boolean>;
};

declare module 'fastify' {
  interface FastifyInstance {
    rateLimit: RateLimiter;
  }
}

/** How long start-up waits for the first Redis connection before going on without it. */
const REDIS_CONNECT_WAIT_MS = 3_000;

export function tooManyAttempts(retryAfterSeconds: number): HttpError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const message = `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  return new HttpError(429, message, undefined, { 'Retry-After': String(retryAfterSeconds) });
}

/**
 * Per-IP and per-e-mail limits for the account and visitor calls. The counters live in Redis when
 * REDIS_URL is set (shared by every API node, ADR 009), in this process's memory otherwise (see
 * lib/rate-limit.ts).
 */
export default fp<{ store?: RateLimitStore }>(
  async (app, opts) => {
    let store: RateLimitStore;
    let storeAnswers = async () => true;
    let storeKind: RateLimiter['store'] = 'memory';
    const { redisUrl } = app.config;
    if (opts.store) {
      store = opts.store;
    } else if (redisUrl) {
      const redis = createRedisRateLimitStore({ url: redisUrl, log: app.log });
      store = redis;
      storeAnswers = () => redis.ping();
      storeKind = 'redis';
      app.log.info({ redis: redactRedisUrl(redisUrl) }, 'rate limits: shared Redis store');
      // Start-up waits briefly for Redis but never fails on it: the store counts in memory meanwhile.
      app.addHook('onReady', async () => {
        await redis.connect(REDIS_CONNECT_WAIT_MS);
      });
      app.addHook('onClose', async () => {
        await redis.close();
      });
    } else {
      store = createMemoryRateLimitStore();
    }
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
      store: storeKind,
      storeAnswers,
    } satisfies RateLimiter);
  },
  { name: 'rate-limit', dependencies: ['clock', 'config'] },
);
