import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { properties, propertyImages } from '../../db/schema.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { imageFileKeys } from '../images/process-image.ts';
import { isSharedDemoKey } from '../seed/demo-picture-pool.ts';

export type Actor = { id: number; role: 'user' | 'admin' };

/**
 * Deletes a listing (owner or admin only) with its images and rooms, then its photo files. Should
 * removing a file fail after the rows are gone, the orphan sweep removes it later.
 */
export async function deleteProperty(db: Db, storage: Storage, propertyId: number, actor: Actor): Promise<void> {
  const images = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ userId: properties.userId })
      .from(properties)
      .where(eq(properties.id, propertyId))
      .for('update');
    if (!row) throw notFound('This listing does not exist.');
    if (row.userId !== actor.id && actor.role !== 'admin') throw forbidden('You can only delete your own listings.');
    const files = await tx
      .select({ key: propertyImages.storageKey, widths: propertyImages.widths })
      .from(propertyImages)
      .where(eq(propertyImages.propertyId, propertyId));
    await tx.delete(properties).where(eq(properties.id, propertyId));
    return files;
  });
  // Demo photos are shared by many seeded listings and stay when one of them goes.
  const keys = images.filter((i) => !isSharedDemoKey(i.key)).flatMap(imageFileKeys);
  await storage.delete(keys);
}
