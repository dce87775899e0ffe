import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { type BillingSnapshot, payments } from '../../db/schema.ts';
import { badRequest, HttpError } from '../../lib/errors.ts';
import { getPackageForSale } from '../packages/get-package-for-sale.ts';
import { applyOwnerPerks } from '../perks/sync-owner-perks.ts';
import { activateSubscription } from '../subscriptions/activate-subscription.ts';
import type { PaymentRow, SubscriptionRow } from '../subscriptions/payment-wire.ts';
import { type CardInput, CardInputError, type CardProvider } from './card/card-provider.ts';

export type CardPurchase = {
  userId: number;
  packageId: number;
  card: CardInput;
  billing: BillingSnapshot | null;
};

export type CardPurchaseResult = {
  payment: PaymentRow;
  subscription: SubscriptionRow | null;
  clientSecret: string | null;
};

/**
 * Charges the package price and, when the charge succeeds, activates (or extends) the
 * subscription in the same transaction that marks the payment paid. A decline leaves a failed
 * payment row (for reconciliation) and no subscription, and answers 402 with the reason.
 * Invalid card input is refused before anything is written.
 */
export async function payByCard(
  db: Db,
  provider: CardProvider,
  purchase: CardPurchase,
  now: () => Date,
  log: FastifyBaseLogger,
): Promise<CardPurchaseResult> {
  const pkg = await getPackageForSale(db, purchase.packageId);
  try {
    provider.validate(purchase.card);
  } catch (err) {
    if (err instanceof CardInputError) throw badRequest(err.message, err.errors);
    throw err;
  }

  const [pending] = await db
    .insert(payments)
    .values({
      userId: purchase.userId,
      packageId: pkg.id,
      amount: pkg.price,
      method: 'card',
      status: 'pending',
      provider: provider.kind,
      billing: purchase.billing,
    })
    .returning();
  if (!pending) throw new Error('payment insert returned nothing');

  let result: Awaited<ReturnType<CardProvider['charge']>>;
  try {
    result = await provider.charge({
      paymentId: pending.id,
      userId: purchase.userId,
      amountThb: pkg.price,
      description: `Baan ${pkg.name}, ${pkg.durationDays} days`,
      card: purchase.card,
    });
  } catch (err) {
    // The provider could not be reached or broke: nothing was charged as far as we know.
    log.error({ err, paymentId: pending.id }, 'card provider failed');
    await db
      .update(payments)
      .set({ status: 'failed', failureReason: 'The card provider could not be reached.', updatedAt: now() })
      .where(eq(payments.id, pending.id));
    throw new HttpError(502, 'The payment could not be processed right now. Please try again.');
  }

  if (result.status === 'declined') {
    await db
      .update(payments)
      .set({
        status: 'failed',
        providerReference: result.reference,
        cardLast4: result.last4,
        failureReason: result.reason,
        updatedAt: now(),
      })
      .where(eq(payments.id, pending.id));
    log.info({ paymentId: pending.id, last4: result.last4 }, 'card declined');
    throw new HttpError(402, result.reason);
  }

  if (result.status === 'requires_action') {
    const [row] = await db
      .update(payments)
      .set({ providerReference: result.reference, cardLast4: result.last4, updatedAt: now() })
      .where(eq(payments.id, pending.id))
      .returning();
    return { payment: row ?? pending, subscription: null, clientSecret: result.clientSecret };
  }

  return db.transaction(async (tx) => {
    const at = now();
    const [paid] = await tx
      .update(payments)
      .set({ status: 'paid', providerReference: result.reference, cardLast4: result.last4, updatedAt: at })
      .where(eq(payments.id, pending.id))
      .returning();
    if (!paid) throw new Error('payment vanished');
    const subscription = await activateSubscription(
      tx,
      {
        userId: purchase.userId,
        packageId: pkg.id,
        durationDays: pkg.durationDays,
        amount: pkg.price,
        paymentMethod: 'card',
        paymentId: paid.id,
        grantedBy: null,
      },
      at,
    );
    // Premium visibility and the featured quota follow the package at once (ADR 017).
    await applyOwnerPerks(tx, purchase.userId, at);
    return { payment: paid, subscription, clientSecret: null };
  });
}
