import { BUYER_MESSAGES } from '@baan/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { savedSearches } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';

/**
 * DELETE /api/user/saved-searches/{id}: ends the user's own saved search (its unsent hits go with it). Another
 * user's search is a 404 exactly like a missing one, so ids reveal nothing.
 */
export async function deleteSavedSearch(db: Db, userId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  if (deleted.length === 0) throw notFound(BUYER_MESSAGES.savedSearchNotFound);
}
