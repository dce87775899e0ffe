import { BUYER_MESSAGES } from '@baan/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { favorites, properties } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';

/**
 * DELETE /api/user/favorites/{id}: idempotent for any listing that exists, whatever its state (a repeat, or one that
 * was never a favourite, is 204 too); an id that names no listing is a 404, as everywhere. The day's `favorites`
 * count is not lowered (it counts favourites added).
 */
export async function removeFavorite(db: Db, userId: number, propertyId: number): Promise<void> {
  const removed = await db
    .delete(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.propertyId, propertyId)))
    .returning({ propertyId: favorites.propertyId });
  if (removed.length > 0) return;
  const [listing] = await db.select({ id: properties.id }).from(properties).where(eq(properties.id, propertyId));
  if (!listing) throw notFound(BUYER_MESSAGES.favoriteNotFound);
}
