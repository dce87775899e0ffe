import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import { createBoundedQueue } from '../../lib/bounded-queue.ts';
import { storageFailure } from '../../lib/storage-failure.ts';
import type { Storage } from '../../storage/storage.ts';

/** Widths served to browsers; a photo is never enlarged, so small originals get fewer. */
export const IMAGE_WIDTHS = [320, 640, 1024, 1600] as const;

/**
 * The most pixels a photo may decode to. Phone cameras take 12–48 Mpx; past that, a few kilobytes
 * of PNG can unfold into seconds of work and gigabytes of memory (a decompression bomb).
 */
export const MAX_INPUT_PIXELS = 50_000_000;

export type StoredImage = {
  /** Key prefix: the files are `${key}-${w}.webp` for each of `widths`. */
  key: string;
  width: number;
  height: number;
  widths: number[];
  /**
   * The photo's 64-bit difference hash (16 hex digits): the greyscale picture shrunk to 9 × 8, one bit per pair of
   * neighbours in a row (1 when the right one is brighter). The same picture, re-encoded or resized, gives the same
   * hash; moderation compares it with other owners' photos (services/moderation).
   */
  phash: string;
};

/** The bytes could not be decoded as an image (sharp's own failure, never the disk's). */
export class ImageProcessingError extends Error {}

/** The image's header says it has more pixels than MAX_INPUT_PIXELS; nothing was decoded. */
export class ImageTooLargeError extends Error {
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    super(`The image is ${width} × ${height} pixels, over ${MAX_INPUT_PIXELS} pixels.`);
  }
}

// One photo per core, one libvips thread per photo: a burst of uploads waits its turn instead of
// starving every other request of CPU, and libuv keeps threads free for files and DNS.
sharp.concurrency(1);
export const imageWork = createBoundedQueue({
  concurrency: availableParallelism(),
  maxWaiting: Number.POSITIVE_INFINITY,
});

const decodeOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false } as const;

/**
 * Decodes an image (a path or bytes), applies its EXIF orientation, and stores WebP copies at
 * several widths under `folder/`. sharp drops EXIF, GPS and other metadata unless asked to keep
 * them, so none of it reaches the stored files. A file sharp cannot decode is an
 * ImageProcessingError, one with too many pixels an ImageTooLargeError; a failing storage is a
 * storageFailure (507/500). On failure nothing stays stored.
 */
export async function processImage(
  storage: Storage,
  input: string | Buffer,
  folder: string,
  widths: readonly number[] = IMAGE_WIDTHS,
  /** The file name under `folder` (a photo an import fetched is named by its content: ADR 038); a new UUID when absent. */
  name: string = randomUUID(),
): Promise<StoredImage> {
  const converted = await imageWork.run(() => convert(input, widths));
  const key = `${folder}/${name}`;
  const written: string[] = [];
  try {
    for (const { width, webp } of converted.files) {
      const fileKey = `${key}-${width}.webp`;
      await storage.put(fileKey, webp, 'image/webp');
      written.push(fileKey);
    }
  } catch (err) {
    // The caller needs the storage's error, not a second one from cleaning up after it; files a
    // failed delete leaves are orphans the start-up sweep removes.
    await storage.delete(written).catch(() => undefined);
    throw storageFailure(err);
  }
  return {
    key,
    width: converted.width,
    height: converted.height,
    widths: converted.files.map((f) => f.width),
    phash: converted.phash,
  };
}

async function convert(input: string | Buffer, widths: readonly number[]) {
  let meta: sharp.Metadata;
  try {
    // Only the header is read here; the pixel cap is checked just below, with an answer that says so.
    meta = await sharp(input, { ...decodeOptions, limitInputPixels: false }).metadata();
  } catch {
    throw new ImageProcessingError('The image could not be read.');
  }
  if (!meta.width || !meta.height) throw new ImageProcessingError('The image has no size.');
  // The header alone tells the size: a decompression bomb is refused before any pixel is decoded.
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new ImageTooLargeError(meta.width, meta.height);
  // Orientations 5–8 swap width and height once rotated upright.
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = rotated ? meta.height : meta.width;
  const height = rotated ? meta.width : meta.height;

  // Every standard width below the original, plus one at the original size (capped at the largest).
  const largest = Math.min(width, Math.max(...widths));
  const sizes = [...widths.filter((w) => w < largest), largest];
  try {
    // Decoded once, upright at the largest width; the smaller widths are made from those pixels,
    // which is several times cheaper than decoding a big photo again for each.
    const { data, info } = await sharp(input, decodeOptions)
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: info.width, height: info.height, channels: info.channels };
    const files: { width: number; webp: Buffer }[] = [];
    for (const w of sizes) {
      const webp = await sharp(data, { raw }).resize({ width: w }).webp({ quality: 78 }).toBuffer();
      files.push({ width: w, webp });
    }
    const phash = await differenceHash(data, raw);
    // The largest stored file's size, which is what `<img width height>` needs for its aspect ratio.
    return { files, width: largest, height: Math.round((height * largest) / width), phash };
  } catch {
    throw new ImageProcessingError('The image could not be processed.');
  }
}

/** The difference hash (dHash) of decoded pixels: greyscale 9 × 8, each bit says "the right neighbour is brighter". */
export async function differenceHash(
  data: Buffer,
  raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 },
): Promise<string> {
  const grey = await sharp(data, { raw })
    .removeAlpha()
    .greyscale()
    .resize(9, 8, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer();
  // One channel once greyscale; read by stride anyway, so a pipeline that keeps three equal ones hashes the same.
  const channels = grey.length / 72;
  let hex = '';
  for (let y = 0; y < 8; y++) {
    let byte = 0;
    for (let x = 0; x < 8; x++) {
      const left = grey[(y * 9 + x) * channels] ?? 0;
      const right = grey[(y * 9 + x + 1) * channels] ?? 0;
      byte = (byte << 1) | (right > left ? 1 : 0);
    }
    hex += byte.toString(16).padStart(2, '0');
  }
  return hex;
}

/** Every file a stored image consists of. */
export function imageFileKeys(image: Pick<StoredImage, 'key' | 'widths'>): string[] {
  return image.widths.map((w) => `${image.key}-${w}.webp`);
}

/** URLs for `<img src srcset>`: src is the widest file up to 1024 px. */
export function imageUrls(storage: Storage, image: Pick<StoredImage, 'key' | 'widths'>) {
  const files = image.widths.map((w) => ({ w, url: storage.url(`${image.key}-${w}.webp`) }));
  const main = [...files].reverse().find((f) => f.w <= 1024) ?? files[0];
  return {
    src: main?.url ?? '',
    srcset: files.map((f) => `${f.url} ${f.w}w`).join(', '),
  };
}
