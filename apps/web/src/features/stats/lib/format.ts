import { FORMAT_LOCALES, type Language } from '@baan/contract';
import { burmeseUtcDate } from '../../../lib/format-date';
import { numberFormat } from '../../../lib/intl-cache';

const COUNT = numberFormat('en-US', { maximumFractionDigits: 0 });

/** A count with en-US thousands separators, as prices are everywhere on the site. */
export function formatCount(n: number): string {
  return COUNT.format(n);
}

export type DayStyle = 'short' | 'long';

const OPTIONS: Record<DayStyle, Intl.DateTimeFormatOptions> = {
  short: { day: 'numeric', month: 'short', timeZone: 'UTC' },
  long: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' },
};

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A statistics day (`YYYY-MM-DD`, already an Asia/Bangkok calendar day) in the reader's language. The day is read as
 * midnight UTC and formatted in UTC, so the calendar day never shifts with the browser's own time zone.
 */
export function formatDay(date: string, language: Language, style: DayStyle = 'short'): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const day = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  // Burmese without Intl: Chromium has no Burmese data and wrote these days in English.
  if (language === 'my') return burmeseUtcDate(new Date(day), style === 'short' ? 'short' : 'weekday');
  const key = `${language}:${style}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(FORMAT_LOCALES[language], OPTIONS[style]);
    formatters.set(key, formatter);
  }
  return formatter.format(day);
}
