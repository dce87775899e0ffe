import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ImageProcessingError,
  ImageTooLargeError,
  imageFileKeys,
  imageUrls,
  imageWork,
  MAX_INPUT_PIXELS,
  processImage,
} from '../src/services/images/process-image.ts';
import { sniffImage } from '../src/services/images/sniff-image.ts';
import { createLocalStorage } from '../src/storage/local-storage.ts';
import { build } from './helpers.ts';

const root = mkdtempSync(path.join(tmpdir(), 'baan-images-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const storage = createLocalStorage(root);

/** A real JPEG photo-like image with EXIF (camera, GPS) and a rotated orientation. */
async function jpegWithGps(width: number, height: number, orientation = 1) {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .jpeg()
    .withMetadata({ orientation })
    .withExif({
      IFD0: { Make: 'BaanCam', Model: 'Test 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '13/1 44/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '100/1 30/1 0/1' },
    })
    .toBuffer();
}

const filesUnder = (dir: string) =>
  readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.webp'));

describe('sniffImage', () => {
  it('tells JPEG, PNG, GIF and WebP by their bytes, and nothing else', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const webp = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .webp()
      .toBuffer();
    expect(sniffImage(await jpegWithGps(8, 8))).toBe('jpeg');
    expect(sniffImage(png)).toBe('png');
    expect(sniffImage(gif)).toBe('gif');
    expect(sniffImage(webp)).toBe('webp');
    expect(sniffImage(Buffer.from('hello, I am a text file pretending to be a .jpg'))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
  });
});

describe('processImage', () => {
  it('stores WebP copies at the standard widths below the original, upright, without EXIF or GPS', async () => {
    // Orientation 6: stored sideways, shown rotated 90° — 1200×800 on disk is 800×1200 upright.
    const input = await jpegWithGps(1200, 800, 6);
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const stored = await processImage(storage, input, 'listings');
    expect(stored.widths).toEqual([320, 640, 800]);
    expect(stored).toMatchObject({ width: 800, height: 1200 });
    for (const key of imageFileKeys(stored)) {
      const file = await storage.get(key);
      expect(file?.contentType).toBe('image/webp');
      const bytes = await sharp(path.join(root, key)).metadata();
      expect(bytes.format).toBe('webp');
      expect(bytes.exif).toBeUndefined();
      expect(bytes.height).toBeGreaterThan(bytes.width ?? 0);
    }
    const urls = imageUrls(storage, stored);
    expect(urls.src).toBe(`/uploads/${stored.key}-800.webp`);
    expect(urls.srcset.split(', ')).toHaveLength(3);
  });

  it('never enlarges a small image and caps a large one at 1600 px', async () => {
    const small = await processImage(storage, await jpegWithGps(200, 100), 'listings');
    expect(small.widths).toEqual([200]);
    const large = await processImage(storage, await jpegWithGps(4000, 3000), 'listings');
    expect(large.widths).toEqual([320, 640, 1024, 1600]);
    expect(large).toMatchObject({ width: 1600, height: 1200 });
  });

  it('rejects bytes that are not an image and leaves no file behind', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'baan-images-bad-'));
    const local = createLocalStorage(dir);
    await expect(processImage(local, Buffer.from('not an image at all'), 'listings')).rejects.toBeInstanceOf(
      ImageProcessingError,
    );
    const truncated = (await jpegWithGps(2000, 1500)).subarray(0, 2000);
    await expect(processImage(local, truncated, 'listings')).rejects.toBeInstanceOf(ImageProcessingError);
    expect(filesUnder(dir)).toEqual([]);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('image work across requests', () => {
  it('runs at most one photo per core at a time, each on one libvips thread; the rest wait their turn', async () => {
    expect(sharp.concurrency()).toBe(1);
    const cores = availableParallelism();
    const photo = await jpegWithGps(3000, 2000);
    let mostActive = 0;
    let mostWaiting = 0;
    const sampler = setInterval(() => {
      mostActive = Math.max(mostActive, imageWork.running);
      mostWaiting = Math.max(mostWaiting, imageWork.waiting);
    }, 1);
    const photos = cores + 3;
    const stored = await Promise.all(Array.from({ length: photos }, () => processImage(storage, photo, 'listings')));
    clearInterval(sampler);
    expect(stored).toHaveLength(photos);
    expect(mostActive).toBe(cores);
    expect(mostWaiting).toBeGreaterThanOrEqual(3);
    expect([imageWork.running, imageWork.waiting]).toEqual([0, 0]);
  });

  it('refuses more than 50 megapixels from the header alone, storing nothing', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'baan-images-cap-'));
    // 7072 × 7071 is 50,006,112 pixels, one row of pixels over the cap.
    const png = await sharp({ create: { width: 7072, height: 7071, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const err = await processImage(createLocalStorage(dir), png, 'listings').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImageTooLargeError);
    expect(err).toMatchObject({ width: 7072, height: 7071 });
    expect(7072 * 7070).toBeLessThanOrEqual(MAX_INPUT_PIXELS);
    expect(filesUnder(dir)).toEqual([]);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('GET /uploads/*', async () => {
  const app = await build();
  const stored = await processImage(app.storage, await jpegWithGps(700, 500), 'listings');

  it('serves a stored file with a long immutable cache', async () => {
    const res = await app.inject({ method: 'GET', url: `/uploads/${stored.key}-320.webp` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(sniffImage(res.rawPayload)).toBe('webp');
  });

  it('answers 404 for missing files and traversal attempts', async () => {
    for (const url of [
      '/uploads/listings/nope-320.webp',
      '/uploads/..%2f..%2fpackage.json',
      '/uploads/listings/..%2f..%2fsecret.webp',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
