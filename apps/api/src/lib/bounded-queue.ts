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

/**
 * Who a task is for, so the line can be fair (ADR 019): at most one waiting task per key (a client
 * network, an account), and `preferred` tasks (a network the account logged in from) wait ahead of the
 * others and, when the line is full, take the place of the newest one that is not preferred.
 */
export type QueueTicket = { keys: readonly string[]; preferred?: boolean };

export type BoundedQueue = {
  /**
   * Runs the task when a slot is free, waiting in line if needed; rejects with QueueFullError at once
   * when the line is full (or this ticket's network or account already waits), or later when a
   * preferred task takes its place.
   */
  run: <T>(task: () => Promise<T>, ticket?: QueueTicket) => Promise<T>;
  readonly running: number;
  readonly waiting: number;
  /** The most that may wait (a line at half of it is "half full": ADR 019's challenged logins). */
  readonly maxWaiting: number;
};

/**
 * At most `concurrency` tasks at a time and at most `maxWaiting` in line; anything beyond is refused
 * rather than queued without end, so a flood costs the caller a quick refusal instead of everyone a
 * long wait. (The photo queue waits without a limit: its callers already passed the upload limits.)
 */
export function createBoundedQueue(opts: { concurrency: number; maxWaiting: number }): BoundedQueue {
  if (!Number.isInteger(opts.concurrency) || opts.concurrency < 1)
    throw new Error('concurrency must be a positive integer');
  type Place = { start: () => void; refuse: (err: QueueFullError) => void; ticket: QueueTicket | undefined };
  let running = 0;
  const line: Place[] = [];
  let averageMs = 0;

  const retryAfter = () => Math.max(1, Math.ceil(((line.length + running) * averageMs) / opts.concurrency / 1000));
  const shares = (a: QueueTicket | undefined, b: QueueTicket | undefined) =>
    Boolean(a && b && a.keys.some((key) => b.keys.includes(key)));
  const drop = (place: Place) => {
    line.splice(line.indexOf(place), 1);
    place.refuse(new QueueFullError(retryAfter()));
  };

  /** Finds this ticket a place, making room as the rules allow; false when it gets none. */
  const admit = (ticket: QueueTicket | undefined): false | Place[] => {
    const preferred = Boolean(ticket?.preferred);
    const sameClient = line.filter((place) => shares(place.ticket, ticket));
    // One waiting task per network and per account; a preferred one replaces others' waiting tasks.
    if (sameClient.length > 0 && (!preferred || sameClient.some((place) => place.ticket?.preferred))) return false;
    const leaving = [...sameClient];
    if (line.length - leaving.length >= opts.maxWaiting) {
      const newestOther = [...line].reverse().find((place) => !place.ticket?.preferred && !leaving.includes(place));
      if (!preferred || !newestOther) return false;
      leaving.push(newestOther);
    }
    return leaving;
  };

  return {
    async run(task, ticket) {
      if (running < opts.concurrency) running += 1;
      else {
        const leaving = opts.maxWaiting > 0 ? admit(ticket) : false;
        if (!leaving) throw new QueueFullError(retryAfter());
        for (const place of leaving) drop(place);
        await new Promise<void>((resolve, reject) => {
          const place: Place = { start: resolve, refuse: reject, ticket };
          // Preferred tasks wait ahead of the others, in their own arrival order.
          const firstOther = ticket?.preferred ? line.findIndex((p) => !p.ticket?.preferred) : -1;
          if (firstOther === -1) line.push(place);
          else line.splice(firstOther, 0, place);
        });
      }
      const started = performance.now();
      try {
        return await task();
      } finally {
        const ms = performance.now() - started;
        averageMs = averageMs === 0 ? ms : averageMs * 0.8 + ms * 0.2;
        // The slot passes straight to the next in line, so a newcomer cannot slip in between.
        const next = line.shift();
        if (next) next.start();
        else running -= 1;
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return line.length;
    },
    maxWaiting: opts.maxWaiting,
  };
}
