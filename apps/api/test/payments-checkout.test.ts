import { QR_REVIEW_SAMPLE_MIN } from '@baan/contract';
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { packages, payments } from '../src/db/schema.ts';
import { createUser } from './fixtures.ts';
import { build } from './helpers.ts';

const app = await build();
const [premium] = await app.db.select().from(packages).where(eq(packages.name, 'Premium'));
if (!premium) throw new Error('no Premium package');
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe('the PromptPay QR to save on a phone', () => {
  it('comes as a 600 px PNG that a QR reader decodes to the same payload as the SVG', async () => {
    const payer = await createUser(app, { email: 'qr-png@baan.example' });
    const res = await app.inject({ url: `/api/payment/qr?package_id=${premium.id}`, headers: bearer(payer.token) });
    expect(res.statusCode, res.body).toBe(200);
    const qr = res.json().payload;
    expect(qr.qr_png).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    const png = Buffer.from(qr.qr_png.slice('data:image/png;base64,'.length), 'base64');
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(600);
    expect(info.height).toBe(600);
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(qr.promptpay_payload);
    expect(qr.promptpay_payload).toContain('54072990.00');
  });
});

describe('GET /api/user/billing: the last billing details, for the next checkout', () => {
  const billing = (token: string) => app.inject({ url: '/api/user/billing', headers: bearer(token) });
  const pay = (token: string, fields: Record<string, string>, card = '4242 4242 4242 4242') =>
    app.inject({
      method: 'POST',
      url: '/api/payment/card',
      headers: bearer(token),
      payload: {
        package_id: premium.id,
        cardholder_name: 'Somchai Jaidee',
        card_number: card,
        exp_month: 12,
        exp_year: app.clock.now().getUTCFullYear() + 2,
        cvc: '123',
        ...fields,
      },
    });

  it('is null before any payment, then the details of the latest payment that had any', async () => {
    const owner = await createUser(app, { email: 'billing-owner@baan.example' });
    expect((await billing(owner.token)).json()).toEqual({ success: true, payload: null });

    const first = await pay(owner.token, {
      billing_name: 'Somchai Jaidee',
      billing_address: '1 Sukhumvit Rd, Bangkok',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect((await billing(owner.token)).json().payload).toEqual({
      name: 'Somchai Jaidee',
      company_name: null,
      tax_id: null,
      branch: null,
      address: '1 Sukhumvit Rd, Bangkok',
    });

    // A declined attempt's details are what was typed last: they are offered next time.
    const declined = await pay(
      owner.token,
      { billing_name: 'Baan Co., Ltd.', billing_company: 'Baan Co., Ltd.', billing_address: '2 Silom Rd' },
      '4000 0000 0000 0002',
    );
    expect(declined.statusCode).toBe(402);
    expect((await billing(owner.token)).json().payload).toMatchObject({
      name: 'Baan Co., Ltd.',
      address: '2 Silom Rd',
    });

    // A payment without billing details does not wipe them.
    expect((await pay(owner.token, {})).statusCode).toBe(200);
    expect((await billing(owner.token)).json().payload).toMatchObject({ name: 'Baan Co., Ltd.' });
  });

  it("never shows another user's details, and needs a token", async () => {
    const stranger = await createUser(app, { email: 'billing-stranger@baan.example' });
    expect((await billing(stranger.token)).json().payload).toBeNull();
    expect((await app.inject({ url: '/api/user/billing' })).statusCode).toBe(401);
  });
});

describe('how long a PromptPay approval usually takes (GET /api/payment/card/config)', async () => {
  const reviewer = await createUser(app, { email: 'review-admin@baan.example', role: 'admin' });
  const payer = await createUser(app, { email: 'review-payer@baan.example' });
  const hours = async () => (await app.inject('/api/payment/card/config')).json().payload.qr_review_hours;
  let n = 0;
  /** A QR payment decided `tookHours` after its receipt, `daysAgo` days ago. */
  const decided = (tookHours: number, daysAgo = 1, method: 'qr' | 'card' = 'qr') => {
    n += 1;
    const reviewedAt = new Date(app.clock.now().getTime() - daysAgo * DAY);
    return app.db.insert(payments).values({
      userId: payer.id,
      packageId: premium.id,
      amount: premium.price,
      method,
      status: 'approved',
      provider: method === 'qr' ? ('promptpay' as const) : ('test' as const),
      transactionId: `REVIEW-${n}`,
      reviewedBy: reviewer.id,
      reviewedAt,
      createdAt: new Date(reviewedAt.getTime() - tookHours * HOUR),
    });
  };

  it(`is null until ${QR_REVIEW_SAMPLE_MIN} transfers were decided in the last 90 days, then their median in hours`, async () => {
    expect(await hours()).toBeNull();
    // Card payments, decisions older than 90 days and pending receipts do not count.
    await decided(1, 1, 'card');
    await decided(1, 91);
    await decided(0.5);
    await decided(2.2);
    await decided(30);
    await decided(5);
    expect(await hours()).toBeNull();
    await decided(3);
    // 0.5, 2.2, 3, 5, 30 → 3 hours.
    expect(await hours()).toBe(3);
    await decided(4.1);
    // 0.5, 2.2, 3, 4.1, 5, 30 → 3.55, rounded up.
    expect(await hours()).toBe(4);
  });
});
