import { z } from 'zod';
import { successEnvelope } from './envelope.ts';

export const Health = z.object({ db: z.literal('ok'), version: z.string() });
export type Health = z.infer<typeof Health>;
export const HealthResponse = successEnvelope(Health);
