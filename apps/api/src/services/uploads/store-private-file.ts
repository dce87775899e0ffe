import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Storage } from '../../storage/storage.ts';
import { imageFileKeys, processImage } from '../images/process-image.ts';
import { photoRejection } from './photo-rejection.ts';
import type { ReceivedFile } from './receive-multipart.ts';

/**
 * Stores a received document under a private folder (one the public /uploads route refuses to serve): an image
 * re-encoded as WebP (its metadata, such as a phone's GPS, dropped), a PDF as it came (already sniffed and
 * size-bounded by receiveMultipart). Returns the key to serve and every key written (to delete them together).
 * Used by the verification documents and the conversations' attachments.
 */
export async function storePrivateFile(
  storage: Storage,
  folder: string,
  file: ReceivedFile,
): Promise<{ key: string; all: string[] }> {
  if (file.kind === 'pdf') {
    const key = `${folder}/${randomUUID()}.pdf`;
    await storage.put(key, await readFile(file.path), 'application/pdf');
    return { key, all: [key] };
  }
  try {
    const stored = await processImage(storage, file.path, folder, [2000]);
    const keys = imageFileKeys(stored);
    const [key] = keys;
    if (!key) throw new Error('document stored without a key');
    return { key, all: keys };
  } catch (err) {
    throw photoRejection(err, file) ?? err;
  }
}
