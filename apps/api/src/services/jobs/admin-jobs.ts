import type { AdminJob, JobState } from '@baan/contract';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobs } from '../../db/schema.ts';
import { type AuditActor, recordAudit } from '../audit/record-audit.ts';

/** What the admin console shows of a job: never its payload (a mail's body may hold a code), only whom a mail was for. */
function toSummary(row: typeof jobs.$inferSelect): AdminJob {
  const mail = row.kind === 'mail.send' ? row.payload : {};
  return {
    id: row.id,
    kind: row.kind,
    state: row.state as JobState,
    attempts: row.attempts,
    max_attempts: row.maxAttempts,
    last_error: row.lastError,
    to: typeof mail.to === 'string' ? mail.to : null,
    subject: typeof mail.subject === 'string' ? mail.subject : null,
    run_at: row.runAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/** A page of jobs in one state, newest first. */
export async function listJobs(db: Db, state: JobState, page: number, limit: number) {
  const where = eq(jobs.state, state);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(jobs)
      .where(where)
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(jobs).where(where),
  ]);
  return { jobs: rows.map(toSummary), total: total?.n ?? 0 };
}

/**
 * Puts a dead (or waiting) job back in the queue to run at once with a fresh set of attempts, with
 * the audit entry. A job that is running or done has nothing to retry.
 */
export async function retryJob(
  db: Db,
  id: number,
  admin: AuditActor,
  now: Date,
): Promise<{ job: AdminJob } | { error: 'not-found' | 'not-retryable' }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(jobs)
      .set({ state: 'queued', attempts: 0, runAt: now, lockedUntil: null, finishedAt: null })
      .where(and(eq(jobs.id, id), inArray(jobs.state, ['dead', 'queued'])))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, id));
      return { error: exists ? 'not-retryable' : 'not-found' };
    }
    await recordAudit(
      tx,
      admin,
      { action: 'job.retry', targetType: 'job', targetId: row.id, details: { kind: row.kind } },
      now,
    );
    return { job: toSummary(row) };
  });
}
