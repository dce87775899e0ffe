import type { OwnProperty } from '@baan/contract';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { properties } from '../../db/schema.ts';
import type { Storage } from '../../storage/storage.ts';
import { countInquiriesByProperty } from '../contact/list-user-inquiries.ts';
import { loadDetails, toWireProperty } from './property-wire.ts';

/**
 * The owner's own listings, whatever their status (paused, sold, rented, hidden) and review, newest first, each
 * with its inquiry count (one grouped query for all of them) and where moderation stands.
 */
export async function listUserProperties(db: Db, storage: Storage, userId: number, only?: SQL): Promise<OwnProperty[]> {
  const rows = await db
    .select()
    .from(properties)
    .where(only ? and(eq(properties.userId, userId), only) : eq(properties.userId, userId))
    .orderBy(desc(properties.createdAt), desc(properties.id));
  const [{ images, rooms }, inquiries] = await Promise.all([
    loadDetails(
      db,
      rows.map((r) => r.id),
    ),
    rows.length > 0 ? countInquiriesByProperty(db, userId) : new Map<number, number>(),
  ]);
  return rows.map((row) => ({
    ...toWireProperty(storage, row, images.get(row.id), rooms.get(row.id)),
    inquiry_count: inquiries.get(row.id) ?? 0,
    review: row.review,
    review_reasons: row.reviewReasons,
    review_note: row.reviewNote,
  }));
}

/** One of the owner's listings, any status, as the wire has it. */
export async function getUserProperty(
  db: Db,
  storage: Storage,
  userId: number,
  id: number,
): Promise<OwnProperty | null> {
  const [property] = await listUserProperties(db, storage, userId, eq(properties.id, id));
  return property ?? null;
}
