/**
 * Reading the numbers people type and paste into listing forms: prices like "฿2,500,000.00", "2 500 000 บาท",
 * "๒,๕๐๐,๐๐๐" or full-width "２５０００００", and counts like "๓". The wizard and the API read them with the same
 * functions, so what the form accepts is what the server stores.
 *
 * Money is stored in whole baht. Satang are rounded half up to the nearest baht ("1234567.49" → 1,234,567;
 * "1234567.50" → 1,234,568): a listing price is an asking price, and the wizard shows the rounded figure before it
 * is sent.
 */

/** Why a text is not a number the form can store. */
export type NumberProblem = 'required' | 'notNumber' | 'negative' | 'wholeNumber';

export type ParsedNumber = { ok: true; value: number; isRounded: boolean } | { ok: false; problem: NumberProblem };

/**
 * The longest text a number field reads. "฿ 2,000,000,000.00 baht" is 23 characters; anything longer is not a figure a
 * person typed, and refusing it before any normalising or regex runs keeps every parser's work bounded (a price of
 * "1" and 100,000 spaces once held the server for ten seconds in a quadratic currency strip).
 */
export const MAX_NUMBER_TEXT = 40;

const THAI_ZERO = 0x0e50;
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff]/g;
/** Currency written before or after the figure (lower case by then). */
const CURRENCY_WORDS = ['฿', 'thb', 'baht', 'บาท'] as const;
/** Thai prices are often written "2,500,000.-": no satang. */
const NO_SATANG = /\.-$/;
const MINUS = /^[-\u2212]/;
const GROUPED = /^\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;
const PLAIN = /^\d+(?:\.\d*)?$/;

/** Full-width and other compatibility digits (NFKC) and Thai digits ๐–๙ as ASCII; zero-width characters removed. */
export function toAsciiDigits(text: string): string {
  return text
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(/[\u0e50-\u0e59]/g, (digit) => String(digit.charCodeAt(0) - THAI_ZERO));
}

function fail(problem: NumberProblem): ParsedNumber {
  return { ok: false, problem };
}

/**
 * The figure without a currency word before or after it. Plain string operations, no regex: a pattern with an
 * unanchored `\s*` before `$` is tried at every position of a run of spaces (quadratic time).
 */
function stripCurrency(text: string): string {
  let rest = text;
  const before = CURRENCY_WORDS.find((word) => rest.startsWith(word));
  if (before) rest = rest.slice(before.length).trimStart();
  const after = CURRENCY_WORDS.find((word) => rest.endsWith(word));
  if (after) rest = rest.slice(0, -after.length).trimEnd();
  return rest;
}

/**
 * A non-negative amount: thousands separators (commas, or spaces between groups of three), a decimal part, and with
 * `currency` a ฿ / THB / baht / บาท before or after it. With `decimals` the value is rounded half up to a whole
 * number; without, a decimal part is refused. Empty text is 'required'.
 */
export function parseAmount(input: unknown, { currency = false, decimals = false } = {}): ParsedNumber {
  if (typeof input === 'number')
    return Number.isFinite(input) ? parseAmount(String(input), { currency, decimals }) : fail('notNumber');
  if (input === undefined || input === null) return fail('required');
  if (typeof input !== 'string') return fail('notNumber');
  if (input.length > MAX_NUMBER_TEXT) return fail('notNumber');
  let text = toAsciiDigits(input).trim().toLowerCase();
  if (currency) text = stripCurrency(text).replace(NO_SATANG, '').trim();
  if (text === '') return fail('required');
  if (MINUS.test(text)) return /\d/.test(text) ? fail('negative') : fail('notNumber');
  // A space between digit groups is a thousands separator, as a comma is: "2 500 000".
  text = text.replace(/(\d)\s+(?=\d)/g, '$1,');
  if (!GROUPED.test(text) && !PLAIN.test(text)) return fail('notNumber');
  const [whole = '', fraction = ''] = text.replaceAll(',', '').split('.');
  if (fraction !== '' && /[1-9]/.test(fraction) && !decimals) return fail('wholeNumber');
  // Half up from the decimal digits themselves, not from a binary float ("0.5" → 1, "0.49" → 0).
  const roundsUp = decimals && (fraction[0] ?? '0') >= '5';
  const value = Number(whole) + (roundsUp ? 1 : 0);
  return { ok: true, value, isRounded: /[1-9]/.test(fraction) };
}

/** A count of things (bedrooms, floors, a room's quantity): digits only, in any script; no separators or decimals. */
export function parseCount(input: unknown): ParsedNumber {
  if (typeof input === 'number')
    return Number.isInteger(input) && input >= 0 ? { ok: true, value: input, isRounded: false } : fail('wholeNumber');
  if (input === undefined || input === null) return fail('required');
  if (typeof input !== 'string') return fail('wholeNumber');
  if (input.length > MAX_NUMBER_TEXT) return fail('wholeNumber');
  const text = toAsciiDigits(input).trim();
  if (text === '') return fail('required');
  if (!/^\d{1,9}$/.test(text)) return fail('wholeNumber');
  return { ok: true, value: Number(text), isRounded: false };
}
