import { and, asc, count, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { jobSchedules, jobs } from '../../db/schema.ts';
import { enqueueJob } from './queue.ts';

export type JobRow = typeof jobs.$inferSelect;

/** What a handler may log through: the job's id, kind and the request that caused it are on every line. */
export type JobLog = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};
export type Logger = JobLog & { child: (bindings: Record<string, unknown>) => JobLog };

export type JobHandler = (payload: Record<string, unknown>, context: { job: JobRow; log: JobLog }) => Promise<void>;

export type JobKindOptions = {
  /** How long a claimed job may run before another worker may take it (the first one is presumed dead). */
  leaseMs?: number;
};

/** A job that runs on a schedule, once across all nodes: each `everyMs`, or at a time of day in Bangkok. */
export type Schedule = {
  name: string;
  kind: string;
  payload?: Record<string, unknown>;
  /** When it next runs after `from`. */
  next: (from: Date) => Date;
  /** Whether the first run is due at once (a new deployment sweeps now) or only after one interval. */
  runAtStart?: boolean;
};

export type RunnerOptions = {
  db: Db;
  log: Logger;
  now: () => Date;
  pollMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /** Jobs run at the same time by this process. */
  concurrency?: number;
  /** Jobs claimed by one poll. */
  batchSize?: number;
};

export type JobCounts = { queued: number; running: number; dead: number };

const DEFAULT_LEASE_MS = 60_000;

/** The delay before retry n (1-based): base × 2^(n-1), capped, ±20 % so failed jobs do not retry in lockstep. */
export function retryDelay(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential * (0.8 + 0.4 * random()));
}

/** A short, single-line reason for the admin console (never a stack trace, never a payload). */
function reason(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.replace(/\s+/g, ' ').slice(0, 500);
}

/**
 * Claims due jobs and runs them. Every node may run one; FOR UPDATE SKIP LOCKED hands each job to
 * exactly one of them, and a job whose worker died (kill -9) is taken again once its lease ends.
 */
export class JobRunner {
  readonly #options: Required<RunnerOptions>;
  readonly #handlers = new Map<string, { handle: JobHandler; leaseMs: number }>();
  readonly #schedules: Schedule[] = [];
  /** When each schedule is next due, as last seen in the database (not asked again before then). */
  readonly #scheduleDueAt = new Map<string, number>();
  readonly #inFlight = new Set<Promise<void>>();
  #timer: NodeJS.Timeout | undefined;
  #running = false;
  #polling: Promise<number> | undefined;
  #lastPollAt = 0;
  #lastPollFailed = false;

  constructor(options: RunnerOptions) {
    this.#options = { concurrency: 4, batchSize: 8, ...options };
  }

  /** What runs jobs of a kind; a job of a kind nobody handles waits (another node, a newer version, may). */
  register(kind: string, handle: JobHandler, options: JobKindOptions = {}): void {
    this.#handlers.set(kind, { handle, leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS });
  }

  /** Adds a scheduled job; its row is created when the runner starts. */
  schedule(schedule: Schedule): void {
    this.#schedules.push(schedule);
  }

  get kinds(): string[] {
    return [...this.#handlers.keys()];
  }

  /** Starts polling. Scheduled jobs get their first time if no node has set one yet. */
  async start(): Promise<void> {
    await this.#ensureSchedules();
    this.#running = true;
    this.#arm(0);
  }

  /** Stops polling and waits for the jobs in hand to finish. */
  async stop(): Promise<void> {
    this.#running = false;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#polling?.catch(() => 0);
    await Promise.allSettled([...this.#inFlight]);
  }

  /** Looks for work soon (after a local enqueue), instead of at the next poll. */
  nudge(): void {
    if (this.#running) this.#arm(20);
  }

  /** Alive: polling on time (or not a worker at all), and the last poll could read the queue. */
  isHealthy(): boolean {
    if (!this.#running) return true;
    const late = this.#options.now().getTime() - this.#lastPollAt > Math.max(30_000, this.#options.pollMs * 5);
    return !this.#lastPollFailed && !late;
  }

  async counts(): Promise<JobCounts> {
    const rows = await this.#options.db
      .select({ state: jobs.state, n: count() })
      .from(jobs)
      .where(inArray(jobs.state, ['queued', 'running', 'dead']))
      .groupBy(jobs.state);
    const of = (state: string) => rows.find((r) => r.state === state)?.n ?? 0;
    return { queued: of('queued'), running: of('running'), dead: of('dead') };
  }

  /**
   * Runs every job that is due now, including those due after one of them (a retry is not due yet),
   * and waits for them: tests and shutdown use it. Returns how many its own rounds started.
   */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      // Jobs in hand may queue more work, and a background round (the timer, a nudge, a finished job freeing its
      // slot) may be claiming jobs it has not handed over yet, or have looked before the caller's change (a job
      // queued, the clock moved). Wait for both; the drain ends only when a round of its own, started with nothing
      // running, found nothing due.
      if (this.#inFlight.size > 0) {
        await Promise.allSettled([...this.#inFlight]);
        continue;
      }
      if (this.#polling) {
        await this.#polling;
        continue;
      }
      const ran = await this.poll();
      total += ran;
      // Nothing could run beside this round (it started with no job in hand and no other round under way) and it
      // found nothing due: the drain is done. A background round that starts now looks at what came after.
      if (ran === 0 && this.#inFlight.size === 0) return total;
    }
  }

  /** One round: move due schedules on, claim due jobs up to the free slots, start them. Returns how many started. */
  async poll(): Promise<number> {
    if (this.#polling) return this.#polling;
    this.#polling = (async () => {
      try {
        await this.#enqueueDueSchedules();
        const free = Math.min(this.#options.batchSize, this.#options.concurrency - this.#inFlight.size);
        const claimed = free > 0 ? await this.#claim(free) : [];
        for (const job of claimed) this.#track(this.#run(job));
        this.#lastPollFailed = false;
        return claimed.length;
      } catch (err) {
        // The database is unreachable or restarting: try again at the next poll.
        this.#lastPollFailed = true;
        this.#options.log.warn({ err }, 'job poll failed');
        return 0;
      } finally {
        this.#lastPollAt = this.#options.now().getTime();
        this.#polling = undefined;
      }
    })();
    return this.#polling;
  }

  #arm(delayMs: number) {
    if (!this.#running) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(async () => {
      this.#timer = undefined;
      const started = await this.poll();
      // A full batch suggests more is waiting: look again at once.
      this.#arm(started > 0 ? 0 : this.#options.pollMs);
    }, delayMs);
    this.#timer.unref();
  }

  #track(promise: Promise<void>) {
    this.#inFlight.add(promise);
    promise.finally(() => {
      this.#inFlight.delete(promise);
      // A slot is free: keep the queue moving.
      if (this.#running) this.#arm(0);
    });
  }

  async #claim(limit: number): Promise<JobRow[]> {
    const kinds = this.kinds;
    if (kinds.length === 0) return [];
    const now = this.#options.now();
    return this.#options.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: jobs.id, kind: jobs.kind })
        .from(jobs)
        .where(
          and(
            inArray(jobs.kind, kinds),
            or(
              and(eq(jobs.state, 'queued'), lte(jobs.runAt, now)),
              and(eq(jobs.state, 'running'), lt(jobs.lockedUntil, now)),
            ),
          ),
        )
        .orderBy(asc(jobs.runAt), asc(jobs.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      const claimed: JobRow[] = [];
      // One update per lease length (kinds may differ); in practice one or two statements.
      const byLease = new Map<number, number[]>();
      for (const row of due) {
        const lease = this.#handlers.get(row.kind)?.leaseMs ?? DEFAULT_LEASE_MS;
        byLease.set(lease, [...(byLease.get(lease) ?? []), row.id]);
      }
      for (const [lease, ids] of byLease) {
        const rows = await tx
          .update(jobs)
          .set({
            state: 'running',
            attempts: sql`${jobs.attempts} + 1`,
            lockedUntil: new Date(now.getTime() + lease),
          })
          .where(inArray(jobs.id, ids))
          .returning();
        claimed.push(...rows);
      }
      return claimed.sort((a, b) => a.id - b.id);
    });
  }

  async #run(job: JobRow): Promise<void> {
    const { db, log, now, retryBaseMs, retryMaxMs } = this.#options;
    const jobLog = log.child({
      jobId: job.id,
      kind: job.kind,
      attempt: job.attempts,
      reqId: job.requestId ?? undefined,
    });
    const handler = this.#handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for ${job.kind}`);
      await handler.handle(job.payload, { job, log: jobLog });
      // Done: the payload (a mail's body, a code) is not kept once its work is done.
      await db
        .update(jobs)
        .set({ state: 'done', payload: {}, lockedUntil: null, lastError: null, finishedAt: now() })
        .where(and(eq(jobs.id, job.id), eq(jobs.state, 'running'), eq(jobs.attempts, job.attempts)));
    } catch (error) {
      const last = job.attempts >= job.maxAttempts;
      const delay = retryDelay(job.attempts, retryBaseMs, retryMaxMs);
      await db
        .update(jobs)
        .set(
          last
            ? { state: 'dead', lockedUntil: null, lastError: reason(error), finishedAt: now() }
            : {
                state: 'queued',
                lockedUntil: null,
                lastError: reason(error),
                runAt: new Date(now().getTime() + delay),
              },
        )
        .where(and(eq(jobs.id, job.id), eq(jobs.state, 'running'), eq(jobs.attempts, job.attempts)))
        .catch((err: unknown) => jobLog.error({ err }, 'job state could not be saved; it runs again after its lease'));
      if (last) jobLog.error({ err: error }, 'job failed for the last time; it is dead until an admin retries it');
      else jobLog.warn({ err: error, retryInMs: delay }, 'job failed; it will be retried');
    }
  }

  async #ensureSchedules() {
    if (this.#schedules.length === 0) return;
    const now = this.#options.now();
    await this.#options.db
      .insert(jobSchedules)
      .values(this.#schedules.map((s) => ({ name: s.name, nextRunAt: s.runAtStart ? now : s.next(now) })))
      .onConflictDoNothing();
  }

  /**
   * Whoever moves a due schedule's time on enqueues its run, in the same transaction: once across nodes.
   * Each schedule's next time is remembered, so an idle poll asks the database nothing about schedules
   * until one may be due (another node may have moved it on meanwhile: then its new time is read).
   */
  async #enqueueDueSchedules() {
    const now = this.#options.now();
    for (const schedule of this.#schedules) {
      if (now.getTime() < (this.#scheduleDueAt.get(schedule.name) ?? 0)) continue;
      const dueAt = await this.#options.db.transaction(async (tx: Tx) => {
        const next = schedule.next(now);
        const [moved] = await tx
          .update(jobSchedules)
          .set({ nextRunAt: next })
          .where(and(eq(jobSchedules.name, schedule.name), lte(jobSchedules.nextRunAt, now)))
          .returning({ name: jobSchedules.name });
        if (moved) {
          await enqueueJob(tx, schedule.kind, schedule.payload ?? {}, { runAt: now, maxAttempts: 3 });
          return next;
        }
        const [row] = await tx
          .select({ nextRunAt: jobSchedules.nextRunAt })
          .from(jobSchedules)
          .where(eq(jobSchedules.name, schedule.name));
        return row?.nextRunAt ?? next;
      });
      this.#scheduleDueAt.set(schedule.name, dueAt.getTime());
    }
  }
}

/** Every `ms` milliseconds. */
export const every =
  (ms: number) =>
  (from: Date): Date =>
    new Date(from.getTime() + ms);

const BANGKOK_OFFSET_MS = 7 * 60 * 60 * 1000;

/** The next given hour:minute in Bangkok (UTC+7, no daylight saving), optionally on a given weekday (0 = Sunday). */
export const atBangkokTime =
  (hour: number, minute = 0, weekday?: number) =>
  (from: Date): Date => {
    const local = new Date(from.getTime() + BANGKOK_OFFSET_MS);
    const candidate = new Date(
      Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), hour, minute) - BANGKOK_OFFSET_MS,
    );
    let next = candidate.getTime() > from.getTime() ? candidate : new Date(candidate.getTime() + 86_400_000);
    if (weekday !== undefined) {
      while (new Date(next.getTime() + BANGKOK_OFFSET_MS).getUTCDay() !== weekday)
        next = new Date(next.getTime() + 86_400_000);
    }
    return next;
  };
