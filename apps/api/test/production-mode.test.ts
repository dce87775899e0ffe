import { PAYMENT_MESSAGES } from '@baan/contract';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_PROMPTPAY_ID, loadConfig } from '../src/config.ts';
import { payments, subscriptions } from '../src/db/schema.ts';
import { bootstrapAdmin, DEMO_ADMIN } from '../src/services/accounts/ensure-admin.ts';
import { bearer, json, lastMail, post, register, signUpAndLogin, uniqueEmail } from './support/accounts.ts';
import { startLoggedApp } from './support/logged-app.ts';

const rows = async (
  app: Awaited<ReturnType<typeof startLoggedApp>>['app'],
  table: typeof payments | typeof subscriptions,
) => (await app.db.select({ n: count() }).from(table))[0]?.n ?? 0;

describe('configuration: test payment paths', () => {
  it('runs the test card processor and the demo PromptPay ID outside production only', () => {
    expect(loadConfig({}).payments).toMatchObject({ testCards: true, promptPayId: DEMO_PROMPTPAY_ID });
    expect(loadConfig({ NODE_ENV: 'production' }).payments).toMatchObject({ testCards: false, promptPayId: undefined });
    // With Stripe configured, cards go to Stripe, never to the test processor.
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' }).payments.testCards).toBe(false);
  });
});

describe('a production start with nothing configured', async () => {
  const { app, logs } = await startLoggedApp({ NODE_ENV: 'production' });

  it('says card and QR payments are off', async () => {
    const res = await app.inject('/api/payment/card/config');
    expect(res.statusCode).toBe(200);
    expect(json(res).payload).toEqual({
      provider: 'none',
      test_mode: false,
      publishable_key: null,
      card_enabled: false,
      qr_enabled: false,
      qr_demo: false,
      qr_review_hours: null,
    });
  });

  it('refuses the test card 4242… (503), writing no payment and granting nothing', async () => {
    const user = await signUpAndLogin(app);
    const [pkg] = json<{ payload: { id: number }[] }>(await app.inject('/api/packages')).payload;
    const res = await app.inject({
      method: 'POST',
      url: '/api/payment/card',
      headers: bearer(user.token),
      payload: {
        package_id: pkg?.id,
        cardholder_name: 'Free Rider',
        card_number: '4242 4242 4242 4242',
        exp_month: 12,
        exp_year: 2040,
        cvc: '123',
      },
    });
    expect(res.statusCode).toBe(503);
    expect(json(res)).toEqual({ success: false, message: PAYMENT_MESSAGES.cardUnavailable });
    expect(await rows(app, payments)).toBe(0);
    expect(await rows(app, subscriptions)).toBe(0);
    const me = json<{ payload: { subscription: { is_active: number } } }>(
      await app.inject({ url: '/api/user', headers: bearer(user.token) }),
    );
    expect(me.payload.subscription.is_active).toBe(0);
  });

  it('refuses the QR (503) too', async () => {
    const user = await signUpAndLogin(app);
    const res = await app.inject({ url: '/api/payment/qr?package_id=1', headers: bearer(user.token) });
    expect(res.statusCode).toBe(503);
    expect(json(res).message).toBe(PAYMENT_MESSAGES.qrUnavailable);
  });

  it('keeps sign-up codes out of the log (they stay in the outbox table), and says mail is not delivered', async () => {
    const email = uniqueEmail('prod');
    expect((await register(app, email)).statusCode).toBe(201);
    const mail = await lastMail(app, email);
    const code = /\b(\d{4})\b/.exec(mail?.text ?? '')?.[1];
    expect(code).toMatch(/^\d{4}$/);
    const outboxLines = logs.filter((l) => l.includes('dev outbox'));
    expect(outboxLines.length).toBeGreaterThan(0);
    for (const line of logs) expect(line).not.toContain(`"code":"${code}"`);
    expect(logs.some((l) => l.includes('SMTP_URL is not set: no e-mail is delivered'))).toBe(true);
  });

  it('creates no demo admin with the public demo password, even with demo data', async () => {
    const opts = { seedDemo: true, isProduction: true };
    const run = { passwords: app.passwords, now: new Date() };
    await bootstrapAdmin(app.db, app.log, opts, run);
    expect((await post(app, '/api/login', { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password })).statusCode).toBe(
      401,
    );
    expect(logs.some((l) => l.includes('the demo admin is off in production'))).toBe(true);
    // The same call outside production makes it (the demo's admin).
    await bootstrapAdmin(app.db, app.log, { ...opts, isProduction: false }, run);
    expect((await post(app, '/api/login', { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password })).statusCode).toBe(
      200,
    );
  });
});

describe('the demo (npm start: not production, demo data)', async () => {
  const { app } = await startLoggedApp();

  it('labels the test card processor and the demo PromptPay QR', async () => {
    expect(json(await app.inject('/api/payment/card/config')).payload).toEqual({
      provider: 'test',
      test_mode: true,
      publishable_key: null,
      card_enabled: true,
      qr_enabled: true,
      qr_demo: true,
      qr_review_hours: null,
    });
  });
});

describe('production with PROMPTPAY_ID set', async () => {
  const { app } = await startLoggedApp({ NODE_ENV: 'production', PROMPTPAY_ID: '0812345678' });

  it('takes QR payments to that ID, not labelled as a demo', async () => {
    expect(json(await app.inject('/api/payment/card/config')).payload).toMatchObject({
      card_enabled: false,
      qr_enabled: true,
      qr_demo: false,
    });
  });
});
