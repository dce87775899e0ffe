import { z } from 'zod';

/** The largest value of a PostgreSQL `integer` (int4): every id and whole-number column. */
export const MAX_DB_INT = 2_147_483_647;

const ID_MESSAGE = 'The id must be a positive whole number.';

/**
 * A record's id in a path (`/api/admin/users/{id}`): 1 to 10 digits naming a positive PostgreSQL
 * integer. Anything else names no record, so routes answer it as they answer a missing one (404).
 */
export const RecordId = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value),
  z.number({ error: ID_MESSAGE }).int(ID_MESSAGE).min(1, ID_MESSAGE).max(MAX_DB_INT, ID_MESSAGE),
);
export const RecordIdParams = z.object({ id: RecordId });
export type RecordIdParams = z.infer<typeof RecordIdParams>;

/**
 * C0 and C1 control characters except tab, line feed and carriage return. They are invisible on
 * screen, break e-mail headers and CSV exports, and NUL cannot be stored in PostgreSQL text at all.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/**
 * Bidirectional embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069): they
 * reorder how the text after them is shown, so a name or a title could read as something it is
 * not ("Trojan Source"). None of the site's languages needs them.
 */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
const TABS_AND_LINE_BREAKS = /[\t\n\r]+/g;

/** True when the text holds a control character (other than tab and line breaks) or a bidi control. */
export function hasHiddenCharacters(text: string): boolean {
  return CONTROL_CHARACTER.test(text) || BIDI_CONTROL.test(text);
}

/**
 * One line of text a person typed: a name, a title, a subject. Tabs and line breaks (from a paste)
 * become a space; any other control character or bidi control is refused with `invalid`. Chain
 * `.trim()`, `.min()` and `.max()` after it.
 */
export function singleLineText(invalid: string, params?: { error: string }) {
  return z
    .string(params)
    .overwrite((text) => text.replace(TABS_AND_LINE_BREAKS, ' '))
    .refine((text) => !hasHiddenCharacters(text), { message: invalid, params: HIDDEN });
}

/** The issue params of a refused hidden character, so a form can word it in the person's language. */
export const HIDDEN = { problem: 'hiddenCharacters' } as const;

/** Text of several lines (a description, a message): line breaks and tabs are kept, the rest as singleLineText. */
export function multiLineText(invalid: string, params?: { error: string }) {
  return z.string(params).refine((text) => !hasHiddenCharacters(text), { message: invalid, params: HIDDEN });
}

/**
 * Calendar dates people may give (a listing's availability): wide enough for any real date, and
 * inside what both PostgreSQL's `date` and JavaScript's Date read the same way (year 0000 is
 * neither).
 */
export const DATE_RANGE = { min: '1900-01-01', max: '2200-12-31' } as const;

/** A YYYY-MM-DD date that exists (no 30 February) within DATE_RANGE. */
export function calendarDate(invalid: string, outOfRange: string) {
  return z.iso.date(invalid).refine((date) => date >= DATE_RANGE.min && date <= DATE_RANGE.max, outOfRange);
}

/**
 * Digits with the usual separators (spaces, dots, hyphens, brackets), optionally a leading +. Only the ASCII space:
 * no tab, no-break, zero-width or other invisible character passes.
 */
export const PHONE_PATTERN = /^\+?[\d ().-]{6,30}$/;

/**
 * A number someone in Thailand can dial: a Thai one with its leading 0 (9 digits for a fixed line, 10 for a mobile:
 * 02 123 4567, 081 234 5678), or an international one with + and the country code (8 to 15 digits; for Thailand +66
 * and 8 or 9 digits, a bracketed (0) allowed: +66 81 234 5678). The profile, sign-up and the inquiry form share it.
 */
export function isPhoneNumber(value: string): boolean {
  if (!PHONE_PATTERN.test(value)) return false;
  const digits = value.replace(/\D/g, '');
  if (!value.startsWith('+')) return /^0\d{8,9}$/.test(digits);
  if (digits.startsWith('66')) return /^660?\d{8,9}$/.test(digits);
  return /^[1-9]\d{7,14}$/.test(digits);
}

/** Longest phone number input looked at (the profile field's bound), before any pattern runs. */
export const PHONE_INPUT_MAX = 40;

/**
 * The number in E.164 (`+66812345678`), or null when it is not a phone number: Thai numbers written
 * nationally (081-234-5678) or with a kept trunk 0 (+66 081…) become +66 and the number without the 0.
 */
export function toE164(value: string): string | null {
  if (value.length > PHONE_INPUT_MAX) return null;
  const trimmed = value.trim();
  if (!isPhoneNumber(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  if (!trimmed.startsWith('+')) return `+66${digits.slice(1)}`;
  if (digits.startsWith('660')) return `+66${digits.slice(3)}`;
  return `+${digits}`;
}

/** A number for logs and screens that does not give it away: `+668•••••678`. */
export function maskPhone(e164: string): string {
  return e164.length <= 7 ? '•••' : `${e164.slice(0, 4)}•••••${e164.slice(-3)}`;
}
