import fp from 'fastify-plugin';
import type { Resolver } from '../../lib/safe-fetch.ts';
import { enqueueDueFeeds } from '../../services/imports/manage-imports.ts';
import { IMPORT_JOB, runImport } from '../../services/imports/run-import.ts';
import { every } from '../../services/jobs/runner.ts';
import { invalidateListings } from '../../services/reads/listing-reads.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** How imports fetch feeds: tests replace `resolve` to make a name resolve to a private address. */
    importFetch: { resolve?: Resolver };
  }
}

const FEEDS_JOB = 'imports.feeds';

/**
 * Bulk imports' background work (ADR 030): each import run is a durable job (long lease: a big feed takes minutes),
 * and a schedule every five minutes queues the scheduled feeds that are due.
 */
export default fp(
  async (app) => {
    const importFetch: { resolve?: Resolver } = {};
    app.decorate('importFetch', importFetch);
    app.jobs.register(
      IMPORT_JOB,
      async (payload, { log }) => {
        await runImport(
          {
            db: app.db,
            storage: app.storage,
            now: () => app.clock.now(),
            limits: app.config.imports,
            newOwnerDays: app.config.moderationNewOwnerDays,
            resolve: importFetch.resolve,
            listingsChanged: () => invalidateListings(app, 'listings imported'),
            tmpDir: app.uploadTmpDir,
          },
          Number(payload.importId),
          log,
        );
      },
      { leaseMs: 30 * 60_000 },
    );
    app.jobs.register(FEEDS_JOB, async (_payload, { log }) => {
      const queued = await enqueueDueFeeds(app.db, app.clock.now());
      if (queued > 0) {
        app.jobs.nudge();
        log.info({ feeds: queued }, 'scheduled feeds queued');
      }
    });
    app.jobs.schedule({ name: FEEDS_JOB, kind: FEEDS_JOB, next: every(5 * 60_000), runAtStart: true });
  },
  { name: 'imports', dependencies: ['jobs', 'db', 'config', 'clock', 'uploads'] },
);
