import type { Payment, Subscription } from '@baan/contract';
import type { payments, subscriptions } from '../../db/schema.ts';
import { isPeriodActive } from './subscription-period.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Receipts are private: served to their payer and admins through the API, never under /uploads. */
export const receiptUrl = (paymentId: number) => `/api/payments/${paymentId}/receipt`;

export function toPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    user_id: row.userId,
    package_id: row.packageId,
    amount: row.amount,
    method: row.method,
    status: row.status,
    provider: row.provider,
    provider_reference: row.providerReference,
    reference: row.reference,
    card_last4: row.cardLast4,
    transaction_id: row.transactionId,
    receipt_url: row.receiptKey ? receiptUrl(row.id) : null,
    failure_reason: row.failureReason,
    reviewed_by: row.reviewedBy,
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    reject_reason: row.rejectReason,
    billing: row.billing ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export function toSubscription(row: SubscriptionRow, now: Date): Subscription {
  return {
    id: row.id,
    user_id: row.userId,
    package_id: row.packageId,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    payment_id: row.paymentId,
    amount: row.amount,
    payment_method: row.paymentMethod,
    is_active: isPeriodActive(row, now) ? 1 : 0,
  };
}
