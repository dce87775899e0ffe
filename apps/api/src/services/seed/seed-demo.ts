import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { packages } from '../../db/schema.ts';

/** Package tiers: monthly THB prices; features are i18n keys the web app translates. */
export const DEMO_PACKAGES = [
  { name: 'Starter', price: 490, sortOrder: 1, features: ['unlimitedListings', 'fullAnalytics'] },
  {
    name: 'Professional',
    price: 1290,
    sortOrder: 2,
    features: ['unlimitedListings', 'featuredAds', 'fullAnalytics', 'emailAnalyticsLeadTracking'],
  },
  {
    name: 'Premium',
    price: 2990,
    sortOrder: 3,
    features: ['unlimitedListings', 'featuredAds', 'fullAnalytics', 'emailAnalyticsLeadTracking', 'premiumVisibility'],
  },
];

/**
 * Fills an empty database with demo data on first start. Runs under an advisory lock so two
 * processes starting together against one PostgreSQL do not both seed.
 */
export async function seedDemo(db: Db, log: FastifyBaseLogger): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727001)`);
    const [existing] = await tx.select({ n: sql<number>`count(*)::int` }).from(packages);
    if ((existing?.n ?? 0) > 0) return;
    await tx.insert(packages).values(DEMO_PACKAGES.map((p) => ({ ...p, durationDays: 30 })));
    log.info({ packages: DEMO_PACKAGES.length }, 'demo data seeded');
  });
}
