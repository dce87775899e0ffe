import { AdminJobsQuery, JOB_MESSAGES } from '@baan/contract';
import type { FastifyPluginAsync } from 'fastify';
import { conflict, notFound } from '../../lib/errors.ts';
import { parse } from '../../lib/validate.ts';
import { listJobs, retryJob } from '../../services/jobs/admin-jobs.ts';

/** A job id from the path: anything but a positive whole number names no job (404). */
function jobId(raw: string): number {
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id <= 0) throw notFound(JOB_MESSAGES.notFound);
  return id;
}

/** The durable jobs in the admin console: the dead ones, and "retry". Admins only. */
const adminJobs: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', app.requireAdmin);

  app.get('/admin/jobs', async (request) => {
    const query = parse(AdminJobsQuery, request.query, 'Please correct the filters.');
    const [page, counts] = await Promise.all([
      listJobs(app.db, query.state, query.page, query.per_page),
      app.jobs.counts(),
    ]);
    return {
      success: true,
      payload: { items: page.jobs, total: page.total, page: query.page, per_page: query.per_page, counts },
    };
  });

  app.post<{ Params: { id: string } }>('/admin/jobs/:id/retry', async (request) => {
    const admin = request.user;
    if (!admin) throw new Error('admin route used without app.requireAdmin');
    const result = await retryJob(
      app.db,
      jobId(request.params.id),
      { id: admin.id, email: admin.email },
      app.clock.now(),
    );
    if ('error' in result) {
      throw result.error === 'not-found' ? notFound(JOB_MESSAGES.notFound) : conflict(JOB_MESSAGES.notRetryable);
    }
    app.jobs.nudge();
    return { success: true, message: JOB_MESSAGES.retried, payload: result.job };
  });
};

export default adminJobs;
