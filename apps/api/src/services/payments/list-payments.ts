import type { AdminPayment, PaymentMatch, PaymentStatus } from '@baan/contract';
import { and, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { packages, payments, users } from '../../db/schema.ts';
import { isDistinctiveHash } from '../images/photo-hash.ts';
import { type PaymentRow, toPayment } from '../subscriptions/payment-wire.ts';

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
  const matches = await sameTransfers(
    db,
    rows.map((r) => r.payment),
  );
  return rows.map((r) => ({
    ...toPayment(r.payment),
    user: r.user,
    package: r.package,
    matches: matches.get(r.payment.id) ?? [],
  }));
}

/**
 * For each payment, the other QR payments (any status, any payer) that may be the same bank transfer: the same
 * transaction key (the reference with look-alikes folded) or the same receipt picture (its difference hash; flat
 * pictures say nothing and are left out). Oldest first. One query for the whole page.
 */
async function sameTransfers(db: Db, shown: readonly PaymentRow[]): Promise<Map<number, PaymentMatch[]>> {
  const keys = [...new Set(shown.flatMap((p) => (p.transactionKey ? [p.transactionKey] : [])))];
  const hashes = [...new Set(shown.flatMap((p) => (isDistinctiveHash(p.receiptHash) ? [p.receiptHash] : [])))];
  const result = new Map<number, PaymentMatch[]>();
  const conditions: SQL[] = [];
  if (keys.length > 0) conditions.push(inArray(payments.transactionKey, keys));
  if (hashes.length > 0) conditions.push(inArray(payments.receiptHash, hashes));
  if (conditions.length === 0) return result;
  const candidates = await db
    .select({ payment: payments, user: { id: users.id, name: users.name, email: users.email } })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(and(eq(payments.method, 'qr'), or(...conditions)))
    .orderBy(payments.createdAt, payments.id);
  for (const payment of shown) {
    const same = candidates.flatMap(({ payment: other, user }): PaymentMatch[] => {
      if (other.id === payment.id) return [];
      const kinds: PaymentMatch['same'] = [];
      if (payment.transactionKey && other.transactionKey === payment.transactionKey) kinds.push('reference');
      if (isDistinctiveHash(payment.receiptHash) && other.receiptHash === payment.receiptHash) kinds.push('receipt');
      if (kinds.length === 0) return [];
      return [
        {
          id: other.id,
          status: other.status,
          transaction_id: other.transactionId,
          user,
          created_at: other.createdAt.toISOString(),
          same: kinds,
        },
      ];
    });
    if (same.length > 0) result.set(payment.id, same);
  }
  return result;
}
