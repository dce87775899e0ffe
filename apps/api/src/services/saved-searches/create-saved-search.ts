import {
  BUYER_MESSAGES,
  type CreateSavedSearchRequest,
  MAX_SAVED_SEARCHES,
  normalizeSavedQuery,
  PropertyListQuery,
  type SavedSearch,
} from '@baan/contract';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { savedSearches, users } from '../../db/schema.ts';
import { badRequest, conflict, HttpError } from '../../lib/errors.ts';
import { writeMatchRows } from '../alerts/search-box.ts';
import { searchConditions } from '../properties/list-properties.ts';
import { toWireSavedSearch } from './saved-search-wire.ts';

/**
 * POST /api/user/saved-searches: stores the search with its query normalized (normalizeSavedQuery: valid
 * filters only, paging and sort dropped, stable key order). 400 with `errors.query` for a query that is not a
 * valid search; 409 when the user already keeps MAX_SAVED_SEARCHES (counted under a lock on the user, so two
 * requests at once cannot both take the last place). `created_at` is the app clock's now: only listings that go
 * live after it are alerted.
 */
export async function createSavedSearch(
  db: Db,
  userId: number,
  request: CreateSavedSearchRequest,
  now: Date,
): Promise<SavedSearch> {
  const normalized = normalizeSavedQuery(request.query);
  if (!normalized.ok) throw badRequest(normalized.message, { query: [normalized.message] });
  // What the search itself refuses beyond the query's shape (a station that does not exist) is refused here too.
  try {
    searchConditions(PropertyListQuery.parse(Object.fromEntries(new URLSearchParams(normalized.query))));
  } catch (err) {
    const message = err instanceof HttpError && err.statusCode === 400 ? err.message : 'The search is not valid.';
    throw badRequest(message, { query: [message] });
  }
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [kept] = await tx.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId));
    if ((kept?.n ?? 0) >= MAX_SAVED_SEARCHES) throw conflict(BUYER_MESSAGES.tooManySavedSearches);
    const [row] = await tx
      .insert(savedSearches)
      .values({
        userId,
        name: request.name,
        query: normalized.query,
        frequency: request.frequency,
        notifyPriceDrops: request.notify_price_drops ?? false,
        createdAt: now,
        // Filed for the alert matcher in the same transaction (below, ADR 050).
        matchIndexed: true,
      })
      .returning();
    if (!row) throw new Error('saved search insert returned nothing');
    await writeMatchRows(tx, [{ id: row.id, query: row.query }]);
    return toWireSavedSearch(row);
  });
}
