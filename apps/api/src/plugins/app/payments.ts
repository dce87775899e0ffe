import fp from 'fastify-plugin';
import type Stripe from 'stripe';
import { DEMO_PROMPTPAY_ID } from '../../config.ts';
import type { CardProvider } from '../../services/payments/card/card-provider.ts';
import { createStripeClient, createStripeProvider } from '../../services/payments/card/stripe-provider.ts';
import { createTestCardProcessor } from '../../services/payments/card/test-card-processor.ts';
import { type PromptPayTarget, parsePromptPayId } from '../../services/payments/promptpay-payload.ts';

declare module 'fastify' {
  interface FastifyInstance {
    payments: {
      /**
       * Stripe when STRIPE_SECRET_KEY is set; else the built-in test processor outside production;
       * null (card payments off) in production without Stripe.
       */
      card: CardProvider | null;
      /** The Stripe client (webhooks), when Stripe is configured. */
      stripe: Stripe | null;
      /** Where PromptPay QR payments go; null turns QR payments off. */
      promptPay: PromptPayTarget | null;
      /** True when QR payments go to the demo PromptPay ID (outside production only). */
      promptPayIsDemo: boolean;
    };
  }
}

/** Payment providers from the configuration. A malformed PROMPTPAY_ID stops the start-up. */
export default fp(
  async (app) => {
    const { promptPayId, stripe: stripeConfig, testCards } = app.config.payments;
    const promptPay = promptPayId ? parsePromptPayId(promptPayId) : null;
    const promptPayIsDemo = promptPayId === DEMO_PROMPTPAY_ID;
    if (!promptPay) app.log.warn('PROMPTPAY_ID is not set: QR payments are off');
    else if (promptPayIsDemo) app.log.warn('QR payments use the demo PromptPay ID, which reaches no bank account');
    const stripe = stripeConfig
      ? createStripeClient({ secretKey: stripeConfig.secretKey, apiBase: stripeConfig.apiBase })
      : null;
    if (stripe && !stripeConfig?.webhookSecret) {
      app.log.warn('STRIPE_WEBHOOK_SECRET is not set: payments needing 3-D Secure will not complete');
    }
    let card: CardProvider | null = null;
    if (stripe) card = createStripeProvider(stripe);
    else if (testCards) {
      card = createTestCardProcessor(() => app.clock.now());
      app.log.warn(
        'card payments use the built-in test processor: no money moves (set STRIPE_SECRET_KEY for real ones)',
      );
    } else app.log.warn('STRIPE_SECRET_KEY is not set: card payments are off');
    app.decorate('payments', { card, stripe, promptPay, promptPayIsDemo });
  },
  { name: 'payments', dependencies: ['config', 'clock'] },
);
