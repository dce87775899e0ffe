import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import {
  accountNetworks,
  agencyInvitations,
  agencyMembers,
  auditLog,
  type BillingSnapshot,
  consents,
  contactMessages,
  favorites,
  jobs,
  mailOutbox,
  newsletterPending,
  newsletterSubscribers,
  otpCodes,
  ownerReports,
  passwordResetTokens,
  payments,
  privacyRequests,
  properties,
  propertyImages,
  propertyInquiries,
  savedSearches,
  subscriptions,
  users,
  viewings,
} from '../../db/schema.ts';
import { forgetDeviceTokens } from '../accounts/device-tokens.ts';
import { deleteConversationsOf } from '../conversations/personal-data.ts';
import { isSharedDemoKey, isSharedPhotoKey } from '../images/demo-keys.ts';
import { imageFileKeys } from '../images/process-image.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { maskEmail } from './mask-email.ts';

/** The durable job that removes a deleted account's files once the rows are gone (plugins/app/privacy.ts runs it). */
export const DELETE_FILES_JOB = 'privacy.delete-files';

/** The e-mail a deleted account keeps: no address at all, so no sign-up, login, code or mail can ever name it. */
export const deletedEmail = (userId: number) => `deleted-user-${userId}`;

/** A password hash no password matches (not even in form: lib/password.ts answers false for it at once). */
const NO_PASSWORD = '!deleted';

/**
 * The payment's billing snapshot without the person (ADR 023). A company's name, tax ID, branch and address are not
 * personal data (the PDPA protects natural persons) and a tax invoice must show them, so they stay; the contact
 * person's name goes. An individual's snapshot keeps nothing: their name, national ID and home address go.
 */
export function anonymousBilling(billing: BillingSnapshot | null): BillingSnapshot | null {
  if (!billing) return null;
  if (billing.company_name) return { ...billing, name: '' };
  return { name: '', company_name: null, tax_id: null, branch: null, address: '' };
}

/** Rows written from the address (compared without case). */
const sameAddress = (column: AnyPgColumn, email: string) => sql`lower(${column}) = ${email}`;

/**
 * Deletes an account's personal data in the caller's transaction (PDPA section 33, ADR 023), row by row:
 * - gone: listings (with photos, rooms, statistics, visits, others' favourites and alert matches of them), inquiries
 *   received and sent (sent: from the account's address), viewings asked for (signed in or from its address), contact
 *   messages from it, favourites, saved searches, weekly
 *   report marks, codes and reset tokens, subscription periods, consents, the newsletter entry, the mail that
 *   waits for or was sent to the address (outbox, mail jobs), and the conversations (ADR 034) about its listings,
 *   started from it or as a guest from its address, with both sides' messages and their private files;
 * - kept without the person: payments (Thai accounting law: 5 years) with an anonymous billing snapshot and no
 *   receipt image; the user row as their anonymous payer (no name, no address, no password, disabled, deleted_at);
 *   the privacy requests and audit entries, with the e-mail masked;
 * - every token stops working (the session version moves on; disabled and deleted accounts fail authentication).
 * The files (photos, avatar, receipts, conversation attachments) are removed by a durable job queued here, so they go only if the rows do.
 */
export async function deleteAccount(tx: Tx, userId: number, now: Date): Promise<void> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw new Error('account vanished before deletion');
  const email = user.email.toLowerCase();
  const masked = maskEmail(email);

  const photos = await tx
    .select({ key: propertyImages.storageKey, widths: propertyImages.widths })
    .from(propertyImages)
    .innerJoin(properties, eq(properties.id, propertyImages.propertyId))
    .where(eq(properties.userId, userId));
  const paid = await tx.select().from(payments).where(eq(payments.userId, userId));
  const fileKeys = [
    ...photos.filter((p) => !isSharedPhotoKey(p.key)).flatMap(imageFileKeys),
    ...(user.profileImage && !isSharedDemoKey(user.profileImage) ? [user.profileImage] : []),
    ...paid.flatMap((p) => (p.receiptKey ? [p.receiptKey] : [])),
  ];

  // Before the listings: a thread about a deleted listing keeps its owner, so it is found by the owner's id.
  fileKeys.push(...(await deleteConversationsOf(tx, userId, email)));
  await tx.delete(properties).where(eq(properties.userId, userId));
  await tx
    .delete(propertyInquiries)
    .where(or(eq(propertyInquiries.ownerId, userId), sameAddress(propertyInquiries.email, email)));
  await tx.delete(contactMessages).where(sameAddress(contactMessages.email, email));
  // The viewings it asked for (ADR 035), signed in or as a guest from its address: its name, address and phone.
  await tx.delete(viewings).where(or(eq(viewings.userId, userId), sameAddress(viewings.email, email)));
  await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
  // Subscriptions waiting for confirmation (ADR 055): the address's and the account's sign-up one.
  await tx
    .delete(newsletterPending)
    .where(or(eq(newsletterPending.email, email), eq(newsletterPending.userId, userId)));
  await tx.delete(consents).where(or(eq(consents.userId, userId), eq(consents.email, email)));
  await tx.delete(favorites).where(eq(favorites.userId, userId));
  await tx.delete(savedSearches).where(eq(savedSearches.userId, userId));
  await tx.delete(ownerReports).where(eq(ownerReports.userId, userId));
  // The agency membership and the invitations mailed to the address (ADR 037); an agency itself is its members'.
  await tx.delete(agencyMembers).where(eq(agencyMembers.userId, userId));
  await tx.delete(agencyInvitations).where(sameAddress(agencyInvitations.email, email));
  // Codes (their per-network failures go with them) and the networks the account logged in from (ADR 019).
  await tx.delete(otpCodes).where(eq(otpCodes.userId, userId));
  await tx.delete(accountNetworks).where(eq(accountNetworks.userId, userId));
  await forgetDeviceTokens(tx, userId);
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  await tx.delete(subscriptions).where(eq(subscriptions.userId, userId));
  await tx.delete(mailOutbox).where(eq(mailOutbox.to, email));
  // Mail to the address that waits, failed or was sent: its text names the person. A mail being sent now finishes.
  await tx
    .delete(jobs)
    .where(and(eq(jobs.kind, 'mail.send'), sql`lower(${jobs.payload}->>'to') = ${email}`, ne(jobs.state, 'running')));

  for (const payment of paid) {
    await tx
      .update(payments)
      .set({ billing: anonymousBilling(payment.billing), receiptKey: null, updatedAt: now })
      .where(eq(payments.id, payment.id));
  }

  await tx.update(privacyRequests).set({ email: masked }).where(eq(privacyRequests.userId, userId));
  await tx.update(auditLog).set({ actorEmail: masked }).where(eq(auditLog.actorId, userId));
  // An admin's entry about this account (disable, enable) named its e-mail in the details.
  await tx
    .update(auditLog)
    .set({ details: sql`jsonb_set(${auditLog.details}, '{email}', to_jsonb(${masked}::text))` })
    .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, userId), sql`${auditLog.details} ? 'email'`));

  await tx
    .update(users)
    .set({
      name: '',
      email: deletedEmail(userId),
      passwordHash: NO_PASSWORD,
      phoneNumber: null,
      lineId: null,
      companyName: null,
      profileImage: null,
      // The public page goes with the account (ADR 029); its address is free for someone else.
      profileSlug: null,
      profilePublic: false,
      profileLanguages: [],
      profileAreas: [],
      profileAbout: null,
      licenceNumber: null,
      licenceVerified: false,
      language: 'en',
      weeklyReport: false,
      triedNoticeAt: null,
      disabledAt: now,
      deletedAt: now,
      sessionVersion: sql`${users.sessionVersion} + 1`,
      updatedAt: now,
    })
    .where(eq(users.id, userId));

  if (fileKeys.length > 0) await enqueueJob(tx, DELETE_FILES_JOB, { keys: fileKeys }, { runAt: now });
}
