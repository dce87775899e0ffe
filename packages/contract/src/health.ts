import { z } from 'zod';
import { successEnvelope } from './envelope.ts';

export const Health = z.object({
  db: z.literal('ok'),
  version: z.string(),
  /**
   * Only when the API runs with a shared rate-limit store (REDIS_URL): whether Redis answers.
   * "down" still answers 200: the limits then count per process (ADR 009).
   */
  redis: z.enum(['ok', 'down']).optional(),
});
export type Health = z.infer<typeof Health>;
export const HealthResponse = successEnvelope(Health);

/** ok: answers; fail: does not (or not in time); off: not used by this node. */
export const CheckState = z.enum(['ok', 'fail', 'off']);
export type CheckState = z.infer<typeof CheckState>;

/**
 * Redis is optional (ADR 009): while it does not answer, each node counts its limits in its own memory and its
 * listing cache forgets on its lifetime, so the node still serves. `degraded` says so without failing the probe.
 */
export const RedisCheckState = z.enum(['ok', 'degraded', 'off']);
export type RedisCheckState = z.infer<typeof RedisCheckState>;

/**
 * Free space under DATA_DIR (the PGlite database, uploads on local disk, upload temporaries): `low` is reported and
 * stays ready, `fail` (critically full: writes are about to fail) takes the node out.
 */
export const DiskCheckState = z.enum(['ok', 'low', 'fail']);
export type DiskCheckState = z.infer<typeof DiskCheckState>;

/**
 * GET /api/health/ready: 200 unless the database, the job runner or the disk fails; 503
 * `{success:false, message, payload}` naming them otherwise. Redis down is `degraded`, still 200.
 */
export const Readiness = z.object({
  checks: z.object({ db: CheckState, redis: RedisCheckState, jobs: CheckState, disk: DiskCheckState }),
  version: z.string(),
});
export type Readiness = z.infer<typeof Readiness>;
export const ReadinessResponse = successEnvelope(Readiness);
export const NotReadyResponse = z.object({ success: z.literal(false), message: z.string(), payload: Readiness });
