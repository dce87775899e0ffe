import { burmeseDay } from '../../../lib/format-date';
import { dateTimeFormat } from '../../../lib/intl-cache';
/** A viewing's start shown on the Bangkok clock in the reader's language (Burmese without Intl: Chromium has none). */
export function bangkokDay(iso: string, locale: string): string {
  if (locale.startsWith('my')) return burmeseDay(new Date(iso));
  return dateTimeFormat(locale, {
    timeZone: 'Asia/Bangkok',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  }).format(new Date(iso));
}
export function bangkokHour(iso: string, locale: string): string {
  return dateTimeFormat(locale, {
    timeZone: 'Asia/Bangkok',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}
/** YYYY-MM-DD of the instant on the Bangkok clock (groups the free hours by day). */
export const bangkokDate = (iso: string) =>
  new Date(new Date(iso).getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
