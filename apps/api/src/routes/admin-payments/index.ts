import {
  AdminPaymentsQuery,
  AdminPaymentsResponse,
  PAYMENT_MESSAGES,
  PaymentResponse,
  PaymentReviewResponse,
  RecordIdParams,
  RejectPaymentRequest,
} from '@baan/contract';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../lib/envelope.ts';
import type { RoutesPlugin } from '../../lib/route-schemas.ts';
import type { AuditActor } from '../../services/audit/record-audit.ts';
import { listPayments } from '../../services/payments/list-payments.ts';
import { approvePayment, rejectPayment } from '../../services/payments/review-payment.ts';
import { toPayment, toSubscription } from '../../services/subscriptions/payment-wire.ts';

/** An id that is not a positive whole number names no payment. */
const PAYMENT_ID = { input: { notFound: 'Payment not found.' } };

function reviewer(request: FastifyRequest): AuditActor {
  if (!request.user) throw new Error('route used without app.requireAdmin');
  return { id: request.user.id, email: request.user.email };
}

/** The admin's side of payments: the review queue, approve, reject. */
const adminPayments: RoutesPlugin = async (app) => {
  app.addHook('preHandler', app.requireAdmin);

  app.get(
    '/admin/payments',
    { schema: { querystring: AdminPaymentsQuery, response: { 200: AdminPaymentsResponse } } },
    async (request) => ok(await listPayments(app.db, request.query.status)),
  );

  app.post(
    '/admin/payments/:id/approve',
    { schema: { params: RecordIdParams, response: { 200: PaymentReviewResponse } }, config: PAYMENT_ID },
    async (request) => {
      const now = app.clock.now();
      const result = await approvePayment(app.db, request.params.id, reviewer(request), now);
      request.log.info({ paymentId: result.payment.id, reviewer: reviewer(request).id }, 'payment approved');
      return ok(
        { payment: toPayment(result.payment), subscription: toSubscription(result.subscription, now) },
        PAYMENT_MESSAGES.approved,
      );
    },
  );

  app.post(
    '/admin/payments/:id/reject',
    {
      schema: { params: RecordIdParams, body: RejectPaymentRequest, response: { 200: PaymentResponse } },
      config: PAYMENT_ID,
    },
    async (request) => {
      const { id } = request.params;
      const notice = { mailer: app.mailer, publicUrl: app.config.publicUrl };
      const payment = await rejectPayment(app.db, id, reviewer(request), request.body.reason, app.clock.now(), notice);
      request.log.info({ paymentId: payment.id, reviewer: reviewer(request).id }, 'payment rejected');
      return ok(toPayment(payment), PAYMENT_MESSAGES.rejected);
    },
  );
};

export default adminPayments;
