import { randomUUID } from 'node:crypto';
import {
  type CardInput,
  CardInputError,
  type CardProvider,
  type ChargeRequest,
  type ChargeResult,
} from './card-provider.ts';
import { isLuhnValid } from './luhn.ts';

/**
 * Test cards, after Stripe's published test numbers so a team can switch drivers without
 * relearning them. Any other well-formed number is declined: test mode never takes a real card.
 */
const OUTCOMES: Record<string, ChargeResult['status'] | { decline: string }> = {
  '4242424242424242': 'succeeded',
  '5555555555554444': 'succeeded',
  '4000000000000002': { decline: 'Your card was declined.' },
  '4000000000009995': { decline: 'Your card has insufficient funds.' },
  '4000000000000069': { decline: 'Your card has expired.' },
  '4000000000000127': { decline: "Your card's security code is incorrect." },
};

const NOT_A_TEST_CARD = 'Test mode accepts test cards only, such as 4242 4242 4242 4242.';

export type CardDetails = { number: string; expMonth: number; expYear: number; cvc: string };

/** The digits of a card number as people type it (spaces and dashes allowed), or null. */
export function cardDigits(raw: string): string | null {
  const digits = raw.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(digits) ? digits : null;
}

/**
 * Checks number (Luhn), expiry (this month or later, by the given clock) and CVC.
 * Throws CardInputError with messages per wire field.
 */
export function validateCardDetails(card: CardDetails, now: Date): string {
  const errors: Record<string, string[]> = {};
  const digits = cardDigits(card.number);
  if (!digits || !isLuhnValid(digits)) errors.card_number = ['The card number is not valid.'];
  const month = card.expMonth;
  // Two-digit years are read as 20xx, as printed on cards.
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  if (!Number.isInteger(month) || month < 1 || month > 12) errors.exp_month = ['The expiry month must be 1 to 12.'];
  else if (!Number.isInteger(year) || year < 2000 || year > 2100) errors.exp_year = ['The expiry year is not valid.'];
  else {
    const nowIndex = now.getUTCFullYear() * 12 + now.getUTCMonth();
    const cardIndex = year * 12 + (month - 1);
    if (cardIndex < nowIndex) errors.exp_year = ['The card has expired.'];
    else if (cardIndex > nowIndex + 12 * 20) errors.exp_year = ['The expiry year is too far ahead.'];
  }
  if (!/^\d{3,4}$/.test(card.cvc)) errors.cvc = ['The security code must be 3 or 4 digits.'];
  if (Object.keys(errors).length > 0 || !digits) throw new CardInputError(errors);
  return digits;
}

/** The built-in processor: no network, no money; outcome decided by the test card number. */
export function createTestCardProcessor(clock: () => Date = () => new Date()): CardProvider {
  const check = (card: CardInput): string => {
    if (card.kind !== 'details') throw new CardInputError({ card_number: ['Please enter the card details.'] });
    return validateCardDetails(card, clock());
  };
  return {
    kind: 'test',
    isTestMode: true,
    validate(card) {
      check(card);
    },
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      const digits = check(request.card);
      const last4 = digits.slice(-4);
      const reference = `test_${randomUUID()}`;
      const outcome = OUTCOMES[digits];
      if (outcome === 'succeeded') return { status: 'succeeded', reference, last4 };
      const reason = outcome && typeof outcome === 'object' ? outcome.decline : NOT_A_TEST_CARD;
      return { status: 'declined', reason, reference, last4 };
    },
  };
}
