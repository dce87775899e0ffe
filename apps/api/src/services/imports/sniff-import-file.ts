import type { FileKind } from '../uploads/receive-multipart.ts';

/**
 * What an uploaded import file's first bytes say it is (its name and declared type are not trusted): XML when the
 * first character after a byte order mark and white space is `<`, CSV when the bytes are text (no NUL, no control
 * character but tab, CR and LF). Anything else (an image, a zip, a spreadsheet's binary format) is neither.
 */
export function sniffImportFile(head: Uint8Array): FileKind | null {
  let start = 0;
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) start = 3;
  for (let i = start; i < head.length; i++) {
    const byte = head[i] ?? 0;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) return null;
  }
  let first = start;
  while (first < head.length && [0x20, 0x09, 0x0a, 0x0d].includes(head[first] ?? 0)) first += 1;
  return head[first] === 0x3c ? 'xml' : 'csv';
}
