import { CHALLENGE_HEADERS } from '@baan/contract';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  challengeBits,
  challengeInvalid,
  challengeRequired,
  checkSolution,
  issueChallenge,
} from '../../lib/burst-challenge.ts';
import { requestNetwork } from '../../lib/client-network.ts';
import {
  createMemoryRateLimitStore,
  RATE_LIMITS,
  type RateCounters,
  type RateLimitName,
  type RateLimitStore,
  type RateRule,
  tooManyAttempts,
} from '../../lib/rate-limit.ts';
import { redactRedisUrl } from '../../lib/redact-url.ts';
import { createRedisRateLimitStore } from '../../lib/redis-rate-limit-store.ts';

export type RateLimiter = {
  /** Counts an attempt from the request's client network (IPv4 /32, IPv6 /64); 429 once over the limit. */
  byIp: (name: RateLimitName, request: FastifyRequest) => Promise<void>;
  /** Counts an attempt on an e-mail address (whoever sends it); 429 once over the limit. */
  byEmail: (name: RateLimitName, email: string, request?: FastifyRequest) => Promise<void>;
  /**
   * Counts an attempt on an e-mail address from the request's network only (`perEmailNetwork`), so an
   * attacker elsewhere spends their own quota, never the owner's (ADR 019); 429 once over the limit.
   */
  byEmailNetwork: (name: RateLimitName, email: string, request: FastifyRequest) => Promise<void>;
  /**
   * Raw counters on the same store for rules that are not a plain limit (ceilings, caps): hits made
   * for a request are taken back when it is answered 503.
   */
  counters: (request?: FastifyRequest) => RateCounters;
  /**
   * Counts one of the calls attackers flood for the request's network and, past the burst
   * (`config.challenge`), answers 429 `challenge_required` with a proof-of-work challenge unless the request
   * carries a solution; a solution that is forged, another network's, expired, used or wrong is a 400
   * `challenge_invalid`. Call it where the call's work starts, after its cheap checks (ADR 019).
   */
  challengeBurst: (request: FastifyRequest) => Promise<void>;
  /** Where the counters live: this process's memory, or the Redis every node shares (REDIS_URL). */
  store: 'memory' | 'redis';
  /** Whether the shared store answers (always true for the memory store). */
  storeAnswers: () => Promise<boolean>;
};

declare module 'fastify' {
  interface FastifyInstance {
    rateLimit: RateLimiter;
  }
  interface FastifyRequest {
    /** Counter keys this request has hit, taken back if it is answered 503. */
    rateLimitHits?: string[];
  }
}

/** How long start-up waits for the first Redis connection before going on without it. */
const REDIS_CONNECT_WAIT_MS = 3_000;

const normalEmail = (email: string) => email.trim().toLowerCase();

/**
 * Per-network and per-e-mail limits for the account and visitor calls. The counters live in Redis when
 * REDIS_URL is set (shared by every API node, ADR 009), in this process's memory otherwise (see
 * lib/rate-limit.ts). A request answered 503 (the password-hashing line was full: it did nothing)
 * counts against no limit: its hits are taken back before the answer leaves (ADR 019).
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
    const counters = (request?: FastifyRequest): RateCounters => ({
      async hit(key, windowMs) {
        const result = await store.hit(key, windowMs, app.clock.now().getTime());
        if (request) {
          request.rateLimitHits ??= [];
          request.rateLimitHits.push(key);
        }
        return result;
      },
      peek: (key) => store.peek(key, app.clock.now().getTime()),
      now: () => app.clock.now().getTime(),
    });
    const count = async (
      name: RateLimitName,
      kind: 'ip' | 'email' | 'email-net',
      subject: string,
      request: FastifyRequest | undefined,
    ) => {
      const rule: RateRule = RATE_LIMITS[name];
      const limit = kind === 'ip' ? rule.perIp : kind === 'email' ? rule.perEmail : rule.perEmailNetwork;
      if (limit === undefined) throw new Error(`rate limit ${name} has no ${kind} rule`);
      const now = app.clock.now().getTime();
      const { count: n, resetAt } = await counters(request).hit(`${name}:${kind}:${subject}`, rule.windowMs);
      if (n > limit) {
        app.log.info({ limit: name, kind }, 'rate limit reached');
        throw tooManyAttempts(Math.max(1, Math.ceil((resetAt - now) / 1000)));
      }
    };
    app.decorate('rateLimit', {
      byIp: (name, request) => count(name, 'ip', requestNetwork(request), request),
      byEmail: (name, email, request) => count(name, 'email', normalEmail(email), request),
      byEmailNetwork: (name, email, request) =>
        count(name, 'email-net', `${normalEmail(email)}:${requestNetwork(request)}`, request),
      counters,
      challengeBurst: async (request) => {
        const rules = app.config.challenge;
        if (rules.burst === 0) return;
        const network = requestNetwork(request);
        const count = counters(request);
        const burst = await count.hit(`challenge:burst:${network}`, rules.windowMs);
        const solution = request.headers[CHALLENGE_HEADERS.solution];
        if (solution !== undefined) {
          const check = checkSolution(app.challengeKey, network, String(solution), app.clock.now().getTime());
          if (!check.ok) {
            request.log.info({ problem: check.problem }, 'challenge solution refused');
            throw challengeInvalid();
          }
          // Spent once it is used; a request answered 503 gives it back (onSend below), so it can be sent again.
          const used = await count.hit(`challenge:used:${check.id}`, rules.ttlMs);
          if (used.count > 1) {
            request.log.info({ problem: 'used' }, 'challenge solution refused');
            throw challengeInvalid();
          }
          return;
        }
        const bits = challengeBits(rules, burst.count);
        if (bits === 0) return;
        app.log.info({ bits }, 'burst from one network: challenged');
        throw challengeRequired(
          issueChallenge(app.challengeKey, network, bits, app.clock.now().getTime() + rules.ttlMs),
          bits,
        );
      },
      store: storeKind,
      storeAnswers,
    } satisfies RateLimiter);

    // A request refused with 503 did nothing: whatever it counted is taken back before the answer goes.
    app.addHook('onSend', async (request, reply) => {
      const hits = request.rateLimitHits;
      if (!hits?.length || reply.statusCode !== 503) return;
      request.rateLimitHits = [];
      const now = app.clock.now().getTime();
      await Promise.all(hits.map((key) => store.refund(key, now)));
    });
  },
  { name: 'rate-limit', dependencies: ['clock', 'config', 'auth'] },
);
