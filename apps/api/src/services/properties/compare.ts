import type { Property } from '@baan/contract';
import { and, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { properties } from '../../db/schema.ts';
import type { Storage } from '../../storage/storage.ts';
import { loadDetails, toWireProperty } from './property-wire.ts';
import { isVisible } from './visible.ts';

/**
 * GET /api/properties/compare?ids=: the visible listings among `ids` (CompareQuery: at most MAX_COMPARE, no
 * repeats), in the order asked; an id that names no visible listing (removed, paused, hidden, sold…) is left out.
 */
export async function compareProperties(db: Db, storage: Storage, ids: readonly number[]): Promise<Property[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(properties)
    .where(and(inArray(properties.id, [...ids]), isVisible));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = ids.flatMap((id) => byId.get(id) ?? []);
  const { images, rooms, projects, agents } = await loadDetails(
    db,
    ordered.map((r) => r.id),
  );
  return ordered.map((row) =>
    toWireProperty(
      storage,
      row,
      images.get(row.id),
      rooms.get(row.id),
      undefined,
      projects.get(row.id),
      agents.get(row.id),
    ),
  );
}
