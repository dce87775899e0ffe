import { describe, expect, it } from 'vitest';
import { CardInputError, type ChargeRequest } from '../src/services/payments/card/card-provider.ts';
import { isLuhnValid } from '../src/services/payments/card/luhn.ts';
import { createTestCardProcessor, validateCardDetails } from '../src/services/payments/card/test-card-processor.ts';

const now = new Date('2026-11-21T08:00:00Z');
const processor = createTestCardProcessor(() => now);

function request(
  number: string,
  over: Partial<{ expMonth: number; expYear: number; cvc: string }> = {},
): ChargeRequest {
  return {
    paymentId: 1,
    userId: 1,
    amountThb: 490,
    description: 'Starter',
    card: { kind: 'details', number, expMonth: 12, expYear: 2030, cvc: '123', holder: 'Somchai', ...over },
  };
}

function fieldErrors(fn: () => unknown): Record<string, string[]> {
  try {
    fn();
  } catch (err) {
    if (err instanceof CardInputError) return err.errors;
    throw err;
  }
  throw new Error('expected a CardInputError');
}

describe('Luhn', () => {
  it('accepts real test numbers and rejects one wrong digit', () => {
    expect(isLuhnValid('4242424242424242')).toBe(true);
    expect(isLuhnValid('4000000000000002')).toBe(true);
    expect(isLuhnValid('5555555555554444')).toBe(true);
    expect(isLuhnValid('79927398713')).toBe(true);
    expect(isLuhnValid('4242424242424241')).toBe(false);
    expect(isLuhnValid('79927398710')).toBe(false);
    expect(isLuhnValid('4242-4242')).toBe(false);
    expect(isLuhnValid('')).toBe(false);
  });
});

describe('test card processor', () => {
  it('is labelled test mode', () => {
    expect(processor.kind).toBe('test');
    expect(processor.isTestMode).toBe(true);
  });

  it('charges 4242 4242 4242 4242 and keeps only the last four digits', async () => {
    const result = await processor.charge(request('4242 4242 4242 4242'));
    expect(result).toMatchObject({ status: 'succeeded', last4: '4242' });
    expect(result.reference).toMatch(/^test_/);
    expect(JSON.stringify(result)).not.toContain('42424242');
  });

  it('declines 4000 0000 0000 0002 with a reason', async () => {
    const result = await processor.charge(request('4000-0000-0000-0002'));
    expect(result).toMatchObject({ status: 'declined', reason: 'Your card was declined.', last4: '0002' });
  });

  it('declines any other valid number: test mode never takes a real card', async () => {
    const result = await processor.charge(request('4111111111111111'));
    expect(result.status).toBe('declined');
    if (result.status === 'declined') expect(result.reason).toContain('4242 4242 4242 4242');
  });

  it('rejects a number that fails the Luhn check before charging', async () => {
    await expect(processor.charge(request('4242424242424241'))).rejects.toBeInstanceOf(CardInputError);
    expect(fieldErrors(() => processor.validate(request('4242424242424241').card))).toEqual({
      card_number: ['The card number is not valid.'],
    });
    expect(fieldErrors(() => processor.validate(request('4242').card))).toHaveProperty('card_number');
  });

  it('checks expiry against the clock: this month is fine, last month has expired', () => {
    const card = { number: '4242424242424242', cvc: '123' };
    expect(validateCardDetails({ ...card, expMonth: 11, expYear: 2026 }, now)).toBe('4242424242424242');
    expect(validateCardDetails({ ...card, expMonth: 11, expYear: 26 }, now)).toBe('4242424242424242');
    expect(fieldErrors(() => validateCardDetails({ ...card, expMonth: 10, expYear: 2026 }, now))).toEqual({
      exp_year: ['The card has expired.'],
    });
    expect(fieldErrors(() => validateCardDetails({ ...card, expMonth: 13, expYear: 2027 }, now))).toHaveProperty(
      'exp_month',
    );
    expect(fieldErrors(() => validateCardDetails({ ...card, expMonth: 0, expYear: 2027 }, now))).toHaveProperty(
      'exp_month',
    );
  });

  it('needs a 3 or 4 digit CVC', () => {
    const card = { number: '4242424242424242', expMonth: 1, expYear: 2030 };
    for (const cvc of ['123', '1234']) expect(() => validateCardDetails({ ...card, cvc }, now)).not.toThrow();
    for (const cvc of ['12', '12345', 'abc', '']) {
      expect(fieldErrors(() => validateCardDetails({ ...card, cvc }, now))).toHaveProperty('cvc');
    }
  });

  it('refuses a Stripe payment method id: it needs card details', () => {
    expect(fieldErrors(() => processor.validate({ kind: 'payment_method', id: 'pm_card_visa' }))).toHaveProperty(
      'card_number',
    );
  });
});
