import type {
  AdminInquiry,
  AdminMessagesPage,
  ContactMessage,
  MessageKind,
  NewsletterSubscriber,
} from '@baan/contract';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contactMessages, newsletterSubscribers, propertyInquiries, users } from '../../db/schema.ts';
import type { CsvCell } from '../../lib/csv.ts';
import { toWireInquiry } from '../contact/contact-wire.ts';
import { consoleSearch, pageWindow } from './search.ts';

type Window = { limit: number; offset: number };

/** The most rows one CSV export holds; the console's search narrows a bigger set. */
export const CSV_MAX_ROWS = 50_000;

const contactWhere = (q?: string) =>
  consoleSearch(q, contactMessages.id, [
    contactMessages.name,
    contactMessages.email,
    contactMessages.subject,
    contactMessages.message,
  ]);

async function contactRows(db: Db, where: SQL | undefined, window: Window): Promise<ContactMessage[]> {
  const rows = await db
    .select()
    .from(contactMessages)
    .where(where)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(window.limit)
    .offset(window.offset);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    subject: r.subject,
    message: r.message,
    language: r.language,
    created_at: r.createdAt.toISOString(),
  }));
}

const inquiryWhere = (q?: string) =>
  consoleSearch(q, propertyInquiries.id, [
    propertyInquiries.name,
    propertyInquiries.email,
    propertyInquiries.message,
    propertyInquiries.propertyTitle,
    users.email,
  ]);

async function inquiryRows(db: Db, where: SQL | undefined, window: Window): Promise<AdminInquiry[]> {
  const rows = await db
    .select({ inquiry: propertyInquiries, ownerEmail: users.email })
    .from(propertyInquiries)
    .leftJoin(users, eq(users.id, propertyInquiries.ownerId))
    .where(where)
    .orderBy(desc(propertyInquiries.createdAt), desc(propertyInquiries.id))
    .limit(window.limit)
    .offset(window.offset);
  return rows.map(({ inquiry, ownerEmail }) => ({ ...toWireInquiry(inquiry), owner_email: ownerEmail }));
}

const newsletterWhere = (q?: string) => consoleSearch(q, newsletterSubscribers.id, [newsletterSubscribers.email]);

async function newsletterRows(db: Db, where: SQL | undefined, window: Window): Promise<NewsletterSubscriber[]> {
  const rows = await db
    .select()
    .from(newsletterSubscribers)
    .where(where)
    .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
    .limit(window.limit)
    .offset(window.offset);
  return rows.map((r) => ({ id: r.id, email: r.email, language: r.language, created_at: r.createdAt.toISOString() }));
}

const count = sql<number>`count(*)::int`;

/** GET /api/admin/messages: one kind, newest first, searchable. */
export async function listMessages(
  db: Db,
  query: { kind: MessageKind; q?: string; page: number; per_page: number },
): Promise<AdminMessagesPage> {
  const window = pageWindow(query.page, query.per_page);
  const paging = { page: query.page, per_page: query.per_page };
  switch (query.kind) {
    case 'contact': {
      const where = contactWhere(query.q);
      const [items, [total]] = await Promise.all([
        contactRows(db, where, window),
        db.select({ n: count }).from(contactMessages).where(where),
      ]);
      return { kind: 'contact', items, total: total?.n ?? 0, ...paging };
    }
    case 'inquiry': {
      const where = inquiryWhere(query.q);
      const [items, [total]] = await Promise.all([
        inquiryRows(db, where, window),
        db
          .select({ n: count })
          .from(propertyInquiries)
          .leftJoin(users, eq(users.id, propertyInquiries.ownerId))
          .where(where),
      ]);
      return { kind: 'inquiry', items, total: total?.n ?? 0, ...paging };
    }
    case 'newsletter': {
      const where = newsletterWhere(query.q);
      const [items, [total]] = await Promise.all([
        newsletterRows(db, where, window),
        db.select({ n: count }).from(newsletterSubscribers).where(where),
      ]);
      return { kind: 'newsletter', items, total: total?.n ?? 0, ...paging };
    }
  }
}

export type MessagesTable = { header: string[]; rows: CsvCell[][] };

/** Every message of a kind matching q (up to CSV_MAX_ROWS), newest first, as CSV columns. */
export async function messagesTable(db: Db, kind: MessageKind, q?: string): Promise<MessagesTable> {
  const all = { limit: CSV_MAX_ROWS, offset: 0 };
  switch (kind) {
    case 'contact': {
      const items = await contactRows(db, contactWhere(q), all);
      return {
        header: ['id', 'created_at', 'name', 'email', 'subject', 'message', 'language'],
        rows: items.map((m) => [m.id, m.created_at, m.name, m.email, m.subject, m.message, m.language]),
      };
    }
    case 'inquiry': {
      const items = await inquiryRows(db, inquiryWhere(q), all);
      return {
        header: [
          'id',
          'created_at',
          'property_id',
          'property_title',
          'owner_email',
          'name',
          'email',
          'phone',
          'message',
          'language',
        ],
        rows: items.map((m) => [
          m.id,
          m.created_at,
          m.property_id,
          m.property_title,
          m.owner_email,
          m.name,
          m.email,
          m.phone,
          m.message,
          m.language,
        ]),
      };
    }
    case 'newsletter': {
      const items = await newsletterRows(db, newsletterWhere(q), all);
      return {
        header: ['id', 'created_at', 'email', 'language'],
        rows: items.map((m) => [m.id, m.created_at, m.email, m.language]),
      };
    }
  }
}
