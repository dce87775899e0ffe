import type { Property } from '@baan/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { favorites, properties } from '../../db/schema.ts';
import type { Storage } from '../../storage/storage.ts';
import { loadDetails, toWireProperty } from '../properties/property-wire.ts';
import { isVisible } from '../properties/visible.ts';

/**
 * GET /api/user/favorites: the user's favourites a visitor may still see, the newest favourite first. Paused,
 * sold, held or removed listings drop out (and come back when the listing is active again).
 */
export async function listFavorites(db: Db, storage: Storage, userId: number): Promise<Property[]> {
  const rows = await db
    .select({ property: properties })
    .from(favorites)
    .innerJoin(properties, eq(properties.id, favorites.propertyId))
    .where(and(eq(favorites.userId, userId), isVisible))
    .orderBy(desc(favorites.createdAt), desc(properties.id));
  const { images, rooms, projects, agents } = await loadDetails(
    db,
    rows.map((r) => r.property.id),
  );
  return rows.map(({ property }) =>
    toWireProperty(
      storage,
      property,
      images.get(property.id),
      rooms.get(property.id),
      undefined,
      projects.get(property.id),
      agents.get(property.id),
    ),
  );
}
