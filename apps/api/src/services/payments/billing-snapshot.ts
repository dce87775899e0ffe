import type { BillingFields } from '@baan/contract';
import type { BillingSnapshot } from '../../db/schema.ts';

/** The billing fields as stored with the payment, or null when none were sent. */
export function billingSnapshot(fields: BillingFields): BillingSnapshot | null {
  if (!fields.billing_name || !fields.billing_address) return null;
  return {
    name: fields.billing_name,
    company_name: fields.billing_company ?? null,
    tax_id: fields.billing_tax_id ?? null,
    branch: fields.billing_branch ?? null,
    address: fields.billing_address,
  };
}
