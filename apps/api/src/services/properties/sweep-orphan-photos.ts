import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { propertyImages } from '../../db/schema.ts';
import type { Storage } from '../../storage/storage.ts';
import { sweepOrphanFiles } from '../uploads/sweep-orphan-files.ts';
import { LISTING_PHOTOS } from './create-property.ts';

export { ORPHAN_GRACE_MS } from '../uploads/sweep-orphan-files.ts';

/**
 * Removes listing photo files that no listing refers to (left by a crash between storing photos
 * and committing the listing, or by a failed delete). Returns how many files went. A photo is
 * `<key>-<width>.webp` for each width; its row holds `<key>`.
 */
export function sweepOrphanPhotos(db: Db, storage: Storage, now = new Date()): Promise<number> {
  return sweepOrphanFiles(
    storage,
    {
      prefix: `${LISTING_PHOTOS}/`,
      referenceOf: (key) => key.replace(/-\d+\.webp$/, ''),
      referenced: async (keys) =>
        (
          await db
            .select({ key: propertyImages.storageKey })
            .from(propertyImages)
            .where(inArray(propertyImages.storageKey, keys))
        ).map((row) => row.key),
    },
    now,
  );
}
