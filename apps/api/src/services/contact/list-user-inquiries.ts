import type { InquiryPage, InquiryStatus, UserInquiriesQuery } from '@baan/contract';
import { and, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversations, propertyInquiries } from '../../db/schema.ts';
import { toWireInquiry } from './contact-wire.ts';

/**
 * The inquiries on the owner's own listings, newest first, filtered by listing and status. Scoped
 * by owner_id, so another user's property_id simply matches nothing. `counts` and the median answer
 * time are over all the owner's inquiries (the sidebar badge and the inbox summary), not the filter. Each lead
 * names the conversation its inquiry opened (ADR 034; one per inquiry), or null.
 */
export async function listUserInquiries(db: Db, ownerId: number, query: UserInquiriesQuery): Promise<InquiryPage> {
  const filters: SQL[] = [eq(propertyInquiries.ownerId, ownerId)];
  if (query.property_id) filters.push(eq(propertyInquiries.propertyId, query.property_id));
  if (query.status) filters.push(eq(propertyInquiries.status, query.status));
  const where = and(...filters);
  const [rows, [counted], byStatus, [median]] = await Promise.all([
    db
      .select({ inquiry: propertyInquiries, conversationId: conversations.id })
      .from(propertyInquiries)
      .leftJoin(conversations, eq(conversations.inquiryId, propertyInquiries.id))
      .where(where)
      .orderBy(desc(propertyInquiries.createdAt), desc(propertyInquiries.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: sql<number>`count(*)::int` }).from(propertyInquiries).where(where),
    db
      .select({ status: propertyInquiries.status, n: sql<number>`count(*)::int` })
      .from(propertyInquiries)
      .where(eq(propertyInquiries.ownerId, ownerId))
      .groupBy(propertyInquiries.status),
    db
      .select({
        minutes: sql<
          number | null
        >`round(percentile_cont(0.5) within group (order by extract(epoch from ${propertyInquiries.respondedAt} - ${propertyInquiries.createdAt}) / 60))::int`,
      })
      .from(propertyInquiries)
      .where(and(eq(propertyInquiries.ownerId, ownerId), isNotNull(propertyInquiries.respondedAt))),
  ]);
  const counts: Record<InquiryStatus, number> = { new: 0, contacted: 0, closed: 0, spam: 0 };
  for (const { status, n } of byStatus) counts[status] = n;
  return {
    items: rows.map((r) => ({ ...toWireInquiry(r.inquiry), conversation_id: r.conversationId })),
    total: counted?.n ?? 0,
    page: query.page,
    per_page: query.per_page,
    counts,
    median_response_minutes: median?.minutes ?? null,
  };
}

/** Inquiries per listing of one owner, in one grouped query (the dashboard's card counts). */
export async function countInquiriesByProperty(db: Db, ownerId: number | number[]): Promise<Map<number, number>> {
  const owner = Array.isArray(ownerId)
    ? inArray(propertyInquiries.ownerId, ownerId)
    : eq(propertyInquiries.ownerId, ownerId);
  const rows = await db
    .select({ propertyId: propertyInquiries.propertyId, n: sql<number>`count(*)::int` })
    .from(propertyInquiries)
    .where(and(owner, isNotNull(propertyInquiries.propertyId)))
    .groupBy(propertyInquiries.propertyId);
  return new Map(rows.flatMap((r) => (r.propertyId === null ? [] : [[r.propertyId, r.n] as [number, number]])));
}
