import { BUYER_MESSAGES, MAX_FAVORITES } from '@baan/contract';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { favorites, properties, users } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { isVisible } from '../properties/visible.ts';
import { countFavorite } from '../stats/record.ts';

/**
 * PUT /api/user/favorites/{id}: keeps a listing a visitor may see (active, approved, owner enabled) among the
 * user's favourites. Idempotent: a repeat changes nothing. A new favourite counts +1 in the listing's
 * `favorites` for the Bangkok day, in the same transaction (favourites added per day, once per user and day;
 * removing one does not subtract). 404 for a listing that does not exist or is not public; 409 past MAX_FAVORITES.
 */
export async function addFavorite(db: Db, userId: number, propertyId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    // The account first, then the listing (the order every write that locks both takes: no deadlock).
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    // FOR SHARE: the listing cannot be deleted between this check and the insert (no foreign-key 500).
    const [listing] = await tx
      .select({ id: properties.id })
      .from(properties)
      .where(and(eq(properties.id, propertyId), isVisible))
      .for('share', { of: properties });
    if (!listing) throw notFound(BUYER_MESSAGES.favoriteNotFound);
    // At most MAX_FAVORITES (the list is answered whole): counted under a lock on the account, a repeat always passes.
    const [already] = await tx
      .select({ n: count() })
      .from(favorites)
      .where(and(eq(favorites.userId, userId), eq(favorites.propertyId, propertyId)));
    if (!already?.n) {
      const [all] = await tx.select({ n: count() }).from(favorites).where(eq(favorites.userId, userId));
      if ((all?.n ?? 0) >= MAX_FAVORITES) throw conflict(BUYER_MESSAGES.tooManyFavorites);
    }
    const [added] = await tx
      .insert(favorites)
      .values({ userId, propertyId, createdAt: now })
      .onConflictDoNothing()
      .returning({ propertyId: favorites.propertyId });
    if (added) await countFavorite(tx, propertyId, userId, now);
  });
}
