import { type AdminVerification, type ListingVerification, VERIFICATION_MESSAGES } from '@baan/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { properties, users, verifications } from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { type AuditActor, recordAudit } from '../audit/record-audit.ts';
import type { ReceivedFile } from '../uploads/receive-multipart.ts';
import { storePrivateFile } from '../uploads/store-private-file.ts';
import { notifyVerificationDecision, type VerificationNotice } from './verification-mail.ts';

/** Documents live under a prefix the public /uploads route refuses to serve (like payment receipts). */
export const VERIFICATION_FOLDER = 'private/verifications';

type VerificationRow = typeof verifications.$inferSelect;
/** Decided rows the queue shows; `superseded` (replaced by a newer request) is kept for history only. */
type ShownStatus = AdminVerification['status'];

/** The listing a request is about, owned by the caller: 404 when it does not exist, 403 when it is someone else's. */
export async function assertListingOwner(db: Db, propertyId: number, userId: number): Promise<void> {
  const [row] = await db.select({ userId: properties.userId }).from(properties).where(eq(properties.id, propertyId));
  if (!row) throw notFound(VERIFICATION_MESSAGES.listingNotFound);
  if (row.userId !== userId) throw forbidden('You can only verify your own listings.');
}

/** A listing check as its owner sees it. */
function toListingVerification(row: VerificationRow): ListingVerification {
  return {
    id: row.id,
    property_id: row.propertyId ?? 0,
    title_deed_number: row.number,
    status: row.status === 'superseded' ? 'rejected' : row.status,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The owner asks for a listing's title deed check: the document is stored privately, earlier waiting requests of the
 * listing are superseded, and the listing loses its badge until an admin approves this one (a new deed number is
 * unchecked). All in one transaction; the stored document is removed when it fails.
 */
export async function submitListingVerification(
  db: Db,
  storage: Storage,
  input: { propertyId: number; userId: number; titleDeedNumber: string; document: ReceivedFile },
  now: Date,
): Promise<ListingVerification> {
  await assertListingOwner(db, input.propertyId, input.userId);
  const stored = await storePrivateFile(storage, VERIFICATION_FOLDER, input.document);
  try {
    const row = await db.transaction(async (tx) => {
      await tx
        .update(verifications)
        .set({ status: 'superseded', updatedAt: now })
        .where(
          and(
            eq(verifications.kind, 'listing'),
            eq(verifications.propertyId, input.propertyId),
            eq(verifications.status, 'pending'),
          ),
        );
      await tx.update(properties).set({ verified: false }).where(eq(properties.id, input.propertyId));
      const [inserted] = await tx
        .insert(verifications)
        .values({
          kind: 'listing',
          userId: input.userId,
          propertyId: input.propertyId,
          number: input.titleDeedNumber,
          documentKey: stored.key,
          status: 'pending',
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!inserted) throw new Error('verification insert returned nothing');
      return inserted;
    });
    return toListingVerification(row);
  } catch (err) {
    await storage.delete(stored.all).catch(() => undefined);
    throw err;
  }
}

/** The listing's latest check (owner only), or null when none was asked for. */
export async function getListingVerification(
  db: Db,
  propertyId: number,
  userId: number,
): Promise<ListingVerification | null> {
  await assertListingOwner(db, propertyId, userId);
  const [row] = await db
    .select()
    .from(verifications)
    .where(and(eq(verifications.kind, 'listing'), eq(verifications.propertyId, propertyId)))
    .orderBy(desc(verifications.id))
    .limit(1);
  if (!row) return null;
  // An approved check whose badge an edit took away (the listing became another property) no longer stands.
  if (row.status === 'approved') {
    const [listing] = await db
      .select({ verified: properties.verified })
      .from(properties)
      .where(eq(properties.id, propertyId));
    if (!listing?.verified) return null;
  }
  return toListingVerification(row);
}

/**
 * A changed licence number enters the queue (ADR 032): waiting checks of the old number are superseded and, when a
 * number is set, a new waiting check is written. Runs in the profile update's transaction.
 */
export async function queueLicenceCheck(tx: Db | Tx, userId: number, licenceNumber: string | null, now: Date) {
  await tx
    .update(verifications)
    .set({ status: 'superseded', updatedAt: now })
    .where(
      and(eq(verifications.kind, 'licence'), eq(verifications.userId, userId), eq(verifications.status, 'pending')),
    );
  if (!licenceNumber) return;
  await tx.insert(verifications).values({
    kind: 'licence',
    userId,
    number: licenceNumber,
    status: 'pending',
    createdAt: now,
    updatedAt: now,
  });
}

/** The admin-only address of a check's document. */
export const documentPath = (id: number) => `/api/admin/verifications/${id}/document`;

function toAdminVerification(row: VerificationRow): AdminVerification {
  return {
    id: row.id,
    kind: row.kind,
    property_id: row.propertyId,
    user_id: row.userId,
    ...(row.kind === 'listing' ? { title_deed_number: row.number } : { licence_number: row.number }),
    document_url: row.documentKey ? documentPath(row.id) : null,
    status: row.status === 'superseded' ? 'rejected' : row.status,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
  };
}

/** The queue, oldest waiting first; decided checks newest first. At most 200 a page. */
export async function listVerifications(
  db: Db,
  status: ShownStatus,
): Promise<{ items: AdminVerification[]; total: number }> {
  const where = eq(verifications.status, status);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(verifications)
      .where(where)
      .orderBy(status === 'pending' ? verifications.id : desc(verifications.id))
      .limit(200),
    db.select({ n: count() }).from(verifications).where(where),
  ]);
  return { items: rows.map(toAdminVerification), total: total?.n ?? 0 };
}

/** A check's stored document key for the admin route (404 when there is none). */
export async function getVerificationDocumentKey(db: Db, id: number): Promise<string> {
  const [row] = await db.select({ key: verifications.documentKey }).from(verifications).where(eq(verifications.id, id));
  if (!row) throw notFound(VERIFICATION_MESSAGES.notFound);
  if (!row.key) throw notFound(VERIFICATION_MESSAGES.noDocument);
  return row.key;
}

/**
 * Approves or rejects a waiting check, with the audit entry and the owner's mail (queued) in one transaction. Approval
 * marks the listing verified, or the user's licence verified when the number is still theirs. 404 unknown, 409 when
 * already decided or replaced, 403 for one's own check.
 */
export async function decideVerification(
  db: Db,
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
  reviewer: AuditActor,
  now: Date,
  notice: VerificationNotice,
): Promise<AdminVerification> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(verifications).where(eq(verifications.id, id)).for('update');
    if (!row) throw notFound(VERIFICATION_MESSAGES.notFound);
    if (row.userId === reviewer.id) throw forbidden('Another admin must check your own verification.');
    if (row.status !== 'pending') throw conflict(VERIFICATION_MESSAGES.notPending);
    const reason = decision.approve ? null : decision.reason;
    const [decided] = await tx
      .update(verifications)
      .set({
        status: decision.approve ? 'approved' : 'rejected',
        reason,
        reviewedBy: reviewer.id,
        reviewedAt: now,
        updatedAt: now,
      })
      .where(eq(verifications.id, id))
      .returning();
    if (!decided) throw new Error('verification vanished');
    if (decision.approve && row.kind === 'listing' && row.propertyId !== null) {
      await tx.update(properties).set({ verified: true }).where(eq(properties.id, row.propertyId));
    }
    if (decision.approve && row.kind === 'licence') {
      await tx
        .update(users)
        .set({ licenceVerified: true, updatedAt: now })
        .where(and(eq(users.id, row.userId), eq(users.licenceNumber, row.number)));
    }
    await recordAudit(
      tx,
      reviewer,
      {
        action: decision.approve ? 'verification.approve' : 'verification.reject',
        targetType: 'verification',
        targetId: row.id,
        details: {
          kind: row.kind,
          user_id: row.userId,
          ...(row.propertyId !== null ? { property_id: row.propertyId } : {}),
          ...(reason ? { reason } : {}),
        },
      },
      now,
    );
    await notifyVerificationDecision(tx, notice, row, decision.approve, reason);
    return toAdminVerification(decided);
  });
}
