import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/errors.ts';

/** Receipts share the upload limit of listing photos (spec: 50 MB). */
export const MAX_RECEIPT_BYTES = 50 * 1024 * 1024;

/**
 * Reads a multipart form: text fields, and the bytes of the `image` file (other files are
 * drained and ignored). A file over the limit is a 413.
 */
export async function readReceiptForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; image: Buffer | null }> {
  if (!request.isMultipart()) throw new HttpError(415, 'Please send the receipt as multipart/form-data.');
  const fields: Record<string, string> = {};
  let image: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_RECEIPT_BYTES, files: 3, fields: 30 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'image' && bytes.length > 0 && !image) image = bytes;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, 'The image is too large (50 MB at most).');
    }
    throw err;
  }
  return { fields, image };
}
