import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { packages } from '../../db/schema.ts';
import { subscriptionStandings } from './get-subscription-status.ts';

/** What the package of a user's running period gives their listings (ADR 017). */
export type PackagePerks = {
  /** The running period's package, or null without one. */
  packageId: number | null;
  /** How many listings may be featured at once (0 without a running period). */
  featuredQuota: number;
  /** The package sells premium visibility (its features hold `premiumVisibility`). */
  premium: boolean;
};

/** The feature key that gives a package's listings the first places in the default sort and the home sections. */
export const PREMIUM_VISIBILITY = 'premiumVisibility';

/** The perks of the package of the period running at `now` (none without one). */
export async function activePackagePerks(db: Db | Tx, userId: number, now: Date): Promise<PackagePerks> {
  const standing = (await subscriptionStandings(db as Db, [userId], now)).get(userId) ?? null;
  if (!standing) return { packageId: null, featuredQuota: 0, premium: false };
  const [pkg] = await db
    .select({ featuredQuota: packages.featuredQuota, features: packages.features })
    .from(packages)
    .where(eq(packages.id, standing.current.packageId));
  return {
    packageId: standing.current.packageId,
    featuredQuota: pkg?.featuredQuota ?? 0,
    premium: pkg?.features.includes(PREMIUM_VISIBILITY) ?? false,
  };
}
