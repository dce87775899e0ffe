/** Thrown by {@link BoundedQueue.run} when every slot is busy and the waiting line is full. */
export class QueueFullError extends Error {
  /** A fair guess of when a slot frees up: the line ahead times the recent task time. */
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    super('queue full');
    this.name = 'QueueFullError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export type BoundedQueue = {
  /** Runs the task when a slot is free, waiting in line if needed; rejects at once when the line is full. */
  run: <T>(task: () => Promise<T>) => Promise<T>;
  readonly running: number;
  readonly waiting: number;
};

/**
 * At most `concurrency` tasks at a time and at most `maxWaiting` in line; anything beyond is refused
 * rather than queued without end, so a flood costs the caller a quick refusal instead of everyone a
 * long wait. (The photo queue waits without a limit: its callers already passed the upload limits.)
 */
export function createBoundedQueue(opts: { concurrency: number; maxWaiting: number }): BoundedQueue {
  if (!Number.isInteger(opts.concurrency) || opts.concurrency < 1)
    throw new Error('concurrency must be a positive integer');
  let running = 0;
  const line: (() => void)[] = [];
  let averageMs = 0;

  const retryAfter = () => Math.max(1, Math.ceil(((line.length + running) * averageMs) / opts.concurrency / 1000));

  return {
    async run(task) {
      if (running < opts.concurrency) running += 1;
      else if (line.length < opts.maxWaiting) await new Promise<void>((resolve) => line.push(resolve));
      else throw new QueueFullError(retryAfter());
      const started = performance.now();
      try {
        return await task();
      } finally {
        const ms = performance.now() - started;
        averageMs = averageMs === 0 ? ms : averageMs * 0.8 + ms * 0.2;
        // The slot passes straight to the next in line, so a newcomer cannot slip in between.
        const next = line.shift();
        if (next) next();
        else running -= 1;
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return line.length;
    },
  };
}
