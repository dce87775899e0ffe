import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { properties, propertyImages } from '../../db/schema.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { type AuditActor, recordAudit } from '../audit/record-audit.ts';
import { isSharedPhotoKey } from '../images/demo-keys.ts';
import { imageFileKeys } from '../images/process-image.ts';

export type Actor = { id: number; role: 'user' | 'admin'; email: string };

export type DeleteOptions = {
  /** When an admin deletes: 'always' from the console, 'others' (the default) when an admin removes someone else's listing. */
  audit?: 'always' | 'others';
  notFoundMessage?: string;
  now?: Date;
};

/**
 * Deletes a listing (owner or admin only) with its images and rooms, then its photo files. Should
 * removing a file fail after the rows are gone, the orphan sweep removes it later. An admin's
 * deletion of someone else's listing is written to the audit log in the same transaction.
 */
export async function deleteProperty(
  db: Db,
  storage: Storage,
  propertyId: number,
  actor: Actor,
  options: DeleteOptions = {},
): Promise<void> {
  const images = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ userId: properties.userId, title: properties.title })
      .from(properties)
      .where(eq(properties.id, propertyId))
      .for('update');
    if (!row) throw notFound(options.notFoundMessage ?? 'This listing does not exist.');
    if (row.userId !== actor.id && actor.role !== 'admin') throw forbidden('You can only delete your own listings.');
    const files = await tx
      .select({ key: propertyImages.storageKey, widths: propertyImages.widths })
      .from(propertyImages)
      .where(eq(propertyImages.propertyId, propertyId));
    await tx.delete(properties).where(eq(properties.id, propertyId));
    const audited = actor.role === 'admin' && (options.audit === 'always' || row.userId !== actor.id);
    if (audited) {
      const auditActor: AuditActor = { id: actor.id, email: actor.email };
      await recordAudit(
        tx,
        auditActor,
        {
          action: 'property.delete',
          targetType: 'property',
          targetId: propertyId,
          details: { title: row.title, owner_id: row.userId },
        },
        options.now ?? new Date(),
      );
    }
    return files;
  });
  // Demo photos and imported ones are shared by many listings and stay when one of them goes (the sweep removes an
  // imported one no listing shows any more).
  const keys = images.filter((i) => !isSharedPhotoKey(i.key)).flatMap(imageFileKeys);
  await storage.delete(keys);
}
