import { MAX_DB_INT } from '@baan/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import type { PaymentRow } from '../subscriptions/payment-wire.ts';

/**
 * A payment (and so its receipt) is seen by its payer and by admins only. Anyone else gets the same 404
 * as for an id that names nothing, so payment ids cannot be probed for existence (issue 21, L7).
 */
export async function getPaymentForViewer(
  db: Db,
  rawId: string,
  viewer: { id: number; role: string },
): Promise<PaymentRow> {
  const id = Number(rawId);
  if (!Number.isSafeInteger(id) || id <= 0 || id > MAX_DB_INT) throw notFound('Payment not found.');
  const [payment] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  if (!payment || (payment.userId !== viewer.id && viewer.role !== 'admin')) throw notFound('Payment not found.');
  return payment;
}
