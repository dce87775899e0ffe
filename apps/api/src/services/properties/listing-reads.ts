import type { Property, PropertyListQuery, PropertyPage, PropertyTypeCounts } from '@baan/contract';
import type { Db } from '../../db/client.ts';
import type { TtlCache } from '../../lib/ttl-cache.ts';
import type { Storage } from '../../storage/storage.ts';
import { countPropertyTypes } from './count-property-types.ts';
import { getProperty } from './get-property.ts';
import { listProperties } from './list-properties.ts';

/** What the public listing reads need: the database, the photo URLs' storage and the read cache. */
export interface ListingReadDeps {
  db: Db;
  storage: Storage;
  listingCache: TtlCache;
}

/** One visible listing through the read cache, or null (the API's GET /api/property/:id and the detail page). */
export function cachedProperty(deps: ListingReadDeps, id: number): Promise<Property | null> {
  return deps.listingCache.get(`detail:${id}`, () => getProperty(deps.db, deps.storage, id));
}

/** One page of a validated search through the read cache (the API's search and the list pages). */
export function cachedPropertyPage(deps: ListingReadDeps, query: PropertyListQuery): Promise<PropertyPage> {
  return deps.listingCache.get(`page:${JSON.stringify(query)}`, () =>
    listProperties(deps.db, deps.storage, query, deps.listingCache),
  );
}

/** Active listings per sub type through the read cache. */
export function cachedTypeCounts(deps: ListingReadDeps): Promise<PropertyTypeCounts> {
  return deps.listingCache.get('stats:types', () => countPropertyTypes(deps.db));
}
