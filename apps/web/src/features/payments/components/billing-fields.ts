import type { BillingRequestFields } from '../api/payments-api';
import type { CheckoutState } from '../hooks/checkout-state';

/** The billing form's values as the payment calls take them (empty ones left out). */
export function billingFields(checkout: CheckoutState): BillingRequestFields {
  const b = checkout.billing;
  if (!b) return {};
  const entries = Object.entries(b).filter(([, v]) => typeof v === 'string' && v !== '');
  return Object.fromEntries(entries) as BillingRequestFields;
}
