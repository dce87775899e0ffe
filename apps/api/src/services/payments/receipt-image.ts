import { sniffImage } from '../images/sniff-image.ts';

/**
 * Whether the bytes are an image of any common kind: the web formats, plus TIFF, BMP and the
 * HEIF family (HEIC photos from phones, AVIF). Decided by content, never by name or declared type.
 */
export function isImage(head: Uint8Array): boolean {
  if (sniffImage(head)) return true;
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (ascii(0, 4) === 'II*\0' || ascii(0, 4) === 'MM\0*') return true; // TIFF
  if (ascii(0, 2) === 'BM' && head.length >= 26) return true; // BMP
  if (ascii(4, 8) === 'ftyp' && /^(heic|heix|hevc|hevx|heim|heis|mif1|msf1|avif|avis)$/.test(ascii(8, 12))) return true;
  return false;
}
