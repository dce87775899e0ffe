import type { AdminPayment, PaymentStatus } from '@baan/contract';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { packages, payments, users } from '../../db/schema.ts';
import { toPayment } from './payment-wire.ts';

/** Payments for the admin console, newest first, optionally of one status (at most 500). */
export async function listPayments(db: Db, status: PaymentStatus | undefined): Promise<AdminPayment[]> {
  const rows = await db
    .select({
      payment: payments,
      user: { id: users.id, name: users.name, email: users.email },
      package: { id: packages.id, name: packages.name },
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .innerJoin(packages, eq(packages.id, payments.packageId))
    .where(status ? eq(payments.status, status) : undefined)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(500);
  return rows.map((r) => ({ ...toPayment(r.payment), user: r.user, package: r.package }));
}
