import type { ContactMessage, Inquiry } from '@baan/contract';
import type { contactMessages, propertyInquiries } from '../../db/schema.ts';

export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type InquiryRow = typeof propertyInquiries.$inferSelect;

export function toWireContactMessage(row: ContactMessageRow): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    language: row.language,
    created_at: row.createdAt.toISOString(),
  };
}

/** As the owner sees it: never the owner's own e-mail or id. */
export function toWireInquiry(row: InquiryRow): Inquiry {
  return {
    id: row.id,
    property_id: row.propertyId,
    property_title: row.propertyTitle,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    language: row.language,
    created_at: row.createdAt.toISOString(),
    status: row.status,
    note: row.note,
    responded_at: row.respondedAt?.toISOString() ?? null,
  };
}
