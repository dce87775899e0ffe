import { and, desc, eq, gt } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { subscriptions, users } from '../../db/schema.ts';
import type { SubscriptionRow } from './payment-wire.ts';
import { nextPeriod } from './subscription-period.ts';

export type Activation = {
  userId: number;
  packageId: number;
  durationDays: number;
  amount: number;
  paymentMethod: string;
  paymentId: number | null;
  grantedBy: number | null;
};

/**
 * Adds one period for the user: from now, or from the end of the time they already have. Runs in
 * the caller's transaction and locks the user's row first, so two purchases at once line up one
 * after the other instead of both starting from the same end date.
 */
export async function activateSubscription(tx: Tx, activation: Activation, now: Date): Promise<SubscriptionRow> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, activation.userId)).for('update');
  const [latest] = await tx
    .select({ endsAt: subscriptions.endsAt })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, activation.userId), gt(subscriptions.endsAt, now)))
    .orderBy(desc(subscriptions.endsAt))
    .limit(1);
  const period = nextPeriod(now, latest?.endsAt ?? null, activation.durationDays);
  const [row] = await tx
    .insert(subscriptions)
    .values({
      userId: activation.userId,
      packageId: activation.packageId,
      startsAt: period.startsAt,
      endsAt: period.endsAt,
      paymentId: activation.paymentId,
      grantedBy: activation.grantedBy,
      amount: activation.amount,
      paymentMethod: activation.paymentMethod,
    })
    .returning();
  if (!row) throw new Error('subscription insert returned nothing');
  return row;
}
