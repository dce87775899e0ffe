import { DEFAULT_LANGUAGE, isLanguage, localizedPath } from '@baan/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { jobs, propertyInquiries, users } from '../../db/schema.ts';
import type { RateCounters } from '../../lib/rate-limit.ts';
import { enqueueJob } from '../jobs/queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import { inquiryDigestMail } from './contact-mail.ts';

const HOUR_MS = 60 * 60_000;

/**
 * Inquiries mailed one by one, per listing and per owner, in an hour (ADR 019). Past either, an inquiry is
 * still stored and counted (the owner's inbox shows it at once) but held for one digest mail an hour
 * later, so a run of inquiries from many networks cannot fill an owner's mailbox. At most
 * `guestLinksPerAddressPerHour` guests' links to their threads (ADR 034) go to one typed address in an hour, whoever
 * typed it (ADR 059): past that the inquiry is still taken and only that mail is left out; the owner's reply mails
 * the guest the same link.
 */
export const INQUIRY_MAILS = {
  perListingPerHour: 10,
  perOwnerPerHour: 20,
  guestLinksPerAddressPerHour: 10,
  windowMs: HOUR_MS,
} as const;

/** The mails an inquiry sends: the owner's now or in the digest, and whether a guest is mailed their link now. */
export type InquiryMailPlan = { owner: 'sent' | 'held'; guestLink: boolean };

/** The job that sends an owner the digest of their held inquiries. */
export const INQUIRY_DIGEST_JOB = 'inquiries.digest';

/**
 * Counts this inquiry's mails against their hourly caps: the owner's against the listing's and the owner's (mail it
 * now, or hold it), and, for a guest (`guestEmail`; null for a signed-in visitor, who is mailed no link), the link to
 * the thread against the typed address's. Never refuses: past a cap a mail waits or is left out, the inquiry goes in.
 */
export async function inquiryMailPlan(
  counters: RateCounters,
  listing: { id: number; ownerId: number },
  guestEmail: string | null,
): Promise<InquiryMailPlan> {
  const perListing = await counters.hit(`inquiryMails:listing:${listing.id}`, INQUIRY_MAILS.windowMs);
  const perOwner = await counters.hit(`inquiryMails:owner:${listing.ownerId}`, INQUIRY_MAILS.windowMs);
  const owner =
    perListing.count > INQUIRY_MAILS.perListingPerHour || perOwner.count > INQUIRY_MAILS.perOwnerPerHour
      ? 'held'
      : 'sent';
  if (guestEmail === null) return { owner, guestLink: false };
  const address = guestEmail.trim().toLowerCase();
  const links = await counters.hit(`inquiryMails:guest:${address}`, INQUIRY_MAILS.windowMs);
  return { owner, guestLink: links.count <= INQUIRY_MAILS.guestLinksPerAddressPerHour };
}

/**
 * In the transaction that holds an inquiry: makes sure one digest job is waiting for this owner, due an
 * hour from now (it takes every inquiry held by then). Two racing requests may both queue one; the
 * second finds nothing left to send.
 */
export async function queueInquiryDigest(tx: Tx, ownerId: number, now: Date): Promise<void> {
  const [waiting] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, INQUIRY_DIGEST_JOB),
        eq(jobs.state, 'queued'),
        sql`${jobs.payload}->>'ownerId' = ${String(ownerId)}`,
      ),
    )
    .limit(1);
  if (waiting) return;
  await enqueueJob(tx, INQUIRY_DIGEST_JOB, { ownerId }, { runAt: new Date(now.getTime() + INQUIRY_MAILS.windowMs) });
}

/** The digest job: one mail naming the owner's held inquiries, which are then marked as sent in it. */
export async function sendInquiryDigest(
  deps: { db: Db; mailer: Mailer; publicUrl: string },
  ownerId: number,
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const held = await tx
      .update(propertyInquiries)
      .set({ mail: 'digest' })
      .where(and(eq(propertyInquiries.ownerId, ownerId), eq(propertyInquiries.mail, 'held')))
      .returning({
        id: propertyInquiries.id,
        propertyTitle: propertyInquiries.propertyTitle,
        name: propertyInquiries.name,
      });
    const [owner] = await tx
      .select({ name: users.name, email: users.email, language: users.language, disabledAt: users.disabledAt })
      .from(users)
      .where(eq(users.id, ownerId));
    if (held.length === 0 || !owner || owner.disabledAt) return 0;
    const language = isLanguage(owner.language) ? owner.language : DEFAULT_LANGUAGE;
    const ordered = [...held].sort((a, b) => a.id - b.id);
    const inbox = `${deps.publicUrl}${localizedPath(language, '/dashboard/inquiries')}`;
    await deps.mailer.queue(tx, inquiryDigestMail(ordered, { name: owner.name, email: owner.email, language }, inbox));
    return held.length;
  });
}
