import {
  CardConfigResponse,
  CardPaymentRequest,
  CardPaymentResponse,
  CreateSubscriptionRequest,
  LastBillingResponse,
  ManualQrPaymentForm,
  PAYMENT_MESSAGES,
  PackageQuery,
  PackagesResponse,
  PaymentResponse,
  QrPaymentResponse,
  RecordIdParams,
  StripeCardPaymentRequest,
  SubscriptionResponse,
  SubscriptionStatusResponse,
  TestCardPaymentRequest,
} from '@baan/contract';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import { mediaResponse, type RoutesPlugin, readInHandler } from '../../lib/route-schemas.ts';
import { parse } from '../../lib/validate.ts';
import { listPackages } from '../../services/packages/package-tiers.ts';
import { billingSnapshot } from '../../services/payments/billing-snapshot.ts';
import { getLastBilling } from '../../services/payments/get-last-billing.ts';
import { getPaymentForViewer } from '../../services/payments/get-payment-for-viewer.ts';
import { getQrPayment } from '../../services/payments/get-qr-payment.ts';
import { payByCard } from '../../services/payments/pay-by-card.ts';
import { receiveQrReceipt } from '../../services/payments/receive-qr-receipt.ts';
import { submitQrReceipt } from '../../services/payments/submit-qr-receipt.ts';
import { typicalQrReviewHours } from '../../services/payments/typical-review-time.ts';
import { getSubscriptionStatus } from '../../services/subscriptions/get-subscription-status.ts';
import { grantSubscription } from '../../services/subscriptions/grant-subscription.ts';
import { type PaymentRow, toPayment, toSubscription } from '../../services/subscriptions/payment-wire.ts';
import stripeWebhook from './stripe-webhook.ts';

function currentUser(request: FastifyRequest) {
  if (!request.user) throw new Error('route used without app.authenticate');
  return request.user;
}

/** An id that is not a positive whole number names no payment. */
const PAYMENT_ID = { input: { notFound: 'Payment not found.' } };

/** Packages, subscriptions and payments: docs/api.md "Packages, payments, subscriptions". */
const payments: RoutesPlugin = async (app) => {
  // Scoped to these routes: only the receipt upload takes multipart.
  await app.register(multipart);
  await app.register(stripeWebhook);
  const now = () => app.clock.now();

  app.get('/packages', { schema: { response: { 200: PackagesResponse } } }, async () => ok(await listPackages(app.db)));

  app.get(
    '/user/subscription',
    { preHandler: app.authenticate, schema: { response: { 200: SubscriptionStatusResponse } } },
    async (request) => ok(await getSubscriptionStatus(app.db, currentUser(request).id, now())),
  );

  // The billing details of the caller's latest payment, so the next checkout starts filled in.
  app.get(
    '/user/billing',
    { preHandler: app.authenticate, schema: { response: { 200: LastBillingResponse } } },
    async (request) => ok(await getLastBilling(app.db, currentUser(request).id)),
  );

  app.get('/payment/card/config', { schema: { response: { 200: CardConfigResponse } } }, async () =>
    ok({
      provider: app.payments.card?.kind ?? 'none',
      test_mode: app.payments.card?.isTestMode ?? false,
      publishable_key: app.config.payments.stripe?.publishableKey ?? null,
      card_enabled: app.payments.card !== null,
      qr_enabled: app.payments.promptPay !== null,
      qr_demo: app.payments.promptPay !== null && app.payments.promptPayIsDemo,
      qr_review_hours: app.payments.promptPay !== null ? await typicalQrReviewHours(app.db, now()) : null,
    }),
  );

  app.get(
    '/payment/qr',
    { preHandler: app.authenticate, schema: { querystring: PackageQuery, response: { 200: QrPaymentResponse } } },
    async (request) => {
      if (!app.payments.promptPay) throw new HttpError(503, PAYMENT_MESSAGES.qrUnavailable);
      const userId = currentUser(request).id;
      return ok(await getQrPayment(app.db, app.payments.promptPay, userId, request.query.package_id));
    },
  );

  app.post(
    '/payment/qr/manual',
    {
      preHandler: app.authenticate,
      // Streamed by receiveQrReceipt after the checks that need no image; its fields are parsed there.
      schema: { body: readInHandler({ form: ManualQrPaymentForm }), response: { 201: PaymentResponse } },
    },
    async (request, reply) => {
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
          transactionKey: receipt.transactionKey,
          image: receipt.image,
          billing: billingSnapshot(receipt.input),
        });
      } finally {
        // Before answering, so no temporary file outlives the request.
        await receipt.cleanup();
      }
      request.log.info({ paymentId: payment.id }, 'QR payment submitted for review');
      return reply.code(201).send(ok(toPayment(payment), PAYMENT_MESSAGES.receiptSubmitted));
    },
  );

  app.post(
    '/payment/card',
    {
      preHandler: app.authenticate,
      // Which of the two bodies applies follows the card provider, checked (503) and limited first.
      schema: {
        body: readInHandler({ json: CardPaymentRequest }),
        response: { 200: CardPaymentResponse, 202: CardPaymentResponse },
      },
    },
    async (request, reply) => {
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
      if (!result.subscription) return reply.code(202).send(ok(payload, PAYMENT_MESSAGES.cardPending));
      return ok(payload, PAYMENT_MESSAGES.cardPaid);
    },
  );

  app.get(
    '/payments/:id',
    {
      preHandler: app.authenticate,
      schema: { params: RecordIdParams, response: { 200: PaymentResponse } },
      config: PAYMENT_ID,
    },
    async (request) => {
      const payment = await getPaymentForViewer(app.db, String(request.params.id), currentUser(request));
      return ok(toPayment(payment));
    },
  );

  app.get(
    '/payments/:id/receipt',
    {
      preHandler: app.authenticate,
      schema: {
        params: RecordIdParams,
        response: { 200: mediaResponse('image/*', 'The receipt image as it was uploaded.', z.file()) },
      },
      config: PAYMENT_ID,
    },
    async (request, reply) => {
      const payment = await getPaymentForViewer(app.db, String(request.params.id), currentUser(request));
      const file = payment.receiptKey ? await app.storage.get(payment.receiptKey) : null;
      if (!file) throw notFound('This payment has no receipt.');
      return reply
        .header('Cache-Control', 'private, no-store')
        .header('Content-Length', file.size)
        .type(file.contentType)
        .send(file.body);
    },
  );

  app.post(
    '/subscriptions',
    {
      preHandler: app.requireAdmin,
      schema: { body: CreateSubscriptionRequest, response: { 201: SubscriptionResponse } },
    },
    async (request, reply) => {
      const at = now();
      const admin = currentUser(request);
      const subscription = await grantSubscription(app.db, request.body, { id: admin.id, email: admin.email }, at);
      return reply.code(201).send(ok(toSubscription(subscription, at)));
    },
  );
};

export default payments;
