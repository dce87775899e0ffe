import { Redis } from 'ioredis';
import { createMemoryRateLimitStore, type RateLimitStore } from './rate-limit.ts';
import { redactRedisUrl } from './redact-url.ts';

/**
 * One fixed-window hit, atomically, in one round trip: INCR the counter, give it its expiry only
 * when the INCR created it (so later hits never stretch the window), and answer the count with the
 * milliseconds left. A key that somehow has no expiry (PTTL -1) gets one too, so it cannot block
 * a client forever.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

/** A counter's hits so far and the milliseconds its window has left, without counting (0, 0 when none runs). */
const PEEK_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then ttl = 0 end
return {count, ttl}
`;

/** Takes one hit back from a running window, never below 0 and never creating a key. */
const REFUND_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

/** Every counter's key starts with this, so the store can share a Redis with other uses. */
export const RATE_LIMIT_KEY_PREFIX = 'baan:rl:';

/** The log calls the store makes (pino's and Fastify's loggers fit). */
export type StoreLogger = {
  info: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

export type RedisRateLimitStoreOptions = {
  url: string;
  log: StoreLogger;
  /** A command that has not answered after this long fails (and the hit falls back). */
  commandTimeoutMs?: number;
  /** How long one connection attempt may take. */
  connectTimeoutMs?: number;
  /** After a failure, hits skip Redis (count in memory) this long, so a hung Redis slows one request, not all. */
  pauseAfterFailureMs?: number;
  /** At most one error line per this interval while Redis keeps failing. */
  errorLogIntervalMs?: number;
  keyPrefix?: string;
};

export type RedisRateLimitStore = RateLimitStore & {
  /** Waits until the first connection is up (true) or has failed or timed out (false). */
  connect(timeoutMs: number): Promise<boolean>;
  /** Whether Redis answers a PING within the command timeout. */
  ping(): Promise<boolean>;
  /** Closes the connection and stops reconnecting. */
  close(): Promise<void>;
};

type HitCommand = (key: string, windowMs: number) => Promise<[number, number]>;
type PeekCommand = (key: string) => Promise<[number, number]>;
type RefundCommand = (key: string) => Promise<number>;

/**
 * A rate-limit store in Redis that every API node shares (ADR 009).
 *
 * Time: a window is as long as Redis's key expiry says (Redis's clock, the same for all nodes);
 * `resetAt` is reported on the caller's clock as `nowMs` + the milliseconds Redis has left, so
 * Retry-After is right whatever the caller's clock says. A caller that moves its own clock (tests)
 * does not move a Redis window.
 *
 * Failure: when Redis is unreachable, slow (over `commandTimeoutMs`) or answers an error, the hit
 * is counted in this process's memory instead: the limits keep holding per node (as they did
 * before the shared store) and no request fails or hangs because of Redis. After a failure the
 * store does not ask Redis for `pauseAfterFailureMs` (or until it reconnects or answers a PING),
 * so a hung Redis costs one command timeout now and then, not one per hit. The first failure is
 * logged as an error, then at most one line per `errorLogIntervalMs`; recovery is logged once.
 */
export function createRedisRateLimitStore(opts: RedisRateLimitStoreOptions): RedisRateLimitStore {
  const commandTimeoutMs = opts.commandTimeoutMs ?? 500;
  const errorLogIntervalMs = opts.errorLogIntervalMs ?? 60_000;
  const pauseAfterFailureMs = opts.pauseAfterFailureMs ?? 2_000;
  const prefix = opts.keyPrefix ?? RATE_LIMIT_KEY_PREFIX;
  const where = redactRedisUrl(opts.url);
  const fallback = createMemoryRateLimitStore();

  const client = new Redis(opts.url, {
    lazyConnect: true,
    connectTimeout: opts.connectTimeoutMs ?? 2_000,
    commandTimeout: commandTimeoutMs,
    // No queue while disconnected: a command fails at once and the hit falls back to memory.
    enableOfflineQueue: false,
    // A command in flight when the connection drops fails instead of waiting for a reconnect.
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    // Reconnect quickly at first, then every 2 s for as long as it takes.
    retryStrategy: (times) => Math.min(times * 100, 2_000),
    // RESP2: the script answers plain integers either way, and any Redis from 2.6 on speaks it.
    protocol: 2,
    connectionName: 'baan-rate-limit',
    // How long a closed connection's socket may linger (ioredis's default 2 s keeps a timer alive).
    disconnectTimeout: 200,
  });
  client.defineCommand('baanRateLimitHit', { lua: HIT_SCRIPT, numberOfKeys: 1 });
  client.defineCommand('baanRateLimitPeek', { lua: PEEK_SCRIPT, numberOfKeys: 1 });
  client.defineCommand('baanRateLimitRefund', { lua: REFUND_SCRIPT, numberOfKeys: 1 });
  const commands = client as unknown as {
    baanRateLimitHit: HitCommand;
    baanRateLimitPeek: PeekCommand;
    baanRateLimitRefund: RefundCommand;
  };

  let failing = false;
  let skipRedisUntil = 0;
  let lastErrorLogAt = Number.NEGATIVE_INFINITY;
  let suppressed = 0;
  let closed = false;
  const failed = (err: unknown) => {
    if (closed) return;
    const now = Date.now();
    if (now - lastErrorLogAt >= errorLogIntervalMs) {
      opts.log.error(
        { err, redis: where, suppressed },
        'rate-limit store: Redis failed; counting in this process until it answers again',
      );
      lastErrorLogAt = now;
      suppressed = 0;
    } else {
      suppressed += 1;
    }
    failing = true;
    skipRedisUntil = now + pauseAfterFailureMs;
  };
  const answered = () => {
    skipRedisUntil = 0;
    if (!failing) return;
    failing = false;
    lastErrorLogAt = Number.NEGATIVE_INFINITY;
    suppressed = 0;
    opts.log.info({ redis: where }, 'rate-limit store: Redis answers again');
  };
  // Connection errors arrive as events too; unhandled they would be printed by ioredis.
  client.on('error', failed);
  client.on('ready', answered);

  const firstConnect = client.connect().then(
    () => {
      opts.log.info({ redis: where }, 'rate-limit store: connected to Redis');
      return true;
    },
    (err: unknown) => {
      failed(err);
      return false;
    },
  );

  return {
    async hit(key, windowMs, nowMs) {
      if (Date.now() < skipRedisUntil) return fallback.hit(key, windowMs, nowMs);
      try {
        const [count, ttl] = await commands.baanRateLimitHit(prefix + key, Math.max(1, Math.round(windowMs)));
        answered();
        return { count, resetAt: nowMs + Math.max(0, ttl) };
      } catch (err) {
        failed(err);
        return fallback.hit(key, windowMs, nowMs);
      }
    },
    async peek(key, nowMs) {
      if (Date.now() < skipRedisUntil) return fallback.peek(key, nowMs);
      try {
        const [count, ttl] = await commands.baanRateLimitPeek(prefix + key);
        answered();
        return { count, resetAt: nowMs + ttl };
      } catch (err) {
        failed(err);
        return fallback.peek(key, nowMs);
      }
    },
    async refund(key, nowMs) {
      // The hit may have been counted in memory while Redis failed; taking it back there too is harmless.
      await fallback.refund(key, nowMs);
      if (Date.now() < skipRedisUntil) return;
      try {
        await commands.baanRateLimitRefund(prefix + key);
        answered();
      } catch (err) {
        failed(err);
      }
    },
    connect(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      return Promise.race([firstConnect, timeout]).finally(() => clearTimeout(timer));
    },
    async ping() {
      try {
        const ok = (await client.ping()) === 'PONG';
        if (ok) answered();
        return ok;
      } catch (err) {
        failed(err);
        return false;
      }
    },
    async close() {
      closed = true;
      if (client.status === 'ready') {
        // QUIT lets Redis answer what is in flight; the command timeout bounds it.
        await client.quit().catch(() => undefined);
      }
      client.disconnect(false);
    },
  };
}
