/**
 * Decimal numbers as `Intl.NumberFormat` writes them in the site's locales (Latin digits, `FORMAT_LOCALES` and
 * `en-US`), without making an `Intl.NumberFormat`. The first one a page makes costs 20–25 ms of a phone browser's main
 * thread (ICU's number data), paid during hydration, for what is grouping digits and rounding. Only the plain decimal
 * style is covered; anything else (compact, units, currencies, exponents) returns undefined and the caller asks Intl.
 * number-text.test.ts checks every locale and option against Intl itself.
 */

export interface DecimalOptions {
  minimumFractionDigits?: number;
  maximumFractionDigits?: number;
  useGrouping?: boolean;
}

interface Separators {
  group: string;
  decimal: string;
}

const COMMA_POINT: Separators = { group: ',', decimal: '.' };
/** Russian groups with a no-break space and writes a decimal comma. */
const SPACE_COMMA: Separators = { group: '\u00a0', decimal: ',' };

const SEPARATORS: Readonly<Record<string, Separators>> = {
  en: COMMA_POINT,
  'en-US': COMMA_POINT,
  'en-u-nu-latn': COMMA_POINT,
  'th-u-nu-latn': COMMA_POINT,
  'zh-Hans-u-nu-latn': COMMA_POINT,
  'zh-Hant-u-nu-latn': COMMA_POINT,
  'ja-u-nu-latn': COMMA_POINT,
  'my-u-nu-latn': COMMA_POINT,
  'ru-u-nu-latn': SPACE_COMMA,
};

const OPTION_NAMES = new Set(['minimumFractionDigits', 'maximumFractionDigits', 'useGrouping']);

/** Whether decimalText can write numbers for this locale and these options (else: Intl.NumberFormat). */
export function isPlainDecimal(locale: string, options: object = {}): options is DecimalOptions {
  if (!Object.hasOwn(SEPARATORS, locale)) return false;
  for (const [name, value] of Object.entries(options)) {
    if (!OPTION_NAMES.has(name)) return false;
    if (name === 'useGrouping' ? typeof value !== 'boolean' : !isDigitCount(value)) return false;
  }
  const { minimumFractionDigits: min, maximumFractionDigits: max } = options as DecimalOptions;
  return min === undefined || max === undefined || min <= max;
}

const isDigitCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 20;

/** Adds one to a string of digits ("199" → "200", "99" → "100"). */
function increment(digits: string): string {
  let carry = 1;
  let out = '';
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    const sum = Number(digits[i]) + carry;
    carry = sum === 10 ? 1 : 0;
    out = String(sum % 10) + out;
  }
  return carry ? `1${out}` : out;
}

function group(digits: string, separator: string): string {
  let out = '';
  for (let end = digits.length; end > 0; end -= 3) {
    const part = digits.slice(Math.max(0, end - 3), end);
    out = out ? `${part}${separator}${out}` : part;
  }
  return out;
}

/**
 * The number as Intl.NumberFormat(locale, options) formats it, or undefined where this does not apply (see
 * isPlainDecimal; numbers JavaScript writes with an exponent, below 1e-6 or from 1e21). Rounds half away from zero
 * on the number's shortest decimal form, as ICU does ("1.005" to two places is 1.01).
 */
export function decimalText(value: number, locale = 'en-US', options: DecimalOptions = {}): string | undefined {
  if (!isPlainDecimal(locale, options) || !Number.isFinite(value)) return undefined;
  const separators = SEPARATORS[locale] ?? COMMA_POINT;
  const minimum = options.minimumFractionDigits ?? 0;
  const maximum = options.maximumFractionDigits ?? Math.max(minimum, 3);
  const negative = value < 0 || Object.is(value, -0);
  const shortest = String(Math.abs(value));
  if (/e/i.test(shortest)) return undefined;
  const [whole = '0', fraction = ''] = shortest.split('.');
  let integer = whole;
  let kept = fraction.slice(0, maximum);
  if (fraction.length > maximum && Number(fraction[maximum]) >= 5) {
    const rounded = increment(integer + kept);
    integer = rounded.slice(0, rounded.length - kept.length) || '0';
    kept = rounded.slice(rounded.length - kept.length);
  }
  while (kept.endsWith('0')) kept = kept.slice(0, -1);
  if (kept.length < minimum) kept = kept.padEnd(minimum, '0');
  const grouped = options.useGrouping === false ? integer : group(integer, separators.group);
  return `${negative ? '-' : ''}${grouped}${kept ? separators.decimal + kept : ''}`;
}

/** A whole or decimal number in en-US digits (12,345.5): the API's messages and the site's figures. */
export function englishNumber(value: number): string {
  return decimalText(value) ?? new Intl.NumberFormat('en-US').format(value);
}
