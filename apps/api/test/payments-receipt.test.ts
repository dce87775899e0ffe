import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PAYMENT_MESSAGES } from '@baan/contract';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { payments } from '../src/db/schema.ts';
import { RATE_LIMITS } from '../src/lib/rate-limit.ts';
import { createUser } from './fixtures.ts';
import { build } from './helpers.ts';
import { filesUnder } from './support/uploads.ts';

// POST /api/payment/qr/manual: what is checked before the receipt image is read, how transaction
// IDs are compared, and how many receipts one account may send.
const app = await build();
const [pkg] = (await app.inject('/api/packages')).json().payload as { id: number }[];
if (!pkg) throw new Error('no package');
const promptPay = app.payments.promptPay;
afterEach(() => {
  app.payments.promptPay = promptPay;
});

const receipt = await sharp({ create: { width: 600, height: 900, channels: 3, background: '#eef' } })
  .jpeg()
  .toBuffer();
let sequence = 0;
const payer = () => createUser(app, { email: `payer${++sequence}@baan.example` });
const receiptFiles = () => filesUnder(path.join(app.dataDir, 'uploads', 'private', 'receipts'));
const tmpFiles = () => filesUnder(app.uploadTmpDir);
const paymentCount = async () => (await app.db.select({ n: count() }).from(payments))[0]?.n ?? 0;

type Fields = Record<string, string | number>;

/** A receipt form as the web app sends it (text fields first, then the image), from its own address. */
function submit(token: string, fields: Fields, image: Buffer = receipt, imageFirst = false) {
  const fd = new FormData();
  if (imageFirst) fd.append('image', new Blob([image]), 'slip.jpg');
  for (const [k, v] of Object.entries(fields)) fd.append(k, String(v));
  if (!imageFirst) fd.append('image', new Blob([image]), 'slip.jpg');
  sequence += 1;
  return app.inject({
    method: 'POST',
    url: '/api/payment/qr/manual',
    payload: fd,
    headers: { authorization: `Bearer ${token}` },
    remoteAddress: `10.2.${Math.floor(sequence / 250)}.${sequence % 250}`,
  });
}

let origin: string | undefined;
/** What the test client declares it will send: far more than it sends before the answer. */
const DECLARED_BYTES = 8 * 1024 * 1024;

/**
 * Sends the text fields and the first 64 KiB of an 8 MiB receipt over a real socket, and nothing
 * more until told: only an answer given before the body is read arrives at all. `finish()` sends
 * the rest; `abort()` drops the connection.
 */
async function answerBeforeBody(token: string, fields: Fields, agent?: http.Agent) {
  if (!origin) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  }
  const boundary = `----baan${Math.random().toString(16).slice(2)}`;
  const text = Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');
  const opening = Buffer.concat([
    Buffer.from(
      `${text}--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="slip.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    receipt.subarray(0, 2048),
    Buffer.alloc(62 * 1024),
  ]);
  const req = http.request(`${origin}/api/payment/qr/manual`, {
    method: 'POST',
    agent,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(DECLARED_BYTES),
    },
  });
  req.on('error', () => undefined);
  const answer = await new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error('no answer while the body was still on its way'));
    }, 8000);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) });
      });
    });
    req.write(opening);
  });
  return {
    ...answer,
    socket: req.socket,
    abort: () => req.destroy(),
    finish: () =>
      new Promise<void>((done, fail) => {
        const timer = setTimeout(() => fail(new Error('the server never read the rest of the body')), 10_000);
        req.end(Buffer.alloc(DECLARED_BYTES - opening.length), () => {
          clearTimeout(timer);
          done();
        });
      }),
  };
}

describe('checked before the receipt image is read', () => {
  async function early(fields: (user: { id: number }) => Fields, expected: { status: number; message: string }) {
    const user = await payer();
    const before = await paymentCount();
    const files = receiptFiles();
    const res = await answerBeforeBody(user.token, fields(user));
    res.abort();
    expect(res.status).toBe(expected.status);
    expect(res.body).toMatchObject({ success: false, message: expected.message });
    expect(await paymentCount()).toBe(before);
    expect(receiptFiles()).toEqual(files);
    // The half-received image's temporary file is gone too.
    await expect.poll(tmpFiles).toEqual([]);
    return res;
  }

  it('QR payments switched off: 503', async () => {
    app.payments.promptPay = null;
    await early((u) => ({ transaction_id: 'TX-OFF-1', package_id: pkg.id, user_id: u.id }), {
      status: 503,
      message: PAYMENT_MESSAGES.qrUnavailable,
    });
  });

  it('a package that is not for sale: 404', async () => {
    await early((u) => ({ transaction_id: 'TX-NOPKG-1', package_id: 999_999, user_id: u.id }), {
      status: 404,
      message: PAYMENT_MESSAGES.packageNotFound,
    });
  });

  it("another user's id: 403", async () => {
    await early((u) => ({ transaction_id: 'TX-OTHER-1', package_id: pkg.id, user_id: u.id + 1000 }), {
      status: 403,
      message: PAYMENT_MESSAGES.notYourPayment,
    });
  });

  it('a transaction ID already claimed: 409', async () => {
    const first = await payer();
    expect(
      (await submit(first.token, { transaction_id: 'TX-CLAIMED-1', package_id: pkg.id, user_id: first.id })).statusCode,
    ).toBe(201);
    await early((u) => ({ transaction_id: 'tx-claimed-1', package_id: pkg.id, user_id: u.id }), {
      status: 409,
      message: PAYMENT_MESSAGES.transactionUsed,
    });
  });

  it('a blank transaction ID: 400', async () => {
    const res = await early((u) => ({ transaction_id: ' \u200b ', package_id: pkg.id, user_id: u.id }), {
      status: 400,
      message: 'Please correct the highlighted fields.',
    });
    expect(res.body.errors).toEqual({ transaction_id: ['The transaction ID is required.'] });
  });
});

describe('an answer given before the body ended', () => {
  it('leaves the keep-alive connection usable: the rest of the body is dropped and the next request is answered on it', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const user = await payer();
      const first = await answerBeforeBody(
        user.token,
        { transaction_id: 'TX-KEEPALIVE', package_id: 999_999, user_id: user.id },
        agent,
      );
      expect(first.status).toBe(404);
      await first.finish();
      const next = await new Promise<{ status: number; socket: unknown }>((resolve, reject) => {
        const req = http.get(`${origin}/api/health`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, socket: req.socket }));
        });
        req.on('error', reject);
      });
      expect(next.status).toBe(200);
      expect(next.socket).toBe(first.socket);
      expect(tmpFiles()).toEqual([]);
    } finally {
      agent.destroy();
    }
  });
});

describe('a client that sends the image before the fields', () => {
  it('is checked once the form is complete, and accepted', async () => {
    const user = await payer();
    const res = await submit(
      user.token,
      { transaction_id: 'TX-IMAGE-FIRST', package_id: pkg.id, user_id: user.id },
      receipt,
      true,
    );
    expect(res.statusCode, res.body).toBe(201);
    const wrong = await submit(
      user.token,
      { transaction_id: 'TX-IMAGE-FIRST-2', package_id: pkg.id, user_id: user.id + 1 },
      receipt,
      true,
    );
    expect(wrong.statusCode).toBe(403);
    expect(tmpFiles()).toEqual([]);
  });
});

describe('transaction IDs', () => {
  it('are compared and stored trimmed, upper case, without zero-width characters, full-width folded (409)', async () => {
    const first = await payer();
    const res = await submit(first.token, { transaction_id: ' ab\u200bC12 ', package_id: pkg.id, user_id: first.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().payload.transaction_id).toBe('ABC12');
    const [row] = await app.db.select().from(payments).where(eq(payments.id, res.json().payload.id));
    expect(row?.transactionId).toBe('ABC12');

    const before = await paymentCount();
    const files = receiptFiles();
    for (const again of ['ABC12', 'abc12', '\ufeffA\u200dBC12\u2060', 'ＡＢＣ１２', 'ab c\u00a012']) {
      const other = await payer();
      const dup = await submit(other.token, { transaction_id: again, package_id: pkg.id, user_id: other.id });
      expect(dup.statusCode, JSON.stringify(again)).toBe(409);
      expect(dup.json().message).toBe(PAYMENT_MESSAGES.transactionUsed);
    }
    expect(await paymentCount()).toBe(before);
    expect(receiptFiles()).toEqual(files);
    expect(tmpFiles()).toEqual([]);
  });

  it('are measured after folding: one that unfolds past 100 characters is a 400, not a database error', async () => {
    const user = await payer();
    // U+337F (㍿) folds to four characters under NFKC: 30 of them become 120.
    const res = await submit(user.token, { transaction_id: '\u337f'.repeat(30), package_id: pkg.id, user_id: user.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ transaction_id: ['The transaction ID is too long.'] });
  });
});

describe('receipts per account per hour', () => {
  it(`allows ${RATE_LIMITS.qrReceipt.perEmail}, then answers 429 with Retry-After before reading anything, storing nothing`, async () => {
    const user = await payer();
    const limit = RATE_LIMITS.qrReceipt.perEmail;
    // Failed attempts count too (here: a package that does not exist), from changing addresses.
    for (let i = 0; i < limit; i += 1) {
      const res = await submit(user.token, { transaction_id: `TX-LIMIT-${i}`, package_id: 999_999, user_id: user.id });
      expect(res.statusCode).toBe(404);
    }
    const before = await paymentCount();
    const files = receiptFiles();
    const blocked = await submit(user.token, { transaction_id: 'TX-LIMIT-OK', package_id: pkg.id, user_id: user.id });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await paymentCount()).toBe(before);
    expect(receiptFiles()).toEqual(files);
    expect(tmpFiles()).toEqual([]);

    // The limit is the account's: another payer is not affected.
    const other = await payer();
    const ok = await submit(other.token, { transaction_id: 'TX-LIMIT-OTHER', package_id: pkg.id, user_id: other.id });
    expect(ok.statusCode, ok.body).toBe(201);

    // An hour later the account may send again.
    const now = app.clock.now;
    app.clock.now = () => new Date(now().getTime() + 61 * 60 * 1000);
    try {
      const later = await submit(user.token, {
        transaction_id: 'TX-LIMIT-LATER',
        package_id: pkg.id,
        user_id: user.id,
      });
      expect(later.statusCode, later.body).toBe(201);
    } finally {
      app.clock.now = now;
    }
  });
});
