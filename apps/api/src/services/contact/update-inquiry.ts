import type { UpdateInquiryRequest } from '@baan/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { propertyInquiries } from '../../db/schema.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { InquiryRow } from './contact-wire.ts';

export const INQUIRY_NOT_FOUND = 'Inquiry not found.';
export const INQUIRY_NOT_YOURS = 'You can only change inquiries on your own listings.';

/**
 * Lead tracking (ADR 017, "Leads"): the owner moves an inquiry between new, contacted and closed
 * and keeps a private note. `responded_at` is set the first time the status moves on from new and
 * never cleared. One UPDATE scoped by owner, so two tabs cannot both set the first answer time;
 * an empty note clears it, an absent one leaves it as it is.
 */
export async function updateInquiry(
  db: Db,
  ownerId: number,
  inquiryId: number,
  input: UpdateInquiryRequest,
  now: Date,
): Promise<InquiryRow> {
  const answered = input.status !== 'new';
  const [row] = await db
    .update(propertyInquiries)
    .set({
      status: input.status,
      ...(input.note === undefined ? {} : { note: input.note === '' ? null : input.note }),
      ...(answered
        ? { respondedAt: sql`coalesce(${propertyInquiries.respondedAt}, ${now.toISOString()}::timestamptz)` }
        : {}),
    })
    .where(and(eq(propertyInquiries.id, inquiryId), eq(propertyInquiries.ownerId, ownerId)))
    .returning();
  if (row) return row;
  const [other] = await db
    .select({ id: propertyInquiries.id })
    .from(propertyInquiries)
    .where(eq(propertyInquiries.id, inquiryId));
  throw other ? forbidden(INQUIRY_NOT_YOURS) : notFound(INQUIRY_NOT_FOUND);
}
