import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobs } from '../../db/schema.ts';

/** How long a finished job's row is kept (without its payload) before the daily clean-up removes it. */
export const FINISHED_JOB_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** Removes done jobs older than the retention; dead ones stay until an admin retries them. */
export async function deleteFinishedJobs(db: Db, now: Date): Promise<number> {
  const rows = await db
    .delete(jobs)
    .where(and(eq(jobs.state, 'done'), lt(jobs.finishedAt, new Date(now.getTime() - FINISHED_JOB_RETENTION_MS))))
    .returning({ id: jobs.id });
  return rows.length;
}
