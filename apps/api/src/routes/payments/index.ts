import {
  CreateSubscriptionRequest,
  PAYMENT_MESSAGES,
  PackageQuery,
  StripeCardPaymentRequest,
  TestCardPaymentRequest,
} from '@baan/contract';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { HttpError, notFound } from '../../lib/errors.ts';
import { parse } from '../../lib/validate.ts';
import { listPackages } from '../../services/packages/package-tiers.ts';
import { billingSnapshot } from '../../services/payments/billing-snapshot.ts';
import { getPaymentForViewer } from '../../services/payments/get-payment-for-viewer.ts';
import { getQrPayment } from '../../services/payments/get-qr-payment.ts';
import { payByCard } from '../../services/payments/pay-by-card.ts';
import { type PaymentRow, toPayment, toSubscription } from '../../services/payments/payment-wire.ts';
import { receiveQrReceipt } from '../../services/payments/receive-qr-receipt.ts';
import { submitQrReceipt } from '../../services/payments/submit-qr-receipt.ts';
import { getSubscriptionStatus } from '../../services/subscriptions/get-subscription-status.ts';
import { grantSubscription } from '../../services/subscriptions/grant-subscription.ts';
import stripeWebhook from './stripe-webhook.ts';

function currentUser(request: FastifyRequest) {
  if (!request.user) throw new Error('route used without app.authenticate');
  return request.user;
}

/** Packages, subscriptions and payments: docs/api.md "Packages, payments, subscriptions". */
const payments: FastifyPluginAsync = async (app) => {
  // Scoped to these routes: only the receipt upload takes multipart.
  await app.register(multipart);
  await app.register(stripeWebhook);
  const now = () => app.clock.now();

  app.get('/packages', async () => ({ success: true, payload: await listPackages(app.db) }));

  app.get('/user/subscription', { preHandler: app.authenticate }, async (request) => ({
    success: true,
    payload: await getSubscriptionStatus(app.db, currentUser(request).id, now()),
  }));

  app.get('/payment/card/config', async () => ({
    success: true,
    payload: {
      provider: app.payments.card?.kind ?? 'none',
      test_mode: app.payments.card?.isTestMode ?? false,
      publishable_key: app.config.payments.stripe?.publishableKey ?? null,
      card_enabled: app.payments.card !== null,
      qr_enabled: app.payments.promptPay !== null,
      qr_demo: app.payments.promptPay !== null && app.payments.promptPayIsDemo,
    },
  }));

  app.get('/payment/qr', { preHandler: app.authenticate }, async (request) => {
    const { package_id } = parse(PackageQuery, request.query);
    if (!app.payments.promptPay) throw new HttpError(503, PAYMENT_MESSAGES.qrUnavailable);
    return {
      success: true,
      payload: await getQrPayment(app.db, app.payments.promptPay, currentUser(request).id, package_id),
    };
  });

  app.post('/payment/qr/manual', { preHandler: app.authenticate }, async (request, reply) => {
    const user = currentUser(request);
    // Everything that needs no image is answered before the image is read.
    if (!app.payments.promptPay) throw new HttpError(503, PAYMENT_MESSAGES.qrUnavailable);
    await app.rateLimit.byIp('qrReceipt', request);
    await app.rateLimit.byEmail('qrReceipt', user.email);
    const receipt = await receiveQrReceipt(app, request, user.id);
    let payment: PaymentRow;
    try {
      payment = await submitQrReceipt(app.db, app.storage, {
        userId: user.id,
        packageId: receipt.input.package_id,
        transactionId: receipt.input.transaction_id,
        image: receipt.image,
        billing: billingSnapshot(receipt.input),
      });
    } finally {
      // Before answering, so no temporary file outlives the request.
      await receipt.cleanup();
    }
    request.log.info({ paymentId: payment.id }, 'QR payment submitted for review');
    return reply
      .code(201)
      .send({ success: true, message: PAYMENT_MESSAGES.receiptSubmitted, payload: toPayment(payment) });
  });

  app.post('/payment/card', { preHandler: app.authenticate }, async (request, reply) => {
    const user = currentUser(request);
    const provider = app.payments.card;
    if (!provider) throw new HttpError(503, PAYMENT_MESSAGES.cardUnavailable);
    await app.rateLimit.byIp('cardPayment', request);
    await app.rateLimit.byEmail('cardPayment', user.email);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const isStripe = provider.kind === 'stripe';
    const input = isStripe ? parse(StripeCardPaymentRequest, body) : parse(TestCardPaymentRequest, body);
    const card =
      'payment_method_id' in input
        ? { kind: 'payment_method' as const, id: input.payment_method_id }
        : {
            kind: 'details' as const,
            number: input.card_number,
            expMonth: input.exp_month,
            expYear: input.exp_year,
            cvc: input.cvc,
            holder: input.cardholder_name,
          };
    const result = await payByCard(
      app.db,
      provider,
      { userId: user.id, packageId: input.package_id, card, billing: billingSnapshot(input) },
      now,
      request.log,
    );
    const at = now();
    const payload = {
      payment: toPayment(result.payment),
      subscription: result.subscription ? toSubscription(result.subscription, at) : null,
      client_secret: result.clientSecret,
    };
    if (!result.subscription) {
      return reply.code(202).send({ success: true, message: PAYMENT_MESSAGES.cardPending, payload });
    }
    return { success: true, message: PAYMENT_MESSAGES.cardPaid, payload };
  });

  app.get<{ Params: { id: string } }>('/payments/:id', { preHandler: app.authenticate }, async (request) => {
    const payment = await getPaymentForViewer(app.db, request.params.id, currentUser(request));
    return { success: true, payload: toPayment(payment) };
  });

  app.get<{ Params: { id: string } }>(
    '/payments/:id/receipt',
    { preHandler: app.authenticate },
    async (request, reply) => {
      const payment = await getPaymentForViewer(app.db, request.params.id, currentUser(request));
      const file = payment.receiptKey ? await app.storage.get(payment.receiptKey) : null;
      if (!file) throw notFound('This payment has no receipt.');
      return reply
        .header('Cache-Control', 'private, no-store')
        .header('Content-Length', file.size)
        .type(file.contentType)
        .send(file.body);
    },
  );

  app.post('/subscriptions', { preHandler: app.requireAdmin }, async (request, reply) => {
    const input = parse(CreateSubscriptionRequest, request.body);
    const at = now();
    const admin = currentUser(request);
    const subscription = await grantSubscription(app.db, input, { id: admin.id, email: admin.email }, at);
    return reply.code(201).send({ success: true, payload: toSubscription(subscription, at) });
  });
};

export default payments;
