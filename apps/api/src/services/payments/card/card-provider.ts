/**
 * A card provider takes one charge for one payment. Two drivers: Stripe (PaymentIntents) when
 * STRIPE_SECRET_KEY is set, otherwise the built-in test processor, shown to people as "test mode".
 * Card numbers never leave the driver: results carry the last four digits at most.
 */
export type CardProviderKind = 'stripe' | 'test';

export type ChargeRequest = {
  /** Our payment row, for idempotency and for matching webhooks back. */
  paymentId: number;
  userId: number;
  /** Whole baht. */
  amountThb: number;
  description: string;
  card: CardInput;
};

export type CardInput =
  /** Test mode: raw test card details (never stored). */
  | { kind: 'details'; number: string; expMonth: number; expYear: number; cvc: string; holder: string }
  /** Stripe: a PaymentMethod created by Stripe.js in the browser. */
  | { kind: 'payment_method'; id: string };

export type ChargeResult =
  | { status: 'succeeded'; reference: string; last4: string | null }
  | { status: 'declined'; reason: string; reference: string | null; last4: string | null }
  /** The bank wants the customer to confirm (3-D Secure); the webhook settles it later. */
  | { status: 'requires_action'; reference: string; clientSecret: string | null; last4: string | null };

export interface CardProvider {
  readonly kind: CardProviderKind;
  /** True for the built-in processor: no money moves. */
  readonly isTestMode: boolean;
  /** Checks the caller's card input before any payment row is written; throws CardInputError. */
  validate(card: CardInput): void;
  charge(request: ChargeRequest): Promise<ChargeResult>;
}

/** A problem with what the caller sent (field → message); becomes a 400, nothing is charged. */
export class CardInputError extends Error {
  readonly errors: Record<string, string[]>;
  constructor(errors: Record<string, string[]>) {
    super('Please check the card details.');
    this.errors = errors;
  }
}
