import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { AUTH_MESSAGES, PAYMENT_MESSAGES } from '@baan/contract';
import { count, eq, isNotNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { payments, properties, users } from '../src/db/schema.ts';
import { activateSubscription, createUser } from './fixtures.ts';
import { build } from './helpers.ts';
import { filesUnder, flatPng, lazyMultipart, MiB, noisyJpeg, otherFormats } from './support/uploads.ts';

// Every upload path (listing photo, avatar, PromptPay receipt) goes through the one streaming
// multipart reader; these tests hold each path to the same rules with real files through sharp.
const app = await build();
const [pkg] = (await app.inject('/api/packages')).json().payload as { id: number }[];
if (!pkg) throw new Error('no package');

const LISTING_FIELDS: Record<string, string> = {
  type: 'sale',
  user_type: 'owner',
  property_type: 'residential',
  property_sub_type: 'condo',
  location: 'Sathon, Bangkok',
  title: 'Upload test condo',
  description: 'A condo.',
  price: '4500000',
  area: '60',
  level: '10',
  bed_rooms: '2',
  bath_rooms: '1',
  kitchen: '1',
  floors: '1',
};

let sequence = 0;
type Upload = { bytes: Buffer; filename: string };

/** One upload path: how to send a file to it, and what it writes when it succeeds. */
type UploadPath = {
  name: string;
  /** The status of a successful upload. */
  created: number;
  /** Sends the file as a new user; `ms` is the time of the request alone. */
  send: (file: Upload) => Promise<LightMyRequestResponse & { ms: number }>;
  sendLazy: (head: Buffer, size: number) => { response: Promise<LightMyRequestResponse>; pulled: () => number };
  storedFiles: () => string[];
  rows: () => Promise<number>;
};

const uploadsDir = (folder: string) => path.join(app.dataDir, 'uploads', folder);
const tmpFiles = () => filesUnder(path.join(app.dataDir, 'tmp', 'uploads'));

async function owner() {
  const user = await createUser(app, { email: `owner${++sequence}@baan.example` });
  await activateSubscription(app, user.id);
  return user;
}

function form(fields: Record<string, string | number>, field: string, file: Upload) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, String(v));
  fd.append(field, new Blob([file.bytes]), file.filename);
  return fd;
}

/** Each call comes from its own address, so the per-address receipt limit never bites here. */
const remoteAddress = () => `10.1.${Math.floor(sequence / 250)}.${sequence % 250}`;

function pathTo(
  name: string,
  created: number,
  url: string,
  field: string,
  folder: string,
  fields: () => Promise<{ token: string; fields: Record<string, string | number> }>,
  rows: () => Promise<number>,
): UploadPath {
  return {
    name,
    created,
    async send(file) {
      const who = await fields();
      sequence += 1;
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url,
        payload: form(who.fields, field, file),
        headers: { authorization: `Bearer ${who.token}` },
        remoteAddress: remoteAddress(),
      });
      return Object.assign(res, { ms: performance.now() - started });
    },
    sendLazy(head, size) {
      let pulled = () => 0;
      const response = (async () => {
        const who = await fields();
        sequence += 1;
        const body = lazyMultipart(who.fields, { field, filename: 'big.jpg', type: 'image/jpeg', head, size });
        pulled = body.pulled;
        return app.inject({
          method: 'POST',
          url,
          payload: body.payload,
          headers: { authorization: `Bearer ${who.token}`, ...body.headers },
          remoteAddress: remoteAddress(),
        });
      })();
      return { response, pulled: () => pulled() };
    },
    storedFiles: () => filesUnder(uploadsDir(folder)),
    rows,
  };
}

const PATHS: UploadPath[] = [
  pathTo(
    'listing photo (POST /api/property)',
    201,
    '/api/property',
    'cover_image',
    'listings',
    async () => ({ token: (await owner()).token, fields: LISTING_FIELDS }),
    async () => (await app.db.select({ n: count() }).from(properties))[0]?.n ?? 0,
  ),
  pathTo(
    'avatar (POST /api/update/profile)',
    200,
    '/api/update/profile',
    'profile_image',
    'avatars',
    async () => ({ token: (await createUser(app, { email: `me${++sequence}@baan.example` })).token, fields: {} }),
    async () => (await app.db.select({ n: count() }).from(users).where(isNotNull(users.profileImage)))[0]?.n ?? 0,
  ),
  pathTo(
    'receipt (POST /api/payment/qr/manual)',
    201,
    '/api/payment/qr/manual',
    'image',
    'private/receipts',
    async () => {
      const user = await createUser(app, { email: `payer${++sequence}@baan.example` });
      return {
        token: user.token,
        fields: { transaction_id: `TX-UPLOAD-${sequence}`, package_id: pkg.id, user_id: user.id },
      };
    },
    async () => (await app.db.select({ n: count() }).from(payments))[0]?.n ?? 0,
  ),
];

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const big = await noisyJpeg(2048, 1536);
const formats = await otherFormats();
const bomb = await flatPng(10_000, 5_001);

describe.each(PATHS)('$name', (upload) => {
  /** Runs an upload that must fail, and checks that it left nothing: no row, no stored file, no temp file. */
  async function refused<T extends LightMyRequestResponse>(send: () => Promise<T>) {
    const rowsBefore = await upload.rows();
    const filesBefore = upload.storedFiles();
    const res = await send();
    expect(await upload.rows()).toBe(rowsBefore);
    expect(upload.storedFiles()).toEqual(filesBefore);
    expect(tmpFiles()).toEqual([]);
    return res;
  }

  it('takes a legal 3+ MiB JPEG (over any 1 MiB default limit)', async () => {
    expect(big.length).toBeGreaterThan(3 * MiB);
    const rowsBefore = await upload.rows();
    const res = await upload.send({ bytes: big, filename: 'camera.jpg' });
    expect(res.statusCode, res.body).toBe(upload.created);
    expect(await upload.rows()).toBe(rowsBefore + 1);
    expect(tmpFiles()).toEqual([]);
  });

  it('streams a 45 MiB upload to disk: memory grows by a small fraction of the file, never by the file', async () => {
    const head = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#396' } })
      .jpeg()
      .toBuffer();
    const size = 45 * MiB;
    // From a clean heap, so garbage of earlier tests collected meanwhile cannot hide a buffered file.
    collectGarbage();
    const before = process.memoryUsage().arrayBuffers;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().arrayBuffers);
    }, 1);
    const lazy = upload.sendLazy(head, size);
    const res = await lazy.response;
    clearInterval(sampler);
    // A JPEG followed by zeros is still that JPEG: the upload is accepted and was read whole.
    expect(res.statusCode, res.body).toBe(upload.created);
    expect(lazy.pulled()).toBeGreaterThanOrEqual(size);
    // Buffering it (the old toBuffer) grows memory by the whole 45 MiB, or twice that.
    expect(peak - before).toBeLessThan(12 * MiB);
    expect(tmpFiles()).toEqual([]);
  });

  it('answers 413 with the limit for a file over 50 MB, keeping nothing', async () => {
    const res = await refused(() => upload.sendLazy(big.subarray(0, 1024), 50 * MiB + 1).response);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/50 MB/);
  });

  it('refuses a small PNG that decodes to more than 50 megapixels with 422, quickly, keeping nothing', async () => {
    expect(bomb.length).toBeLessThan(MiB);
    const res = await refused(() => upload.send({ bytes: bomb, filename: 'bomb.png' }));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe(
      '"bomb.png" is 10000 × 5001 pixels; a photo can have at most 50 megapixels. Resize it and try again.',
    );
    // Only the header is read, nothing is decoded: milliseconds, where decoding and resizing 50
    // megapixels takes from a third of a second to seconds on a busy machine.
    expect(res.ms).toBeLessThan(1500);
  });

  it('answers 415 for SVG bytes named .jpg, keeping nothing', async () => {
    const res = await refused(() => upload.send({ bytes: formats.svg, filename: 'photo.jpg' }));
    expect(res.statusCode).toBe(415);
  });
});

describe.each(PATHS.slice(0, 2))('$name: only JPEG, PNG or GIF by content', (upload) => {
  it.each(['webp', 'tiff', 'avif'] as const)('answers 415 for %s bytes named .jpg, keeping nothing', async (format) => {
    const rowsBefore = await upload.rows();
    const filesBefore = upload.storedFiles();
    const res = await upload.send({ bytes: formats[format], filename: 'photo.jpg' });
    expect(res.statusCode).toBe(415);
    expect(await upload.rows()).toBe(rowsBefore);
    expect(upload.storedFiles()).toEqual(filesBefore);
    expect(tmpFiles()).toEqual([]);
  });
});

describe('messages of the avatar and the receipt', () => {
  const [, avatar, receipt] = PATHS as [UploadPath, UploadPath, UploadPath];

  it('say what went wrong in the contract wording, per field', async () => {
    const tooLarge = await avatar.sendLazy(big.subarray(0, 1024), 50 * MiB + 1).response;
    expect(tooLarge.json()).toEqual({
      success: false,
      message: AUTH_MESSAGES.imageTooLarge,
      errors: { profile_image: [AUTH_MESSAGES.imageTooLarge] },
    });
    const svg = await avatar.send({ bytes: formats.svg, filename: 'me.jpg' });
    expect(svg.json().message).toBe(AUTH_MESSAGES.imageType);
    const largeReceipt = await receipt.sendLazy(big.subarray(0, 1024), 50 * MiB + 1).response;
    expect(largeReceipt.json()).toEqual({
      success: false,
      message: PAYMENT_MESSAGES.imageTooLarge,
      errors: { image: [PAYMENT_MESSAGES.imageTooLarge] },
    });
    expect((await receipt.send({ bytes: formats.svg, filename: 'slip.jpg' })).json().message).toBe(
      PAYMENT_MESSAGES.imageType,
    );
  });

  it('a file under a name the form does not take is skipped unread, but still held to the size limit', async () => {
    const user = await createUser(app, { email: `skip${++sequence}@baan.example` });
    const send = (size: number) => {
      const body = lazyMultipart(
        { name: 'Pim Dee' },
        { field: 'photo', filename: 'x.jpg', type: 'image/jpeg', head: big.subarray(0, 1024), size },
      );
      return app.inject({
        method: 'POST',
        url: '/api/update/profile',
        payload: body.payload,
        headers: { authorization: `Bearer ${user.token}`, ...body.headers },
      });
    };
    const skipped = await send(MiB);
    expect(skipped.statusCode).toBe(200);
    expect(skipped.json().payload).toMatchObject({ name: 'Pim Dee', profile_image: null });
    const tooLarge = await send(50 * MiB + 1);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe('Each file can be at most 50 MB.');
    expect(tmpFiles()).toEqual([]);
  });

  it('a receipt may be any image sharp decodes, whatever its name: WebP, TIFF and AVIF named .jpg are stored', async () => {
    for (const format of ['webp', 'tiff', 'avif'] as const) {
      const res = await receipt.send({ bytes: formats[format], filename: 'slip.jpg' });
      expect(res.statusCode, `${format}: ${res.body}`).toBe(201);
      const [row] = await app.db.select().from(payments).where(eq(payments.id, res.json().payload.id));
      expect(row?.receiptKey).toMatch(/^private\/receipts\/.+-64\.webp$/);
    }
  });
});

describe('the 50-megapixel cap', () => {
  it('still takes a photo of exactly 50 megapixels', async () => {
    const [listing] = PATHS as [UploadPath];
    const res = await listing.send({ bytes: await flatPng(10_000, 5_000), filename: 'wide.png' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().payload.images[0]).toMatchObject({ width: 1600, height: 800 });
  });
});
