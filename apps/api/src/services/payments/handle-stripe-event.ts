import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../db/client.ts';
import { packages, payments } from '../../db/schema.ts';
import { applyOwnerPerks } from '../perks/sync-owner-perks.ts';
import { activateSubscription } from '../subscriptions/activate-subscription.ts';

/**
 * Settles a card payment Stripe finished after our request returned (3-D Secure, delayed
 * confirmation). Idempotent: Stripe may deliver an event more than once, and only a pending
 * payment changes. Returns what it did, for the log.
 */
export async function handleStripeEvent(db: Db, event: Stripe.Event, now: Date): Promise<string> {
  if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed') return 'ignored';
  const intent = event.data.object;
  return db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.provider, 'stripe'), eq(payments.providerReference, intent.id)))
      .for('update');
    if (!payment) return 'unknown payment';
    if (payment.status !== 'pending') return 'already settled';
    if (event.type === 'payment_intent.payment_failed') {
      await tx
        .update(payments)
        .set({
          status: 'failed',
          failureReason: intent.last_payment_error?.message ?? 'Your card was declined.',
          updatedAt: now,
        })
        .where(eq(payments.id, payment.id));
      return 'failed';
    }
    if (intent.amount !== payment.amount * 100 || intent.currency !== 'thb') return 'amount mismatch';
    await tx.update(payments).set({ status: 'paid', updatedAt: now }).where(eq(payments.id, payment.id));
    const [pkg] = await tx.select().from(packages).where(eq(packages.id, payment.packageId));
    await activateSubscription(
      tx,
      {
        userId: payment.userId,
        packageId: payment.packageId,
        durationDays: pkg?.durationDays ?? 30,
        amount: payment.amount,
        paymentMethod: 'card',
        paymentId: payment.id,
        grantedBy: null,
      },
      now,
    );
    // Premium visibility and the featured quota follow the package at once (ADR 017).
    await applyOwnerPerks(tx, payment.userId, now);
    return 'paid';
  });
}
