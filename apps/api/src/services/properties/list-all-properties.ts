import type { Property } from '@baan/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { properties } from '../../db/schema.ts';
import type { Storage } from '../../storage/storage.ts';
import { loadDetails, toWireProperty } from './property-wire.ts';
import { isVisible } from './visible.ts';

/**
 * Every visible listing, newest first (`GET /api/all/properties`, kept for compatibility with the
 * spec; it grows with the catalogue, so the web app pages through /api/properties instead).
 */
export async function listAllProperties(db: Db, storage: Storage): Promise<Property[]> {
  const rows = await db
    .select({ property: properties })
    .from(properties)
    .where(isVisible)
    .orderBy(sql`${properties.createdAt} desc nulls last`, sql`${properties.id} desc nulls last`);
  const ids = rows.map((r) => r.property.id);
  const visibleIds = db.select({ id: properties.id }).from(properties).where(isVisible);
  const { images, rooms, projects, agents } = await loadDetails(db, ids, visibleIds);
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
