import { type FeaturedQuota, OWNER_MESSAGES } from '@baan/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { properties, users } from '../../db/schema.ts';
import { forbidden } from '../../lib/errors.ts';
import { activePackagePerks } from '../subscriptions/active-package.ts';

/**
 * The featured quota (ADR 017): `used` is the owner's featured listings that are not hidden by an admin; a create or
 * an edit that would feature one more than the quota of the owner's active package is refused. Admins are not limited.
 */

/** The owner's featured listings that count against the quota, leaving out `exceptId` (the listing being edited). */
async function featuredUsed(db: Db | Tx, userId: number, exceptId?: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(properties)
    .where(
      and(
        eq(properties.userId, userId),
        eq(properties.isFeatured, true),
        ne(properties.status, 'hidden'),
        exceptId === undefined ? undefined : ne(properties.id, exceptId),
      ),
    );
  return row?.n ?? 0;
}

/** GET /api/user/featured-quota: how many listings the user may still feature, and whether they rank first. */
export async function getFeaturedQuota(db: Db, userId: number, now: Date): Promise<FeaturedQuota> {
  const [perks, used] = await Promise.all([activePackagePerks(db, userId, now), featuredUsed(db, userId)]);
  return {
    quota: perks.featuredQuota,
    used,
    left: Math.max(0, perks.featuredQuota - used),
    premium: perks.premium ? 1 : 0,
  };
}

/**
 * Throws 403 `featuredQuota(n)` when the user cannot feature one more listing (`exceptId`: a listing being edited,
 * which does not count against itself). Inside a write's transaction pass `lock`: the user's row is locked first, so
 * two writes at once count one after the other and cannot both take the last place. Without it, it is the early
 * check a route makes before reading photos.
 */
export async function assertFeaturedQuota(
  db: Db | Tx,
  userId: number,
  now: Date,
  options: { exceptId?: number; lock?: boolean } = {},
): Promise<void> {
  if (options.lock) await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const [perks, used] = await Promise.all([
    activePackagePerks(db, userId, now),
    featuredUsed(db, userId, options.exceptId),
  ]);
  if (used >= perks.featuredQuota) throw forbidden(OWNER_MESSAGES.featuredQuota(perks.featuredQuota));
}
