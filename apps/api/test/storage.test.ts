import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { imageFileKeys, processImage } from '../src/services/images/process-image.ts';
import { createLocalStorage } from '../src/storage/local-storage.ts';
import { createS3Storage } from '../src/storage/s3-storage.ts';
import type { Storage } from '../src/storage/storage.ts';
import { build } from './helpers.ts';
import { startS3 } from './s3-server.ts';

const localRoot = mkdtempSync(path.join(tmpdir(), 'baan-storage-'));
const s3 = await startS3();
afterAll(async () => {
  rmSync(localRoot, { recursive: true, force: true });
  await s3.stop();
});

async function text(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString();
}

// The same behaviour is required of every driver.
describe.each([
  ['local disk', () => createLocalStorage(localRoot)],
  ['S3-compatible (s3rver on 127.0.0.1)', () => createS3Storage(s3.config)],
] as const)('%s storage', (_name, make) => {
  const storage: Storage = make();

  it('stores, reads, reports and deletes files', async () => {
    const key = 'tests/hello-320.webp';
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, Buffer.from('hello'), 'image/webp');
    expect(await storage.exists(key)).toBe(true);
    const file = await storage.get(key);
    expect(file?.contentType).toBe('image/webp');
    expect(file?.size).toBe(5);
    expect(await text(file?.body as Readable)).toBe('hello');
    await storage.delete([key, 'tests/never-existed.webp']);
    expect(await storage.exists(key)).toBe(false);
  });

  it('lists files under a prefix', async () => {
    await storage.put('listing-a/one-320.webp', Buffer.from('1'), 'image/webp');
    await storage.put('listing-a/two-320.webp', Buffer.from('2'), 'image/webp');
    await storage.put('listing-b/three-320.webp', Buffer.from('3'), 'image/webp');
    const listed = [];
    for await (const item of storage.list('listing-a/')) listed.push(item);
    expect(listed.map((i) => i.key).sort()).toEqual(['listing-a/one-320.webp', 'listing-a/two-320.webp']);
    for (const item of listed) expect(Date.now() - item.modifiedAt.getTime()).toBeLessThan(60_000);
    const none = [];
    for await (const item of storage.list('nothing-here/')) none.push(item);
    expect(none).toEqual([]);
  });

  it('refuses unsafe keys before touching anything', async () => {
    await expect(storage.put('../escape.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/unsafe/);
    await expect(storage.put('/abs/x.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/unsafe/);
    await expect(storage.delete(['a/../../b.webp'])).rejects.toThrow(/unsafe/);
    expect(() => storage.url('a/../../b.webp')).toThrow(/unsafe/);
  });

  it('holds every width of a processed photo, and nothing once deleted', async () => {
    const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3a7' } })
      .jpeg()
      .toBuffer();
    const stored = await processImage(storage, jpeg, 'listings');
    const keys = imageFileKeys(stored);
    expect(keys).toHaveLength(3);
    for (const key of keys) expect(await storage.exists(key)).toBe(true);
    await storage.delete(keys);
    for (const key of keys) expect(await storage.exists(key)).toBe(false);
  });
});

describe('local disk storage when the disk fills up', () => {
  it('rejects with the ENOSPC error and leaves neither the file nor its half-written temporary file', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'baan-storage-full-'));
    const storage = createLocalStorage(root);
    const key = 'listings/full-320.webp';
    // The temporary file the write goes through is /dev/full, which refuses every write with ENOSPC.
    mkdirSync(path.join(root, 'listings'));
    symlinkSync('/dev/full', path.join(root, `${key}.${process.pid}.tmp`));
    await expect(storage.put(key, Buffer.from('photo bytes'), 'image/webp')).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(readdirSync(path.join(root, 'listings'))).toEqual([]);
    expect(await storage.exists(key)).toBe(false);
    rmSync(root, { recursive: true, force: true });
  });
});

describe('the app on object storage', async () => {
  const app = await build({ s3: s3.config });

  it('uses the S3 driver and proxies /uploads from the bucket', async () => {
    expect(app.storage.kind).toBe('s3');
    await app.storage.put(
      'tests/proxied-320.webp',
      await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
        .webp()
        .toBuffer(),
      'image/webp',
    );
    const res = await app.inject({ method: 'GET', url: '/uploads/tests/proxied-320.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    const missing = await app.inject({ method: 'GET', url: '/uploads/tests/missing-320.webp' });
    expect(missing.statusCode).toBe(404);
  });

  it('links files at S3_PUBLIC_URL when one is set', () => {
    const direct = createS3Storage({ ...s3.config, publicUrl: 'https://cdn.baan.example/' });
    expect(direct.url('listings/a-320.webp')).toBe('https://cdn.baan.example/listings/a-320.webp');
  });
});
