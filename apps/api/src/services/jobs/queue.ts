import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Tx } from '../../db/client.ts';
import { jobs } from '../../db/schema.ts';

/** The id of the request being handled, so a job it enqueues can log under the same id (set by plugins/infra/jobs.ts). */
export const requestContext = new AsyncLocalStorage<{ requestId: string }>();

export type EnqueueOptions = {
  /** Not before this time: the app clock's now for work to do at once (tests move that clock). */
  runAt: Date;
  /** Attempts before the job is left dead for the admin console. */
  maxAttempts?: number;
};

/**
 * Adds a job to the durable queue. Pass the transaction of the change that causes the job, so the
 * two commit (or vanish) together: a code mail is never queued for a code that was not stored.
 */
export async function enqueueJob(
  db: Db | Tx,
  kind: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions,
): Promise<number> {
  const [row] = await db
    .insert(jobs)
    .values({
      kind,
      payload,
      runAt: options.runAt,
      ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
      requestId: requestContext.getStore()?.requestId ?? null,
    })
    .returning({ id: jobs.id });
  if (!row) throw new Error('job insert returned nothing');
  return row.id;
}

/** Adds many jobs of one kind as enqueueJob adds one, in one insert per 1,000 (the alert matcher's send jobs). */
export async function enqueueJobs(
  db: Db | Tx,
  kind: string,
  payloads: readonly Record<string, unknown>[],
  options: EnqueueOptions,
): Promise<void> {
  const requestId = requestContext.getStore()?.requestId ?? null;
  for (let start = 0; start < payloads.length; start += 1_000) {
    await db.insert(jobs).values(
      payloads.slice(start, start + 1_000).map((payload) => ({
        kind,
        payload,
        runAt: options.runAt,
        ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
        requestId,
      })),
    );
  }
}
