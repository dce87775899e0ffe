import fp from 'fastify-plugin';
import { deleteFinishedJobs } from '../../services/jobs/cleanup.ts';
import { requestContext } from '../../services/jobs/queue.ts';
import { atBangkokTime, JobRunner } from '../../services/jobs/runner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job runner (services/jobs): plugins register handlers and schedules on it before the app is ready. */
    jobs: JobRunner;
  }
}

/**
 * Durable jobs in the app's database. Every node enqueues; nodes with JOBS_WORKER on (the default)
 * also run them. A job keeps the id of the request that enqueued it, so its log lines carry it too.
 */
export default fp(
  async (app) => {
    const { config } = app;
    const runner = new JobRunner({
      db: app.db,
      log: app.log,
      now: () => app.clock.now(),
      pollMs: config.jobsPollMs,
      retryBaseMs: config.jobsRetryBaseMs,
      retryMaxMs: config.jobsRetryMaxMs,
    });
    app.decorate('jobs', runner);

    // Whatever a request enqueues is stamped with its id (services/jobs/queue.ts reads it).
    app.addHook('onRequest', (request, _reply, done) => {
      requestContext.run({ requestId: request.id }, done);
    });

    runner.register('jobs.cleanup', async (_payload, { log }) => {
      const removed = await deleteFinishedJobs(app.db, app.clock.now());
      if (removed > 0) log.info({ removed }, 'finished jobs removed');
    });
    runner.schedule({ name: 'jobs.cleanup', kind: 'jobs.cleanup', next: atBangkokTime(3, 30) });

    if (config.jobsWorker) {
      // Started once every plugin has registered its handlers and schedules.
      app.addHook('onReady', () => runner.start());
      app.addHook('onClose', () => runner.stop());
    }
  },
  { name: 'jobs', dependencies: ['config', 'db', 'clock'] },
);
