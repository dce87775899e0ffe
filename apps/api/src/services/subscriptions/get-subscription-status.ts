import type { SubscriptionStatus } from '@baan/contract';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { packages, payments, subscriptions } from '../../db/schema.ts';
import { currentStanding, daysLeft } from './subscription-period.ts';

/** The user's subscription now: computed from the periods' dates, plus any payment under review. */
export async function getSubscriptionStatus(db: Db, userId: number, now: Date): Promise<SubscriptionStatus> {
  const periods = await db
    .select({
      startsAt: subscriptions.startsAt,
      endsAt: subscriptions.endsAt,
      packageId: subscriptions.packageId,
      packageName: packages.name,
    })
    .from(subscriptions)
    .innerJoin(packages, eq(packages.id, subscriptions.packageId))
    .where(and(eq(subscriptions.userId, userId), gt(subscriptions.endsAt, now)));
  const standing = currentStanding(periods, now);
  const [pending] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.status, 'pending')))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return {
    is_active: standing ? 1 : 0,
    package_id: standing?.current.packageId ?? null,
    package_name: standing?.current.packageName ?? null,
    starts_at: standing?.current.startsAt.toISOString() ?? null,
    ends_at: standing?.endsAt.toISOString() ?? null,
    days_left: daysLeft(standing?.endsAt ?? null, now),
    pending_payment: pending
      ? {
          id: pending.id,
          package_id: pending.packageId,
          amount: pending.amount,
          method: pending.method,
          created_at: pending.createdAt.toISOString(),
        }
      : null,
  };
}
