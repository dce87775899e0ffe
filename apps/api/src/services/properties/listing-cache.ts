import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';

/** The log calls the cache makes (pino's and Fastify's loggers fit). */
export type ListingCacheLog = {
  debug: (obj: object, msg: string) => void;
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/** What one node tells every node (itself included) after a write that changes what visitors see. */
export type Invalidation = {
  reason: string;
  /** The node that made the write (for the logs). */
  from: string;
  /** The primary's WAL position after the write: replica reads wait until the replica has replayed it. */
  lsn?: string;
};

/** How the cache learns where the primary's WAL is and whether the replica has caught up with it. */
export interface ReplicaProbe {
  /** The primary's current WAL position (pg_current_wal_lsn), asked right after a write. */
  primaryLsn(): Promise<string>;
  /** Whether the replica has replayed up to `lsn`; a server that is not a standby always has. */
  replayed(lsn: string): Promise<boolean>;
}

export type ListingCacheOptions = {
  /** How long a read is kept (LISTING_CACHE_TTL_MS; 0 turns caching off, not the replica routing). */
  ttlMs: number;
  /**
   * How long past its lifetime a read or page is still served while one background load refreshes it
   * (LISTING_CACHE_STALE_MS; stale-while-revalidate, issue 27). Invalidations drop stale entries too.
   */
  staleMs?: number;
  /**
   * The most bytes (about) rendered pages may hold (PAGE_CACHE_MAX_MB): pages are the largest entries, kept apart
   * from the reads and weighed with `weighPage`, so a run of distinct addresses cannot grow the process without end.
   */
  pageMaxBytes?: number;
  /** Most pages kept, whatever their size. */
  pageMaxEntries?: number;
  /** The app's clock in milliseconds (cache lifetimes follow it, so tests can move time). */
  now: () => number;
  primary: Db;
  /** The read replica's pool (DATABASE_READ_URL); without it every read goes to the primary. */
  replica?: Db;
  /** Defaults to SQL on the primary and the replica. */
  probe?: ReplicaProbe;
  log: ListingCacheLog;
  /** After the replica failed a read, reads go to the primary this long before the replica is tried again. */
  replicaRetryMs?: number;
  /** Longest pause between two "has the replica caught up?" checks. */
  maxCatchUpPollMs?: number;
  /** A catch-up that takes longer than this is logged as a warning (reads meanwhile go to the primary). */
  slowCatchUpMs?: number;
};

/**
 * What a kept page costs in memory, about: its text (one or two bytes a character), the brotli and gzip forms made on
 * demand, and its headers. Anything without a size counts as 1 KB.
 */
export function weighPage(page: unknown): number {
  const bytes = (page as { body?: { bytes?: unknown } } | null)?.body?.bytes;
  return typeof bytes === 'number' ? Math.ceil(bytes * 1.5) + 4096 : 1024;
}

/** An LSN such as "0/3000148" as one comparable number. */
export function lsnValue(lsn: string): bigint {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(lsn);
  if (!match) throw new Error(`not an LSN: ${lsn}`);
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
}

const isLsn = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9A-F]{1,8}\/[0-9A-F]{1,8}$/i.test(value);

/** Errors that say the replica is unreachable or cannot serve now, not that the query is wrong. */
const CONNECTION_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
export function isReplicaUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      // 08xxx connection exceptions, 57P0x shutdown / cannot connect now, 40001 a hot-standby query
      // cancelled by a recovery conflict (worth running again on the primary).
      if (code.startsWith('08') || code.startsWith('57P0') || code === '40001' || CONNECTION_ERRNO.has(code))
        return true;
    }
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && /Connection terminated|timeout exceeded when trying to connect/i.test(message))
      return true;
  }
  return false;
}

function sqlProbe(primary: Db, replica: Db): ReplicaProbe {
  const firstRow = async (db: Db, query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
  return {
    async primaryLsn() {
      const { lsn } = await firstRow(primary, sql`select pg_current_wal_lsn()::text as lsn`);
      if (!isLsn(lsn)) throw new Error(`pg_current_wal_lsn() answered ${String(lsn)}`);
      return lsn;
    },
    async replayed(lsn) {
      const { ok } = await firstRow(
        replica,
        sql`select case when pg_is_in_recovery() then coalesce(pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn, false) else true end as ok`,
      );
      return ok === true;
    },
  };
}

/**
 * The mechanism behind the public listing reads (their keys and loads live in listing-reads.ts):
 *
 * - a per-process read-through cache (`get`), kept `ttlMs` (ADR 005);
 * - `invalidate(reason)` after a write: this node forgets its cached reads at once and, when a
 *   channel is attached (`broadcastThrough`, Redis when REDIS_URL is set), tells every node, which
 *   forget theirs when the message arrives (`receive`; the writer hears its own message too);
 * - `read(query)`: a read-only query on the replica (DATABASE_READ_URL) when there is one, else on
 *   the primary. After a write the replica may not have it yet: the invalidation carries the
 *   primary's WAL position, and until the replica has replayed it, reads go to the primary, so a
 *   cache refilled right after an invalidation never keeps the replica's older answer. A replica
 *   that fails a read (down, restarting, a recovery conflict) is left alone for `replicaRetryMs`
 *   while the primary answers.
 */
export class ListingCache {
  readonly nodeId = randomUUID();
  /** The cached reads (GET /metrics reads their hit counts through this field's name). */
  private readonly entries: TtlCache;
  /** Rendered pages, bounded in bytes (their keys live in listing-reads.ts like every other). */
  private readonly pages: TtlCache;
  private readonly primary: Db;
  private readonly replica: Db | undefined;
  private readonly probe: ReplicaProbe | undefined;
  private readonly log: ListingCacheLog;
  private readonly replicaRetryMs: number;
  private readonly maxCatchUpPollMs: number;
  private readonly slowCatchUpMs: number;
  private publish: ((message: string) => Promise<boolean>) | undefined;
  /** The WAL position the replica must reach before it serves reads again. */
  private pendingLsn: string | undefined;
  private pendingSince = 0;
  private slowLogged = false;
  private polling = false;
  private pollTimer: NodeJS.Timeout | undefined;
  private replicaDownUntil = 0;
  private replicaDown = false;
  private closed = false;

  constructor(opts: ListingCacheOptions) {
    // Lifetimes of 90–100 % of ttlMs, so the entries a burst of visitors filled together do not all expire together.
    const refresh = {
      staleMs: opts.staleMs ?? 0,
      jitter: 0.1,
      onRefreshError: (key: string, err: unknown) =>
        opts.log.warn({ err, key }, 'listing cache: background refresh failed'),
    };
    this.entries = new TtlCache(opts.ttlMs, opts.now, 2_000, {}, refresh);
    this.pages = new TtlCache(
      opts.ttlMs,
      opts.now,
      opts.pageMaxEntries ?? 2_000,
      { weigh: weighPage, maxBytes: opts.pageMaxBytes ?? 64 * 1024 * 1024 },
      refresh,
    );
    this.primary = opts.primary;
    this.replica = opts.replica && opts.replica !== opts.primary ? opts.replica : undefined;
    this.probe = this.replica ? (opts.probe ?? sqlProbe(opts.primary, this.replica)) : undefined;
    this.log = opts.log;
    this.replicaRetryMs = opts.replicaRetryMs ?? 5_000;
    this.maxCatchUpPollMs = opts.maxCatchUpPollMs ?? 500;
    this.slowCatchUpMs = opts.slowCatchUpMs ?? 10_000;
  }

  /** Whether reads may go to a replica at all (DATABASE_READ_URL). */
  get hasReplica(): boolean {
    return this.replica !== undefined;
  }

  /** Where the next read goes: 'replica', or 'primary' (no replica, catching up, or failing). */
  readTarget(): 'replica' | 'primary' {
    if (!this.replica || this.pendingLsn !== undefined) return 'primary';
    return Date.now() < this.replicaDownUntil ? 'primary' : 'replica';
  }

  /** A cached value, or `load`'s (shared by concurrent identical calls; a failure is not kept). */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.entries.get(key, load);
  }

  /** A rendered page, or `load`'s; kept like a read, within the pages' byte bound. */
  getPage<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.pages.get(key, load);
  }

  /** Whether a page is kept (or being rendered) under `key`; counts no hit. */
  hasPage(key: string): boolean {
    return this.pages.has(key);
  }

  /** Hits and misses of this node's cache since start, entries held, and bytes (about) of pages held (GET /metrics). */
  stats(): { hits: number; misses: number; size: number; pageBytes: number } {
    const reads = this.entries.stats();
    const pages = this.pages.stats();
    return {
      hits: reads.hits + pages.hits,
      misses: reads.misses + pages.misses,
      size: reads.size + pages.size,
      pageBytes: pages.bytes,
    };
  }

  /**
   * Forgets this node's cached reads only. Writes call `invalidate` (listing-reads.ts,
   * `invalidateListings`); tests that write to the database directly call this.
   */
  clear(): void {
    this.entries.clear();
    this.pages.clear();
  }

  /** Runs a read-only query on the replica when it may serve (see the class comment), else on the primary. */
  async read<T>(query: (db: Db) => Promise<T>): Promise<T> {
    if (this.readTarget() === 'primary' || !this.replica) return query(this.primary);
    try {
      const result = await query(this.replica);
      if (this.replicaDown) {
        this.replicaDown = false;
        this.log.info({}, 'read replica answers again; listing reads go to it');
      }
      return result;
    } catch (err) {
      if (!isReplicaUnavailable(err)) throw err;
      this.replicaFailed(err);
      return query(this.primary);
    }
  }

  /** Sends every invalidation to the other nodes through `publish` as well (Redis pub/sub). */
  broadcastThrough(publish: (message: string) => Promise<boolean>): void {
    this.publish = publish;
  }

  /**
   * After a committed write that changes what visitors see: forget the cached reads here now, and
   * on every node once the message reaches it. Never throws: the write has happened; a node that
   * misses the message catches up when its entries expire.
   */
  async invalidate(reason: string): Promise<void> {
    let lsn: string | undefined;
    if (this.probe) {
      try {
        lsn = await this.probe.primaryLsn();
      } catch (err) {
        // Without the position, the replica cannot be trusted to have the write: primary for a while.
        this.replicaDownUntil = Date.now() + this.replicaRetryMs;
        this.log.warn(
          { err, retryInMs: this.replicaRetryMs },
          "listing invalidation: could not read the primary's WAL position; listing reads use the primary for a while",
        );
      }
    }
    const message: Invalidation = { reason, from: this.nodeId, ...(lsn ? { lsn } : {}) };
    this.apply(message);
    this.log.debug({ reason, lsn }, 'listing reads invalidated');
    if (this.publish) await this.publish(JSON.stringify(message));
  }

  /** A message from the shared channel (any node's, this one's included). */
  receive(raw: string): void {
    let message: Partial<Invalidation> = {};
    try {
      message = JSON.parse(raw) as Partial<Invalidation>;
    } catch {
      this.log.warn({}, 'listing invalidation: a message that is not JSON; clearing anyway');
    }
    const lsn = isLsn(message.lsn) ? message.lsn : undefined;
    this.apply({ reason: String(message.reason ?? 'unknown'), from: String(message.from ?? '?'), lsn });
    if (message.from !== this.nodeId)
      this.log.debug({ reason: message.reason, from: message.from, lsn }, 'listing reads invalidated by another node');
  }

  /** Stops the catch-up checks (the app is closing). */
  close(): void {
    this.closed = true;
    clearTimeout(this.pollTimer);
  }

  private apply(message: Invalidation): void {
    // Replica first, then the entries: a load that starts after this sees the write.
    if (message.lsn) this.waitForReplica(message.lsn);
    this.clear();
  }

  private replicaFailed(err: unknown): void {
    this.replicaDownUntil = Date.now() + this.replicaRetryMs;
    if (this.replicaDown) return;
    this.replicaDown = true;
    this.log.error(
      { err, retryInMs: this.replicaRetryMs },
      'read replica failed; listing reads go to the primary until it answers',
    );
  }

  private waitForReplica(lsn: string): void {
    if (!this.probe) return;
    if (this.pendingLsn !== undefined && lsnValue(this.pendingLsn) >= lsnValue(lsn)) return;
    if (this.pendingLsn === undefined) {
      this.pendingSince = Date.now();
      this.slowLogged = false;
    }
    this.pendingLsn = lsn;
    if (!this.polling) {
      this.polling = true;
      void this.poll(2);
    }
  }

  private async poll(delayMs: number): Promise<void> {
    const target = this.pendingLsn;
    if (this.closed || target === undefined || !this.probe) {
      this.polling = false;
      return;
    }
    let caughtUp = false;
    try {
      caughtUp = await this.probe.replayed(target);
    } catch (err) {
      this.replicaFailed(err);
    }
    if (this.closed) return;
    if (caughtUp && this.pendingLsn === target) {
      this.pendingLsn = undefined;
      this.polling = false;
      if (this.slowLogged) this.log.info({ lsn: target }, 'read replica caught up; listing reads go to it again');
      return;
    }
    if (!this.slowLogged && Date.now() - this.pendingSince > this.slowCatchUpMs) {
      this.slowLogged = true;
      this.log.warn(
        { lsn: target, behindMs: Date.now() - this.pendingSince },
        'read replica is behind the primary; listing reads go to the primary until it catches up',
      );
    }
    const next = caughtUp ? 0 : Math.min(delayMs * 2, this.maxCatchUpPollMs);
    this.pollTimer = setTimeout(() => void this.poll(next || 2), next);
    this.pollTimer.unref?.();
  }
}
