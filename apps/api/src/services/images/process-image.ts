import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Storage } from '../../storage/storage.ts';

/** Widths served to browsers; a photo is never enlarged, so small originals get fewer. */
export const IMAGE_WIDTHS = [320, 640, 1024, 1600] as const;

export type StoredImage = {
  /** Key prefix: the files are `${key}-${w}.webp` for each of `widths`. */
  key: string;
  width: number;
  height: number;
  widths: number[];
};

export class ImageProcessingError extends Error {}

// A 20-megapixel phone photo is ~20 M pixels; refuse decompression bombs far beyond that.
const MAX_INPUT_PIXELS = 120_000_000;

/**
 * Decodes an image (a path or bytes), applies its EXIF orientation, and stores WebP copies at
 * several widths under `folder/`. sharp drops EXIF, GPS and other metadata unless asked to keep
 * them, so none of it reaches the stored files. On failure nothing stays stored.
 */
export async function processImage(
  storage: Storage,
  input: string | Buffer,
  folder: string,
  widths: readonly number[] = IMAGE_WIDTHS,
): Promise<StoredImage> {
  const source = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
  let meta: sharp.Metadata;
  try {
    meta = await source().metadata();
  } catch {
    throw new ImageProcessingError('The image could not be read.');
  }
  if (!meta.width || !meta.height) throw new ImageProcessingError('The image has no size.');
  // Orientations 5–8 swap width and height once rotated upright.
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = rotated ? meta.height : meta.width;
  const height = rotated ? meta.width : meta.height;

  // Every standard width below the original, plus one at the original size (capped at the largest).
  const largest = Math.min(width, Math.max(...widths));
  const sizes = [...widths.filter((w) => w < largest), largest];

  const key = `${folder}/${randomUUID()}`;
  const written: string[] = [];
  try {
    for (const w of sizes) {
      const buffer = await source()
        .rotate()
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer();
      const fileKey = `${key}-${w}.webp`;
      await storage.put(fileKey, buffer, 'image/webp');
      written.push(fileKey);
    }
  } catch (err) {
    await storage.delete(written);
    if (err instanceof ImageProcessingError) throw err;
    throw new ImageProcessingError('The image could not be processed.');
  }
  // The largest stored file's size, which is what `<img width height>` needs for its aspect ratio.
  return { key, width: largest, height: Math.round((height * largest) / width), widths: sizes };
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
