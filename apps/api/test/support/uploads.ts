import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';

const MiB = 1024 * 1024;

/** A legal JPEG of several MiB: random pixels barely compress, so a few megapixels are enough. */
export function noisyJpeg(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

/**
 * A flat PNG of `width` × `height`: a few hundred kB of file however many pixels it unfolds to,
 * the shape of a decompression bomb.
 */
export function flatPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#4a8' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

const small = () => sharp({ create: { width: 64, height: 48, channels: 3, background: '#c84' } });

/**
 * Formats sharp reads that a given upload may not accept, each with real bytes: the byte check is
 * the only thing between them and sharp when they arrive named .jpg.
 */
export async function otherFormats(): Promise<Record<'svg' | 'webp' | 'tiff' | 'avif', Buffer>> {
  return {
    svg: Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48"><rect width="64" height="48" fill="#c84"/></svg>',
    ),
    webp: await small().webp().toBuffer(),
    tiff: await small().tiff().toBuffer(),
    avif: await small().avif().toBuffer(),
  };
}

export type LazyFile = { field: string; filename: string; type: string; head: Buffer; size: number };

/**
 * A multipart body made as it is read, never whole in memory: the text fields, then one file of
 * `size` bytes that starts with `head` and goes on with zeros. `pulled()` tells how many bytes the
 * server has read so far.
 */
export function lazyMultipart(fields: Record<string, string | number>, file: LazyFile) {
  const boundary = `----baan${Math.random().toString(16).slice(2)}`;
  const text = Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');
  const fileHeader = `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`;
  const zeros = Buffer.alloc(256 * 1024);
  let pulled = 0;
  async function* generate() {
    const opening = Buffer.concat([Buffer.from(text + fileHeader), file.head]);
    pulled += opening.length;
    yield opening;
    for (let left = file.size - file.head.length; left > 0; left -= zeros.length) {
      const chunk = left >= zeros.length ? zeros : zeros.subarray(0, left);
      pulled += chunk.length;
      yield chunk;
    }
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return {
    payload: Readable.from(generate(), { objectMode: false }),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    pulled: () => pulled,
  };
}

/** Files under `dir` (recursively); none when it does not exist. */
export function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => path.join(d.parentPath, d.name));
  } catch {
    return [];
  }
}

export { MiB };
