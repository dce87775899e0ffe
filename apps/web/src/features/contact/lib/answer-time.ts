import type { Inquiry } from '@baan/contract';
import { numberFormat, relativeTimeFormat } from '../../../lib/intl-cache';

const MINUTE = 60_000;

type Span = { value: number; unit: 'minute' | 'hour' | 'day' };

/** A span in the largest unit that reads well: minutes under an hour, hours under two days, then days. */
export function spanOf(minutes: number): Span {
  const m = Math.max(0, Math.round(minutes));
  if (m < 60) return { value: Math.max(1, m), unit: 'minute' };
  if (m < 48 * 60) return { value: Math.round(m / 60), unit: 'hour' };
  return { value: Math.round(m / (24 * 60)), unit: 'day' };
}

/**
 * ICU's Burmese units, written without Intl: Chromium has no Burmese data and wrote "1 minute ago" on a Burmese page.
 * answer-time.test.ts checks them against Intl.
 */
const BURMESE_UNITS: Record<Span['unit'], string> = { minute: 'မိနစ်', hour: 'နာရီ', day: 'ရက်' };
const isBurmese = (locale: string) => locale === 'my' || locale.startsWith('my-');

/** "2 hours", "45 minutes", "3 days" in the page's language. */
export function formatSpan(minutes: number, locale: string): string {
  const { value, unit } = spanOf(minutes);
  if (isBurmese(locale)) return `${numberFormat(locale).format(value)} ${BURMESE_UNITS[unit]}`;
  return numberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/** "3 hours ago" in the page's language. */
export function formatAgo(minutes: number, locale: string): string {
  const { value, unit } = spanOf(minutes);
  if (isBurmese(locale)) return `ပြီးခဲ့သည့် ${formatSpan(minutes, locale)}`;
  return relativeTimeFormat(locale, { numeric: 'always' }).format(-value, unit);
}

/**
 * How fast the owner answered (ADR 017: `responded_at − created_at`), or, while there is no answer,
 * how long the inquiry has waited. Null when a date cannot be read.
 */
export function answerTime(
  inquiry: Pick<Inquiry, 'created_at' | 'responded_at'>,
  now: number,
): { answered: boolean; minutes: number } | null {
  const created = Date.parse(inquiry.created_at);
  if (Number.isNaN(created)) return null;
  if (inquiry.responded_at) {
    const responded = Date.parse(inquiry.responded_at);
    return Number.isNaN(responded) ? null : { answered: true, minutes: (responded - created) / MINUTE };
  }
  return { answered: false, minutes: (now - created) / MINUTE };
}
