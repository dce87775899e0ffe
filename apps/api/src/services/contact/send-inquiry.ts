import { DEFAULT_LANGUAGE, type InquiryRequest, isLanguage, type Language, localizedPath } from '@baan/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { properties, propertyInquiries, users } from '../../db/schema.ts';
import { openConversation } from '../conversations/conversations.ts';
import type { Mailer } from '../mail/mailer.ts';
import { isVisible } from '../properties/visible.ts';
import { countInquiry } from '../stats/record.ts';
import { inquiryMail } from './contact-mail.ts';
import type { InquiryRow } from './contact-wire.ts';
import { type InquiryMailPlan, queueInquiryDigest } from './inquiry-digest.ts';

/** The listing an inquiry is about, with its owner, when a visitor may see it. */
export async function findInquiryListing(db: Db, propertyId: number) {
  const [listing] = await db
    .select({
      id: properties.id,
      title: properties.title,
      ownerId: users.id,
      ownerName: users.name,
      ownerEmail: users.email,
      ownerLanguage: users.language,
    })
    .from(properties)
    .innerJoin(users, eq(users.id, properties.userId))
    .where(and(eq(properties.id, propertyId), isVisible));
  return listing ?? null;
}

export type InquiryListing = NonNullable<Awaited<ReturnType<typeof findInquiryListing>>>;
/** `conversationKey` signs a guest's link to the thread the inquiry opens (ADR 034). */
export type InquiryDeps = { db: Db; mailer: Mailer; publicUrl: string; conversationKey: Buffer };

/**
 * Stores the inquiry (with a copy of the title, so it outlives the listing) and queues the mail to
 * the owner in their language, in one transaction — or, over the hourly cap (`mail.owner: 'held'`,
 * inquiry-digest.ts), makes sure the owner's digest mail is coming. The owner's address never goes
 * back to the visitor. The inquiry also opens a conversation (its first message; a guest is mailed the link unless
 * `mail.guestLink` is false: the typed address had its hour's links), in the same transaction; `visitorId` is the
 * account of a visitor who sent their session.
 */
export async function sendInquiry(
  deps: InquiryDeps,
  listing: InquiryListing,
  input: InquiryRequest,
  language: Language,
  now: Date,
  mail: InquiryMailPlan = { owner: 'sent', guestLink: true },
  visitorId: number | null = null,
): Promise<InquiryRow> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(propertyInquiries)
      .values({
        propertyId: listing.id,
        ownerId: listing.ownerId,
        propertyTitle: listing.title,
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        message: input.message,
        language,
        mail: mail.owner,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('inquiry insert returned nothing');
    // The listing's statistics count it on its Bangkok day, with the inquiry or not at all.
    await countInquiry(tx, listing.id, now);
    await openConversation(
      tx,
      { mailer: deps.mailer, publicUrl: deps.publicUrl, secret: deps.conversationKey },
      { inquiry: row, visitorId, language, mailLink: mail.guestLink },
    );
    if (mail.owner === 'held') {
      await queueInquiryDigest(tx, listing.ownerId, now);
      return row;
    }
    const owner = {
      name: listing.ownerName,
      email: listing.ownerEmail,
      language: isLanguage(listing.ownerLanguage) ? listing.ownerLanguage : DEFAULT_LANGUAGE,
    };
    await deps.mailer.queue(
      tx,
      inquiryMail(row, owner, `${deps.publicUrl}${localizedPath(owner.language, `/detail/${listing.id}`)}`),
    );
    return row;
  });
}
