import { PAYMENT_MESSAGES } from '@baan/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { packages, payments } from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { type AuditActor, recordAudit } from '../audit/record-audit.ts';
import { applyOwnerPerks } from '../perks/sync-owner-perks.ts';
import { activateSubscription } from '../subscriptions/activate-subscription.ts';
import type { PaymentRow, SubscriptionRow } from '../subscriptions/payment-wire.ts';
import { notifyPaymentRejected, type RejectionNotice } from './notify-payment-rejected.ts';

/**
 * Locks a payment for review. Only pending payments can be reviewed, and never by the person who
 * paid, admin or not: nobody grants themselves a subscription.
 */
async function lockForReview(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  paymentId: number,
  reviewerId: number,
) {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  if (!payment) throw notFound('Payment not found.');
  if (payment.userId === reviewerId) throw forbidden(PAYMENT_MESSAGES.cannotReviewOwn);
  if (payment.status !== 'pending' || payment.method !== 'qr') throw conflict(PAYMENT_MESSAGES.notPending);
  return payment;
}

/**
 * Approves a QR payment and activates or extends the payer's subscription, atomically, with the
 * audit entry.
 */
export async function approvePayment(
  db: Db,
  paymentId: number,
  reviewer: AuditActor,
  now: Date,
): Promise<{ payment: PaymentRow; subscription: SubscriptionRow }> {
  const reviewerId = reviewer.id;
  return db.transaction(async (tx) => {
    const payment = await lockForReview(tx, paymentId, reviewerId);
    // A package retired since the purchase still honours what was paid for.
    const [pkg] = await tx.select().from(packages).where(eq(packages.id, payment.packageId));
    const [approved] = await tx
      .update(payments)
      .set({ status: 'approved', reviewedBy: reviewerId, reviewedAt: now, updatedAt: now })
      .where(eq(payments.id, payment.id))
      .returning();
    if (!approved) throw new Error('payment vanished');
    const subscription = await activateSubscription(
      tx,
      {
        userId: payment.userId,
        packageId: payment.packageId,
        durationDays: pkg?.durationDays ?? 30,
        amount: payment.amount,
        paymentMethod: 'qr',
        paymentId: payment.id,
        grantedBy: null,
      },
      now,
    );
    // Premium visibility and the featured quota follow the package at once (ADR 017).
    await applyOwnerPerks(tx, payment.userId, now);
    await recordAudit(
      tx,
      reviewer,
      {
        action: 'payment.approve',
        targetType: 'payment',
        targetId: payment.id,
        details: { amount: payment.amount, user_id: payment.userId },
      },
      now,
    );
    return { payment: approved, subscription };
  });
}

/** Rejects a QR payment with a reason the payer is told (the mail queued in the same transaction), with the audit entry. */
export async function rejectPayment(
  db: Db,
  paymentId: number,
  reviewer: AuditActor,
  reason: string,
  now: Date,
  notice: RejectionNotice,
): Promise<PaymentRow> {
  const reviewerId = reviewer.id;
  return db.transaction(async (tx) => {
    const payment = await lockForReview(tx, paymentId, reviewerId);
    const [rejected] = await tx
      .update(payments)
      .set({ status: 'rejected', reviewedBy: reviewerId, reviewedAt: now, rejectReason: reason, updatedAt: now })
      .where(eq(payments.id, payment.id))
      .returning();
    if (!rejected) throw new Error('payment vanished');
    await recordAudit(
      tx,
      reviewer,
      {
        action: 'payment.reject',
        targetType: 'payment',
        targetId: payment.id,
        details: { reason, amount: payment.amount, user_id: payment.userId },
      },
      now,
    );
    await notifyPaymentRejected(tx, notice, rejected);
    return rejected;
  });
}
