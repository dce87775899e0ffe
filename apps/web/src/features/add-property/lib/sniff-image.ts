import { MAX_PHOTO_BYTES } from '@baan/contract';

export type ImageKind = 'jpeg' | 'png' | 'gif';

/** Why a picked or dropped file was refused; each reason has its own translated message. */
export type PhotoRejection = 'notImage' | 'tooLarge' | 'unreadable';

const SIGNATURES: { kind: ImageKind; bytes: number[] }[] = [
  { kind: 'jpeg', bytes: [0xff, 0xd8, 0xff] },
  { kind: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { kind: 'gif', bytes: [0x47, 0x49, 0x46, 0x38, 0x37, 0x61] }, // GIF87a
  { kind: 'gif', bytes: [0x47, 0x49, 0x46, 0x38, 0x39, 0x61] }, // GIF89a
];

/** The image kind the bytes start with (JPEG, PNG or GIF), or null for anything else. */
export function imageKindOf(head: Uint8Array): ImageKind | null {
  const match = SIGNATURES.find(({ bytes }) => bytes.every((byte, i) => head[i] === byte));
  return match?.kind ?? null;
}

function readHead(file: Blob, length: number): Promise<Uint8Array> {
  const slice = file.slice(0, length);
  if (typeof slice.arrayBuffer === 'function') return slice.arrayBuffer().then((buffer) => new Uint8Array(buffer));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(slice);
  });
}

/**
 * Checks a photo the way the server will: by size and by its first bytes, never by its name or declared type
 * (a text file named house.jpg is refused, a PNG named house.jpg is fine). Resolves to null when it is accepted.
 */
export async function checkPhoto(file: Blob, maxBytes = MAX_PHOTO_BYTES): Promise<PhotoRejection | null> {
  if (file.size > maxBytes) return 'tooLarge';
  try {
    return imageKindOf(await readHead(file, 8)) ? null : 'notImage';
  } catch {
    return 'unreadable';
  }
}
