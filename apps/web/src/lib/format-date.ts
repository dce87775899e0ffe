import { formatLocale, isLanguage } from '@baan/contract';
import { appLanguage } from '../i18n/options';

/** Baan's dates are Thailand's: a moment is shown as the calendar day (and time) in Bangkok, wherever the reader is. */
const TIME_ZONE = 'Asia/Bangkok';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(language: string, withTime: boolean): Intl.DateTimeFormat {
  // The app's code (`TW`) or i18next's (`zh-Hant`, what `i18n.language` holds).
  const locale = formatLocale(isLanguage(language) ? language : appLanguage(language));
  const key = `${locale}:${withTime}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      ...(withTime ? { timeStyle: 'short' } : {}),
      timeZone: TIME_ZONE,
    });
    formatters.set(key, found);
  }
  return found;
}

/** A calendar day (`YYYY-MM-DD`) as that same day, or a moment (an ISO timestamp) as its day in Bangkok. */
function toDate(value: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00+07:00`) : new Date(value);
}

/**
 * A date as the listings show it, in the reader's language: "Jan 24, 2027", "24 ม.ค. 2570" (the Buddhist year for
 * Thai readers), "2027年1月24日". The one date format of the site (listing, dashboard, console); the text itself
 * when it is no date.
 */
export function formatDate(value: string, language: string): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? value : formatter(language, false).format(date);
}

/** A moment with its time, in Bangkok: "Jan 24, 2027, 3:05 PM". */
export function formatDateTime(value: string, language: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : formatter(language, true).format(date);
}
