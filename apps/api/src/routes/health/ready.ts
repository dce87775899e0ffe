import { NotReadyResponse, type Readiness, ReadinessResponse } from '@baan/contract';
import { sql } from 'drizzle-orm';
import type { RoutesPlugin } from '../../lib/route-schemas.ts';
import { VERSION } from '../../version.ts';

/** Each check gets this long: a hung database or Redis must not hang the probe (load balancers time out too). */
export const READY_CHECK_TIMEOUT_MS = 2_000;

/** 'ok' when `check` answers true within the time limit, 'fail' when it answers false, throws or is late. */
async function probe(check: () => Promise<boolean> | boolean): Promise<'ok' | 'fail'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_CHECK_TIMEOUT_MS);
  });
  try {
    return (await Promise.race([Promise.resolve().then(check), late])) ? 'ok' : 'fail';
  } catch {
    return 'fail';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /api/health/ready, the readiness probe for a load balancer or orchestrator: 200 when this
 * node can serve (the database answers `select 1`, Redis answers a PING when REDIS_URL is set,
 * the job runner polls on time when this node runs jobs), 503 naming the failed checks otherwise.
 * GET /api/health stays the liveness check (the process answers; Redis down is not fatal there).
 */
const ready: RoutesPlugin = async (app) => {
  app.get(
    '/health/ready',
    { schema: { response: { 200: ReadinessResponse, 503: NotReadyResponse } } },
    async (request, reply) => {
      const [db, redis, jobsState] = await Promise.all([
        probe(async () => {
          await app.db.execute(sql`select 1`);
          return true;
        }),
        app.rateLimit.store === 'redis' ? probe(() => app.rateLimit.storeAnswers()) : ('off' as const),
        app.config.jobsWorker ? probe(() => app.jobs.isHealthy()) : ('off' as const),
      ]);
      const payload: Readiness = { checks: { db, redis, jobs: jobsState }, version: VERSION };
      reply.header('Cache-Control', 'no-store');
      const failed = Object.entries(payload.checks)
        .filter(([, state]) => state === 'fail')
        .map(([name]) => name);
      if (failed.length === 0) return { success: true as const, payload };
      request.log.warn({ checks: payload.checks }, 'not ready');
      return reply.code(503).send({ success: false, message: `Not ready: ${failed.join(', ')} failing.`, payload });
    },
  );
};

export default ready;
