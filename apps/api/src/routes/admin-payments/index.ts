import { AdminPaymentsQuery, MAX_DB_INT, PAYMENT_MESSAGES, RejectPaymentRequest } from '@baan/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { parse } from '../../lib/validate.ts';
import type { AuditActor } from '../../services/audit/record-audit.ts';
import { listPayments } from '../../services/payments/list-payments.ts';
import { toPayment, toSubscription } from '../../services/payments/payment-wire.ts';
import { approvePayment, rejectPayment } from '../../services/payments/review-payment.ts';

function paymentId(raw: string): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0 || id > MAX_DB_INT) throw notFound('Payment not found.');
  return id;
}

function reviewer(request: FastifyRequest): AuditActor {
  if (!request.user) throw new Error('route used without app.requireAdmin');
  return { id: request.user.id, email: request.user.email };
}

/** The admin's side of payments: the review queue, approve, reject. */
const adminPayments: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', app.requireAdmin);

  app.get('/admin/payments', async (request) => {
    const { status } = parse(AdminPaymentsQuery, request.query);
    return { success: true, payload: await listPayments(app.db, status) };
  });

  app.post<{ Params: { id: string } }>('/admin/payments/:id/approve', async (request) => {
    const now = app.clock.now();
    const result = await approvePayment(app.db, paymentId(request.params.id), reviewer(request), now);
    request.log.info({ paymentId: result.payment.id, reviewer: reviewer(request).id }, 'payment approved');
    return {
      success: true,
      message: PAYMENT_MESSAGES.approved,
      payload: { payment: toPayment(result.payment), subscription: toSubscription(result.subscription, now) },
    };
  });

  app.post<{ Params: { id: string } }>('/admin/payments/:id/reject', async (request) => {
    const { reason } = parse(RejectPaymentRequest, request.body);
    const payment = await rejectPayment(
      app.db,
      paymentId(request.params.id),
      reviewer(request),
      reason,
      app.clock.now(),
      { mailer: app.mailer, publicUrl: app.config.publicUrl },
    );
    request.log.info({ paymentId: payment.id, reviewer: reviewer(request).id }, 'payment rejected');
    return { success: true, message: PAYMENT_MESSAGES.rejected, payload: toPayment(payment) };
  });
};

export default adminPayments;
