import type { OwnProperty, OwnTextEdit } from '@baan/contract';
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { properties } from '../../db/schema.ts';
import type { Storage } from '../../storage/storage.ts';
import { countInquiriesByProperty } from '../contact/list-user-inquiries.ts';
import { loadDetails, type PropertyRow, toWireProperty } from '../properties/property-wire.ts';

/**
 * The owner's text edit of an approved listing (ADR 017, M5): the one waiting for review, else the last one an admin
 * refused (kept until the owner's next text edit).
 */
function ownTextEdit(row: PropertyRow): OwnTextEdit | null {
  if (row.pendingSince) {
    return {
      state: 'pending',
      title: row.pendingTitle,
      description: row.pendingDescription,
      submitted_at: row.pendingSince.toISOString(),
      note: null,
      decided_at: null,
    };
  }
  const rejected = row.textRejection;
  if (!rejected) return null;
  return {
    state: 'rejected',
    title: rejected.title,
    description: rejected.description,
    submitted_at: rejected.submittedAt,
    note: rejected.note,
    decided_at: rejected.rejectedAt,
  };
}

/**
 * The owner's own listings, whatever their status (paused, sold, rented, hidden) and review, newest first, each
 * with its inquiry count (one grouped query for all of them) and where moderation stands (its review, and its text
 * edit waiting or refused). Several owners (an agency's members, ADR 037) give all their listings in one list.
 */
export async function listUserProperties(
  db: Db,
  storage: Storage,
  userId: number | number[],
  only?: SQL,
): Promise<OwnProperty[]> {
  if (Array.isArray(userId) && userId.length === 0) return [];
  const owner = Array.isArray(userId) ? inArray(properties.userId, userId) : eq(properties.userId, userId);
  const rows = await db
    .select()
    .from(properties)
    .where(only ? and(owner, only) : owner)
    .orderBy(desc(properties.createdAt), desc(properties.id));
  const [{ images, rooms, projects, agents }, inquiries] = await Promise.all([
    loadDetails(
      db,
      rows.map((r) => r.id),
      undefined,
      { pendingProjects: true },
    ),
    rows.length > 0 ? countInquiriesByProperty(db, userId) : new Map<number, number>(),
  ]);
  return rows.map((row) => ({
    ...toWireProperty(
      storage,
      row,
      images.get(row.id),
      rooms.get(row.id),
      undefined,
      projects.get(row.id),
      agents.get(row.id),
    ),
    inquiry_count: inquiries.get(row.id) ?? 0,
    review: row.review,
    review_reasons: row.reviewReasons,
    review_note: row.reviewNote,
    text_edit: ownTextEdit(row),
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
