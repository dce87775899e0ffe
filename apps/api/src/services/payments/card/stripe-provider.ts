import Stripe from 'stripe';
import {
  type CardInput,
  CardInputError,
  type CardProvider,
  type ChargeRequest,
  type ChargeResult,
} from './card-provider.ts';

export type StripeOptions = {
  secretKey: string;
  /**
   * Another API base (e.g. Stripe's local stripe-mock, or a test's fake server on 127.0.0.1);
   * the real API when absent.
   */
  apiBase?: string | undefined;
};

/** One Stripe client, shared by the card driver and the webhook route. */
export function createStripeClient(options: StripeOptions): Stripe {
  const config: Stripe.StripeConfig = { maxNetworkRetries: 1, timeout: 20_000, appInfo: { name: 'Baan' } };
  if (options.apiBase) {
    const base = new URL(options.apiBase);
    config.host = base.hostname;
    config.port = base.port || (base.protocol === 'http:' ? 80 : 443);
    config.protocol = base.protocol === 'http:' ? 'http' : 'https';
  }
  return new Stripe(options.secretKey, config);
}

const PAYMENT_METHOD_ID = /^pm_[A-Za-z0-9_]{3,200}$/;

function paymentMethodId(card: CardInput): string {
  if (card.kind !== 'payment_method' || !PAYMENT_METHOD_ID.test(card.id)) {
    throw new CardInputError({ payment_method_id: ['Please enter the card details again.'] });
  }
  return card.id;
}

function cardLast4(intent: Stripe.PaymentIntent): string | null {
  const charge = intent.latest_charge;
  if (charge && typeof charge === 'object') return charge.payment_method_details?.card?.last4 ?? null;
  return null;
}

/**
 * Card payments through Stripe PaymentIntents in THB. The amount goes in satang (THB has two
 * decimals at Stripe). The intent is confirmed at once with the PaymentMethod the browser made
 * with Stripe.js, so the card number never touches this server.
 */
export function createStripeProvider(stripe: Stripe): CardProvider {
  return {
    kind: 'stripe',
    isTestMode: false,
    validate(card) {
      paymentMethodId(card);
    },
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      const method = paymentMethodId(request.card);
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.create(
          {
            amount: request.amountThb * 100,
            currency: 'thb',
            payment_method: method,
            // Confirmed here, with no page to come back to: no redirect-based methods.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            confirm: true,
            description: request.description,
            metadata: { payment_id: String(request.paymentId), user_id: String(request.userId) },
            expand: ['latest_charge'],
          },
          // A retry after a timeout must not charge twice.
          { idempotencyKey: `baan-payment-${request.paymentId}` },
        );
      } catch (err) {
        if (err instanceof Stripe.errors.StripeCardError) {
          return { status: 'declined', reason: err.message, reference: err.payment_intent?.id ?? null, last4: null };
        }
        throw err;
      }
      const last4 = cardLast4(intent);
      if (intent.status === 'succeeded') return { status: 'succeeded', reference: intent.id, last4 };
      if (intent.status === 'requires_action' || intent.status === 'processing') {
        return { status: 'requires_action', reference: intent.id, clientSecret: intent.client_secret, last4 };
      }
      return {
        status: 'declined',
        reason: intent.last_payment_error?.message ?? 'Your card was declined.',
        reference: intent.id,
        last4,
      };
    },
  };
}
