/**
 * A small read-through cache with a time-to-live: identical reads within `ttlMs` share one
 * answer, and concurrent identical reads share one load. Entries are per process; writers call
 * `clear()` so this process sees their change at once, and other processes within `ttlMs`.
 */
export class TtlCache {
  private readonly entries = new Map<string, { expires: number; value: Promise<unknown> }>();
  /** Reads answered from the cache (a load in flight counts), and reads that had to load (GET /metrics). */
  private readonly counts = { hits: 0, misses: 0 };

  constructor(
    private readonly ttlMs: number,
    /** Milliseconds since the epoch: the app's clock, so tests can move time instead of waiting. */
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 2_000,
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
    if (this.entries.size >= this.maxEntries) this.evict(now);
    const value = load();
    this.entries.set(key, { expires: now + this.ttlMs, value });
    // A failed load is not remembered.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }

  /** Hits and misses since the process started (clear() does not reset them). */
  stats(): { hits: number; misses: number; size: number } {
    return { ...this.counts, size: this.entries.size };
  }

  private evict(now: number) {
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.entries.delete(key);
    // Still full: drop the oldest half (Map keeps insertion order).
    if (this.entries.size >= this.maxEntries) {
      let n = Math.floor(this.maxEntries / 2);
      for (const key of this.entries.keys()) {
        if (n-- <= 0) break;
        this.entries.delete(key);
      }
    }
  }
}
