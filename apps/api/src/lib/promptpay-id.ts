/** A PromptPay ID (the shop's, from PROMPTPAY_ID): read by the configuration and by the QR payload. */
export type PromptPayTarget =
  /** Sub-tag 01: a Thai mobile number, sent as 0066 followed by the number without its 0. */
  | { kind: 'mobile'; value: string }
  /** Sub-tag 02: a 13-digit national ID or tax ID. */
  | { kind: 'tax_id'; value: string }
  /** Sub-tag 03: a 15-digit e-wallet ID. */
  | { kind: 'ewallet'; value: string };

export class PromptPayIdError extends Error {}

/**
 * Reads a PromptPay ID as people write it: `081-234-5678`, `+66 81 234 5678`, a 13-digit tax ID
 * or a 15-digit e-wallet ID. Throws PromptPayIdError for anything else.
 */
export function parsePromptPayId(raw: string): PromptPayTarget {
  const compact = raw.replace(/[\s-]/g, '');
  if (/^\+?66\d{9}$/.test(compact)) return { kind: 'mobile', value: `0066${compact.replace(/^\+?66/, '')}` };
  if (/^0\d{9}$/.test(compact)) return { kind: 'mobile', value: `0066${compact.slice(1)}` };
  if (/^\d{13}$/.test(compact)) return { kind: 'tax_id', value: compact };
  if (/^\d{15}$/.test(compact)) return { kind: 'ewallet', value: compact };
  throw new PromptPayIdError(
    `PROMPTPAY_ID must be a Thai mobile number (0812345678), a 13-digit tax ID or a 15-digit e-wallet ID, got "${raw}"`,
  );
}
