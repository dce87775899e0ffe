import { AdminJobPageResponse, AdminJobResponse, AdminJobsQuery, JOB_MESSAGES, RecordIdParams } from '@baan/contract';
import { conflict, notFound } from '../../lib/errors.ts';
import type { RoutesPlugin } from '../../lib/route-schemas.ts';
import { listJobs, retryJob } from '../../services/jobs/admin-jobs.ts';

/** The durable jobs in the admin console: the dead ones, and "retry". Admins only. */
const adminJobs: RoutesPlugin = async (app) => {
  app.addHook('preHandler', app.requireAdmin);

  app.get(
    '/admin/jobs',
    {
      schema: { querystring: AdminJobsQuery, response: { 200: AdminJobPageResponse } },
      config: { input: { message: 'Please correct the filters.' } },
    },
    async (request) => {
      const query = request.query;
      const [page, counts] = await Promise.all([
        listJobs(app.db, query.state, query.page, query.per_page),
        app.jobs.counts(),
      ]);
      return {
        success: true as const,
        payload: { items: page.jobs, total: page.total, page: query.page, per_page: query.per_page, counts },
      };
    },
  );

  app.post(
    '/admin/jobs/:id/retry',
    {
      schema: { params: RecordIdParams, response: { 200: AdminJobResponse } },
      config: { input: { notFound: JOB_MESSAGES.notFound } },
    },
    async (request) => {
      const admin = request.user;
      if (!admin) throw new Error('admin route used without app.requireAdmin');
      const result = await retryJob(app.db, request.params.id, { id: admin.id, email: admin.email }, app.clock.now());
      if ('error' in result) {
        throw result.error === 'not-found' ? notFound(JOB_MESSAGES.notFound) : conflict(JOB_MESSAGES.notRetryable);
      }
      app.jobs.nudge();
      return { success: true as const, message: JOB_MESSAGES.retried, payload: result.job };
    },
  );
};

export default adminJobs;
