import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { UPLOAD_BUDGET_MESSAGES } from '../src/services/uploads/upload-budget.ts';
import { createUser } from './fixtures.ts';
import { build } from './helpers.ts';
import { filesUnder, MiB, noisyJpeg } from './support/uploads.ts';

// Issue 21 (M8): one free account held 1.35 GB of upload temporaries with 30 parallel uploads. Each account has at
// most 2 uploads in progress per node, and the temporaries of all uploads together stay under UPLOAD_TMP_MAX_MB.
const photo = await noisyJpeg(400, 300);
/** Room for many photos: only the per-account limit applies. */
const roomy = await build({ uploads: { perAccount: 2, maxTmpBytes: 64 * MiB } });
/** Room for exactly one photo's bytes. */
const tight = await build({ uploads: { perAccount: 2, maxTmpBytes: photo.length } });
let sequence = 0;

/** An avatar upload whose file part stops after `head` bytes until `release()`: an upload held in progress. */
function heldAvatar(app: FastifyInstance, token: string, file: Buffer, head = 1024) {
  const boundary = `----held${++sequence}`;
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  async function* body() {
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="profile_image"; filename="me.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    yield file.subarray(0, head);
    await released;
    yield file.subarray(head);
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  const answer = app.inject({
    method: 'POST',
    url: '/api/update/profile',
    payload: Readable.from(body(), { objectMode: false }),
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return { answer, release };
}

function avatar(app: FastifyInstance, token: string, file: Buffer) {
  const fd = new FormData();
  fd.append('profile_image', new Blob([file]), 'me.jpg');
  return app.inject({
    method: 'POST',
    url: '/api/update/profile',
    payload: fd,
    headers: { authorization: `Bearer ${token}` },
  });
}

/** Waits until the server holds uploads in progress with `bytes` of temporaries written. */
async function holding(app: FastifyInstance, uploads: number, bytes: number) {
  for (let i = 0; i < 300 && app.uploadBudget.usage().bytes < bytes; i++) await new Promise((r) => setTimeout(r, 10));
  expect(app.uploadBudget.usage()).toEqual({ uploads, bytes });
}

describe('uploads in progress per account', () => {
  const app = roomy;

  it('takes 2 at once, refuses a third from the same account with 429 and Retry-After before reading it, and takes it once one ends', async () => {
    const owner = await createUser(app, { email: 'busy-uploader@example.test' });
    const first = heldAvatar(app, owner.token, photo, 100);
    const second = heldAvatar(app, owner.token, photo, 100);
    await holding(app, 2, 200);

    const third = await avatar(app, owner.token, photo);
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBe('10');
    expect(third.json()).toEqual({ success: false, message: UPLOAD_BUDGET_MESSAGES.accountBusy });
    // Refused before a byte of its file was written: only the two held uploads have temporaries.
    expect(app.uploadBudget.usage()).toEqual({ bytes: 200, uploads: 2 });

    first.release();
    second.release();
    expect((await first.answer).statusCode).toBe(200);
    expect((await second.answer).statusCode).toBe(200);
    expect(app.uploadBudget.usage()).toEqual({ bytes: 0, uploads: 0 });
    expect(filesUnder(app.uploadTmpDir)).toEqual([]);
    // Their places are free again.
    expect((await avatar(app, owner.token, photo)).statusCode).toBe(200);
  });

  it('counts per account: another account uploads while the first holds its 2', async () => {
    const owner = await createUser(app, { email: 'holder@example.test' });
    const other = await createUser(app, { email: 'meanwhile@example.test' });
    const held = [heldAvatar(app, owner.token, photo, 10), heldAvatar(app, owner.token, photo, 10)];
    await holding(app, 2, 20);
    expect((await avatar(app, other.token, photo)).statusCode).toBe(200);
    for (const h of held) h.release();
    for (const h of held) expect((await h.answer).statusCode).toBe(200);
  });
});

describe('temporary bytes of all uploads on the node', () => {
  const app = tight;

  it('takes an upload of exactly the budget, and cuts one byte more with 503 and Retry-After, keeping nothing', async () => {
    const user = await createUser(app, { email: 'at-the-limit@example.test' });
    const me = () => app.inject({ url: '/api/user', headers: { authorization: `Bearer ${user.token}` } });
    const atLimit = await avatar(app, user.token, photo);
    expect(atLimit.statusCode, atLimit.body).toBe(200);
    const before = me().then((res) => res.json().payload.profile_image);

    const over = await avatar(app, user.token, Buffer.concat([photo, Buffer.from([0xd9])]));
    expect(over.statusCode).toBe(503);
    expect(over.headers['retry-after']).toBe('30');
    expect(over.json()).toEqual({ success: false, message: UPLOAD_BUDGET_MESSAGES.serverBusy });
    expect((await me()).json().payload.profile_image).toBe(await before);
    expect(filesUnder(app.uploadTmpDir)).toEqual([]);
    expect(app.uploadBudget.usage()).toEqual({ bytes: 0, uploads: 0 });
  });

  it('refuses a new upload with 503 before reading it while another fills the budget, and takes it once that is done', async () => {
    const filler = await createUser(app, { email: 'filler@example.test' });
    const late = await createUser(app, { email: 'late@example.test' });
    const held = heldAvatar(app, filler.token, photo, photo.length);
    await holding(app, 1, photo.length);
    const refused = await avatar(app, late.token, Buffer.alloc(2 * MiB, 1));
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('30');
    expect(app.uploadBudget.usage()).toEqual({ bytes: photo.length, uploads: 1 });
    held.release();
    expect((await held.answer).statusCode).toBe(200);
    expect((await avatar(app, late.token, photo)).statusCode).toBe(200);
  });
});
