import { PAYMENT_MESSAGES, StripeWebhookEvent, WebhookReceivedResponse } from '@baan/contract';
import Stripe from 'stripe';
import { ok } from '../../lib/envelope.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { type RoutesPlugin, readInHandler } from '../../lib/route-schemas.ts';
import { handleStripeEvent } from '../../services/payments/handle-stripe-event.ts';

/**
 * POST /payment/stripe/webhook. The signature covers the exact bytes Stripe sent, so this plugin
 * keeps JSON bodies raw (its own encapsulated content-type parser) and lets the Stripe SDK verify
 * them. A bad signature is a 400 and changes nothing.
 */
const stripeWebhook: RoutesPlugin = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) =>
    done(null, body),
  );

  app.post(
    '/payment/stripe/webhook',
    // The signed bytes are the body: the Stripe SDK checks and reads them.
    { schema: { body: readInHandler({ json: StripeWebhookEvent }), response: { 200: WebhookReceivedResponse } } },
    async (request) => {
      const stripe = app.payments.stripe;
      const secret = app.config.payments.stripe?.webhookSecret;
      if (!stripe || !secret) throw notFound(PAYMENT_MESSAGES.stripeUnavailable);
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body))
        throw badRequest(PAYMENT_MESSAGES.badSignature);
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(request.body, signature, secret);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeSignatureVerificationError)
          throw badRequest(PAYMENT_MESSAGES.badSignature);
        throw err;
      }
      const outcome = await handleStripeEvent(app.db, event, app.clock.now());
      request.log.info({ eventId: event.id, type: event.type, outcome }, 'stripe webhook');
      return ok({ received: true as const });
    },
  );
};

export default stripeWebhook;
