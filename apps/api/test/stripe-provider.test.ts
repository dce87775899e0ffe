import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardInputError } from '../src/services/payments/card/card-provider.ts';
import { createStripeClient, createStripeProvider } from '../src/services/payments/card/stripe-provider.ts';
import { type FakeStripe, startFakeStripe } from './fake-stripe.ts';

// Stripe's API is on the internet: only its HTTP endpoint is replaced, by a local fake server.
// The real `stripe` SDK builds and sends the requests and parses the answers.
let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake.close();
});

const charge = (paymentMethod: string, paymentId = 7) =>
  createStripeProvider(createStripeClient({ secretKey: 'sk_test_fake', apiBase: fake.url })).charge({
    paymentId,
    userId: 3,
    amountThb: 1290,
    description: 'Baan Professional, 30 days',
    card: { kind: 'payment_method', id: paymentMethod },
  });

describe('Stripe card driver', () => {
  it('creates and confirms a PaymentIntent in THB, in satang, once per payment', async () => {
    const result = await charge('pm_card_visa', 7);
    expect(result).toMatchObject({ status: 'succeeded', last4: '4242' });
    expect(result.reference).toMatch(/^pi_fake_/);
    const sent = fake.requests.at(-1);
    expect(sent?.path).toBe('/v1/payment_intents');
    expect(sent?.auth).toBe('Bearer sk_test_fake');
    expect(sent?.form.get('amount')).toBe('129000');
    expect(sent?.form.get('currency')).toBe('thb');
    expect(sent?.form.get('confirm')).toBe('true');
    expect(sent?.form.get('payment_method')).toBe('pm_card_visa');
    expect(sent?.form.get('metadata[payment_id]')).toBe('7');
    expect(sent?.idempotencyKey).toBe('baan-payment-7');
  });

  it("returns Stripe's reason on a decline", async () => {
    const result = await charge('pm_card_chargeDeclined');
    expect(result).toMatchObject({ status: 'declined', reason: 'Your card was declined.' });
    expect(result.reference).toMatch(/^pi_fake_/);
  });

  it('leaves a payment that needs 3-D Secure waiting, with the client secret', async () => {
    const result = await charge('pm_card_threeDSecure2Required');
    expect(result.status).toBe('requires_action');
    if (result.status === 'requires_action') expect(result.clientSecret).toMatch(/_secret_/);
  });

  it('refuses raw card details: the card number must never reach this server in Stripe mode', async () => {
    const provider = createStripeProvider(createStripeClient({ secretKey: 'sk_test_fake', apiBase: fake.url }));
    const before = fake.requests.length;
    expect(() =>
      provider.validate({
        kind: 'details',
        number: '4242424242424242',
        expMonth: 1,
        expYear: 2030,
        cvc: '1',
        holder: 'x',
      }),
    ).toThrow(CardInputError);
    expect(() => provider.validate({ kind: 'payment_method', id: 'not-a-pm' })).toThrow(CardInputError);
    expect(fake.requests.length).toBe(before);
  });
});
