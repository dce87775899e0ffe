import { type DataExport, PRIVACY_NOTICE_VERSION } from '@baan/contract';
import { asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  agencies,
  agencyMembers,
  contactMessages,
  favorites,
  listingDailyStats,
  newsletterPending,
  newsletterSubscribers,
  payments,
  privacyRequests,
  properties,
  propertyInquiries,
  subscriptions,
  viewings,
} from '../../db/schema.ts';
import type { Storage } from '../../storage/storage.ts';
import type { UserRow } from '../accounts/to-public-user.ts';
import { toPublicProfile } from '../agents/agent-profiles.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { listConsents } from '../consents/consents.ts';
import { toWireContactMessage, toWireInquiry } from '../contact/contact-wire.ts';
import { exportConversations } from '../conversations/personal-data.ts';
import { listUserProperties } from '../owners/list-user-properties.ts';
import { listSavedSearches } from '../saved-searches/list-saved-searches.ts';
import { toPayment, toSubscription } from '../subscriptions/payment-wire.ts';
import { toWireViewing } from '../viewings/viewings.ts';
import { toWirePrivacyRequest } from './privacy-request-wire.ts';

/** What the person wrote from their e-mail address (inquiries, viewings, contact messages): compared without case. */
const fromAddress = (
  column: typeof propertyInquiries.email | typeof contactMessages.email | typeof viewings.email,
  email: string,
) => sql`lower(${column}) = ${email.toLowerCase()}`;

/**
 * Everything Baan keeps about the person (PDPA sections 30 and 31, ADR 023), read with the wire shapes the API
 * already answers with. The export is written down as a completed request and in the audit log (the person is the
 * actor) in one transaction, before the document is handed over.
 */
export async function exportPersonalData(
  db: Db,
  storage: Storage,
  conversationKey: Buffer,
  user: UserRow,
  now: Date,
): Promise<DataExport> {
  const subject = { userId: user.id, email: user.email };
  const [
    listings,
    favoriteRows,
    savedSearches,
    sent,
    received,
    messages,
    paymentRows,
    periods,
    newsletter,
    newsletterWaiting,
    consents,
    threads,
    viewingRows,
  ] = await Promise.all([
    listUserProperties(db, storage, user.id),
    db
      .select({ propertyId: favorites.propertyId, title: properties.title, createdAt: favorites.createdAt })
      .from(favorites)
      .innerJoin(properties, eq(properties.id, favorites.propertyId))
      .where(eq(favorites.userId, user.id))
      .orderBy(desc(favorites.createdAt)),
    listSavedSearches(db, user.id),
    db
      .select()
      .from(propertyInquiries)
      .where(fromAddress(propertyInquiries.email, user.email))
      .orderBy(desc(propertyInquiries.createdAt)),
    db
      .select()
      .from(propertyInquiries)
      .where(eq(propertyInquiries.ownerId, user.id))
      .orderBy(desc(propertyInquiries.createdAt)),
    db
      .select()
      .from(contactMessages)
      .where(fromAddress(contactMessages.email, user.email))
      .orderBy(desc(contactMessages.createdAt)),
    db.select().from(payments).where(eq(payments.userId, user.id)).orderBy(desc(payments.createdAt)),
    db.select().from(subscriptions).where(eq(subscriptions.userId, user.id)).orderBy(desc(subscriptions.startsAt)),
    db
      .select({ since: newsletterSubscribers.createdAt })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, user.email.toLowerCase()))
      .limit(1),
    db
      .select({
        source: newsletterPending.source,
        createdAt: newsletterPending.createdAt,
        expiresAt: newsletterPending.expiresAt,
      })
      .from(newsletterPending)
      .where(or(eq(newsletterPending.email, user.email.toLowerCase()), eq(newsletterPending.userId, user.id)))
      .orderBy(desc(newsletterPending.createdAt), desc(newsletterPending.id)),
    listConsents(db, subject),
    exportConversations(db, conversationKey, user),
    db
      .select()
      .from(viewings)
      .where(or(eq(viewings.ownerId, user.id), eq(viewings.userId, user.id), fromAddress(viewings.email, user.email)))
      .orderBy(asc(viewings.startsAt), asc(viewings.id)),
  ]);
  // The agency the person belongs to (ADR 037).
  const [membership] = await db
    .select({ slug: agencies.slug, name: agencies.name, role: agencyMembers.role, joinedAt: agencyMembers.joinedAt })
    .from(agencyMembers)
    .innerJoin(agencies, eq(agencies.id, agencyMembers.agencyId))
    .where(eq(agencyMembers.userId, user.id));
  const listingIds = listings.map((l) => l.id);
  const statistics =
    listingIds.length === 0
      ? []
      : await db
          .select()
          .from(listingDailyStats)
          .where(inArray(listingDailyStats.propertyId, listingIds))
          .orderBy(asc(listingDailyStats.propertyId), asc(listingDailyStats.day));

  // The request is recorded first, so the document lists this export too.
  const requests = await db.transaction(async (tx) => {
    await tx.insert(privacyRequests).values({
      userId: user.id,
      email: user.email,
      type: 'export',
      status: 'completed',
      requestedAt: now,
      completedAt: now,
    });
    await recordAudit(
      tx,
      { id: user.id, email: user.email },
      { action: 'privacy.export', targetType: 'user', targetId: user.id },
      now,
    );
    return tx
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.userId, user.id))
      .orderBy(desc(privacyRequests.requestedAt), desc(privacyRequests.id));
  });

  return {
    format: 'baan-personal-data',
    version: 1,
    generated_at: now.toISOString(),
    privacy_notice_version: PRIVACY_NOTICE_VERSION,
    account: {
      id: user.id,
      name: user.name,
      email: user.email,
      phone_number: user.phoneNumber,
      line_id: user.lineId,
      company_name: user.companyName,
      role: user.role,
      language: user.language,
      profile_image: user.profileImage ? storage.url(user.profileImage) : null,
      weekly_report: user.weeklyReport,
      email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
      created_at: user.createdAt.toISOString(),
      public_profile: toPublicProfile(user),
      agency: membership
        ? {
            slug: membership.slug,
            name: membership.name,
            role: membership.role,
            joined_at: membership.joinedAt.toISOString(),
          }
        : null,
    },
    listings,
    favorites: favoriteRows.map((f) => ({
      property_id: f.propertyId,
      title: f.title,
      created_at: f.createdAt.toISOString(),
    })),
    saved_searches: savedSearches,
    // The owner's private note and lead status are the owner's, not the sender's.
    inquiries_sent: sent.map((row) => {
      const { status: _status, note: _note, responded_at: _respondedAt, ...inquiry } = toWireInquiry(row);
      return inquiry;
    }),
    inquiries_received: received.map(toWireInquiry),
    viewings: viewingRows.map((row) => toWireViewing(row, user.id)),
    contact_messages: messages.map(toWireContactMessage),
    payments: paymentRows.map(toPayment),
    subscriptions: periods.map((row) => toSubscription(row, now)),
    newsletter: {
      subscribed: newsletter.length > 0,
      since: newsletter[0]?.since.toISOString() ?? null,
      pending: newsletterWaiting.map((row) => ({
        source: row.source,
        requested_at: row.createdAt.toISOString(),
        expires_at: row.expiresAt.toISOString(),
      })),
    },
    consents: consents.items,
    statistics: statistics.map((s) => ({
      property_id: s.propertyId,
      day: s.day,
      views: s.views,
      visitors: s.visitors,
      clicks_phone: s.clicksPhone,
      clicks_email: s.clicksEmail,
      clicks_line: s.clicksLine,
      inquiries: s.inquiries,
      favorites: s.favorites,
    })),
    privacy_requests: requests.map((row) => toWirePrivacyRequest(row, now)),
    conversations: threads,
  };
}
