import type { SavedSearch } from '@baan/contract';
import type { savedSearches } from '../../db/schema.ts';

export type SavedSearchRow = typeof savedSearches.$inferSelect;

/** A saved_searches row as docs/api.md "Buyers" has it on the wire. */
export function toWireSavedSearch(row: SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    query: row.query,
    frequency: row.frequency,
    notify_price_drops: row.notifyPriceDrops,
    created_at: row.createdAt.toISOString(),
    last_sent_at: row.lastSentAt?.toISOString() ?? null,
  };
}
