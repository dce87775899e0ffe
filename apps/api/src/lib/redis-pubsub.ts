import { Redis, type RedisOptions } from 'ioredis';
import { redactRedisUrl } from './redact-url.ts';
import type { StoreLogger } from './redis-rate-limit-store.ts';

export type RedisChannelOptions = {
  url: string;
  /** The Redis channel; every node that names the same one hears every message. */
  channel: string;
  log: StoreLogger;
  /** Each message published on the channel, by any node, this one included. */
  onMessage: (message: string) => void;
  /**
   * Called each time the subscription is (re)established, after Redis confirmed it: messages
   * published while this node was not subscribed are lost, so what they would have told it to
   * forget should be forgotten now.
   */
  onSubscribed?: () => void;
  /** A PUBLISH that has not answered after this long fails (and is logged). */
  commandTimeoutMs?: number;
  /** At most one error line per this interval while Redis keeps failing. */
  errorLogIntervalMs?: number;
  /** Names both connections in CLIENT LIST (`<name>-sub`, `<name>-pub`). */
  connectionName?: string;
};

export type RedisChannel = {
  /** Publishes a message; false (logged, never thrown) when Redis did not take it. */
  publish(message: string): Promise<boolean>;
  /** Waits until the first subscription is confirmed (true) or the time is up (false). */
  connect(timeoutMs: number): Promise<boolean>;
  /** Whether the subscriber connection is subscribed right now. */
  subscribed(): boolean;
  /** Closes both connections and stops reconnecting. */
  close(): Promise<void>;
};

/**
 * A Redis pub/sub channel shared by every API node: one connection subscribes (and subscribes
 * again after every reconnect, then calls `onSubscribed`), another publishes. Nothing here fails a
 * request: a publish that Redis does not take is logged and answered `false`; the subscriber
 * reconnects forever, every 2 s at most.
 */
export function createRedisChannel(opts: RedisChannelOptions): RedisChannel {
  const where = redactRedisUrl(opts.url);
  const name = opts.connectionName ?? 'baan-channel';
  const errorLogIntervalMs = opts.errorLogIntervalMs ?? 60_000;
  const common: RedisOptions = {
    lazyConnect: true,
    connectTimeout: 2_000,
    // Reconnect quickly at first, then every 2 s for as long as it takes.
    retryStrategy: (times) => Math.min(times * 100, 2_000),
    protocol: 2,
    disconnectTimeout: 200,
  };
  // Subscribed again by hand on every 'ready', so onSubscribed runs only once Redis confirmed it.
  const sub = new Redis(opts.url, { ...common, autoResubscribe: false, connectionName: `${name}-sub` });
  const pub = new Redis(opts.url, {
    ...common,
    connectionName: `${name}-pub`,
    commandTimeout: opts.commandTimeoutMs ?? 500,
    // No queue while disconnected: a publish fails at once rather than waiting for Redis.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
  });

  let closed = false;
  let isSubscribed = false;
  // Per connection, so one connection's errors never hide the other's.
  const lastErrorLogAt = { sub: Number.NEGATIVE_INFINITY, pub: Number.NEGATIVE_INFINITY };
  // Per connection: whether it failed since it last worked (recovery is logged once).
  const failing = { sub: false, pub: false };
  const failed = (err: unknown, what: string, connection: 'sub' | 'pub' = 'sub') => {
    if (closed) return;
    failing[connection] = true;
    const now = Date.now();
    if (now - lastErrorLogAt[connection] < errorLogIntervalMs) return;
    lastErrorLogAt[connection] = now;
    opts.log.error({ err, redis: where, channel: opts.channel }, `redis channel: ${what}`);
  };
  sub.on('error', (err) => failed(err, 'the subscriber connection failed; it reconnects'));
  pub.on('error', (err) => failed(err, 'the publisher connection failed; it reconnects', 'pub'));
  pub.on('ready', () => {
    if (!failing.pub || closed) return;
    failing.pub = false;
    lastErrorLogAt.pub = Number.NEGATIVE_INFINITY;
    opts.log.info({ redis: where, channel: opts.channel }, 'redis channel: publisher connected again');
  });
  sub.on('close', () => {
    isSubscribed = false;
  });
  sub.on('message', (channel: string, message: string) => {
    if (channel === opts.channel) opts.onMessage(message);
  });

  let resolveFirst: (ok: boolean) => void = () => {};
  const firstSubscription = new Promise<boolean>((resolve) => {
    resolveFirst = resolve;
  });
  sub.on('ready', () => {
    sub.subscribe(opts.channel).then(
      () => {
        if (closed) return;
        isSubscribed = true;
        if (failing.sub) {
          failing.sub = false;
          lastErrorLogAt.sub = Number.NEGATIVE_INFINITY;
          opts.log.info({ redis: where, channel: opts.channel }, 'redis channel: subscribed again');
        } else {
          opts.log.info({ redis: where, channel: opts.channel }, 'redis channel: subscribed');
        }
        opts.onSubscribed?.();
        resolveFirst(true);
      },
      (err: unknown) => failed(err, 'SUBSCRIBE failed'),
    );
  });
  sub.connect().catch((err: unknown) => failed(err, 'could not connect the subscriber; it keeps trying'));
  pub.connect().catch((err: unknown) => failed(err, 'could not connect the publisher; it keeps trying', 'pub'));

  return {
    async publish(message) {
      if (closed) return false;
      try {
        await pub.publish(opts.channel, message);
        return true;
      } catch (err) {
        failed(err, 'PUBLISH failed; other nodes see the change when their cache expires', 'pub');
        return false;
      }
    },
    connect(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      return Promise.race([firstSubscription, timeout]).finally(() => clearTimeout(timer));
    },
    subscribed: () => isSubscribed,
    async close() {
      closed = true;
      isSubscribed = false;
      resolveFirst(false);
      for (const client of [pub, sub]) {
        if (client.status === 'ready') await client.quit().catch(() => undefined);
        client.disconnect(false);
      }
    },
  };
}
