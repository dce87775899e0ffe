import type {
  CardConfig,
  CardPaymentResult,
  LastBilling,
  Package,
  Payment,
  QrPayment,
  SubscriptionStatus,
} from '@baan/contract';
import { api } from '../../../lib/api';

export type TestCardRequest = {
  package_id: number;
  cardholder_name: string;
  card_number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
} & BillingRequestFields;

/** Stripe mode: Stripe.js turned the card into a PaymentMethod; no card number reaches us. */
export type StripeCardRequest = { package_id: number; payment_method_id: string } & BillingRequestFields;

export type BillingRequestFields = {
  billing_name?: string;
  billing_company?: string;
  billing_tax_id?: string;
  billing_branch?: string;
  billing_address?: string;
};

/** Packages, subscription and payment calls (docs/api.md "Packages, payments, subscriptions"). */
export const paymentsApi = api.enhanceEndpoints({ addTagTypes: ['Subscription'] }).injectEndpoints({
  endpoints: (build) => ({
    getPackages: build.query<Package[], void>({ query: () => '/packages' }),
    getSubscription: build.query<SubscriptionStatus, void>({
      query: () => '/user/subscription',
      providesTags: ['Subscription'],
    }),
    getCardConfig: build.query<CardConfig, void>({ query: () => '/payment/card/config' }),
    /** The billing details of the last payment, to start the billing form with (null when none). */
    getLastBilling: build.query<LastBilling | null, void>({ query: () => '/user/billing', keepUnusedDataFor: 0 }),
    getQrPayment: build.query<QrPayment, number>({ query: (packageId) => `/payment/qr?package_id=${packageId}` }),
    payByCard: build.mutation<CardPaymentResult, TestCardRequest | StripeCardRequest>({
      query: (body) => ({ url: '/payment/card', method: 'POST', body }),
      invalidatesTags: ['Subscription'],
    }),
    submitQrReceipt: build.mutation<Payment, FormData>({
      query: (body) => ({ url: '/payment/qr/manual', method: 'POST', body }),
      invalidatesTags: ['Subscription'],
    }),
  }),
});

export const {
  useGetPackagesQuery,
  useGetSubscriptionQuery,
  useLazyGetSubscriptionQuery,
  useGetCardConfigQuery,
  useGetLastBillingQuery,
  useGetQrPaymentQuery,
  usePayByCardMutation,
  useSubmitQrReceiptMutation,
} = paymentsApi;
