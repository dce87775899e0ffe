import type { SavedSearch } from '@baan/contract';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { savedSearches } from '../../db/schema.ts';
import { toWireSavedSearch } from './saved-search-wire.ts';

/** GET /api/user/saved-searches: the user's saved searches, the newest first. */
export async function listSavedSearches(db: Db, userId: number): Promise<SavedSearch[]> {
  const rows = await db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
  return rows.map(toWireSavedSearch);
}
