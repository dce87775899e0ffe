type Entry = {
  /** Fresh until this time (the app's clock). */
  expires: number;
  value: Promise<unknown>;
  bytes: number;
  /** The load has answered (a stale entry is served only once it has). */
  settled: boolean;
  /** A refresh of this stale entry is under way. */
  refreshing: boolean;
};

export type TtlCacheSize = {
  /** How many bytes (about) a loaded value holds: with it and `maxBytes`, the cache stays under that many. */
  weigh?: (value: unknown) => number;
  maxBytes?: number;
};

export type TtlCacheRefresh = {
  /**
   * How long past its lifetime an entry is still served while one background load replaces it
   * (stale-while-revalidate). 0: an expired entry is loaded again while the reader waits.
   */
  staleMs?: number;
  /**
   * Each lifetime is shortened by up to this share of `ttlMs`, at random, so entries made together (a deploy, a
   * clear()) do not expire together. 0.1: lifetimes of 90–100 % of `ttlMs`.
   */
  jitter?: number;
  /** Where the jitter's randomness comes from (tests give a fixed one). */
  random?: () => number;
  /** A background refresh failed: the stale value stays until its stale time is up, and the next read tries again. */
  onRefreshError?: (key: string, error: unknown) => void;
};

/**
 * A small read-through cache with a time-to-live: identical reads within `ttlMs` share one
 * answer, and concurrent identical reads share one load. Entries are per process; writers call
 * `clear()` so this process sees their change at once, and other processes within `ttlMs`
 * (plus `staleMs`, when set) unless the clear is broadcast to them.
 * With `staleMs`, a read of an entry that expired less than `staleMs` ago gets the old value at once and starts one
 * background load that replaces it, so no reader waits for a render that many readers want at the same moment
 * (issue 27, "no stampede"). `clear()` drops stale entries too and discards refreshes under way: after a write,
 * nothing older than the write is served.
 * It keeps at most `maxEntries` entries and, when given `weigh` and `maxBytes`, at most about
 * `maxBytes` of loaded values: past either, the oldest entries go first.
 */
export class TtlCache {
  private readonly entries = new Map<string, Entry>();
  /** Reads answered from the cache (a load in flight and a stale value count), reads that had to load, and background refreshes started (GET /metrics). */
  private readonly counts = { hits: 0, misses: 0, refreshes: 0 };
  private bytes = 0;
  /** Bumped by clear(): a load started before it must not store its (older) answer after it. */
  private generation = 0;
  private readonly staleMs: number;
  private readonly jitter: number;
  private readonly random: () => number;
  private readonly onRefreshError: (key: string, error: unknown) => void;

  constructor(
    private readonly ttlMs: number,
    /** Milliseconds since the epoch: the app's clock, so tests can move time instead of waiting. */
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 2_000,
    private readonly size: TtlCacheSize = {},
    refresh: TtlCacheRefresh = {},
  ) {
    this.staleMs = Math.max(0, refresh.staleMs ?? 0);
    this.jitter = Math.min(Math.max(refresh.jitter ?? 0, 0), 1);
    this.random = refresh.random ?? Math.random;
    this.onRefreshError = refresh.onRefreshError ?? (() => {});
  }

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) {
      this.counts.misses++;
      return load();
    }
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) {
      this.counts.hits++;
      return hit.value as Promise<T>;
    }
    if (hit?.settled && now < hit.expires + this.staleMs) {
      this.counts.hits++;
      if (!hit.refreshing) this.refresh(key, hit, load);
      return hit.value as Promise<T>;
    }
    this.counts.misses++;
    if (hit) this.remove(key, hit);
    if (this.entries.size >= this.maxEntries) this.evict(now);
    const value = load();
    this.store(key, value, now);
    return value;
  }

  /** Whether a read of `key` would be answered without a load (a load in flight and a stale value count); counts nothing. */
  has(key: string): boolean {
    if (this.ttlMs <= 0) return false;
    const hit = this.entries.get(key);
    if (!hit) return false;
    const now = this.now();
    return hit.expires > now || (hit.settled && now < hit.expires + this.staleMs);
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
    this.generation++;
  }

  /** Hits and misses since the process started (clear() does not reset them), entries and bytes (about) held now. */
  stats(): { hits: number; misses: number; refreshes: number; size: number; bytes: number } {
    return { ...this.counts, size: this.entries.size, bytes: this.bytes };
  }

  private lifetime(): number {
    return this.ttlMs - Math.floor(this.ttlMs * this.jitter * this.random());
  }

  /** Keeps `value` under `key` from `now`; a failed load is not remembered. */
  private store(key: string, value: Promise<unknown>, now: number): Entry {
    const entry: Entry = { expires: now + this.lifetime(), value, bytes: 0, settled: false, refreshing: false };
    this.entries.set(key, entry);
    value.then(
      (loaded) => {
        if (this.entries.get(key) !== entry) return;
        entry.settled = true;
        if (!this.size.weigh) return;
        entry.bytes = this.size.weigh(loaded);
        this.bytes += entry.bytes;
        this.shrink();
      },
      () => {
        if (this.entries.get(key) === entry) this.remove(key, entry);
      },
    );
    return entry;
  }

  /** One background load for a stale entry: its answer replaces the entry, unless a clear() or a newer entry came first. */
  private refresh(key: string, stale: Entry, load: () => Promise<unknown>) {
    stale.refreshing = true;
    this.counts.refreshes++;
    const generation = this.generation;
    let fresh: Promise<unknown>;
    try {
      fresh = load();
    } catch (error) {
      fresh = Promise.reject(error);
    }
    fresh.then(
      () => {
        if (this.generation !== generation || this.entries.get(key) !== stale) return;
        this.remove(key, stale);
        this.store(key, fresh, this.now());
      },
      (error: unknown) => {
        stale.refreshing = false;
        this.onRefreshError(key, error);
      },
    );
  }

  private remove(key: string, entry: Entry) {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private evict(now: number) {
    for (const [key, entry] of this.entries) if (entry.expires + this.staleMs <= now) this.remove(key, entry);
    // Still full: drop the oldest half (Map keeps insertion order).
    if (this.entries.size >= this.maxEntries) {
      let n = Math.floor(this.maxEntries / 2);
      for (const [key, entry] of this.entries) {
        if (n-- <= 0) break;
        this.remove(key, entry);
      }
    }
  }

  /** Over `maxBytes`: expired entries go, then the oldest, until it fits. */
  private shrink() {
    const max = this.size.maxBytes;
    if (max === undefined || this.bytes <= max) return;
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expires + this.staleMs <= now) this.remove(key, entry);
    for (const [key, entry] of this.entries) {
      if (this.bytes <= max) break;
      this.remove(key, entry);
    }
  }
}
