import type { Health } from '@baan/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { VERSION } from '../../version.ts';

const health: FastifyPluginAsync = async (app) => {
  app.get('/health', async () => {
    await app.db.execute(sql`select 1`);
    const payload: Health = { db: 'ok', version: VERSION };
    return { success: true, payload };
  });
};

export default health;
