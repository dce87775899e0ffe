import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { propertyImages } from '../../db/schema.ts';
import type { Storage } from '../../storage/storage.ts';
import { LISTING_PHOTOS } from './create-property.ts';

/** Files younger than this may belong to an upload another process is finishing right now. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

/**
 * Removes listing photo files that no listing refers to (left by a crash between storing photos
 * and committing the listing, or by a failed delete). Returns how many files went.
 */
export async function sweepOrphanPhotos(db: Db, storage: Storage, now = new Date()): Promise<number> {
  const candidates = new Map<string, string[]>();
  for await (const item of storage.list(`${LISTING_PHOTOS}/`)) {
    if (now.getTime() - item.modifiedAt.getTime() < ORPHAN_GRACE_MS) continue;
    const prefix = item.key.replace(/-\d+\.webp$/, '');
    candidates.set(prefix, [...(candidates.get(prefix) ?? []), item.key]);
  }
  if (candidates.size === 0) return 0;
  const referenced = new Set<string>();
  const prefixes = [...candidates.keys()];
  for (let i = 0; i < prefixes.length; i += 500) {
    const rows = await db
      .select({ key: propertyImages.storageKey })
      .from(propertyImages)
      .where(inArray(propertyImages.storageKey, prefixes.slice(i, i + 500)));
    for (const row of rows) referenced.add(row.key);
  }
  const orphans = [...candidates.entries()].filter(([prefix]) => !referenced.has(prefix)).flatMap(([, keys]) => keys);
  await storage.delete(orphans);
  return orphans.length;
}
