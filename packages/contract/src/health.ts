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

/** GET /api/health/ready: 200 when every check used is ok; 503 `{success:false, message, payload}` otherwise. */
export const Readiness = z.object({
  checks: z.object({ db: CheckState, redis: CheckState, jobs: CheckState }),
  version: z.string(),
});
export type Readiness = z.infer<typeof Readiness>;
export const ReadinessResponse = successEnvelope(Readiness);
export const NotReadyResponse = z.object({ success: z.literal(false), message: z.string(), payload: Readiness });
