/**
 * PromptPay "Thai QR Payment" payloads (EMVCo Merchant-Presented Mode, credit transfer to a
 * PromptPay proxy). Every field is a TLV: two-digit tag, two-digit length, value.
 */

/** The PromptPay application id inside tag 29 (merchant account information). */
export const PROMPTPAY_AID = 'A000000677010111';

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

const SUB_TAG: Record<PromptPayTarget['kind'], string> = { mobile: '01', tax_id: '02', ewallet: '03' };

function tlv(tag: string, value: string): string {
  if (value.length > 99) throw new Error(`EMVCo field ${tag} is too long`);
  return `${tag}${String(value.length).padStart(2, '0')}${value}`;
}

/** CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF, no reflection), as EMVCo tag 63 needs. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Baht with exactly two decimals ("490.00"); satang are kept when a price has them. */
export function formatAmount(amountThb: number): string {
  if (!Number.isFinite(amountThb) || amountThb <= 0) throw new Error('The amount must be a positive number of baht.');
  const satang = Math.round(amountThb * 100);
  return `${Math.floor(satang / 100)}.${String(satang % 100).padStart(2, '0')}`;
}

/**
 * A dynamic (point of initiation 12, single use) PromptPay payload for an exact amount in THB.
 * Banking apps scan it and pre-fill both the recipient and the amount.
 */
export function promptPayPayload(target: PromptPayTarget, amountThb: number): string {
  const merchant = tlv('00', PROMPTPAY_AID) + tlv(SUB_TAG[target.kind], target.value);
  const body =
    tlv('00', '01') + // payload format indicator
    tlv('01', '12') + // point of initiation: dynamic
    tlv('29', merchant) +
    tlv('53', '764') + // currency: THB (ISO 4217)
    tlv('54', formatAmount(amountThb)) +
    tlv('58', 'TH') +
    '6304'; // the CRC covers its own tag and length
  return body + crc16(body);
}
