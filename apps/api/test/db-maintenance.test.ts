import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema.ts';
import { DB_ANALYZE_JOB, DB_VACUUM_JOB } from '../src/plugins/infra/db-maintenance.ts';
import { enqueueJob } from '../src/services/jobs/queue.ts';
import { tablesNeedingAnalyze } from '../src/services/maintenance/planner-statistics.ts';
import { build } from './helpers.ts';

// PGlite has no autovacuum; the app does its work as durable jobs there (ADR 039), and leaves PostgreSQL's to it.
const app = await build({ jobsWorker: false });
const pglite = app.database.kind === 'pglite';

const tuples = async (table: string) => {
  const result = await app.db.execute(sql`select reltuples from pg_class where relname = ${table}`);
  return Number((result as { rows: { reltuples: unknown }[] }).rows[0]?.reltuples);
};
const run = async (kind: string) => {
  const id = await enqueueJob(app.db, kind, {}, { runAt: app.clock.now() });
  await app.jobs.drain();
  const [job] = await app.db.select({ state: jobs.state, error: jobs.lastError }).from(jobs).where(eq(jobs.id, id));
  // A failed run goes back to the queue with its error: show the error rather than 'queued'.
  return job?.state === 'done' ? 'done' : (job?.error ?? job?.state);
};

describe.runIf(pglite)('database maintenance on PGlite', () => {
  it('registers the statistics check and the nightly vacuum', () => {
    expect(app.jobs.kinds).toEqual(expect.arrayContaining([DB_ANALYZE_JOB, DB_VACUUM_JOB]));
  });

  it('analyses a table that grew since its statistics were taken, and then nothing until it changes again', async () => {
    expect(await run(DB_ANALYZE_JOB)).toBe('done');
    expect(await tablesNeedingAnalyze(app.db)).toEqual([]);

    await app.db
      .insert(jobs)
      .values(Array.from({ length: 3000 }, (_, i) => ({ kind: 'test.filler', payload: { i }, state: 'done' })));
    expect(await tablesNeedingAnalyze(app.db)).toEqual(['jobs']);
    const before = await tuples('jobs');
    expect(before).toBeLessThan(3000);

    expect(await run(DB_ANALYZE_JOB)).toBe('done');
    expect(await tuples('jobs')).toBeGreaterThanOrEqual(3000);
    expect(await tablesNeedingAnalyze(app.db)).toEqual([]);

    // A few rows more do not call for another ANALYZE (under 10 % and four pages).
    await app.db.insert(jobs).values({ kind: 'test.filler', payload: {}, state: 'done' });
    expect(await tablesNeedingAnalyze(app.db)).toEqual([]);
  });

  it('vacuums the database: the dead rows of deleted jobs are reclaimed', async () => {
    await app.db.delete(jobs).where(sql`${jobs.kind} = 'test.filler'`);
    expect(await run(DB_VACUUM_JOB)).toBe('done');
    const result = await app.db.execute(sql`select relpages, reltuples from pg_class where relname = 'jobs'`);
    const [row] = (result as { rows: { relpages: number; reltuples: number }[] }).rows;
    // VACUUM (ANALYZE) recorded the table as it is now: a handful of live rows.
    expect(Number(row?.reltuples)).toBeLessThan(100);
  });
});

describe.runIf(!pglite)('database maintenance on PostgreSQL', () => {
  it('registers nothing: autovacuum analyses and vacuums', () => {
    expect(app.jobs.kinds).not.toContain(DB_ANALYZE_JOB);
    expect(app.jobs.kinds).not.toContain(DB_VACUUM_JOB);
  });
});
