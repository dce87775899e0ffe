import { type CreatePropertyFields, requiredMessage } from '@baan/contract';
import type { Db } from '../../db/client.ts';
import { properties, propertyImages, propertyRooms } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { imageFileKeys, processImage, type StoredImage } from '../images/process-image.ts';
import { queueListingAlerts } from '../jobs/alert-jobs.ts';
import { type AssessCache, assessNewListing } from '../moderation/assess-listing.ts';
import { syncOwnerPerks } from '../perks/sync-owner-perks.ts';
import { bangkokDay } from '../stats/bangkok-day.ts';
import { photoRejection } from '../uploads/photo-rejection.ts';
import type { ReceivedFile } from '../uploads/receive-multipart.ts';
import { assertFeaturedQuota } from './featured-quota.ts';
import { createdNumberColumns } from './listing-columns.ts';
import { createdFacts } from './listing-facts.ts';
import { recordFirstPrice } from './price-history.ts';
import { assertLinkableProject } from './project-link.ts';
import { createdTermColumns } from './rental-term-columns.ts';

const OTHER_PHOTO = /^images(\[\d{1,2}\])?$/;

/** The folder listing photos are stored under; the orphan sweep looks only here. */
export const LISTING_PHOTOS = 'listings';

/** A listing's photo as stored, with the URL an import fetched it from (null for one uploaded by hand: ADR 038). */
export type ListingPhoto = StoredImage & { sourceUrl: string | null };

export type CreateOptions = {
  /** The write's time (app.clock). */
  now?: Date;
  /** Hold `is_featured` to the owner's package quota (everyone but admins; ADR 017). */
  featuredQuota?: boolean;
  /** Accounts younger than this many days have their listings reviewed (MODERATION_NEW_OWNER_DAYS). */
  newOwnerDays?: number;
  /** The creator's role: an admin may link any project (project-link.ts). */
  role?: 'user' | 'admin';
  /**
   * The owner's reference of a listing an import creates (ADR 030): stored with it, and the listing may come without
   * photos (a feed's photos are fetched on their own).
   */
  externalRef?: string;
  /**
   * The caller applies the package's perks once after many creates (an import: syncOwnerPerks reads every listing of
   * the owner, so once per row would make an import of n rows cost n²).
   */
  deferPerks?: boolean;
  /**
   * Photos already stored (an import's, fetched by URL: ADR 038), after any uploaded ones; the caller owns their files,
   * so a failed create leaves them stored.
   */
  photos?: readonly ListingPhoto[];
  /** The moderation gate's reads kept for a run of many creates (an import: assess-listing.ts). */
  assessCache?: AssessCache;
  /**
   * A listing live at once is told here instead of queueing its own saved-search match: the caller queues one match
   * for many (an import's batch, in the same transaction: queueListingsAlerts).
   */
  wentLive?: (id: number) => void;
};

/**
 * Creates a listing with its photos and rooms. Photos are converted first (outside the
 * transaction); the listing, its images and rooms are then written in one transaction. If anything
 * fails, the stored photos are removed again, so neither a half listing nor orphan files remain.
 */
export async function createProperty(
  db: Db,
  storage: Storage,
  userId: number,
  fields: CreatePropertyFields,
  files: readonly ReceivedFile[],
  options: CreateOptions = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const cover = files.find((f) => f.field === 'cover_image');
  if (!cover && options.externalRef === undefined)
    throw badRequest(requiredMessage('cover_image'), { cover_image: [requiredMessage('cover_image')] });
  const others = files.filter((f) => OTHER_PHOTO.test(f.field));

  const stored: StoredImage[] = [];
  const removeStored = () => storage.delete(stored.flatMap(imageFileKeys));
  try {
    for (const file of cover ? [cover, ...others] : others) {
      try {
        stored.push(await processImage(storage, file.path, LISTING_PHOTOS));
      } catch (err) {
        throw photoRejection(err, file) ?? err;
      }
    }
    const photos: ListingPhoto[] = [
      ...stored.map((image) => ({ ...image, sourceUrl: null })),
      ...(options.photos ?? []),
    ];
    return await db.transaction(async (tx) => {
      if (fields.project_id)
        await assertLinkableProject(tx, fields.project_id, { id: userId, role: options.role ?? 'user' });
      // Counted under a lock on the owner, so two listings sent at once cannot both take the last place.
      if (fields.is_featured === '1' && options.featuredQuota)
        await assertFeaturedQuota(tx, userId, now, { lock: true });
      // The moderation gate (ADR 017): a new owner, an outlying price or another owner's photo waits for an admin.
      const moderation = await assessNewListing(
        tx,
        {
          userId,
          type: fields.type,
          propertySubType: fields.property_sub_type,
          location: fields.location,
          title: fields.title,
          description: fields.description,
          roomTypes: fields.rooms.map((room) => room.type),
          price: fields.price,
          area: fields.area,
          photoHashes: photos.map((image) => image.phash),
        },
        now,
        options.newOwnerDays,
        options.assessCache,
      );
      const [row] = await tx
        .insert(properties)
        .values({
          userId,
          title: fields.title,
          description: fields.description,
          type: fields.type,
          userType: fields.user_type,
          propertyType: fields.property_type,
          propertySubType: fields.property_sub_type,
          location: fields.location,
          lat: fields.lat ?? null,
          lon: fields.lon ?? null,
          price: fields.price,
          areaUnit: fields.area_unit,
          // Area, rooms, level, floors and the house information (listing-columns.ts); land may leave floors out (it
          // has none), a sub type without a level may leave it out (levelAndFloorsIssues): stored as 0.
          ...createdNumberColumns(fields),
          availabilityDate: fields.availability_date ?? bangkokDay(now),
          language: fields.language,
          isFeatured: fields.is_featured === '1',
          // Foreign quota (condos only), title deed and the nearest station (listing-facts.ts).
          ...createdFacts(fields),
          // A rent listing's terms (rental-term-columns.ts); none on a sale listing.
          ...createdTermColumns(fields),
          review: moderation.review,
          reviewReasons: moderation.reviewReasons,
          projectId: fields.project_id ?? null,
          externalRef: options.externalRef ?? null,
        })
        .returning({ id: properties.id });
      if (!row) throw new Error('insert returned no row');
      // Every price is kept (ADR 028): the first one now.
      await recordFirstPrice(tx, row.id, fields.price, now);
      if (photos.length > 0)
        await tx.insert(propertyImages).values(
          photos.map((image, i) => ({
            propertyId: row.id,
            storageKey: image.key,
            width: image.width,
            height: image.height,
            widths: image.widths,
            isCover: i === 0,
            sortOrder: i,
            phash: image.phash,
            sourceUrl: image.sourceUrl,
          })),
        );
      if (fields.rooms.length > 0) {
        await tx
          .insert(propertyRooms)
          .values(fields.rooms.map((r) => ({ propertyId: row.id, type: r.type, quantity: r.quantity })));
      }
      // Premium visibility of the owner's package applies to the new listing at once (ADR 017).
      if (!options.deferPerks) await syncOwnerPerks(tx, userId, now);
      // Live at once (not held for review): saved searches are matched against it (services/alerts).
      if (moderation.review === 'approved') {
        if (options.wentLive) options.wentLive(row.id);
        else await queueListingAlerts(tx, row.id, now);
      }
      return row.id;
    });
  } catch (err) {
    await removeStored();
    throw err;
  }
}
