import { currentLanguage } from '../../../i18n';
import { formatDate as formatSiteDate, formatDateTime as formatSiteDateTime } from '../../../lib/format-date';
import { numberFormat } from '../../../lib/intl-cache';

const BAHT = numberFormat('en-US', { maximumFractionDigits: 0 });

/** Whole baht with en-US thousands separators, as everywhere on the site: ฿1,490. */
export function formatBaht(amount: number): string {
  return `฿${BAHT.format(amount)}`;
}

/** A timestamp in the reader's language: date and time (the site's one format, lib/format-date). */
export function formatDateTime(iso: string): string {
  return formatSiteDateTime(iso, currentLanguage());
}

/** A date in the reader's language, as the listings show it. */
export function formatDate(iso: string): string {
  return formatSiteDate(iso, currentLanguage());
}
