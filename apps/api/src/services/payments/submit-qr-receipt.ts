import { PAYMENT_MESSAGES } from '@baan/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { BillingSnapshot } from '../../db/schema.ts';
import { payments } from '../../db/schema.ts';
import { conflict, isUniqueViolation } from '../../lib/errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { imageFileKeys, processImage } from '../images/process-image.ts';
import { getPackageForSale } from '../packages/get-package-for-sale.ts';
import type { PaymentRow } from '../subscriptions/payment-wire.ts';
import { photoRejection } from '../uploads/photo-rejection.ts';
import type { ReceivedFile } from '../uploads/receive-multipart.ts';
import { assertUnclaimed } from './check-qr-receipt-fields.ts';
import { paymentReference } from './get-qr-payment.ts';

export type ReceiptSubmission = {
  userId: number;
  packageId: number;
  /** Already normalized (normalizeTransactionId), so the unique index compares like with like. */
  transactionId: string;
  /** transactionKey of what was typed: one live claim per key (look-alikes and separators folded). */
  transactionKey: string;
  /** The receipt, streamed to a temporary file and sniffed by receiveMultipart. */
  image: ReceivedFile;
  billing: BillingSnapshot | null;
};

/** Receipts live under a prefix the public /uploads route refuses to serve. */
export const RECEIPT_FOLDER = 'private/receipts';

/**
 * Step 2 of a QR payment: stores the receipt (re-encoded as WebP, metadata stripped) and records a
 * payment pending review. Nothing is activated until an admin approves it.
 */
export async function submitQrReceipt(db: Db, storage: Storage, submission: ReceiptSubmission): Promise<PaymentRow> {
  const pkg = await getPackageForSale(db, submission.packageId);
  let stored: Awaited<ReturnType<typeof processImage>>;
  try {
    // One width is enough to read a receipt; the original's metadata (GPS of a phone) is dropped.
    stored = await processImage(storage, submission.image.path, RECEIPT_FOLDER, [1600]);
  } catch (err) {
    throw photoRejection(err, submission.image) ?? err;
  }
  const [receiptKey] = imageFileKeys(stored);
  try {
    const row = await db.transaction(async (tx) => {
      // One claim of a key at a time across nodes: the check and the insert run under a lock on the key.
      await tx.execute(sql`select pg_advisory_xact_lock(727003, hashtext(${submission.transactionKey}))`);
      await assertUnclaimed(tx, submission.transactionKey);
      const [inserted] = await tx
        .insert(payments)
        .values({
          userId: submission.userId,
          packageId: pkg.id,
          amount: pkg.price,
          method: 'qr',
          status: 'pending',
          provider: 'promptpay',
          reference: paymentReference(submission.userId, pkg.id),
          transactionId: submission.transactionId,
          transactionKey: submission.transactionKey,
          receiptKey,
          receiptHash: stored.phash,
          billing: submission.billing,
        })
        .returning();
      return inserted;
    });
    if (!row) throw new Error('payment insert returned nothing');
    return row;
  } catch (err) {
    await storage.delete(imageFileKeys(stored)).catch(() => undefined);
    if (isUniqueViolation(err)) throw conflict(PAYMENT_MESSAGES.transactionUsed);
    throw err;
  }
}
