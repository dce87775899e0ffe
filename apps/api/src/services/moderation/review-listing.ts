import { ADMIN_MESSAGES } from '@baan/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { properties, users } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { type AuditActor, recordAudit } from '../audit/record-audit.ts';
import { queueListingAlerts } from '../jobs/alert-jobs.ts';
import type { Mailer } from '../mail/mailer.ts';
import { reviewDecisionMail } from './review-mail.ts';

/** What mailing the owner needs: the mailer and the site's address for the link. */
export type DecisionNotice = { mailer: Mailer; publicUrl: string };

export type Decision = { kind: 'approve' } | { kind: 'reject'; reason: string };

/** What the decision was on: a held listing, or only an approved listing's text edit (M5). */
export type Decided = 'listing' | 'edit';

/**
 * An admin's decision on a listing waiting for review (ADR 017): approved goes live, rejected stays hidden with the
 * reason. On an approved listing whose text edit waits (M5), approve puts the new text live and reject drops it (kept
 * for the owner with the reason as `text_rejection`); the listing stays public either way. The change, its audit
 * entry and the owner's mail commit together. 404 for a missing listing, 409 when it is not waiting for review
 * (already decided, or never held).
 */
export async function decideListingReview(
  db: Db,
  id: number,
  decision: Decision,
  admin: AuditActor,
  now: Date,
  notice: DecisionNotice,
): Promise<Decided> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        title: properties.title,
        review: properties.review,
        reasons: properties.reviewReasons,
        pendingTitle: properties.pendingTitle,
        pendingDescription: properties.pendingDescription,
        pendingReasons: properties.pendingReasons,
        pendingSince: properties.pendingSince,
        email: users.email,
        name: users.name,
        language: users.language,
      })
      .from(properties)
      .innerJoin(users, eq(users.id, properties.userId))
      .where(eq(properties.id, id))
      .for('update', { of: properties });
    if (!row) throw notFound(ADMIN_MESSAGES.propertyNotFound);
    const hasPendingText = row.pendingSince !== null;
    if (row.review !== 'pending' && !hasPendingText) throw conflict(ADMIN_MESSAGES.notPending);
    const approved = decision.kind === 'approve';
    // A waiting text edit: approve puts it live, reject drops it; either way nothing waits after.
    const pendingText = {
      ...(approved && row.pendingTitle !== null ? { title: row.pendingTitle } : {}),
      ...(approved && row.pendingDescription !== null ? { description: row.pendingDescription } : {}),
      pendingTitle: null,
      pendingDescription: null,
      pendingReasons: null,
      pendingSince: null,
    };
    if (row.review !== 'pending') {
      // Only the text edit waited: the listing stays approved and public, with the new text or the old one.
      const textRejection =
        decision.kind === 'reject' && row.pendingSince
          ? {
              title: row.pendingTitle,
              description: row.pendingDescription,
              note: decision.reason,
              submittedAt: row.pendingSince.toISOString(),
              rejectedAt: now.toISOString(),
            }
          : null;
      await tx
        .update(properties)
        .set({ ...pendingText, textRejection, updatedAt: now })
        .where(eq(properties.id, id));
      await recordAudit(
        tx,
        admin,
        {
          action: approved ? 'property.approve' : 'property.reject',
          targetType: 'property',
          targetId: id,
          details: {
            title: row.title,
            pending_edit: { title: row.pendingTitle, reasons: row.pendingReasons },
            ...(decision.kind === 'reject' ? { reason: decision.reason } : {}),
          },
        },
        now,
      );
      // Named by the title visitors now see: the new one once approved.
      const title = (approved ? row.pendingTitle : null) ?? row.title;
      await notice.mailer.queue(
        tx,
        reviewDecisionMail(
          row,
          decision.kind === 'approve'
            ? { kind: 'edit_approved', listingId: id, title }
            : { kind: 'edit_rejected', listingId: id, title, reason: decision.reason },
          notice.publicUrl,
        ),
      );
      return 'edit';
    }

    await tx
      .update(properties)
      .set({
        ...(hasPendingText ? pendingText : {}),
        review: approved ? 'approved' : 'rejected',
        reviewNote: approved ? null : decision.reason,
        reviewedAt: now,
        updatedAt: now,
      })
      .where(eq(properties.id, id));
    // Approved: live now (if active), so saved searches are matched against it.
    if (approved) await queueListingAlerts(tx, id, now);
    await recordAudit(
      tx,
      admin,
      {
        action: approved ? 'property.approve' : 'property.reject',
        targetType: 'property',
        targetId: id,
        details: {
          title: row.title,
          review_reasons: row.reasons,
          ...(decision.kind === 'reject' ? { reason: decision.reason } : {}),
        },
      },
      now,
    );
    await notice.mailer.queue(
      tx,
      reviewDecisionMail(
        row,
        decision.kind === 'approve'
          ? { kind: 'approved', listingId: id, title: row.title }
          : { kind: 'rejected', listingId: id, title: row.title, reason: decision.reason },
        notice.publicUrl,
      ),
    );
    return 'listing';
  });
}
