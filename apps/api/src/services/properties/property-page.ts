import type { PropertyPageData } from '@baan/contract';
import type { Db } from '../../db/client.ts';
import type { Storage } from '../../storage/storage.ts';
import { isListingNoLongerAvailable, ownerOnWire, publicListing } from './get-property.ts';
import { pricePoints } from './price-history.ts';
import { loadDetails, wireWithDetails } from './property-wire.ts';
import { similarProperties, similarRows } from './similar.ts';

/**
 * The detail page's reads of one listing (PageServices.propertyPage), answering exactly as getProperty,
 * similarProperties, priceHistory and isListingNoLongerAvailable do, in 7–8 statements instead of 13–14 (issue 27):
 * - the listing with its owner's contact, once: its row is also the similar listings' target (a public page's listing
 *   is approved, all similarProperties asks of it) and proves priceHistory's "page is public" (the same isPublicPage);
 * - the similar listings' ranking (one statement, two when the price window holds too few in the province);
 * - the images, rooms, project and lister of the listing and its similar listings in one round of loadDetails (four
 *   statements, each result grouped by listing in the order the separate reads give);
 * - the price history.
 * A listing not shown costs the "no longer available" check, and for one that is, the similar listings' own read.
 */
export async function propertyPage(db: Db, storage: Storage, id: number): Promise<PropertyPageData> {
  const row = await publicListing(db, id);
  if (!row) {
    const noLongerAvailable = await isListingNoLongerAvailable(db, id);
    const similar = noLongerAvailable ? ((await similarProperties(db, storage, id)) ?? []) : [];
    return { property: null, noLongerAvailable, similar, priceHistory: [] };
  }
  const [similar, priceHistory] = await Promise.all([similarRows(db, row.property), pricePoints(db, id)]);
  const details = await loadDetails(db, [id, ...similar.map((r) => r.id)]);
  return {
    property: wireWithDetails(storage, row.property, details, ownerOnWire(row.owner)),
    noLongerAvailable: false,
    similar: similar.map((r) => wireWithDetails(storage, r, details)),
    priceHistory,
  };
}
