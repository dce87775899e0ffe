import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { ensurePackageTiers, PACKAGE_TIERS } from '../packages/package-tiers.ts';

/** Package tiers: monthly THB prices; features are i18n keys the web app translates. */
export const DEMO_PACKAGES = PACKAGE_TIERS;

/**
 * Fills an empty database with demo data on first start. The package tiers are also ensured at
 * every start-up (demo or not), so they are no longer a sign that demo data was seeded: other
 * demo data needs its own check.
 */
export async function seedDemo(db: Db, log: FastifyBaseLogger): Promise<void> {
  if (await ensurePackageTiers(db)) log.info({ packages: PACKAGE_TIERS.length }, 'demo data seeded');
}
