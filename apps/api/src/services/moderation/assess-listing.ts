import { AREA_MEDIAN_SAMPLE_MIN, listingTextReasons, type ReviewReason } from '@baan/contract';
import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { properties, propertyImages, users } from '../../db/schema.ts';
import { isDistinctiveHash } from '../images/photo-hash.ts';

/**
 * The moderation gate (ADR 017): a listing waits for an admin (`review = pending`) when its owner's account is young
 * (at creation only), when its price per m² is far outside its area's, or when a photo is another owner's (at creation
 * and when an edit changes the price, area, type, location or adds photos).
 */

/** An account younger than this is a new owner: its listings wait for review. */
/** The default of MODERATION_NEW_OWNER_DAYS. */
export const NEW_OWNER_DAYS = 7;
/** A price per m² below median / FACTOR or above median × FACTOR is an outlier. */
export const PRICE_OUTLIER_FACTOR = 5;
/** Fewer comparable listings than this say nothing about an area's prices (as for the Sell at cost page). */
export const PRICE_SAMPLE_MIN = AREA_MEDIAN_SAMPLE_MIN;

const DAY_MS = 24 * 60 * 60 * 1000;

export type ListingToAssess = {
  userId: number;
  type: 'rent' | 'sale';
  propertySubType: string;
  location: string;
  /**
   * What the listing says, checked for contact and payment details (listingTextReasons) at creation: the title, the
   * description, and the other free text visitors read, the location and the rooms' types (the API takes any text
   * there, up to 300 and 60 characters).
   */
  title: string;
  description: string;
  roomTypes: readonly string[];
  price: number;
  area: number;
  /** The photos' difference hashes (`StoredImage.phash`). */
  photoHashes: readonly (string | null | undefined)[];
};

export type Assessment = { review: 'approved' | 'pending'; reviewReasons: ReviewReason[] };

/** The province of a location: its last comma-separated part, trimmed and lower-cased ('' when there is none). */
export function provinceOf(location: string): string {
  const parts = location.split(',');
  return (parts[parts.length - 1] ?? '').trim().toLowerCase();
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The median price per m² of approved active listings of the same type and sub type in the same province, or null
 * when fewer than PRICE_SAMPLE_MIN of them exist.
 */
export async function areaMedianPricePerSqm(
  db: Db | Tx,
  listing: Pick<ListingToAssess, 'type' | 'propertySubType' | 'location'>,
  /** A listing left out of the sample (the one being edited: its old price says nothing about its new one). */
  excludeId?: number,
): Promise<number | null> {
  const province = provinceOf(listing.location);
  if (!province) return null;
  const [row] = await db
    .select({
      n: sql<number>`count(*)::int`,
      median: sql<
        number | null
      >`percentile_cont(0.5) within group (order by ${properties.price}::float8 / ${properties.area})::float8`,
    })
    .from(properties)
    .where(
      and(
        eq(properties.status, 'active'),
        eq(properties.review, 'approved'),
        eq(properties.type, listing.type),
        eq(properties.propertySubType, listing.propertySubType),
        gt(properties.area, 0),
        excludeId === undefined ? undefined : ne(properties.id, excludeId),
        // The trigram index narrows by substring first; the exact last-part comparison decides.
        sql`lower(${properties.location}) like ${`%${likeEscape(province)}%`}`,
        sql`lower(btrim(regexp_replace(${properties.location}, '^.*,', ''))) = ${province}`,
      ),
    );
  if (!row || row.n < PRICE_SAMPLE_MIN || row.median === null) return null;
  return Number(row.median);
}

/**
 * What the gate reads that an import of many listings may keep for its run (ADR 038): the owner, and the area medians
 * by (type, sub type, province). The medians are those of the listings before the run: the listings the run creates
 * do not move the median their neighbours in the same file are judged by.
 */
export type AssessCache = {
  owner?: Promise<({ role: string } & OwnerAge) | undefined>;
  medians: Map<string, Promise<number | null>>;
};

export const newAssessCache = (): AssessCache => ({ medians: new Map() });

/** The area median through the cache when there is one (never for an edit, which leaves its own listing out). */
function cachedMedian(
  db: Db | Tx,
  listing: Pick<ListingToAssess, 'type' | 'propertySubType' | 'location'>,
  excludeId: number | undefined,
  cache: AssessCache | undefined,
): Promise<number | null> {
  if (!cache || excludeId !== undefined) return areaMedianPricePerSqm(db, listing, excludeId);
  const key = `${listing.type}\u0000${listing.propertySubType}\u0000${provinceOf(listing.location)}`;
  let median = cache.medians.get(key);
  if (!median) {
    median = areaMedianPricePerSqm(db, listing);
    cache.medians.set(key, median);
    median.catch(() => cache.medians.delete(key));
  }
  return median;
}

/** Whether a photo hash of this listing equals one of a listing of another owner (any status). */
async function hasOtherOwnersPhoto(db: Db | Tx, userId: number, hashes: string[]): Promise<boolean> {
  if (hashes.length === 0) return false;
  const [match] = await db
    .select({ id: propertyImages.id })
    .from(propertyImages)
    .innerJoin(properties, eq(properties.id, propertyImages.propertyId))
    .where(and(inArray(propertyImages.phash, hashes), ne(properties.userId, userId)))
    .limit(1);
  return match !== undefined;
}

/** When an account's new-owner window starts: its sign-up or, later, the verification of its address. */
export type OwnerAge = { createdAt: Date; emailVerifiedAt: Date | null };

/**
 * Whether the account is inside the new-owner window (its listings, and text edits of them, wait for review). The
 * window starts when the account could first be used: a sign-up left unverified for a week and verified now is new.
 */
export function isNewOwner(owner: OwnerAge, now: Date, newOwnerDays: number): boolean {
  const since = Math.max(owner.createdAt.getTime(), owner.emailVerifiedAt?.getTime() ?? 0);
  return now.getTime() - since < newOwnerDays * DAY_MS;
}

/**
 * Decides whether a new listing goes live at once or waits for an admin, and why. Run it in the creating
 * transaction. Admins' own listings are never held.
 */
export async function assessNewListing(
  db: Db | Tx,
  listing: ListingToAssess,
  now: Date,
  newOwnerDays: number = NEW_OWNER_DAYS,
  cache?: AssessCache,
): Promise<Assessment> {
  const readOwner = async () =>
    (
      await db
        .select({ role: users.role, createdAt: users.createdAt, emailVerifiedAt: users.emailVerifiedAt })
        .from(users)
        .where(eq(users.id, listing.userId))
    )[0];
  let owner: ({ role: string } & OwnerAge) | undefined;
  if (cache) {
    cache.owner ??= readOwner();
    owner = await cache.owner;
  } else owner = await readOwner();
  if (!owner || owner.role === 'admin') return { review: 'approved', reviewReasons: [] };

  const reasons: ReviewReason[] = [];
  if (isNewOwner(owner, now, newOwnerDays)) reasons.push('new_owner');
  reasons.push(...(await listingContentReasons(db, listing, undefined, cache)));
  reasons.push(...listingTextReasons(listing.title, listing.description, listing.location, ...listing.roomTypes));

  return { review: reasons.length > 0 ? 'pending' : 'approved', reviewReasons: reasons };
}

/**
 * The checks on what a listing says, not who lists it: `price_outlier` (its price per m² against its area's median)
 * and `duplicate_photos` (a photo of another owner's listing). Run at creation (within assessNewListing) and on an
 * owner's edit that changes the price, area, type, location or adds photos, on the listing as it will be; `excludeId`
 * (the edited listing) is left out of the area's prices.
 */
export async function listingContentReasons(
  db: Db | Tx,
  listing: Omit<ListingToAssess, 'title' | 'description' | 'roomTypes'>,
  excludeId?: number,
  cache?: AssessCache,
): Promise<ReviewReason[]> {
  const reasons: ReviewReason[] = [];
  if (listing.area > 0) {
    const median = await cachedMedian(db, listing, excludeId, cache);
    const perSqm = listing.price / listing.area;
    if (
      median !== null &&
      median > 0 &&
      (perSqm < median / PRICE_OUTLIER_FACTOR || perSqm > median * PRICE_OUTLIER_FACTOR)
    )
      reasons.push('price_outlier');
  }

  const hashes = [...new Set(listing.photoHashes.filter(isDistinctiveHash))];
  if (await hasOtherOwnersPhoto(db, listing.userId, hashes)) reasons.push('duplicate_photos');
  return reasons;
}
