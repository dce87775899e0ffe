import { type DiskCheckState, NotReadyResponse, type Readiness, ReadinessResponse } from '@baan/contract';
import { sql } from 'drizzle-orm';
import { diskSpace, diskState } from '../../lib/disk-space.ts';
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

/** Free space under DATA_DIR within the time limit; a file system that cannot be asked (or answers late) fails. */
async function diskCheck(dataDir: string): Promise<DiskCheckState> {
  let state: DiskCheckState = 'fail';
  const answered = await probe(async () => {
    state = diskState(await diskSpace.available(dataDir));
    return true;
  });
  return answered === 'ok' ? state : 'fail';
}

/**
 * GET /api/health/ready, the readiness probe for a load balancer or orchestrator: 200 when this
 * node can serve (the database answers `select 1`, the job runner polls on time when this node
 * runs jobs, DATA_DIR is not critically full), 503 naming the failed checks otherwise. Redis is
 * optional (ADR 009): when REDIS_URL is set and Redis does not answer a PING, `redis` is
 * `degraded` and the node stays ready (each node counts its limits in its own memory meanwhile),
 * so a Redis outage never takes every node out at once. Free space below DISK_LOW_BYTES is
 * reported as `low` and stays ready. GET /api/health stays the liveness check.
 */
const ready: RoutesPlugin = async (app) => {
  app.get(
    '/health/ready',
    { schema: { response: { 200: ReadinessResponse, 503: NotReadyResponse } } },
    async (request, reply) => {
      const [db, redis, jobsState, disk] = await Promise.all([
        probe(async () => {
          await app.db.execute(sql`select 1`);
          return true;
        }),
        app.rateLimit.store === 'redis'
          ? probe(() => app.rateLimit.storeAnswers()).then((state) => (state === 'ok' ? 'ok' : 'degraded'))
          : ('off' as const),
        app.config.jobsWorker ? probe(() => app.jobs.isHealthy()) : ('off' as const),
        diskCheck(app.config.dataDir),
      ]);
      const payload: Readiness = { checks: { db, redis, jobs: jobsState, disk }, version: VERSION };
      reply.header('Cache-Control', 'no-store');
      const failed = Object.entries(payload.checks)
        .filter(([, state]) => state === 'fail')
        .map(([name]) => name);
      // Degraded and low are not logged here: probes come every few seconds, and the Redis store logs its outage.
      if (failed.length === 0) return { success: true as const, payload };
      request.log.warn({ checks: payload.checks }, 'not ready');
      return reply.code(503).send({ success: false, message: `Not ready: ${failed.join(', ')} failing.`, payload });
    },
  );
};

export default ready;
