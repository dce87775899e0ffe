import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { count, isNotNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { payments, properties, users } from '../src/db/schema.ts';
import { STORAGE_MESSAGES } from '../src/lib/storage-failure.ts';
import { createLocalStorage } from '../src/storage/local-storage.ts';
import type { Storage } from '../src/storage/storage.ts';
import { activateSubscription, createUser } from './fixtures.ts';
import { freshDatabase } from './helpers.ts';
import { filesUnder } from './support/uploads.ts';

// Disk failures with real errors from the kernel, which work even when the tests run as root
// (where a chmod'ed folder stays writable):
// - "full": the storage writes each file to /dev/full, whose every write fails with ENOSPC;
// - "blocked": the storage's root is a regular file, so creating its folders fails (ENOTDIR);
// - the temporary upload folder replaced by a regular file (ENOTDIR) for the multipart reader.
const dataDir = mkdtempSync(path.join(tmpdir(), 'baan-data-'));
const root = path.join(dataDir, 'uploads');
const blockedRoot = path.join(dataDir, 'not-a-folder');
writeFileSync(blockedRoot, 'a file where the upload folder should be');
const local = createLocalStorage(root);
const blocked = createLocalStorage(blockedRoot);
let mode: 'ok' | 'full' | 'blocked' = 'ok';
const storage: Storage = {
  ...local,
  async put(key, body, contentType) {
    if (mode === 'full') return writeFile('/dev/full', body);
    return (mode === 'blocked' ? blocked : local).put(key, body, contentType);
  },
};

const logs: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) logs.push(JSON.parse(line));
    done();
  },
});
const config: Config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), logLevel: 'info' };
const database = await freshDatabase();
const app = await buildApp({ config, database, storage, logStream });
await app.ready();
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const [pkg] = (await app.inject('/api/packages')).json().payload as { id: number }[];
const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#4a8' } })
  .jpeg()
  .toBuffer();
let sequence = 0;

type Target = { url: string; field: string; fields: Record<string, string | number>; token: string };

const TARGETS: [string, () => Promise<Target>, () => Promise<number>][] = [
  [
    'listing photo',
    async () => {
      const user = await createUser(app, { email: `owner${++sequence}@baan.example` });
      await activateSubscription(app, user.id);
      const fields = {
        type: 'rent',
        user_type: 'owner',
        property_type: 'residential',
        property_sub_type: 'condo',
        location: 'Bangkok',
        title: 'Condo',
        description: 'A condo.',
        price: '20000',
        area: '40',
        level: '3',
        bed_rooms: '1',
        bath_rooms: '1',
        kitchen: '1',
        floors: '1',
      };
      return { url: '/api/property', field: 'cover_image', fields, token: user.token };
    },
    async () => (await app.db.select({ n: count() }).from(properties))[0]?.n ?? 0,
  ],
  [
    'avatar',
    async () => {
      const user = await createUser(app, { email: `me${++sequence}@baan.example` });
      return { url: '/api/update/profile', field: 'profile_image', fields: {}, token: user.token };
    },
    async () => (await app.db.select({ n: count() }).from(users).where(isNotNull(users.profileImage)))[0]?.n ?? 0,
  ],
  [
    'receipt',
    async () => {
      const user = await createUser(app, { email: `payer${++sequence}@baan.example` });
      const fields = { transaction_id: `TX-DISK-${sequence}`, package_id: pkg?.id ?? 0, user_id: user.id };
      return { url: '/api/payment/qr/manual', field: 'image', fields, token: user.token };
    },
    async () => (await app.db.select({ n: count() }).from(payments))[0]?.n ?? 0,
  ],
];

async function send(target: Target, requestId: string) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(target.fields)) fd.append(k, String(v));
  fd.append(target.field, new Blob([photo]), 'photo.jpg');
  return app.inject({
    method: 'POST',
    url: target.url,
    payload: fd,
    headers: { authorization: `Bearer ${target.token}`, 'x-request-id': requestId },
  });
}

const errorLines = (requestId: string) => logs.filter((l) => l.reqId === requestId && l.level === 50);
const storedFiles = () => filesUnder(root);
const tmpFiles = () => filesUnder(app.uploadTmpDir);

describe.each(TARGETS)('%s upload when the disk fails', (_name, target, rows) => {
  async function failing(requestId: string) {
    const rowsBefore = await rows();
    const filesBefore = storedFiles();
    const who = await target();
    const res = await send(who, requestId);
    expect(await rows()).toBe(rowsBefore);
    expect(storedFiles()).toEqual(filesBefore);
    expect(tmpFiles()).toEqual([]);
    const lines = errorLines(requestId);
    expect(lines).toHaveLength(1);
    // The log says what failed, for this request; the caller's token never reaches it.
    expect(JSON.stringify(lines)).not.toContain(who.token);
    return { res, line: lines[0] as { msg: string; err: { code: string; syscall?: string } } };
  }

  it('answers 507 when the storage is full (ENOSPC), logs it with the request id, and keeps nothing', async () => {
    mode = 'full';
    const id = `disk-full-${++sequence}`;
    const { res, line } = await failing(id).finally(() => {
      mode = 'ok';
    });
    expect(res.statusCode).toBe(507);
    expect(res.json()).toEqual({ success: false, message: STORAGE_MESSAGES.full });
    expect(line.msg).toBe(STORAGE_MESSAGES.full);
    expect(line.err).toMatchObject({ code: 'ENOSPC', syscall: 'write' });
  });

  it('answers 500 with an honest message when the storage folder cannot be written, logged, keeping nothing', async () => {
    mode = 'blocked';
    const id = `disk-blocked-${++sequence}`;
    const { res, line } = await failing(id).finally(() => {
      mode = 'ok';
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, message: STORAGE_MESSAGES.failed });
    expect(res.json().message).not.toMatch(/could not be read|photo/);
    expect(line.err.code).toMatch(/^(ENOTDIR|EEXIST)$/);
  });

  it('answers 500 when the temporary upload folder cannot be written, logged, keeping nothing', async () => {
    rmSync(app.uploadTmpDir, { recursive: true, force: true });
    writeFileSync(app.uploadTmpDir, 'a file where the temporary folder should be');
    const id = `tmp-blocked-${++sequence}`;
    try {
      const rowsBefore = await rows();
      const res = await send(await target(), id);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ success: false, message: STORAGE_MESSAGES.failed });
      expect(await rows()).toBe(rowsBefore);
      expect(errorLines(id)).toHaveLength(1);
      expect(errorLines(id)[0]).toMatchObject({ err: { code: 'ENOTDIR', syscall: 'mkdir' } });
    } finally {
      rmSync(app.uploadTmpDir, { force: true });
      await import('node:fs/promises').then((fs) => fs.mkdir(app.uploadTmpDir, { recursive: true }));
    }
  });

  it('works again once the disk does', async () => {
    const res = await send(await target(), `disk-ok-${++sequence}`);
    expect(res.statusCode, res.body).toBeLessThan(300);
  });
});
