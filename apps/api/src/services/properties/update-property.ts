import {
  type ListingTextReason,
  levelAndFloorsIssues,
  listingTextReasons,
  MAX_PHOTOS,
  OWNER_MESSAGES,
  RENTAL_TERM_NAMES,
  rentalTermIssues,
  type UpdatePropertyFields,
} from '@baan/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { properties, propertyImages, propertyRooms, users } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { isSharedPhotoKey } from '../images/demo-keys.ts';
import { imageFileKeys, processImage, type StoredImage } from '../images/process-image.ts';
import { queueListingAlerts } from '../jobs/alert-jobs.ts';
import { isNewOwner, listingContentReasons, NEW_OWNER_DAYS } from '../moderation/assess-listing.ts';
import { bangkokDay } from '../stats/bangkok-day.ts';
import { photoRejection } from '../uploads/photo-rejection.ts';
import type { ReceivedFile } from '../uploads/receive-multipart.ts';
import { LISTING_PHOTOS, type ListingPhoto } from './create-property.ts';
import { assertFeaturedQuota } from './featured-quota.ts';
import { editedNumberColumns } from './listing-columns.ts';
import { editedFacts } from './listing-facts.ts';
import { recordPriceChange } from './price-history.ts';
import { assertLinkableProject } from './project-link.ts';
import type { PropertyRow } from './property-wire.ts';
import { editedTermColumns, mergedTerms } from './rental-term-columns.ts';

/** Who edits: the listing's owner or an admin. */
export type Editor = { id: number; role: 'user' | 'admin' };

export const LISTING_MISSING = 'This listing does not exist.';
/** The same wording as a create that fails its fields. */
const FIELDS_MESSAGE = 'Please correct the highlighted fields.';

export const PHOTO_MESSAGES = {
  notHers: (field: string, id: number) =>
    `${field.replaceAll('_', ' ')}: photo ${id} is not one of this listing's photos`,
  twice: (field: string, id: number) => `${field.replaceAll('_', ' ')}: photo ${id} is named twice`,
  removedCover: (id: number) => `cover image id: photo ${id} is being removed`,
  atLeastOne: 'A listing needs at least one photo.',
  atMost: `A listing can have at most ${MAX_PHOTOS} photos.`,
} as const;

const OTHER_PHOTO = /^images(\[\d{1,2}\])?$/;

/**
 * The listing to edit, read before any byte of the body: 404 when it does not exist, 403 when the editor is neither
 * its owner nor an admin.
 */
export async function editableListing(db: Db | Tx, id: number, editor: Editor, lock = false): Promise<PropertyRow> {
  const query = db.select().from(properties).where(eq(properties.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(LISTING_MISSING);
  if (row.userId !== editor.id && editor.role !== 'admin') throw forbidden(OWNER_MESSAGES.notYours);
  return row;
}

/** What an edit asks that the cheap checks look at (known from the fields sent before the first photo too). */
export type EditIntent = { statusChange: boolean; featuring: boolean };

/** Whether this edit would make the listing count against the owner's featured quota when it did not before. */
const newlyFeatured = (row: PropertyRow, intent: EditIntent) =>
  intent.featuring && !row.isFeatured && row.status !== 'hidden';

/**
 * The checks that need no photo: an owner cannot change the status of a listing an admin hid (409), and cannot feature
 * beyond their package's quota (403). Run before the photos are read and again inside the write's transaction
 * (`lock`), which alone is authoritative.
 */
export async function checkEditIntent(
  db: Db | Tx,
  row: PropertyRow,
  intent: EditIntent,
  editor: Editor,
  now: Date,
  lock = false,
): Promise<void> {
  if (editor.role === 'admin') return;
  if (intent.statusChange && row.status === 'hidden') throw conflict(OWNER_MESSAGES.hiddenByAdmin);
  if (newlyFeatured(row, intent)) await assertFeaturedQuota(db, row.userId, now, { exceptId: row.id, lock });
}

export const editIntent = (fields: UpdatePropertyFields): EditIntent => ({
  statusChange: fields.status !== undefined,
  featuring: fields.is_featured === '1',
});

/**
 * The rules between fields (levelAndFloorsIssues, rentalTermIssues) on the listing as it will be after the edit: 400
 * as for a create. Only when the edit names a field they read, so marking an older listing sold never fails on its
 * floors.
 */
function checkMergedRules(row: PropertyRow, fields: UpdatePropertyFields): void {
  const has = (key: keyof UpdatePropertyFields) => Object.hasOwn(fields, key);
  const issues: { path: [string]; message: string }[] = [];
  if (has('property_sub_type') || has('level') || has('floors')) {
    issues.push(
      ...levelAndFloorsIssues({
        property_sub_type: fields.property_sub_type ?? row.propertySubType,
        level: has('level') ? fields.level : row.level,
        floors: has('floors') ? fields.floors : row.floors,
      }),
    );
  }
  // The rental terms on the listing as it will be: only a rental takes them, a rate only with the building's rate.
  if (has('type') || RENTAL_TERM_NAMES.some(has)) {
    issues.push(...rentalTermIssues({ type: fields.type ?? row.type, terms: mergedTerms(row, fields) }));
  }
  if (issues.length > 0) {
    const errors: Record<string, string[]> = {};
    for (const issue of issues) errors[issue.path[0]] = [...(errors[issue.path[0]] ?? []), issue.message];
    throw badRequest(FIELDS_MESSAGE, errors);
  }
}

type ImageRow = typeof propertyImages.$inferSelect;
/** One photo of the listing after the edit: an existing row, or the n-th new photo. */
type Slot = { id: number } | { added: number };

/**
 * The photos after the edit, in order, cover first: the ones named in `image_order` first (in that order), then the
 * others as they were, then the new ones; the cover is `cover_image_id`, else the old cover if it stays, else the
 * first. 400 for an id that is not this listing's, for removing the last photo or adding beyond MAX_PHOTOS.
 */
function planPhotos(current: readonly ImageRow[], fields: UpdatePropertyFields, added: number): Slot[] {
  const own = new Set(current.map((image) => image.id));
  const errors: Record<string, string[]> = {};
  const problem = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const removed = new Set<number>();
  for (const id of fields.remove_image_ids ?? []) {
    if (!own.has(id)) problem('remove_image_ids', PHOTO_MESSAGES.notHers('remove_image_ids', id));
    removed.add(id);
  }
  const ordered: number[] = [];
  for (const id of fields.image_order ?? []) {
    if (!own.has(id) || removed.has(id)) problem('image_order', PHOTO_MESSAGES.notHers('image_order', id));
    else if (ordered.includes(id)) problem('image_order', PHOTO_MESSAGES.twice('image_order', id));
    else ordered.push(id);
  }
  const cover = fields.cover_image_id;
  if (cover !== undefined) {
    if (!own.has(cover)) problem('cover_image_id', PHOTO_MESSAGES.notHers('cover_image_id', cover));
    else if (removed.has(cover)) problem('cover_image_id', PHOTO_MESSAGES.removedCover(cover));
  }
  const kept = current.filter((image) => !removed.has(image.id)).map((image) => image.id);
  const total = kept.length + added;
  // Judged when the edit removes or adds photos (an older listing without photos can still be marked sold).
  if (total === 0 && removed.size > 0) problem('images', PHOTO_MESSAGES.atLeastOne);
  if (total > MAX_PHOTOS && added > 0) problem('images', PHOTO_MESSAGES.atMost);
  if (Object.keys(errors).length > 0) throw badRequest(FIELDS_MESSAGE, errors);

  const oldCover = current.find((image) => image.isCover)?.id;
  const coverId = cover ?? (oldCover !== undefined && !removed.has(oldCover) ? oldCover : undefined);
  const order = [...ordered, ...kept.filter((id) => !ordered.includes(id))];
  const slots: Slot[] = [...order.map((id) => ({ id })), ...Array.from({ length: added }, (_, i) => ({ added: i }))];
  if (coverId === undefined) return slots;
  return [{ id: coverId }, ...slots.filter((slot) => !('id' in slot) || slot.id !== coverId)];
}

async function listingImages(db: Db | Tx, propertyId: number): Promise<ImageRow[]> {
  const rows = await db.select().from(propertyImages).where(eq(propertyImages.propertyId, propertyId));
  // The wire's order (property-wire.ts loadDetails): cover first, then by sort order.
  return rows.sort((a, b) => Number(b.isCover) - Number(a.isCover) || a.sortOrder - b.sortOrder || a.id - b.id);
}

/** The columns an edit changes: only the fields it names. A field sent blank is cleared as a create leaves it out. */
function changedColumns(fields: UpdatePropertyFields, now: Date): Partial<typeof properties.$inferInsert> {
  const has = (key: keyof UpdatePropertyFields) => Object.hasOwn(fields, key);
  const set: Partial<typeof properties.$inferInsert> = { updatedAt: now };
  if (fields.type !== undefined) set.type = fields.type;
  if (fields.user_type !== undefined) set.userType = fields.user_type;
  if (fields.property_type !== undefined) set.propertyType = fields.property_type;
  if (fields.property_sub_type !== undefined) set.propertySubType = fields.property_sub_type;
  if (fields.location !== undefined) set.location = fields.location;
  if (has('lat')) set.lat = fields.lat ?? null;
  if (has('lon')) set.lon = fields.lon ?? null;
  if (fields.price !== undefined) set.price = fields.price;
  if (fields.area_unit !== undefined) set.areaUnit = fields.area_unit;
  // Area, rooms, level, floors and the house information (listing-columns.ts).
  Object.assign(set, editedNumberColumns(fields));
  if (has('availability_date')) set.availabilityDate = fields.availability_date ?? bangkokDay(now);
  if (fields.language !== undefined) set.language = fields.language;
  if (fields.is_featured !== undefined) set.isFeatured = fields.is_featured === '1';
  if (fields.status !== undefined) set.status = fields.status;
  if (has('project_id')) set.projectId = fields.project_id ?? null;
  return set;
}

/**
 * The title deed badge (ADR 032) is about one property: an owner's edit that makes the listing another one — its
 * place, map pin, type, sub type, area or project — clears it until a new check (a price, text, status or photos do
 * not). Admins, who give the badge, keep it with their edits.
 */
function deedColumns(row: PropertyRow, fields: UpdatePropertyFields, editor: Editor): { verified?: false } {
  if (!row.verified || editor.role === 'admin') return {};
  const has = (key: keyof UpdatePropertyFields) => Object.hasOwn(fields, key);
  const changed =
    (fields.location !== undefined && fields.location !== row.location) ||
    (has('lat') && (fields.lat ?? null) !== row.lat) ||
    (has('lon') && (fields.lon ?? null) !== row.lon) ||
    (fields.property_type !== undefined && fields.property_type !== row.propertyType) ||
    (fields.property_sub_type !== undefined && fields.property_sub_type !== row.propertySubType) ||
    (fields.area !== undefined && fields.area !== row.area) ||
    (has('project_id') && (fields.project_id ?? null) !== row.projectId);
  return changed ? { verified: false } : {};
}

/**
 * The text gate on an edit (M5, ADR 017): a new title or description is checked for contact and payment details
 * (listingTextReasons) on every owner's edit, and an account inside the new-owner window has every text edit
 * reviewed. On an approved listing such an edit waits as the listing's pending text (`pending_title`,
 * `pending_description`, `pending_reasons`) while the approved text stays public; an admin approves (the text goes
 * live) or rejects it. A clean edit of an established owner applies at once and drops an older pending text. On a
 * listing that is pending or rejected the text applies at once (nobody sees it) and the text reasons join its
 * review reasons while it waits. Admins' edits are not checked.
 */
async function textColumns(
  tx: Tx,
  row: PropertyRow,
  fields: UpdatePropertyFields,
  editor: Editor,
  now: Date,
  newOwnerDays: number,
): Promise<Partial<typeof properties.$inferInsert>> {
  if (fields.title === undefined && fields.description === undefined) return {};
  const title = fields.title ?? row.pendingTitle ?? row.title;
  const description = fields.description ?? row.pendingDescription ?? row.description;
  // Any text edit also ends what the owner was shown of a refused one (`text_rejection`).
  const cleared = {
    pendingTitle: null,
    pendingDescription: null,
    pendingReasons: null,
    pendingSince: null,
    textRejection: null,
  };
  if (editor.role === 'admin') return { title, description, ...cleared };
  const reasons: string[] = listingTextReasons(title, description);
  if (row.review !== 'approved') {
    const merged = [...new Set([...row.reviewReasons, ...reasons])];
    return { title, description, ...cleared, ...(row.review === 'pending' ? { reviewReasons: merged } : {}) };
  }
  // The public text again: nothing waits.
  if (title === row.title && description === row.description) return cleared;
  const [owner] = await tx
    .select({ createdAt: users.createdAt, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, row.userId));
  if (owner && isNewOwner(owner, now, newOwnerDays)) reasons.unshift('new_owner');
  if (reasons.length === 0) return { title, description, ...cleared };
  return {
    pendingTitle: title === row.title ? null : title,
    pendingDescription: description === row.description ? null : description,
    pendingReasons: reasons,
    pendingSince: now,
    textRejection: null,
  };
}

/** Whether an edit changes what the moderation checks read of a listing (the photos are told apart by the caller). */
function changesModeratedFields(row: PropertyRow, fields: UpdatePropertyFields): boolean {
  return (
    (fields.price !== undefined && fields.price !== row.price) ||
    (fields.area !== undefined && fields.area !== row.area) ||
    (fields.type !== undefined && fields.type !== row.type) ||
    (fields.property_sub_type !== undefined && fields.property_sub_type !== row.propertySubType) ||
    (fields.location !== undefined && fields.location !== row.location)
  );
}

/**
 * The text check on the other free text an edit may change (M5): a new location, or the rooms' types (the API takes
 * any text there and the listing page shows it). Unlike the title and description these cannot wait aside, so a
 * match holds the listing itself (recheckModeration).
 */
function otherTextReasons(row: PropertyRow, fields: UpdatePropertyFields): ListingTextReason[] {
  const texts = [
    ...(fields.location !== undefined && fields.location !== row.location ? [fields.location] : []),
    ...(fields.rooms ?? []).map((room) => room.type),
  ];
  return texts.length > 0 ? listingTextReasons(...texts) : [];
}

/**
 * The moderation gate on an owner's edit (ADR 017): when it changes the price, area, type, sub type or location, or
 * adds photos, the price and photo checks (not the new-owner rule) run on the listing as it will be, and a new
 * location or rooms' types are read by the text check (otherTextReasons); an approved listing they flag goes back to
 * `pending` with those reasons. Run in the edit's transaction after its writes (the new photos' hashes are stored).
 * A pending listing gains the text reasons it now has; a rejected one keeps its review; admins' edits are not checked.
 */
async function recheckModeration(
  tx: Tx,
  row: PropertyRow,
  fields: UpdatePropertyFields,
  addsPhotos: boolean,
  editor: Editor,
): Promise<void> {
  if (editor.role === 'admin' || row.review === 'rejected') return;
  const textReasons = otherTextReasons(row, fields);
  if (row.review === 'pending') {
    if (textReasons.length === 0) return;
    // Read again: the edit's own write may have added the title's and description's reasons (textColumns).
    const [current] = await tx
      .select({ reasons: properties.reviewReasons })
      .from(properties)
      .where(eq(properties.id, row.id));
    await tx
      .update(properties)
      .set({ reviewReasons: [...new Set([...(current?.reasons ?? []), ...textReasons])] })
      .where(eq(properties.id, row.id));
    return;
  }
  let reasons: string[] = [];
  if (addsPhotos || changesModeratedFields(row, fields)) {
    const photos = await tx
      .select({ phash: propertyImages.phash })
      .from(propertyImages)
      .where(eq(propertyImages.propertyId, row.id));
    reasons = await listingContentReasons(
      tx,
      {
        userId: row.userId,
        type: fields.type ?? row.type,
        propertySubType: fields.property_sub_type ?? row.propertySubType,
        location: fields.location ?? row.location,
        price: fields.price ?? row.price,
        area: fields.area ?? row.area,
        photoHashes: photos.map((photo) => photo.phash),
      },
      row.id,
    );
  }
  reasons.push(...textReasons);
  if (reasons.length === 0) return;
  await tx
    .update(properties)
    .set({ review: 'pending', reviewReasons: reasons, reviewNote: null })
    .where(eq(properties.id, row.id));
}

/**
 * PATCH /api/property/{id}: changes the fields given (absent ones stay), replaces the rooms when `rooms` is given,
 * adds, removes, orders the photos and picks the cover. Checked as a create is, the rules between fields on the
 * listing as it will be; new photos are converted first and the rows are written in one transaction that re-reads
 * and locks the listing (and the owner, when it becomes featured), so a refusal (any 4xx) changes nothing and
 * leaves no stored file. The files of removed photos are deleted after the commit (the orphan sweep catches a
 * failure). Answers the owner's id, to read the listing back as they see it.
 */
export async function updateProperty(
  db: Db,
  storage: Storage,
  id: number,
  editor: Editor,
  fields: UpdatePropertyFields,
  files: readonly ReceivedFile[],
  now: Date,
  {
    newOwnerDays = NEW_OWNER_DAYS,
    photos: given = [],
  }: {
    newOwnerDays?: number;
    /**
     * Photos already stored (an import's: ADR 038), added after any uploaded ones; the caller owns their files (a failed
     * edit leaves them), and a removed photo whose files one of them names again keeps its files.
     */
    photos?: readonly ListingPhoto[];
  } = {},
): Promise<{ ownerId: number }> {
  const intent = editIntent(fields);
  const seen = await editableListing(db, id, editor);
  checkMergedRules(seen, fields);
  await checkEditIntent(db, seen, intent, editor, now);
  const photos = files.filter((f) => OTHER_PHOTO.test(f.field));
  // Refused before any photo is converted; checked again under the lock below.
  planPhotos(await listingImages(db, id), fields, photos.length + given.length);

  const stored: StoredImage[] = [];
  let removedFiles: Pick<ImageRow, 'storageKey' | 'widths'>[] = [];
  try {
    for (const file of photos) {
      try {
        stored.push(await processImage(storage, file.path, LISTING_PHOTOS));
      } catch (err) {
        throw photoRejection(err, file) ?? err;
      }
    }
    await db.transaction(async (tx) => {
      // The owner first (as every write that counts their listings), then the listing.
      if (editor.role !== 'admin' && newlyFeatured(seen, intent)) {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, seen.userId)).for('update');
      }
      const row = await editableListing(tx, id, editor, true);
      checkMergedRules(row, fields);
      await checkEditIntent(tx, row, intent, editor, now);
      const current = await listingImages(tx, id);
      const added: ListingPhoto[] = [...stored.map((image) => ({ ...image, sourceUrl: null })), ...given];
      const slots = planPhotos(current, fields, added.length);
      // A project other than the one it has must be linkable by this editor (ADR 028); null unlinks.
      if (fields.project_id && fields.project_id !== row.projectId)
        await assertLinkableProject(tx, fields.project_id, editor);

      await tx
        .update(properties)
        .set({
          ...changedColumns(fields, now),
          // Every price is kept (ADR 028): a changed price joins the history; a cut queues the price-drop alerts.
          ...(fields.price !== undefined ? await recordPriceChange(tx, row, fields.price, now) : {}),
          ...editedFacts(row, fields),
          ...editedTermColumns(row, fields),
          ...deedColumns(row, fields, editor),
          ...(await textColumns(tx, row, fields, editor, now, newOwnerDays)),
        })
        .where(eq(properties.id, id));
      if (fields.rooms !== undefined) {
        await tx.delete(propertyRooms).where(eq(propertyRooms.propertyId, id));
        if (fields.rooms.length > 0) {
          await tx
            .insert(propertyRooms)
            .values(fields.rooms.map((r) => ({ propertyId: id, type: r.type, quantity: r.quantity })));
        }
      }

      const keep = new Set(slots.flatMap((slot) => ('id' in slot ? [slot.id] : [])));
      const removed = current.filter((image) => !keep.has(image.id));
      if (removed.length > 0) {
        await tx.delete(propertyImages).where(
          and(
            eq(propertyImages.propertyId, id),
            inArray(
              propertyImages.id,
              removed.map((image) => image.id),
            ),
          ),
        );
      }
      for (const [position, slot] of slots.entries()) {
        if ('id' in slot) {
          const image = current.find((i) => i.id === slot.id);
          if (image && (image.sortOrder !== position || image.isCover !== (position === 0))) {
            await tx
              .update(propertyImages)
              .set({ sortOrder: position, isCover: position === 0 })
              .where(eq(propertyImages.id, slot.id));
          }
        } else {
          const image = added[slot.added];
          if (!image) throw new Error('a converted photo went missing');
          await tx.insert(propertyImages).values({
            propertyId: id,
            storageKey: image.key,
            width: image.width,
            height: image.height,
            widths: image.widths,
            phash: image.phash,
            sourceUrl: image.sourceUrl,
            isCover: position === 0,
            sortOrder: position,
          });
        }
      }
      await recheckModeration(tx, row, fields, added.length > 0, editor);
      // Set back to active: matched against saved searches once the edit commits (it matches nothing while held).
      if (fields.status === 'active' && row.status !== 'active') await queueListingAlerts(tx, id, now);
      const readded = new Set(added.map((image) => image.key));
      removedFiles = removed.filter((image) => !readded.has(image.storageKey));
    });
  } catch (err) {
    await storage.delete(stored.flatMap(imageFileKeys));
    throw err;
  }
  // Demo photos and imported ones are shared by many listings and stay (the sweep removes an unused imported one). The edit is committed: a file that cannot be removed
  // now is left to the orphan sweep (sweep-orphan-photos.ts) rather than failing the answer.
  await storage
    .delete(
      removedFiles
        .filter((image) => !isSharedPhotoKey(image.storageKey))
        .flatMap((image) => imageFileKeys({ key: image.storageKey, widths: image.widths })),
    )
    .catch(() => undefined);
  return { ownerId: seen.userId };
}
