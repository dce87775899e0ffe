import { z } from 'zod';
import { successEnvelope } from './envelope.ts';
import { MAX_DB_INT } from './input.ts';

/** Days one purchase lasts. */
export const PACKAGE_DURATION_DAYS = 30;

export const PAYMENT_MESSAGES = {
  packageNotFound: 'That package is not available.',
  imageMissing: 'Please provide image.',
  imageType: 'The receipt must be a JPEG, PNG, GIF, WebP, TIFF or AVIF image.',
  imageTooLarge: 'The receipt image is too large (at most 50 MB).',
  notYourPayment: 'You can only pay for your own account.',
  cannotReviewOwn: 'You cannot review your own payment.',
  notPending: 'This payment has already been reviewed.',
  transactionUsed: 'This transaction ID has already been submitted.',
  receiptSubmitted: 'Transaction submitted successfully!',
  paymentFailed: 'Payment failed. Please try again.',
  cardPaid: 'Payment successful. Your subscription is active.',
  cardPending: 'Your bank asks you to confirm this payment.',
  approved: 'Payment approved. The subscription is active.',
  rejected: 'Payment rejected.',
  qrUnavailable: 'PromptPay payments are not set up on this site.',
  cardUnavailable: 'Card payments are not set up on this site yet. Please pay by PromptPay QR or try again later.',
  stripeUnavailable: 'Stripe is not set up on this site.',
  badSignature: 'The webhook signature is not valid.',
} as const;

/** Feature keys a package may list; the web app translates them. */
export const PACKAGE_FEATURES = [
  'unlimitedListings',
  'featuredAds',
  'fullAnalytics',
  'emailAnalyticsLeadTracking',
  'premiumVisibility',
] as const;

export const Package = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Whole baht per 30 days. */
  price: z.number().int(),
  duration_days: z.number().int(),
  features: z.array(z.string()),
  /** How many listings a subscriber may feature at once (docs/api.md "Owners"). */
  featured_quota: z.number().int(),
});
export type Package = z.infer<typeof Package>;
export const PackagesResponse = successEnvelope(z.array(Package));

/**
 * The Thai 13-digit ID check digit (national ID and company tax ID alike): the weighted sum of
 * the first 12 digits (weights 13 down to 2), then (11 - sum mod 11) mod 10.
 */
export function isThaiTaxId(value: string): boolean {
  if (!/^\d{13}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(value[i]) * (13 - i);
  return (11 - (sum % 11)) % 10 === Number(value[12]);
}

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((v) => (v ? v : undefined));

/**
 * Billing details for the tax invoice, flat on the wire (they travel in multipart forms too).
 * All optional for API clients; when any is given, name and address are required.
 */
export const BillingFields = z
  .object({
    billing_name: optionalText(200, 'The billing name is too long.'),
    billing_company: optionalText(200, 'The company name is too long.'),
    billing_tax_id: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v.replace(/[\s-]/g, '') : undefined))
      .refine((v) => v === undefined || isThaiTaxId(v), 'The tax ID must be 13 digits (Thai tax or national ID).'),
    billing_branch: optionalText(60, 'The branch is too long.'),
    billing_address: optionalText(500, 'The address is too long.'),
  })
  .superRefine((b, ctx) => {
    const given = Object.values(b).some((v) => v !== undefined);
    if (!given) return;
    if (!b.billing_name)
      ctx.addIssue({ code: 'custom', path: ['billing_name'], message: 'The billing name is required.' });
    if (!b.billing_address)
      ctx.addIssue({ code: 'custom', path: ['billing_address'], message: 'The billing address is required.' });
  });
export type BillingFields = z.infer<typeof BillingFields>;

/** The billing form of the web app: the same fields, name and address always required. */
export const BillingForm = z.object({
  billing_name: z.string().trim().min(1, 'The billing name is required.').max(200, 'The billing name is too long.'),
  billing_company: z.string().trim().max(200, 'The company name is too long.'),
  billing_tax_id: z
    .string()
    .trim()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => v === '' || isThaiTaxId(v), 'The tax ID must be 13 digits (Thai tax or national ID).'),
  billing_branch: z.string().trim().max(60, 'The branch is too long.'),
  billing_address: z.string().trim().min(1, 'The billing address is required.').max(500, 'The address is too long.'),
});
export type BillingForm = z.infer<typeof BillingForm>;

const id = (name: string) =>
  z.coerce
    .number({ error: `${name} is required.` })
    .int(`${name} must be a whole number.`)
    .positive(`${name} is required.`)
    .max(MAX_DB_INT, `${name} is not a valid id.`);

export const PackageQuery = z.object({ package_id: id('package_id') });

/**
 * The form a bank transaction ID is compared and stored in, so one transfer cannot be claimed
 * twice by retyping it: NFKC (full-width letters and digits become ASCII), invisible format
 * characters (zero-width spaces, joiners, bidi marks) and whitespace removed, upper case.
 * " ab\u200bC12 " and "ＡＢＣ１２" are both "ABC12".
 */
export function normalizeTransactionId(value: string): string {
  return value
    .normalize('NFKC')
    .replace(/[\p{Cf}\p{White_Space}]/gu, '')
    .toUpperCase()
    .normalize('NFKC');
}

/**
 * Look-alikes after upper-casing, and what they look like: Latin O, I and L (a lower-case l) as digits, Cyrillic and
 * Greek capitals as Latin. The migration that added `payments.transaction_key` folds with the same two strings.
 */
const LOOK_ALIKE_FROM = 'OILАВЕЗКМНОРСТУХІЈЅΑΒΕΖΗΙΚΜΝΟΡΤΥΧ';
const LOOK_ALIKE_TO = '011ABE3KMH0PCTYX1JSABEZH1KMN0PTYX';

/**
 * The key a bank transfer is known by, whatever way its reference was typed: NFKC (full-width), upper case,
 * look-alikes folded (O → 0, I and L → 1, Cyrillic and Greek capitals → Latin), then only A–Z and 0–9.
 * `2026112700979250`, `202611-2700979250`, `2O261127OO97925O` and `2026112700979250.` are all `2026112700979250`,
 * so one transfer cannot be claimed by several buyers. Bounded input (the form's 100 characters) is expected.
 */
export function transactionKey(value: string): string {
  let key = '';
  // The form refuses more than 200 characters; nothing longer is ever a reference.
  for (const ch of value.slice(0, 400).normalize('NFKC').toUpperCase()) {
    const at = LOOK_ALIKE_FROM.indexOf(ch);
    const folded = at >= 0 ? LOOK_ALIKE_TO.charAt(at) : ch;
    if (/^[A-Z0-9]$/.test(folded)) key += folded;
  }
  return key;
}

/** The receipt form's own fields: what the API checks before it reads the receipt image. */
export const ManualQrPaymentCore = z.object({
  transaction_id: z
    .string({ error: 'The transaction ID is required.' })
    .max(200, 'The transaction ID is too long.')
    .transform(normalizeTransactionId)
    .pipe(
      z
        .string()
        .min(1, { message: 'The transaction ID is required.', abort: true })
        .max(100, { message: 'The transaction ID is too long.', abort: true })
        // Nothing but punctuation names no transfer.
        .refine((id) => transactionKey(id) !== '', 'The transaction ID is required.'),
    ),
  package_id: id('package_id'),
  user_id: id('user_id'),
});

export const ManualQrPaymentFields = ManualQrPaymentCore.and(BillingFields);
export type ManualQrPaymentFields = z.infer<typeof ManualQrPaymentFields>;
/** POST /api/payment/qr/manual as the browser sends it (multipart/form-data): the fields and the receipt image. */
export const ManualQrPaymentForm = ManualQrPaymentCore.extend({ image: z.file() }).and(BillingFields);

export const TestCardPaymentRequest = z
  .object({
    package_id: id('package_id'),
    cardholder_name: z
      .string({ error: 'The name on the card is required.' })
      .trim()
      .min(1, 'The name on the card is required.')
      .max(200, 'The name is too long.'),
    card_number: z
      .string({ error: 'The card number is required.' })
      .trim()
      .min(1, 'The card number is required.')
      .max(30),
    exp_month: z.coerce.number({ error: 'The expiry month is required.' }).int('The expiry month must be 1 to 12.'),
    exp_year: z.coerce.number({ error: 'The expiry year is required.' }).int('The expiry year is not valid.'),
    cvc: z
      .string({ error: 'The security code is required.' })
      .trim()
      .max(4, 'The security code must be 3 or 4 digits.'),
  })
  .and(BillingFields);
export type TestCardPaymentRequest = z.infer<typeof TestCardPaymentRequest>;

/** Stripe mode: a PaymentMethod id that Stripe.js made in the browser (no card number here). */
export const StripeCardPaymentRequest = z
  .object({
    package_id: id('package_id'),
    payment_method_id: z
      .string({ error: 'Please enter the card details again.' })
      .trim()
      .min(1, 'Please enter the card details again.')
      .max(255),
  })
  .and(BillingFields);
export type StripeCardPaymentRequest = z.infer<typeof StripeCardPaymentRequest>;
/** POST /api/payment/card: which of the two the server takes follows GET /api/payment/card/config's `provider`. */
export const CardPaymentRequest = z.union([TestCardPaymentRequest, StripeCardPaymentRequest]);

export const PaymentMethod = z.enum(['card', 'qr']);
export const PaymentStatus = z.enum(['pending', 'approved', 'rejected', 'paid', 'failed']);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

export const Billing = z.object({
  name: z.string(),
  company_name: z.string().nullable(),
  tax_id: z.string().nullable(),
  branch: z.string().nullable(),
  address: z.string(),
});

export const Payment = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  package_id: z.number().int(),
  amount: z.number().int(),
  method: PaymentMethod,
  status: PaymentStatus,
  provider: z.string(),
  provider_reference: z.string().nullable(),
  reference: z.string().nullable(),
  card_last4: z.string().nullable(),
  transaction_id: z.string().nullable(),
  receipt_url: z.string().nullable(),
  failure_reason: z.string().nullable(),
  reviewed_by: z.number().int().nullable(),
  reviewed_at: z.string().nullable(),
  reject_reason: z.string().nullable(),
  billing: Billing.nullable(),
  created_at: z.string(),
});
export type Payment = z.infer<typeof Payment>;
export const PaymentResponse = successEnvelope(Payment);

/** Why another payment may be the same transfer: the same reference (transactionKey) or the same receipt picture. */
export const PAYMENT_MATCH_KINDS = ['reference', 'receipt'] as const;

/** Another payment that may be the same bank transfer as the one under review. */
export const PaymentMatch = z.object({
  id: z.number().int(),
  status: PaymentStatus,
  transaction_id: z.string().nullable(),
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  created_at: z.string(),
  /** What they share. */
  same: z.array(z.enum(PAYMENT_MATCH_KINDS)),
});
export type PaymentMatch = z.infer<typeof PaymentMatch>;

/** An admin's view: the payer and the package named, and other payments that may be the same transfer. */
export const AdminPayment = Payment.extend({
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  package: z.object({ id: z.number().int(), name: z.string() }),
  matches: z.array(PaymentMatch),
});
export type AdminPayment = z.infer<typeof AdminPayment>;
export const AdminPaymentsResponse = successEnvelope(z.array(AdminPayment));
export const AdminPaymentsQuery = z.object({ status: PaymentStatus.optional() });

export const Subscription = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  package_id: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  payment_id: z.number().int().nullable(),
  amount: z.number().int(),
  payment_method: z.string(),
  is_active: z.union([z.literal(0), z.literal(1)]),
});
export type Subscription = z.infer<typeof Subscription>;

export const PendingPayment = z.object({
  id: z.number().int(),
  package_id: z.number().int(),
  /** The package paid for (retired ones too), so the package page can name it. */
  package_name: z.string(),
  amount: z.number().int(),
  method: PaymentMethod,
  created_at: z.string(),
});

/** GET /api/user/subscription. */
export const SubscriptionStatus = z.object({
  is_active: z.union([z.literal(0), z.literal(1)]),
  package_id: z.number().int().nullable(),
  package_name: z.string().nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  days_left: z.number().int(),
  pending_payment: PendingPayment.nullable(),
});
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;
export const SubscriptionStatusResponse = successEnvelope(SubscriptionStatus);

export const QrPayment = z.object({
  package_id: z.number().int(),
  amount: z.number().int(),
  promptpay_payload: z.string(),
  qr_svg: z.string(),
  /** The same QR as a `data:image/png;base64,…` URL, 600 px wide: what "Save QR" downloads for a bank app to read. */
  qr_png: z.string(),
  /** Put in the transfer's memo so the payment can be matched. */
  reference: z.string(),
});
export type QrPayment = z.infer<typeof QrPayment>;
export const QrPaymentResponse = successEnvelope(QrPayment);

export const CardPaymentResult = z.object({
  payment: Payment,
  subscription: Subscription.nullable(),
  /** Stripe only, when the bank wants the customer to confirm (3-D Secure). */
  client_secret: z.string().nullable().optional(),
});
export type CardPaymentResult = z.infer<typeof CardPaymentResult>;
export const CardPaymentResponse = successEnvelope(CardPaymentResult);

/** How the checkout shows the card form. */
export const CardConfig = z.object({
  /** `none`: card payments are off (a production site without Stripe). */
  provider: z.enum(['test', 'stripe', 'none']),
  test_mode: z.boolean(),
  publishable_key: z.string().nullable(),
  card_enabled: z.boolean(),
  qr_enabled: z.boolean(),
  /** The QR pays the built-in demo PromptPay ID, which reaches no bank account (never in production). */
  qr_demo: z.boolean(),
  /**
   * How long an admin usually takes to decide on a PromptPay transfer, in whole hours (the median over the last
   * QR_REVIEW_WINDOW_DAYS days); null with fewer than QR_REVIEW_SAMPLE_MIN decisions.
   */
  qr_review_hours: z.number().int().nullable(),
});
export type CardConfig = z.infer<typeof CardConfig>;
export const CardConfigResponse = successEnvelope(CardConfig);

/** The typical review time of PromptPay transfers is the median of the decisions of this many days… */
export const QR_REVIEW_WINDOW_DAYS = 90;
/** …when there were at least this many. */
export const QR_REVIEW_SAMPLE_MIN = 5;

/** GET /api/user/billing: the billing details of the caller's latest payment that had any, or null. */
export type LastBilling = z.infer<typeof Billing>;
export const LastBillingResponse = successEnvelope(Billing.nullable());

/** The longest reason an admin may give for rejecting a payment (it is mailed to the payer). */
export const REJECT_REASON_MAX = 500;

export const RejectPaymentRequest = z.object({
  reason: z
    .string({ error: 'Please give a reason.' })
    .trim()
    .min(1, 'Please give a reason.')
    .max(REJECT_REASON_MAX, 'The reason is too long.'),
});

export const CreateSubscriptionRequest = z.object({
  user_id: id('user_id'),
  package_id: id('package_id'),
  /** What was paid outside the site, in whole baht; the package price when absent. */
  amount: z.coerce
    .number()
    .int()
    .min(0, 'The amount cannot be negative.')
    .max(MAX_DB_INT, 'The amount is too high.')
    .optional(),
  payment_method: z.string().trim().min(1).max(40).optional(),
  status: z.literal('active', { error: "Only 'active' subscriptions can be created." }).optional(),
});
export type CreateSubscriptionRequest = z.infer<typeof CreateSubscriptionRequest>;
export const SubscriptionResponse = successEnvelope(Subscription);

/** POST /api/admin/payments/{id}/approve: the payment and the subscription it started or extended. */
export const PaymentReview = z.object({ payment: Payment, subscription: Subscription });
export type PaymentReview = z.infer<typeof PaymentReview>;
export const PaymentReviewResponse = successEnvelope(PaymentReview);

/** POST /api/payment/stripe/webhook: an event as Stripe signs and sends it (Stripe-Signature header). */
export const StripeWebhookEvent = z.looseObject({ id: z.string(), type: z.string() });
export const WebhookReceivedResponse = successEnvelope(z.object({ received: z.literal(true) }));
