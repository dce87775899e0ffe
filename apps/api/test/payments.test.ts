import { readdirSync } from 'node:fs';
import path from 'node:path';
import { count, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, packages, payments, subscriptions, users } from '../src/db/schema.ts';
import { drawScene } from '../src/services/seed/demo-pictures.ts';
import { build } from './helpers.ts';
import { bearer, PASSWORD, post, signUpAndLogin, uniqueEmail } from './support/accounts.ts';

const app = await build();
const realNow = app.clock.now;
afterEach(() => {
  app.clock.now = realNow;
});
const DAY = 24 * 60 * 60 * 1000;

/** Fixes the app's clock at `at` (restored after each test). */
function setNow(at: Date) {
  app.clock.now = () => at;
}

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read loosely in tests; the contract tests type them.
type Json = Record<string, any>;
const json = (res: LightMyRequestResponse) => res.json() as Json;

/** A multipart/form-data body, as a browser's FormData sends it. */
function multipart(fields: Record<string, string | number>, file?: { name: string; type: string; bytes: Buffer }) {
  const boundary = `----baan${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const receiptPng = () =>
  sharp({ create: { width: 300, height: 500, channels: 3, background: '#eef' } })
    .png()
    .toBuffer();

async function postReceipt(
  token: string,
  fields: Record<string, string | number>,
  file?: Buffer | null,
  name = 'slip.png',
) {
  const body = multipart(fields, file ? { name, type: 'image/png', bytes: file } : undefined);
  return app.inject({
    method: 'POST',
    url: '/api/payment/qr/manual',
    payload: body.payload,
    headers: { ...bearer(token), ...body.headers },
  });
}

function payCard(token: string, packageId: number, card = '4242 4242 4242 4242', extra: Json = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/payment/card',
    headers: bearer(token),
    payload: {
      package_id: packageId,
      cardholder_name: 'Somchai Jaidee',
      card_number: card,
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
      ...extra,
    },
  });
}

const countRows = async (table: typeof payments | typeof subscriptions) =>
  (await app.db.select({ n: count() }).from(table))[0]?.n ?? 0;

const receiptFiles = () => {
  try {
    return readdirSync(path.join(app.dataDir, 'uploads', 'private', 'receipts'));
  } catch {
    return [];
  }
};

async function makeAdmin(userId: number) {
  await app.db.update(users).set({ role: 'admin' }).where(eq(users.id, userId));
}

let tiers: Json[];
let starter: Json;
let premium: Json;
beforeAll(async () => {
  tiers = json(await app.inject('/api/packages')).payload;
  starter = tiers[0] as Json;
  premium = tiers[2] as Json;
});

describe('GET /api/packages', () => {
  it('lists the three tiers, cheapest first, with 30-day validity and feature keys (no demo seeding needed)', async () => {
    expect(app.config.seedDemo).toBe(false);
    expect(tiers.map((p) => [p.name, p.price, p.duration_days])).toEqual([
      ['Starter', 490, 30],
      ['Professional', 1290, 30],
      ['Premium', 2990, 30],
    ]);
    expect(premium.features).toContain('premiumVisibility');
  });

  it('hides retired packages', async () => {
    const [extra] = await app.db
      .insert(packages)
      .values({ name: 'Old', price: 99, sortOrder: 9, retiredAt: new Date() })
      .returning();
    const names = json(await app.inject('/api/packages')).payload.map((p: Json) => p.name);
    expect(names).not.toContain('Old');
    const user = await signUpAndLogin(app);
    const res = await payCard(user.token, extra?.id ?? 0);
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /api/user/subscription', () => {
  it('needs a token', async () => {
    expect((await app.inject('/api/user/subscription')).statusCode).toBe(401);
  });

  it('is inactive for a new user', async () => {
    const user = await signUpAndLogin(app);
    const res = await app.inject({ url: '/api/user/subscription', headers: bearer(user.token) });
    expect(res.statusCode).toBe(200);
    expect(json(res).payload).toEqual({
      is_active: 0,
      package_id: null,
      package_name: null,
      starts_at: null,
      ends_at: null,
      days_left: 0,
      pending_payment: null,
    });
  });
});

describe('card payments (built-in test processor)', () => {
  it('says it is in test mode', async () => {
    expect(json(await app.inject('/api/payment/card/config')).payload).toMatchObject({
      provider: 'test',
      test_mode: true,
      qr_enabled: true,
    });
  });

  it('activates 30 days at once with 4242…, keeps the last four digits only, and the login shows it', async () => {
    const t0 = new Date('2026-12-01T10:00:00Z');
    setNow(t0);
    // A remember-me token (30 days), so it outlives the clock moves below.
    const user = await signUpAndLogin(app, uniqueEmail('card'), true);
    const res = await payCard(user.token, starter.id, '4242 4242 4242 4242', {
      billing_name: 'Somchai Jaidee',
      billing_company: 'Baan Co., Ltd.',
      billing_tax_id: `010555600000${checkDigit('010555600000')}`,
      billing_branch: 'Head office',
      billing_address: '1 Sukhumvit Rd, Bangkok 10110',
    });
    expect(res.statusCode).toBe(200);
    const { payment, subscription } = json(res).payload;
    expect(payment).toMatchObject({
      status: 'paid',
      method: 'card',
      provider: 'test',
      amount: 490,
      card_last4: '4242',
    });
    expect(payment.billing).toMatchObject({ company_name: 'Baan Co., Ltd.', branch: 'Head office' });
    expect(subscription).toMatchObject({ is_active: 1, package_id: starter.id, payment_id: payment.id });
    expect(subscription.starts_at).toBe(t0.toISOString());
    expect(subscription.ends_at).toBe(new Date(t0.getTime() + 30 * DAY).toISOString());

    const [row] = await app.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(JSON.stringify(row)).not.toContain('424242');

    const status = json(await app.inject({ url: '/api/user/subscription', headers: bearer(user.token) })).payload;
    expect(status).toMatchObject({ is_active: 1, package_id: starter.id, days_left: 30, package_name: 'Starter' });
    const me = json(await app.inject({ url: '/api/user', headers: bearer(user.token) })).payload;
    expect(me.subscription).toMatchObject({ is_active: 1, package_id: starter.id });

    // Buying again while active extends from the current end, not from today.
    setNow(new Date(t0.getTime() + 10 * DAY));
    const again = json(await payCard(user.token, premium.id)).payload;
    expect(again.subscription.starts_at).toBe(new Date(t0.getTime() + 30 * DAY).toISOString());
    expect(again.subscription.ends_at).toBe(new Date(t0.getTime() + 60 * DAY).toISOString());
    const extended = json(await app.inject({ url: '/api/user/subscription', headers: bearer(user.token) })).payload;
    expect(extended).toMatchObject({ is_active: 1, days_left: 50, ends_at: again.subscription.ends_at });

    // Expiry is computed from the dates: nothing has to run when the time is up.
    setNow(new Date(t0.getTime() + 60 * DAY));
    const relogin = json(await post(app, '/api/login', { email: user.email, password: PASSWORD })).payload;
    expect(relogin.user.subscription).toEqual({ is_active: 0, package_id: null, ends_at: null });
    const expired = json(await app.inject({ url: '/api/user/subscription', headers: bearer(relogin.token) })).payload;
    expect(expired).toMatchObject({ is_active: 0, days_left: 0, ends_at: null });
  });

  it('answers 402 with the reason for a declined card, records a failed payment, and activates nothing', async () => {
    const user = await signUpAndLogin(app);
    const subsBefore = await countRows(subscriptions);
    const res = await payCard(user.token, starter.id, '4000 0000 0000 0002');
    expect(res.statusCode).toBe(402);
    expect(json(res)).toEqual({ success: false, message: 'Your card was declined.' });
    const rows = await app.db.select().from(payments).where(eq(payments.userId, user.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'failed', cardLast4: '0002', failureReason: 'Your card was declined.' });
    expect(await countRows(subscriptions)).toBe(subsBefore);
    const status = json(await app.inject({ url: '/api/user/subscription', headers: bearer(user.token) })).payload;
    expect(status.is_active).toBe(0);
  });

  it('refuses bad card input with field errors before writing anything', async () => {
    const user = await signUpAndLogin(app);
    const before = await countRows(payments);
    const luhn = await payCard(user.token, starter.id, '4242 4242 4242 4241');
    expect(luhn.statusCode).toBe(400);
    expect(json(luhn).errors).toEqual({ card_number: ['The card number is not valid.'] });
    const expired = await payCard(user.token, starter.id, '4242424242424242', { exp_month: 1, exp_year: 2020 });
    expect(json(expired).errors).toEqual({ exp_year: ['The card has expired.'] });
    const missing = await app.inject({
      method: 'POST',
      url: '/api/payment/card',
      headers: bearer(user.token),
      payload: { package_id: starter.id },
    });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(json(missing).errors)).toEqual(
      expect.arrayContaining(['cardholder_name', 'card_number', 'exp_month', 'exp_year', 'cvc']),
    );
    const badTax = await payCard(user.token, starter.id, '4242424242424242', {
      billing_name: 'A',
      billing_address: 'B',
      billing_tax_id: '1234567890123',
    });
    expect(json(badTax).errors).toHaveProperty('billing_tax_id');
    expect(await countRows(payments)).toBe(before);
  });

  it('limits card attempts per account (429), so card numbers cannot be tried one after another', async () => {
    const user = await signUpAndLogin(app);
    const before = await countRows(payments);
    for (let i = 0; i < 10; i++) {
      expect((await payCard(user.token, starter.id, '4242 4242 4242 4241')).statusCode).toBe(400);
    }
    const limited = await payCard(user.token, starter.id, '4242 4242 4242 4242');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await countRows(payments)).toBe(before);
  });

  it('needs a token', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/payment/card', payload: { package_id: starter.id } });
    expect(res.statusCode).toBe(401);
  });
});

describe('PromptPay QR payments', () => {
  it('gives a QR for the exact package price', async () => {
    const user = await signUpAndLogin(app);
    const res = await app.inject({ url: `/api/payment/qr?package_id=${premium.id}`, headers: bearer(user.token) });
    expect(res.statusCode).toBe(200);
    const qr = json(res).payload;
    expect(qr.amount).toBe(2990);
    expect(qr.promptpay_payload).toContain('54072990.00');
    expect(qr.promptpay_payload).toContain('5802TH');
    expect(qr.qr_svg.startsWith('<svg')).toBe(true);
    expect(qr.reference).toBe(`BAAN${user.userId}P${premium.id}`);
    expect((await app.inject(`/api/payment/qr?package_id=${premium.id}`)).statusCode).toBe(401);
    expect(
      (await app.inject({ url: '/api/payment/qr?package_id=999999', headers: bearer(user.token) })).statusCode,
    ).toBe(404);
    expect((await app.inject({ url: '/api/payment/qr', headers: bearer(user.token) })).statusCode).toBe(400);
  });

  it('refuses a receipt sent for another user (403), without storing anything', async () => {
    const alice = await signUpAndLogin(app);
    const bob = await signUpAndLogin(app);
    const before = await countRows(payments);
    const filesBefore = receiptFiles().length;
    const res = await postReceipt(
      alice.token,
      { transaction_id: 'TX-ALICE-FOR-BOB', package_id: starter.id, user_id: bob.userId },
      await receiptPng(),
    );
    expect(res.statusCode).toBe(403);
    expect(json(res).message).toBe('You can only pay for your own account.');
    expect(await countRows(payments)).toBe(before);
    expect(receiptFiles().length).toBe(filesBefore);
  });

  it("answers 'Please provide image.' without an image, and 415 for a file that is not an image", async () => {
    const user = await signUpAndLogin(app);
    const before = await countRows(payments);
    const fields = { transaction_id: 'TX-NOIMG', package_id: starter.id, user_id: user.userId };
    const missing = await postReceipt(user.token, fields, null);
    expect(missing.statusCode).toBe(400);
    expect(json(missing).message).toBe('Please provide image.');
    const text = await postReceipt(user.token, fields, Buffer.from('%PDF-1.7 definitely not an image'), 'slip.png');
    expect(text.statusCode).toBe(415);
    expect(await countRows(payments)).toBe(before);
  });

  it('stores a pending payment with a private receipt; review makes it active; nobody reviews their own', async () => {
    const t0 = new Date('2027-01-10T03:00:00Z');
    setNow(t0);
    const payer = await signUpAndLogin(app);
    const other = await signUpAndLogin(app);
    const admin = await signUpAndLogin(app);
    await makeAdmin(admin.userId);

    // Any image type by content: a TIFF works as well as a PNG.
    const tiff = await sharp({ create: { width: 200, height: 300, channels: 3, background: '#fff' } })
      .tiff()
      .toBuffer();
    const res = await postReceipt(
      payer.token,
      {
        transaction_id: 'TX-2027-0001',
        package_id: premium.id,
        user_id: payer.userId,
        billing_name: 'Somchai Jaidee',
        billing_address: '99 Rama 9 Rd, Bangkok',
      },
      tiff,
      'receipt.tif',
    );
    expect(res.statusCode).toBe(201);
    expect(json(res).message).toBe('Transaction submitted successfully!');
    const payment = json(res).payload;
    expect(payment).toMatchObject({
      status: 'pending',
      method: 'qr',
      amount: 2990,
      transaction_id: 'TX-2027-0001',
      receipt_url: `/api/payments/${payment.id}/receipt`,
      reference: `BAAN${payer.userId}P${premium.id}`,
    });

    // Under review: not active yet, and the dashboard can say so.
    const waiting = json(await app.inject({ url: '/api/user/subscription', headers: bearer(payer.token) })).payload;
    expect(waiting.is_active).toBe(0);
    expect(waiting.pending_payment).toMatchObject({
      id: payment.id,
      amount: 2990,
      method: 'qr',
      package_name: 'Premium',
    });

    // The receipt is private: its payer and admins only; never under the public /uploads.
    const [row] = await app.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row?.receiptKey).toMatch(/^private\/receipts\/.+\.webp$/);
    expect((await app.inject(`/uploads/${row?.receiptKey}`)).statusCode).toBe(404);
    const own = await app.inject({ url: payment.receipt_url, headers: bearer(payer.token) });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/webp');
    expect(own.headers['cache-control']).toBe('private, no-store');
    // Another user gets the 404 of an id that names nothing: payment ids cannot be probed (issue 21, L7).
    const notFound = { success: false, message: 'Payment not found.' };
    const otherReceipt = await app.inject({ url: payment.receipt_url, headers: bearer(other.token) });
    expect([otherReceipt.statusCode, otherReceipt.json()]).toEqual([404, notFound]);
    const otherPayment = await app.inject({ url: `/api/payments/${payment.id}`, headers: bearer(other.token) });
    expect([otherPayment.statusCode, otherPayment.json()]).toEqual([404, notFound]);
    const missing = await app.inject({ url: `/api/payments/${payment.id + 1000}`, headers: bearer(other.token) });
    expect([missing.statusCode, missing.json()]).toEqual([404, notFound]);
    expect((await app.inject({ url: payment.receipt_url, headers: bearer(admin.token) })).statusCode).toBe(200);

    // The same bank transaction cannot be claimed twice.
    const dup = await postReceipt(
      other.token,
      { transaction_id: 'TX-2027-0001', package_id: starter.id, user_id: other.userId },
      await receiptPng(),
    );
    expect(dup.statusCode).toBe(409);

    // Only admins see the queue or review.
    expect((await app.inject('/api/admin/payments?status=pending')).statusCode).toBe(401);
    expect(
      (await app.inject({ url: '/api/admin/payments?status=pending', headers: bearer(payer.token) })).statusCode,
    ).toBe(403);
    const selfApprove = await app.inject({
      method: 'POST',
      url: `/api/admin/payments/${payment.id}/approve`,
      headers: bearer(payer.token),
    });
    expect(selfApprove.statusCode).toBe(403);

    const queue = json(await app.inject({ url: '/api/admin/payments?status=pending', headers: bearer(admin.token) }));
    const listed = queue.payload.find((p: Json) => p.id === payment.id);
    expect(listed).toMatchObject({
      user: { id: payer.userId },
      package: { id: premium.id, name: 'Premium' },
      transaction_id: 'TX-2027-0001',
      // The reference the payer was told to put in the transfer's memo, for the admin to match.
      reference: `BAAN${payer.userId}P${premium.id}`,
    });
    expect(queue.payload.every((p: Json) => p.status === 'pending')).toBe(true);

    setNow(new Date(t0.getTime() + 2 * 60 * 60 * 1000));
    const approved = await app.inject({
      method: 'POST',
      url: `/api/admin/payments/${payment.id}/approve`,
      headers: bearer(admin.token),
    });
    expect(approved.statusCode).toBe(200);
    expect(json(approved).payload.payment).toMatchObject({ status: 'approved', reviewed_by: admin.userId });
    expect(json(approved).payload.subscription).toMatchObject({ is_active: 1, package_id: premium.id });

    const active = json(await app.inject({ url: '/api/user/subscription', headers: bearer(payer.token) })).payload;
    expect(active).toMatchObject({ is_active: 1, package_id: premium.id, days_left: 30, pending_payment: null });

    // A second review of the same payment changes nothing.
    const again = await app.inject({
      method: 'POST',
      url: `/api/admin/payments/${payment.id}/approve`,
      headers: bearer(admin.token),
    });
    expect(again.statusCode).toBe(409);
    expect(
      (await app.db.select({ n: count() }).from(subscriptions).where(eq(subscriptions.userId, payer.userId)))[0]?.n,
    ).toBe(1);
  });

  it('an admin cannot approve their own payment either', async () => {
    const admin = await signUpAndLogin(app);
    await makeAdmin(admin.userId);
    const res = await postReceipt(
      admin.token,
      { transaction_id: 'TX-ADMIN-SELF', package_id: starter.id, user_id: admin.userId },
      await receiptPng(),
    );
    const id = json(res).payload.id;
    const approve = await app.inject({
      method: 'POST',
      url: `/api/admin/payments/${id}/approve`,
      headers: bearer(admin.token),
    });
    expect(approve.statusCode).toBe(403);
    expect(json(approve).message).toBe('You cannot review your own payment.');
    const [row] = await app.db.select().from(payments).where(eq(payments.id, id));
    expect(row?.status).toBe('pending');
    const status = json(await app.inject({ url: '/api/user/subscription', headers: bearer(admin.token) })).payload;
    expect(status.is_active).toBe(0);
  });

  it('a rejection records the reason and mails it to the payer', async () => {
    const payer = await signUpAndLogin(app);
    const admin = await signUpAndLogin(app);
    await makeAdmin(admin.userId);
    const id = json(
      await postReceipt(
        payer.token,
        { transaction_id: 'TX-REJECT-1', package_id: starter.id, user_id: payer.userId },
        await receiptPng(),
      ),
    ).payload.id;
    const noReason = await app.inject({
      method: 'POST',
      url: `/api/admin/payments/${id}/reject`,
      headers: bearer(admin.token),
      payload: {},
    });
    expect(noReason.statusCode).toBe(400);
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/payments/${id}/reject`,
      headers: bearer(admin.token),
      payload: { reason: 'The amount on the slip is 400 THB.' },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).payload).toMatchObject({
      status: 'rejected',
      reject_reason: 'The amount on the slip is 400 THB.',
    });
    await app.mailer.drain();
    const [mail] = await app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, payer.email.toLowerCase()))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    expect(mail?.subject).toBe('Your Baan payment was not approved');
    expect(mail?.text).toContain('The amount on the slip is 400 THB.');
    expect(mail?.text).toContain('(transaction ID TX-REJECT-1)');
    expect(mail?.html).toContain('TX-REJECT-1');
    const status = json(await app.inject({ url: '/api/user/subscription', headers: bearer(payer.token) })).payload;
    expect(status).toMatchObject({ is_active: 0, pending_payment: null });
    // A rejected transaction ID may be submitted again (with a correct slip).
    const retry = await postReceipt(
      payer.token,
      { transaction_id: 'TX-REJECT-1', package_id: starter.id, user_id: payer.userId },
      await receiptPng(),
    );
    expect(retry.statusCode).toBe(201);
  });
  it('a rejection is mailed in the payer’s language (Thai), transaction ID and reason in text and HTML', async () => {
    const payer = await signUpAndLogin(app);
    await app.db.update(users).set({ language: 'th', name: 'สมชาย <ใจดี>' }).where(eq(users.id, payer.userId));
    const admin = await signUpAndLogin(app);
    await makeAdmin(admin.userId);
    const id = json(
      await postReceipt(
        payer.token,
        { transaction_id: 'TX-TH-<42>', package_id: starter.id, user_id: payer.userId },
        await receiptPng(),
      ),
    ).payload.id;
    const reason = 'ยอดเงินในสลิปคือ 400 บาท & <ไม่ตรง>';
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/payments/${id}/reject`,
      headers: bearer(admin.token),
      payload: { reason },
    });
    expect(res.statusCode).toBe(200);
    await app.mailer.drain();
    const [mail] = await app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, payer.email.toLowerCase()))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    expect(mail?.subject).toBe('การชำระเงินสำหรับ Baan ของคุณไม่ได้รับการอนุมัติ');
    expect(mail?.text).toContain('สวัสดีคุณ สมชาย <ใจดี>');
    expect(mail?.text).toContain('(หมายเลขธุรกรรม TX-TH-<42>) ไม่ได้รับการอนุมัติ');
    expect(mail?.text).toContain(`เหตุผล: ${reason}`);
    expect(mail?.text).toContain(`${app.config.publicUrl}/th/select-package`);
    expect(mail?.text).not.toContain('not approved');
    expect(mail?.html).toContain('<html lang="th">');
    expect(mail?.html).toContain('สวัสดีคุณ สมชาย &lt;ใจดี&gt;');
    expect(mail?.html).toContain('(หมายเลขธุรกรรม TX-TH-&lt;42&gt;)');
    expect(mail?.html).toContain('ยอดเงินในสลิปคือ 400 บาท &amp; &lt;ไม่ตรง&gt;');
    expect(mail?.html).not.toContain('<ใจดี>');
    expect(mail?.html).toContain(`href="${app.config.publicUrl}/th/select-package"`);
  });
});

describe('POST /api/subscriptions', () => {
  it('is for admins only: a user cannot grant themselves a subscription', async () => {
    const user = await signUpAndLogin(app);
    const body = {
      user_id: user.userId,
      package_id: starter.id,
      amount: 490,
      payment_method: 'card',
      status: 'active',
    };
    const before = await countRows(subscriptions);
    expect((await app.inject({ method: 'POST', url: '/api/subscriptions', payload: body })).statusCode).toBe(401);
    const res = await app.inject({
      method: 'POST',
      url: '/api/subscriptions',
      payload: body,
      headers: bearer(user.token),
    });
    expect(res.statusCode).toBe(403);
    expect(await countRows(subscriptions)).toBe(before);

    const admin = await signUpAndLogin(app);
    await makeAdmin(admin.userId);
    const granted = await app.inject({
      method: 'POST',
      url: '/api/subscriptions',
      payload: { ...body, payment_method: 'bank transfer' },
      headers: bearer(admin.token),
    });
    expect(granted.statusCode).toBe(201);
    expect(json(granted).payload).toMatchObject({
      user_id: user.userId,
      is_active: 1,
      payment_method: 'bank transfer',
    });
    const [row] = await app.db.select().from(subscriptions).where(eq(subscriptions.userId, user.userId));
    expect(row?.grantedBy).toBe(admin.userId);
  });
});

describe('one bank transfer claimed by several buyers (M6)', () => {
  /** A receipt with structure (a drawn scene), so its picture hash means something; the same bytes each call. */
  const slip = (scene: 'house' | 'tower', n: number) =>
    sharp(Buffer.from(drawScene(scene, n)))
      .png()
      .toBuffer();

  it('refuses the probe’s four spellings of one reference (look-alikes, separators, a dot, full-width, Cyrillic)', async () => {
    const buyers = await Promise.all([1, 2, 3, 4, 5, 6, 7].map(() => signUpAndLogin(app)));
    const [first, ...others] = buyers;
    if (!first) throw new Error('no buyer');
    const receipt = await slip('house', 1);
    const submit = (buyer: { token: string; userId: number }, id: string) =>
      postReceipt(buyer.token, { transaction_id: id, package_id: starter.id, user_id: buyer.userId }, receipt);
    const before = await countRows(payments);
    const ok = await submit(first, '2026112700979250');
    expect(ok.statusCode, ok.body).toBe(201);
    // The id is kept as typed (normalized as before) on the wire; only the comparison folds.
    expect(json(ok).payload.transaction_id).toBe('2026112700979250');
    const spellings = [
      '202611-2700979250',
      '2O261127OO97925O',
      '2026112700979250.',
      '２０２６１１２７００９７９２５０',
      '2О261127ОО97925О', // Cyrillic О
      '2026ll27OO97925O', // lower-case l for 1
    ];
    for (const [i, spelling] of spellings.entries()) {
      const buyer = others[i];
      if (!buyer) throw new Error('no buyer');
      const res = await submit(buyer, spelling);
      expect(res.statusCode, spelling).toBe(409);
      expect(json(res).message).toBe('This transaction ID has already been submitted.');
    }
    expect(await countRows(payments)).toBe(before + 1);
    // Nothing but separators names no transfer.
    const blank = await submit(others[0] as { token: string; userId: number }, ' -./ ');
    expect(blank.statusCode).toBe(400);
    expect(json(blank).errors).toEqual({ transaction_id: ['The transaction ID is required.'] });
  });

  it('shows the admin, for each payment, the others with the same reference or the same receipt picture', async () => {
    const admin = await signUpAndLogin(app);
    await makeAdmin(admin.userId);
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => signUpAndLogin(app)));
    if (!a || !b || !c || !d) throw new Error('no buyers');
    const post = async (buyer: { token: string; userId: number }, id: string, image: Buffer) => {
      const res = await postReceipt(
        buyer.token,
        { transaction_id: id, package_id: starter.id, user_id: buyer.userId },
        image,
      );
      expect(res.statusCode, res.body).toBe(201);
      return json(res).payload.id as number;
    };
    const shared = await slip('house', 4);
    const pa = await post(a, 'KB-7781-001', shared);
    // The same picture under another reference: a second claim of one transfer.
    const pb = await post(b, 'KB-7781-999', shared);
    // The same reference again after the first was rejected: allowed, but the admin sees the history.
    const reject = await app.inject({
      method: 'POST',
      url: `/api/admin/payments/${pa}/reject`,
      headers: bearer(admin.token),
      payload: { reason: 'The slip does not match our statement.' },
    });
    expect(reject.statusCode).toBe(200);
    const pc = await post(c, 'kb7781OO1', await slip('tower', 5));
    // An unrelated payment (another reference, another picture, a flat one) matches nothing.
    const pd = await post(d, 'SCB-1', await receiptPng());

    const all = json(await app.inject({ url: '/api/admin/payments', headers: bearer(admin.token) })).payload as Json[];
    const of = (id: number) =>
      ((all.find((p) => p.id === id)?.matches ?? []) as Json[]).map((m) => [m.id, m.status, m.user.id, m.same]);
    expect(of(pa)).toEqual([
      [pb, 'pending', b.userId, ['receipt']],
      [pc, 'pending', c.userId, ['reference']],
    ]);
    expect(of(pb)).toEqual([[pa, 'rejected', a.userId, ['receipt']]]);
    expect(of(pc)).toEqual([[pa, 'rejected', a.userId, ['reference']]]);
    expect(of(pd)).toEqual([]);
    // The pending queue carries them too, with the other payment's id as typed.
    const queue = json(await app.inject({ url: '/api/admin/payments?status=pending', headers: bearer(admin.token) }));
    const listed = (queue.payload as Json[]).find((p) => p.id === pc);
    expect(listed?.matches[0]).toMatchObject({ id: pa, transaction_id: 'KB-7781-001', status: 'rejected' });
  });
});

describe('Stripe webhook without Stripe configured', () => {
  it('is not there', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/payment/stripe/webhook', payload: { id: 'evt_1' } });
    expect(res.statusCode).toBe(404);
  });
});

/** The Thai 13-digit check digit, written here independently of the contract's validator. */
function checkDigit(first12: string): string {
  const sum = [...first12].reduce((acc, d, i) => acc + Number(d) * (13 - i), 0);
  return String((11 - (sum % 11)) % 10);
}
