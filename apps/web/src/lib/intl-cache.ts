/**
 * Intl formatters made once per locale and options and then shared. Making one costs far more than using it (tens of
 * microseconds on the server, more in a phone's browser, and the first of a locale loads its data): a project page's
 * 24-month chart made a date formatter per label, and every price preset a number formatter. The options come from
 * the code and the locales from the seven languages, so the cache stays small.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function shared<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
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

export const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat =>
  shared('number', locale, options, () => new Intl.NumberFormat(locale, options));

export const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat =>
  shared('date', locale, options, () => new Intl.DateTimeFormat(locale, options));

export const relativeTimeFormat = (
  locale: string,
  options: Intl.RelativeTimeFormatOptions = {},
): Intl.RelativeTimeFormat => shared('relative', locale, options, () => new Intl.RelativeTimeFormat(locale, options));
