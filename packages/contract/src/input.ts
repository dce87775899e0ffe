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

/** Digits with the usual separators, optionally a leading +; 6 to 15 digits in all. */
export const PHONE_PATTERN = /^\+?[\d\s().-]{6,30}$/;

/** A phone number a visitor can dial: PHONE_PATTERN with at least 6 digits. */
export const isPhoneNumber = (value: string): boolean =>
  PHONE_PATTERN.test(value) && value.replace(/\D/g, '').length >= 6;

/** Longest phone number text read (the columns hold 40 characters). */
const PHONE_MAX_LENGTH = 40;

/**
 * A Thai mobile number (sign-up's "Mobile number"): 0 and 9 digits starting with 6, 8 or 9 (`081 234 5678`), or the
 * same after the country code 66 (`+66 81 234 5678`, `0066…`, `+66 (0)81…`). Spaces, dots, hyphens and brackets
 * between the digits are allowed. Landlines (02…) and other countries are not mobile numbers here.
 */
export function isThaiMobileNumber(value: string): boolean {
  if (value.length > PHONE_MAX_LENGTH) return false;
  return /^(?:(?:\+|00)?660?|0)[689]\d{8}$/.test(value.replace(/[\s().-]/g, ''));
}
