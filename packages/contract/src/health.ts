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
