import { count, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { payments, subscriptions } from '../src/db/schema.ts';
import { startFakeStripe } from './fake-stripe.ts';
import { build } from './helpers.ts';
import { bearer, signUpAndLogin } from './support/accounts.ts';

// Stripe's API lives on the internet, which tests never reach: its HTTP endpoint is replaced by a
// local fake server (test/fake-stripe.ts), and webhook events are signed here with the test
// secret exactly as Stripe signs them. Everything on our side is real.
const fake = await startFakeStripe();
afterAll(() => fake.close());
const WEBHOOK_SECRET = 'whsec_test_baan_local_secret';
const app = await build({
  payments: {
    ...loadConfig({ NODE_ENV: 'test' }).payments,
    stripe: {
      secretKey: 'sk_test_baan',
      webhookSecret: WEBHOOK_SECRET,
      publishableKey: 'pk_test_baan',
      apiBase: fake.url,
    },
  },
});
const signer = new Stripe('sk_test_unused');

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read loosely in tests; the contract tests type them.
type Json = Record<string, any>;
const packagesList = (await app.inject('/api/packages')).json().payload as Json[];
const pro = packagesList[1] as Json;

const pay = (token: string, paymentMethod: string) =>
  app.inject({
    method: 'POST',
    url: '/api/payment/card',
    headers: bearer(token),
    payload: { package_id: pro.id, payment_method_id: paymentMethod },
  });

function webhook(event: Json, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
  return app.inject({
    method: 'POST',
    url: '/api/payment/stripe/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}

const intentEvent = (type: string, intentId: string, amount: number) => ({
  id: `evt_${Math.random().toString(16).slice(2)}`,
  object: 'event',
  type,
  api_version: '2025-01-01',
  created: Math.floor(Date.now() / 1000),
  data: { object: { id: intentId, object: 'payment_intent', amount, currency: 'thb', last_payment_error: null } },
});

describe('card payments through Stripe', () => {
  it('tells the web app it is not in test mode, with the publishable key', async () => {
    expect((await app.inject('/api/payment/card/config')).json().payload).toMatchObject({
      provider: 'stripe',
      test_mode: false,
      publishable_key: 'pk_test_baan',
    });
  });

  it('charges in satang and activates at once', async () => {
    const user = await signUpAndLogin(app);
    const res = await pay(user.token, 'pm_card_visa');
    expect(res.statusCode).toBe(200);
    const { payment, subscription } = res.json().payload;
    expect(payment).toMatchObject({ status: 'paid', provider: 'stripe', amount: 1290, card_last4: '4242' });
    expect(payment.provider_reference).toMatch(/^pi_fake_/);
    expect(subscription.is_active).toBe(1);
    expect(fake.requests.at(-1)?.form.get('amount')).toBe('129000');
  });

  it('refuses raw card numbers in Stripe mode', async () => {
    const user = await signUpAndLogin(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/payment/card',
      headers: bearer(user.token),
      payload: { package_id: pro.id, card_number: '4242424242424242', exp_month: 1, exp_year: 2030, cvc: '123' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('payment_method_id');
  });

  it("answers 402 with Stripe's reason on a decline, and activates nothing", async () => {
    const user = await signUpAndLogin(app);
    const res = await pay(user.token, 'pm_card_chargeDeclined');
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe('Your card was declined.');
    const [row] = await app.db.select().from(payments).where(eq(payments.userId, user.userId));
    expect(row?.status).toBe('failed');
    const subs = await app.db.select({ n: count() }).from(subscriptions).where(eq(subscriptions.userId, user.userId));
    expect(subs[0]?.n).toBe(0);
  });

  it('settles a 3-D Secure payment from a signed webhook; a bad signature changes nothing', async () => {
    const user = await signUpAndLogin(app);
    const res = await pay(user.token, 'pm_card_threeDSecure2Required');
    expect(res.statusCode).toBe(202);
    const { payment, client_secret } = res.json().payload;
    expect(payment.status).toBe('pending');
    expect(client_secret).toMatch(/_secret_/);

    const event = intentEvent('payment_intent.succeeded', payment.provider_reference, 129000);
    const forged = await webhook(event, 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('The webhook signature is not valid.');
    const unsigned = await app.inject({
      method: 'POST',
      url: '/api/payment/stripe/webhook',
      payload: JSON.stringify(event),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    const [still] = await app.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(still?.status).toBe('pending');
    const none = json(await app.inject({ url: '/api/user/subscription', headers: bearer(user.token) }));
    expect(none.is_active).toBe(0);

    const ok = await webhook(event);
    expect(ok.statusCode).toBe(200);
    const [paid] = await app.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(paid?.status).toBe('paid');
    expect(json(await app.inject({ url: '/api/user/subscription', headers: bearer(user.token) })).is_active).toBe(1);

    // Stripe may deliver an event twice: the second delivery changes nothing.
    expect((await webhook(event)).statusCode).toBe(200);
    const subs = await app.db.select({ n: count() }).from(subscriptions).where(eq(subscriptions.userId, user.userId));
    expect(subs[0]?.n).toBe(1);
  });
});

function json(res: { json: () => unknown }) {
  return (res.json() as { payload: Json }).payload;
}

describe('Content-Security-Policy in Stripe mode', () => {
  it('lets Stripe.js and its card frames in, and nothing else from outside', async () => {
    const res = await app.inject('/api/health');
    const csp = String(res.headers['content-security-policy']);
    const directive = (name: string) => csp.split(';').find((d) => d.startsWith(`${name} `));
    expect(directive('script-src')).toBe("script-src 'self' https://js.stripe.com");
    expect(directive('frame-src')).toBe('frame-src https://js.stripe.com https://hooks.stripe.com');
    expect(directive('connect-src')).toBe("connect-src 'self' https://api.stripe.com");
  });
});
