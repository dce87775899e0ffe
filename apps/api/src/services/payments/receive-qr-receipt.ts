import { MAX_PHOTO_BYTES, ManualQrPaymentFields, PAYMENT_MESSAGES, transactionKey } from '@baan/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/errors.ts';
import { parse } from '../../lib/validate.ts';
import { type ReceivedFile, receiveMultipart } from '../uploads/receive-multipart.ts';
import { checkQrReceiptFields } from './check-qr-receipt-fields.ts';

/** Any image type sharp decodes: a receipt is a screenshot or a phone photo of any kind. */
const RECEIPT_KINDS = ['jpeg', 'png', 'gif', 'webp', 'tiff', 'avif'] as const;
/** The fields checkQrReceiptFields needs. */
const CHECKED_FIELDS = ['transaction_id', 'package_id', 'user_id'];

export type QrReceiptForm = {
  input: ManualQrPaymentFields;
  /** transactionKey of the id as typed. */
  transactionKey: string;
  image: ReceivedFile;
  /** Removes the temporary file; call it whatever happened. */
  cleanup: () => Promise<void>;
};

/**
 * Reads the receipt form (transaction_id, package_id, user_id, billing fields, image) the way
 * every upload is read: streamed to a temporary file, sniffed, at most 50 MB (receipts share the
 * limit of listing photos). The fields are checked before the image is read when they come
 * first, as browsers send them; a client that sends the image first is checked after it.
 */
export async function receiveQrReceipt(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: number,
): Promise<QrReceiptForm> {
  const received = await receiveMultipart(request, {
    tmpDir: app.uploadTmpDir,
    budget: app.uploadBudget,
    account: userId,
    maxFileBytes: MAX_PHOTO_BYTES,
    maxFiles: 1,
    maxFields: 30,
    allowed: RECEIPT_KINDS,
    allowedLabel: 'JPEG, PNG, GIF, WebP, TIFF or AVIF',
    fileFields: ['image'],
    messages: { wrongType: () => PAYMENT_MESSAGES.imageType, tooLarge: () => PAYMENT_MESSAGES.imageTooLarge },
    beforeFile: async (fields) => {
      if (CHECKED_FIELDS.every((key) => key in fields)) await checkQrReceiptFields(app.db, userId, fields);
    },
  });
  try {
    // Again with every field: fields after the image, and a claim made meanwhile, count too.
    await checkQrReceiptFields(app.db, userId, received.fields);
    const input = parse(ManualQrPaymentFields, received.fields);
    const image = received.files[0];
    if (!image) throw badRequest(PAYMENT_MESSAGES.imageMissing, { image: [PAYMENT_MESSAGES.imageMissing] });
    return {
      input,
      transactionKey: transactionKey(received.fields.transaction_id ?? ''),
      image,
      cleanup: received.cleanup,
    };
  } catch (err) {
    await received.cleanup();
    throw err;
  }
}
