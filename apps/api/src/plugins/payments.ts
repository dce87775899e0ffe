import fp from 'fastify-plugin';
import type Stripe from 'stripe';
import type { CardProvider } from '../services/payments/card/card-provider.ts';
import { createStripeClient, createStripeProvider } from '../services/payments/card/stripe-provider.ts';
import { createTestCardProcessor } from '../services/payments/card/test-card-processor.ts';
import { type PromptPayTarget, parsePromptPayId } from '../services/payments/promptpay-payload.ts';

declare module 'fastify' {
  interface FastifyInstance {
    payments: {
      /** Stripe when STRIPE_SECRET_KEY is set, else the built-in test processor. */
      card: CardProvider;
      /** The Stripe client (webhooks), when Stripe is configured. */
      stripe: Stripe | null;
      /** Where PromptPay QR payments go; null turns QR payments off. */
      promptPay: PromptPayTarget | null;
    };
  }
}

/** Payment providers from the configuration. A malformed PROMPTPAY_ID stops the start-up. */
export default fp(
  async (app) => {
    const { promptPayId, stripe: stripeConfig } = app.config.payments;
    const promptPay = promptPayId ? parsePromptPayId(promptPayId) : null;
    if (!promptPay) app.log.warn('PROMPTPAY_ID is not set: QR payments are off');
    const stripe = stripeConfig
      ? createStripeClient({ secretKey: stripeConfig.secretKey, apiBase: stripeConfig.apiBase })
      : null;
    if (stripe && !stripeConfig?.webhookSecret) {
      app.log.warn('STRIPE_WEBHOOK_SECRET is not set: payments needing 3-D Secure will not complete');
    }
    const card = stripe ? createStripeProvider(stripe) : createTestCardProcessor(() => app.clock.now());
    app.decorate('payments', { card, stripe, promptPay });
  },
  { name: 'payments', dependencies: ['config', 'clock'] },
);
