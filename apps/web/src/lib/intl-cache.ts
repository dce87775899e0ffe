import { decimalText, isPlainDecimal } from '@baan/contract';

/**
 * Intl formatters made once per locale and options and then shared. Making one costs far more than using it (tens of
 * microseconds on the server, more in a phone's browser, and the first of a locale loads its data): a project page's
 * 24-month chart made a date formatter per label, and every price preset a number formatter. The options come from
 * the code and the locales from the seven languages, so the cache stays small.
 */
const formatters = new Map<string, NumberFormatter | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

/** What the site asks of a number formatter. */
export interface NumberFormatter {
  format(value: number): string;
}

function shared<T extends NumberFormatter | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  kind: string,
  locale: string,
  options: object,
  make: () => T,
): T {
  const key = `${kind}\u0000${locale}\u0000${JSON.stringify(options)}`;
  let found = formatters.get(key) as T | undefined;
  if (!found) {
    found = make();
    formatters.set(key, found);
  }
  return found;
}

/**
 * Plain decimals in the site's locales are written without Intl (`decimalText`, @baan/contract): the first
 * Intl.NumberFormat of a page costs a phone 20–25 ms of its main thread during hydration. Other styles (compact,
 * units) and other locales are Intl's.
 */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): NumberFormatter {
  if (!isPlainDecimal(locale, options)) {
    return shared('number', locale, options, () => new Intl.NumberFormat(locale, options));
  }
  return shared('decimal', locale, options, () => ({
    format: (value: number) =>
      decimalText(value, locale, options) ??
      shared('number', locale, options, () => new Intl.NumberFormat(locale, options)).format(value),
  }));
}

export const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat =>
  shared('date', locale, options, () => new Intl.DateTimeFormat(locale, options));

export const relativeTimeFormat = (
  locale: string,
  options: Intl.RelativeTimeFormatOptions = {},
): Intl.RelativeTimeFormat => shared('relative', locale, options, () => new Intl.RelativeTimeFormat(locale, options));
