import { ManualQrPaymentCore, PAYMENT_MESSAGES, transactionKey } from '@baan/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';
import { conflict, forbidden } from '../../lib/errors.ts';
import { parse } from '../../lib/validate.ts';
import { getPackageForSale } from '../packages/get-package-for-sale.ts';

/**
 * The receipt form's own fields against the caller, the package and earlier receipts: 400 for a
 * bad field, 403 for someone else's user_id, 404 for a package not for sale, 409 for a
 * transaction ID already claimed, however it was typed (transactionKey: `2O26-11.` is `202611`). A few indexed reads, so the route runs it before the image is
 * read (and once more after: the unique index has the last word on a race).
 */
export async function checkQrReceiptFields(db: Db, userId: number, fields: Record<string, string>) {
  const input = parse(ManualQrPaymentCore, fields);
  if (input.user_id !== userId) throw forbidden(PAYMENT_MESSAGES.notYourPayment);
  await getPackageForSale(db, input.package_id);
  await assertUnclaimed(db, transactionKey(fields.transaction_id ?? ''));
  return input;
}

/** 409 when a live QR payment (pending or approved) already claims this transfer key. */
export async function assertUnclaimed(db: Db | Tx, key: string): Promise<void> {
  const [claimed] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.transactionKey, key), eq(payments.method, 'qr'), ne(payments.status, 'rejected')))
    .limit(1);
  if (claimed) throw conflict(PAYMENT_MESSAGES.transactionUsed);
}
