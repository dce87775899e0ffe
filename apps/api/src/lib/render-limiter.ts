/** A network's share of uncached page renders on this node (a token bucket). */
type Bucket = { tokens: number; at: number };

export type RenderLimits = {
  /** Renders a network may start at once from a full bucket. */
  burst: number;
  /** Renders a second its bucket refills by. */
  perSecond: number;
  /** From this many uncached renders in progress on the node, it is busy. */
  busyAt: number;
  /** From this event-loop utilization (0 to 1, over the last sample) the node is busy too. */
  busyUtilization: number;
};

/** A render that may go: call `done` when it has ended, however it ended. */
export type RenderPermit = { done(): void };

/**
 * Which page renders that miss the cache this node starts, per client network (issue 21, M7: one client varying
 * query strings cut a node to 34 pages a second). Each network has a bucket of `burst` renders refilled at
 * `perSecond`. While the node is not busy (fewer than `busyAt` uncached renders in progress and its event loop less
 * than `busyUtilization` busy, as `utilization()` says) every network is served (many people may share one address
 * behind a carrier's NAT); once it is busy a network whose bucket is empty is refused with the seconds until its next
 * render. Pages served from the cache are never counted. Per node
 * and in memory on purpose: the work it protects is this node's.
 */
export class RenderLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private running = 0;

  constructor(
    private readonly limits: RenderLimits,
    private readonly now: () => number = Date.now,
    /** The event loop's recent utilization, 0 to 1 (eventLoopBusyness in the app). */
    private readonly utilization: () => number = () => 0,
    private readonly maxNetworks = 50_000,
  ) {}

  /** Whether a network over its share is refused now. */
  private get isBusy(): boolean {
    return this.running >= this.limits.busyAt || this.utilization() >= this.limits.busyUtilization;
  }

  /** Uncached renders in progress on this node. */
  get inProgress(): number {
    return this.running;
  }

  /** A permit for one uncached render for `network`, or how many seconds it should wait (≥ 1). */
  admit(network: string): RenderPermit | { retryAfterSeconds: number } {
    const now = this.now();
    const bucket = this.refilled(network, now);
    if (bucket.tokens < 1 && this.isBusy) {
      const seconds = Math.ceil((1 - bucket.tokens) / Math.max(this.limits.perSecond, 1e-9));
      return { retryAfterSeconds: Math.max(1, seconds) };
    }
    bucket.tokens = Math.max(0, bucket.tokens - 1);
    this.running += 1;
    let ended = false;
    return {
      done: () => {
        if (ended) return;
        ended = true;
        this.running -= 1;
      },
    };
  }

  private refilled(network: string, now: number): Bucket {
    let bucket = this.buckets.get(network);
    if (!bucket) {
      if (this.buckets.size >= this.maxNetworks) this.prune(now);
      bucket = { tokens: this.limits.burst, at: now };
      this.buckets.set(network, bucket);
      return bucket;
    }
    const elapsed = Math.max(0, now - bucket.at) / 1000;
    bucket.tokens = Math.min(this.limits.burst, bucket.tokens + elapsed * this.limits.perSecond);
    bucket.at = now;
    return bucket;
  }

  /** Forgets networks whose bucket has refilled (they start full again anyway), else the oldest half. */
  private prune(now: number): void {
    const fullAfterMs = (this.limits.burst / Math.max(this.limits.perSecond, 1e-9)) * 1000;
    for (const [network, bucket] of this.buckets) if (now - bucket.at >= fullAfterMs) this.buckets.delete(network);
    if (this.buckets.size < this.maxNetworks) return;
    let n = Math.floor(this.maxNetworks / 2);
    for (const network of this.buckets.keys()) {
      if (n-- <= 0) break;
      this.buckets.delete(network);
    }
  }
}

/**
 * The event loop's utilization over the last `intervalMs` (0 to 1), sampled on a timer: a loop held by synchronous
 * work (PGlite's queries, React's render) reads close to 1 however few requests it has started. `stop` ends it.
 */
export function eventLoopBusyness(intervalMs = 500): { utilization: () => number; stop: () => void } {
  let last = performance.eventLoopUtilization();
  let utilization = 0;
  const timer = setInterval(() => {
    const current = performance.eventLoopUtilization();
    utilization = performance.eventLoopUtilization(current, last).utilization;
    last = current;
  }, intervalMs);
  timer.unref();
  return { utilization: () => utilization, stop: () => clearInterval(timer) };
}
