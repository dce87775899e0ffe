import { FORMAT_LOCALES } from '@baan/contract';
import { currentLanguage } from '../../../i18n';

const BAHT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Whole baht with en-US thousands separators, as everywhere on the site: ฿1,490. */
export function formatBaht(amount: number): string {
  return `฿${BAHT.format(amount)}`;
}

/** A timestamp in the reader's language: date and time. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(FORMAT_LOCALES[currentLanguage()], { dateStyle: 'medium', timeStyle: 'short' }).format(
    date,
  );
}

export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(FORMAT_LOCALES[currentLanguage()], { dateStyle: 'medium' }).format(date);
}
