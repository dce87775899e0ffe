import { type FeaturedQuota, OWNER_MESSAGES } from '@baan/contract';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { agencyMembers, properties, users } from '../../db/schema.ts';
import { forbidden } from '../../lib/errors.ts';
import { activePackagePerks } from '../subscriptions/active-package.ts';
import { subscriptionStandings } from '../subscriptions/get-subscription-status.ts';

/**
 * The featured quota (ADR 017; shared within an agency, ADR 037): `used` is the owner's (or the sharing pool's) featured listings that are not hidden by an admin; a create or
 * an edit that would feature one more than the quota of the owner's active package is refused. Admins are not limited.
 */

/**
 * Who shares one featured quota with the user (ADR 037): the holder of the package that covers them — their own, or
 * their agency admin's — and every member of that admin's agency whom the same package covers. Just the user when no
 * agency package is involved.
 */
export async function quotaPool(db: Db | Tx, userId: number, now: Date): Promise<{ holder: number; pool: number[] }> {
  const standing = (await subscriptionStandings(db as Db, [userId], now)).get(userId) ?? null;
  const holder = standing?.sharedBy ?? userId;
  if (!standing) return { holder, pool: [userId] };
  const [membership] = await db
    .select({ agencyId: agencyMembers.agencyId, role: agencyMembers.role })
    .from(agencyMembers)
    .where(eq(agencyMembers.userId, holder));
  if (membership?.role !== 'admin') return { holder, pool: [userId] };
  const others = (
    await db
      .select({ id: agencyMembers.userId })
      .from(agencyMembers)
      .where(and(eq(agencyMembers.agencyId, membership.agencyId), ne(agencyMembers.userId, holder)))
  ).map((r) => r.id);
  const standings = await subscriptionStandings(db as Db, others, now);
  return { holder, pool: [holder, ...others.filter((id) => standings.get(id)?.sharedBy === holder)] };
}

/** The pool's featured listings that count against the quota, leaving out `exceptId` (the listing being edited). */
async function featuredUsed(db: Db | Tx, pool: number[], exceptId?: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(properties)
    .where(
      and(
        inArray(properties.userId, pool),
        eq(properties.isFeatured, true),
        ne(properties.status, 'hidden'),
        exceptId === undefined ? undefined : ne(properties.id, exceptId),
      ),
    );
  return row?.n ?? 0;
}

/** GET /api/user/featured-quota: how many listings the user may still feature, and whether they rank first. */
export async function getFeaturedQuota(db: Db, userId: number, now: Date): Promise<FeaturedQuota> {
  const { pool } = await quotaPool(db, userId, now);
  const [perks, used] = await Promise.all([activePackagePerks(db, userId, now), featuredUsed(db, pool)]);
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
  const { holder, pool } = await quotaPool(db, userId, now);
  // The package holder's row: members sharing one quota count one after the other.
  if (options.lock) await db.select({ id: users.id }).from(users).where(eq(users.id, holder)).for('update');
  const [perks, used] = await Promise.all([
    activePackagePerks(db, userId, now),
    featuredUsed(db, pool, options.exceptId),
  ]);
  if (used >= perks.featuredQuota) throw forbidden(OWNER_MESSAGES.featuredQuota(perks.featuredQuota));
}
