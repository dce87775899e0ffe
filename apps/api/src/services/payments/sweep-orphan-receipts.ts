import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';
import type { Storage } from '../../storage/storage.ts';
import { sweepOrphanFiles } from '../uploads/sweep-orphan-files.ts';
import { RECEIPT_FOLDER } from './submit-qr-receipt.ts';

/**
 * Removes PromptPay receipt images no payment refers to (`payments.receipt_key` holds the file's key): left by a crash
 * between storing the receipt and recording the payment. Receipts show bank details, so none may linger. Returns how
 * many went.
 */
export function sweepOrphanReceipts(db: Db, storage: Storage, now: Date): Promise<number> {
  return sweepOrphanFiles(
    storage,
    {
      prefix: `${RECEIPT_FOLDER}/`,
      referenceOf: (key) => key,
      referenced: async (keys) =>
        (
          await db.select({ key: payments.receiptKey }).from(payments).where(inArray(payments.receiptKey, keys))
        ).flatMap((row) => (row.key ? [row.key] : [])),
    },
    now,
  );
}
