import { type Health, HealthResponse } from '@baan/contract';
import { sql } from 'drizzle-orm';
import type { RoutesPlugin } from '../../lib/route-schemas.ts';
import { VERSION } from '../../version.ts';
import readyRoutes from './ready.ts';

const health: RoutesPlugin = async (app) => {
  app.get('/health', { schema: { response: { 200: HealthResponse } } }, async () => {
    await app.db.execute(sql`select 1`);
    const payload: Health = { db: 'ok', version: VERSION };
    // A Redis outage does not fail the check: rate limits fall back to per-process counters.
    if (app.rateLimit.store === 'redis') payload.redis = (await app.rateLimit.storeAnswers()) ? 'ok' : 'down';
    return { success: true as const, payload };
  });
  // GET /api/health/ready: the readiness probe (database, Redis, job runner).
  await app.register(readyRoutes);
};

export default health;
