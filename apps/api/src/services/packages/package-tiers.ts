import { asc, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { packages } from '../../db/schema.ts';

/** The three tiers every deployment starts with: monthly THB prices; features are i18n keys. */
export const PACKAGE_TIERS = [
  { name: 'Starter', price: 490, sortOrder: 1, featuredQuota: 0, features: ['unlimitedListings', 'fullAnalytics'] },
  {
    name: 'Professional',
    price: 1290,
    sortOrder: 2,
    featuredQuota: 5,
    features: ['unlimitedListings', 'featuredAds', 'fullAnalytics', 'emailAnalyticsLeadTracking'],
  },
  {
    name: 'Premium',
    price: 2990,
    sortOrder: 3,
    featuredQuota: 10,
    features: ['unlimitedListings', 'featuredAds', 'fullAnalytics', 'emailAnalyticsLeadTracking', 'premiumVisibility'],
  },
];

/**
 * Inserts the tiers when the packages table is empty, so a real deployment can sell from its
 * first start (demo data or not). Later edits by admins are kept: it never touches existing rows.
 * The advisory lock keeps two nodes starting together from both inserting.
 */
export async function ensurePackageTiers(db: Db | Tx): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
    const [existing] = await tx.select({ n: sql<number>`count(*)::int` }).from(packages);
    if ((existing?.n ?? 0) > 0) return false;
    await tx.insert(packages).values(PACKAGE_TIERS.map((p) => ({ ...p, durationDays: 30 })));
    return true;
  });
}

export type PackageRow = typeof packages.$inferSelect;

export function toPackage(row: PackageRow) {
  return {
    id: row.id,
    name: row.name,
    price: row.price,
    duration_days: row.durationDays,
    features: row.features,
    featured_quota: row.featuredQuota,
  };
}

/** Packages on sale (not retired), in their display order. */
export async function listPackages(db: Db) {
  const rows = await db
    .select()
    .from(packages)
    .where(isNull(packages.retiredAt))
    .orderBy(asc(packages.sortOrder), asc(packages.price), asc(packages.id));
  return rows.map(toPackage);
}
