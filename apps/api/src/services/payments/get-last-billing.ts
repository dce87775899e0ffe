import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type BillingSnapshot, payments } from '../../db/schema.ts';

/**
 * The billing details of the user's latest payment that had any (card or QR, whatever became of it), so the next
 * checkout starts filled in; null when none had.
 */
export async function getLastBilling(db: Db, userId: number): Promise<BillingSnapshot | null> {
  const [row] = await db
    .select({ billing: payments.billing })
    .from(payments)
    .where(and(eq(payments.userId, userId), isNotNull(payments.billing)))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return row?.billing ?? null;
}
