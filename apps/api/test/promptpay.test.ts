import jsQR from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PromptPayIdError, parsePromptPayId, promptPayPayload } from '../src/services/payments/promptpay-payload.ts';
import { qrSvg } from '../src/services/payments/promptpay-qr.ts';

// --- An independent reader, written here on purpose: it shares no code with the generator. ---

/** Splits an EMVCo TLV string into tag → value, failing loudly on anything malformed. */
function readTlv(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  let i = 0;
  while (i < text.length) {
    const tag = text.slice(i, i + 2);
    const length = Number.parseInt(text.slice(i + 2, i + 4), 10);
    if (!/^\d{2}$/.test(tag) || Number.isNaN(length)) throw new Error(`bad TLV at ${i}: ${text.slice(i)}`);
    const value = text.slice(i + 4, i + 4 + length);
    if (value.length !== length) throw new Error(`truncated field ${tag}`);
    if (fields.has(tag)) throw new Error(`duplicate field ${tag}`);
    fields.set(tag, value);
    i += 4 + length;
  }
  return fields;
}

/** Table-driven CRC-16/CCITT-FALSE (the generator computes bit by bit). */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n << 8;
  for (let k = 0; k < 8; k++) c = c & 0x8000 ? (c << 1) ^ 0x1021 : c << 1;
  return c & 0xffff;
});
function crcCcittFalse(text: string): number {
  let crc = 0xffff;
  for (const ch of text) crc = ((crc << 8) ^ (CRC_TABLE[((crc >> 8) ^ ch.charCodeAt(0)) & 0xff] ?? 0)) & 0xffff;
  return crc;
}

/** Decodes a payload as a banking app would: CRC first, then the fields. */
function decode(payload: string) {
  const fields = readTlv(payload);
  expect([...fields.keys()].at(-1)).toBe('63');
  const crcField = fields.get('63');
  expect(crcField).toMatch(/^[0-9A-F]{4}$/);
  expect(Number.parseInt(crcField ?? '', 16)).toBe(crcCcittFalse(payload.slice(0, -4)));
  const merchant = readTlv(fields.get('29') ?? '');
  return { fields, merchant };
}

describe('the independent CRC used by these tests', () => {
  it('matches the published check value of CRC-16/CCITT-FALSE', () => {
    expect(crcCcittFalse('123456789')).toBe(0x29b1);
  });
});

describe('PromptPay payload', () => {
  it('encodes a mobile number as 0066…, the exact amount, THB, TH and a valid CRC', () => {
    const payload = promptPayPayload(parsePromptPayId('081-234-5678'), 1290);
    const { fields, merchant } = decode(payload);
    expect(fields.get('00')).toBe('01');
    expect(fields.get('01')).toBe('12'); // dynamic: this amount, this purchase
    expect(merchant.get('00')).toBe('A000000677010111');
    expect(merchant.get('01')).toBe('0066812345678');
    expect(fields.get('53')).toBe('764');
    expect(fields.get('54')).toBe('1290.00');
    expect(fields.get('58')).toBe('TH');
  });

  it('accepts +66 and 66 forms of the same mobile number', () => {
    for (const id of ['+66812345678', '66 81 234 5678', '0812345678']) {
      expect(decode(promptPayPayload(parsePromptPayId(id), 490)).merchant.get('01')).toBe('0066812345678');
    }
  });

  it('uses sub-tag 02 for a 13-digit tax ID and 03 for a 15-digit e-wallet ID', () => {
    const tax = decode(promptPayPayload(parsePromptPayId('0105561012345'), 2990)).merchant;
    expect(tax.get('02')).toBe('0105561012345');
    expect(tax.has('01')).toBe(false);
    const wallet = decode(promptPayPayload(parsePromptPayId('140000012345678'), 490)).merchant;
    expect(wallet.get('03')).toBe('140000012345678');
  });

  it('writes satang when a price has them', () => {
    expect(decode(promptPayPayload(parsePromptPayId('0812345678'), 99.5)).fields.get('54')).toBe('99.50');
  });

  it('changes the CRC when any character changes (a tampered amount does not verify)', () => {
    const payload = promptPayPayload(parsePromptPayId('0812345678'), 490);
    const tampered = payload.replace('490.00', '190.00');
    expect(() => decode(tampered)).toThrow();
  });

  it('refuses IDs that are none of the three kinds', () => {
    for (const id of ['12345', '081234567', 'abc', '+1 555 123 4567', '01234567890123456']) {
      expect(() => parsePromptPayId(id)).toThrow(PromptPayIdError);
    }
  });

  it('refuses zero and negative amounts', () => {
    expect(() => promptPayPayload(parsePromptPayId('0812345678'), 0)).toThrow();
    expect(() => promptPayPayload(parsePromptPayId('0812345678'), -5)).toThrow();
  });
});

describe('PromptPay QR image', () => {
  it('is an SVG that a QR reader decodes back to the exact payload', async () => {
    const payload = promptPayPayload(parsePromptPayId('0812345678'), 2990);
    const svg = await qrSvg(payload);
    expect(svg.startsWith('<svg')).toBe(true);
    // Render the SVG to pixels with sharp (librsvg) and read it with a QR decoder.
    const { data, info } = await sharp(Buffer.from(svg), { density: 300 })
      .flatten({ background: '#fff' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const read = jsQR(new Uint8ClampedArray(data), info.width, info.height);
    expect(read?.data).toBe(payload);
  });
});
