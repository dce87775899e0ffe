import type { Property, PropertyOwner } from '@baan/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { properties, users } from '../../db/schema.ts';
import type { Storage } from '../../storage/storage.ts';
import { loadDetails, wireWithDetails } from './property-wire.ts';
import { isNoLongerAvailable, isPublicPage } from './visible.ts';

/**
 * One listing whose public page is shown (isPublicPage: active, sold or rented) with its images, rooms and the
 * owner's public contact; null otherwise. Its `status` lets the page mark a sold or rented listing.
 */
export async function getProperty(db: Db, storage: Storage, id: number): Promise<Property | null> {
  const row = await publicListing(db, id);
  if (!row) return null;
  return wireWithDetails(storage, row.property, await loadDetails(db, [id]), ownerOnWire(row.owner));
}

/** The row of a listing whose public page is shown (isPublicPage), with its owner's contact columns; else null. */
export async function publicListing(db: Db, id: number) {
  const [row] = await db
    .select({
      property: properties,
      owner: {
        id: users.id,
        name: users.name,
        phone_number: users.phoneNumber,
        phoneVerifiedAt: users.phoneVerifiedAt,
        line_id: users.lineId,
        email: users.email,
      },
    })
    .from(properties)
    .innerJoin(users, eq(users.id, properties.userId))
    .where(and(eq(properties.id, id), isPublicPage))
    .limit(1);
  return row ?? null;
}

/** The owner's public contact on the wire: `phone_verified` instead of when. */
export function ownerOnWire(owner: NonNullable<Awaited<ReturnType<typeof publicListing>>>['owner']): PropertyOwner {
  const { phoneVerifiedAt, ...contact } = owner;
  return { ...contact, phone_verified: contact.phone_number !== null && phoneVerifiedAt !== null ? 1 : 0 };
}

/** Whether this id names a listing that was public and is no longer (isNoLongerAvailable): its page says so. */
export async function isListingNoLongerAvailable(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.id, id), isNoLongerAvailable))
    .limit(1);
  return row !== undefined;
}
