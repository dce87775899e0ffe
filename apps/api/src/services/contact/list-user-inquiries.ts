import type { InquiryPage, UserInquiriesQuery } from '@baan/contract';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { propertyInquiries } from '../../db/schema.ts';
import { toWireInquiry } from './contact-wire.ts';

/**
 * The inquiries on the owner's own listings, newest first. Scoped by owner_id, so another
 * user's property_id simply matches nothing.
 */
export async function listUserInquiries(db: Db, ownerId: number, query: UserInquiriesQuery): Promise<InquiryPage> {
  const where = query.property_id
    ? and(eq(propertyInquiries.ownerId, ownerId), eq(propertyInquiries.propertyId, query.property_id))
    : eq(propertyInquiries.ownerId, ownerId);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(propertyInquiries)
      .where(where)
      .orderBy(desc(propertyInquiries.createdAt), desc(propertyInquiries.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: sql<number>`count(*)::int` }).from(propertyInquiries).where(where),
  ]);
  return { items: rows.map(toWireInquiry), total: counted?.n ?? 0, page: query.page, per_page: query.per_page };
}

/** Inquiries per listing of one owner, in one grouped query (the dashboard's card counts). */
export async function countInquiriesByProperty(db: Db, ownerId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ propertyId: propertyInquiries.propertyId, n: sql<number>`count(*)::int` })
    .from(propertyInquiries)
    .where(and(eq(propertyInquiries.ownerId, ownerId), isNotNull(propertyInquiries.propertyId)))
    .groupBy(propertyInquiries.propertyId);
  return new Map(rows.flatMap((r) => (r.propertyId === null ? [] : [[r.propertyId, r.n] as [number, number]])));
}
