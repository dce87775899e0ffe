import type { CreateSubscriptionRequest } from '@baan/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { type AuditActor, recordAudit } from '../audit/record-audit.ts';
import { getPackageForSale } from '../packages/get-package-for-sale.ts';
import { applyOwnerPerks } from '../perks/sync-owner-perks.ts';
import { activateSubscription } from './activate-subscription.ts';
import type { SubscriptionRow } from './payment-wire.ts';

/** An admin grants a period directly (paid outside the site, a goodwill gesture), recorded as theirs and in the audit log. */
export async function grantSubscription(
  db: Db,
  request: CreateSubscriptionRequest,
  admin: AuditActor,
  now: Date,
): Promise<SubscriptionRow> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, request.user_id));
  if (!user) throw notFound('User not found.');
  const pkg = await getPackageForSale(db, request.package_id);
  return db.transaction(async (tx) => {
    const subscription = await activateSubscription(
      tx,
      {
        userId: user.id,
        packageId: pkg.id,
        durationDays: pkg.durationDays,
        amount: request.amount ?? pkg.price,
        paymentMethod: request.payment_method ?? 'admin',
        paymentId: null,
        grantedBy: admin.id,
      },
      now,
    );
    await applyOwnerPerks(tx, user.id, now);
    await recordAudit(
      tx,
      admin,
      {
        action: 'subscription.grant',
        targetType: 'subscription',
        targetId: subscription.id,
        details: {
          user_id: user.id,
          package_id: pkg.id,
          amount: subscription.amount,
          ends_at: subscription.endsAt.toISOString(),
        },
      },
      now,
    );
    return subscription;
  });
}
