export type ImageKind = 'jpeg' | 'png' | 'gif' | 'webp' | 'tiff' | 'avif';

/** How many leading bytes sniffImage needs to tell every kind apart. */
export const SNIFF_BYTES = 12;

const ascii = (head: Uint8Array, from: number, to: number) => String.fromCharCode(...head.subarray(from, to));

/**
 * The image type the bytes say, whatever the file's name or declared type claims: the formats
 * sharp decodes here. SVG (a text format that sharp would render), HEIC (sharp's build cannot
 * decode it) and BMP are none of them.
 */
export function sniffImage(head: Uint8Array): ImageKind | null {
  const at = (i: number) => head[i];
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'jpeg';
  if (at(0) === 0x89 && at(1) === 0x50 && at(2) === 0x4e && at(3) === 0x47 && at(4) === 0x0d && at(5) === 0x0a)
    return 'png';
  if (at(0) === 0x47 && at(1) === 0x49 && at(2) === 0x46 && at(3) === 0x38 && (at(4) === 0x37 || at(4) === 0x39))
    return 'gif';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'webp';
  if (ascii(head, 0, 4) === 'II*\0' || ascii(head, 0, 4) === 'MM\0*') return 'tiff';
  if (ascii(head, 4, 8) === 'ftyp' && /^avi[fs]$/.test(ascii(head, 8, 12))) return 'avif';
  return null;
}

/** The kinds a listing photo may be, uploaded or fetched by an import (what browsers and the variants handle). */
export const LISTING_PHOTO_KINDS: readonly ImageKind[] = ['jpeg', 'png', 'gif'];
