/**
 * PromptPay "Thai QR Payment" payloads (EMVCo Merchant-Presented Mode, credit transfer to a
 * PromptPay proxy). Every field is a TLV: two-digit tag, two-digit length, value.
 */
import type { PromptPayTarget } from '../../lib/promptpay-id.ts';

export { PromptPayIdError, type PromptPayTarget, parsePromptPayId } from '../../lib/promptpay-id.ts';

/** The PromptPay application id inside tag 29 (merchant account information). */
export const PROMPTPAY_AID = 'A000000677010111';

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
