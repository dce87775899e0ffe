import { sniffImage } from '../images/sniff-image.ts';
import type { FileKind } from '../uploads/receive-multipart.ts';

/** A verification document's kind by its first bytes: an image sniffImage knows, or a PDF (`%PDF-`). */
export function sniffDocument(head: Uint8Array): FileKind | null {
  if (String.fromCharCode(...head.subarray(0, 5)) === '%PDF-') return 'pdf';
  return sniffImage(head);
}
