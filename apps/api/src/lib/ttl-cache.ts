type Entry = { expires: number; value: Promise<unknown>; bytes: number };

export type TtlCacheSize = {
  /** How many bytes (about) a loaded value holds: with it and `maxBytes`, the cache stays under that many. */
  weigh?: (value: unknown) => number;
  maxBytes?: number;
};

/**
 * A small read-through cache with a time-to-live: identical reads within `ttlMs` share one
 * answer, and concurrent identical reads share one load. Entries are per process; writers call
 * `clear()` so this process sees their change at once, and other processes within `ttlMs`.
 * It keeps at most `maxEntries` entries and, when given `weigh` and `maxBytes`, at most about
 * `maxBytes` of loaded values: past either, the oldest entries go first.
 */
export class TtlCache {
  private readonly entries = new Map<string, Entry>();
  /** Reads answered from the cache (a load in flight counts), and reads that had to load (GET /metrics). */
  private readonly counts = { hits: 0, misses: 0 };
  private bytes = 0;

  constructor(
    private readonly ttlMs: number,
    /** Milliseconds since the epoch: the app's clock, so tests can move time instead of waiting. */
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 2_000,
    private readonly size: TtlCacheSize = {},
  ) {}

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
    this.counts.misses++;
    if (hit) this.remove(key, hit);
    if (this.entries.size >= this.maxEntries) this.evict(now);
    const value = load();
    const entry: Entry = { expires: now + this.ttlMs, value, bytes: 0 };
    this.entries.set(key, entry);
    value.then(
      (loaded) => {
        if (this.entries.get(key) !== entry || !this.size.weigh) return;
        entry.bytes = this.size.weigh(loaded);
        this.bytes += entry.bytes;
        this.shrink();
      },
      // A failed load is not remembered.
      () => {
        if (this.entries.get(key) === entry) this.remove(key, entry);
      },
    );
    return value;
  }

  /** Whether a read of `key` would be answered without a load (a load in flight counts); counts nothing. */
  has(key: string): boolean {
    if (this.ttlMs <= 0) return false;
    const hit = this.entries.get(key);
    return hit !== undefined && hit.expires > this.now();
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  /** Hits and misses since the process started (clear() does not reset them), entries and bytes (about) held now. */
  stats(): { hits: number; misses: number; size: number; bytes: number } {
    return { ...this.counts, size: this.entries.size, bytes: this.bytes };
  }

  private remove(key: string, entry: Entry) {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private evict(now: number) {
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.remove(key, entry);
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
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.remove(key, entry);
    for (const [key, entry] of this.entries) {
      if (this.bytes <= max) break;
      this.remove(key, entry);
    }
  }
}
