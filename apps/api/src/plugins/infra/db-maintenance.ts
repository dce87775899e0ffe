import fp from 'fastify-plugin';
import { atBangkokTime, every } from '../../services/jobs/runner.ts';
import { ANALYZE_EVERY_MS, analyzeStaleTables, vacuumDatabase } from '../../services/maintenance/planner-statistics.ts';

export const DB_ANALYZE_JOB = 'db.analyze';
export const DB_VACUUM_JOB = 'db.vacuum';

/**
 * What PostgreSQL's autovacuum does, for PGlite, which has none (ADR 039), as durable jobs once across the app:
 * `db.analyze` at start and every ANALYZE_EVERY_MS analyses the tables whose size moved since their statistics were
 * taken; `db.vacuum` (04:10 Bangkok) vacuums and analyses the whole database. On PostgreSQL nothing is registered:
 * its autovacuum does both.
 */
export default fp(
  async (app) => {
    if (app.database.kind !== 'pglite') return;
    app.jobs.register(DB_ANALYZE_JOB, async (_payload, { log }) => {
      const tables = await analyzeStaleTables(app.db);
      if (tables.length > 0) log.info({ tables }, 'planner statistics renewed');
    });
    app.jobs.schedule({ name: DB_ANALYZE_JOB, kind: DB_ANALYZE_JOB, next: every(ANALYZE_EVERY_MS), runAtStart: true });
    app.jobs.register(DB_VACUUM_JOB, async (_payload, { log }) => {
      await vacuumDatabase(app.db);
      log.info({}, 'database vacuumed and analysed');
    });
    app.jobs.schedule({ name: DB_VACUUM_JOB, kind: DB_VACUUM_JOB, next: atBangkokTime(4, 10) });
  },
  { name: 'db-maintenance', dependencies: ['db', 'jobs'] },
);
