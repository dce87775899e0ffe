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

/** Thailand keeps UTC+7 all year: its calendar day is the UTC day of the moment plus seven hours. */
const BANGKOK_OFFSET_MS = 7 * 60 * 60 * 1000;

/**
 * The month names of ICU's medium dates (`dateStyle: 'medium'`) where a language spells them, frozen here so a
 * listing's dates are written without an Intl formatter (the first one costs a phone browser 10–20 ms of hydration).
 * format-date.test.ts checks every day of a decade in every language against Intl.DateTimeFormat.
 */
const MEDIUM_MONTHS: Record<'en' | 'th' | 'my' | 'ru', readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  th: ['ม.ค.', 'ก.พ.', 'มี.ค.', 'เม.ย.', 'พ.ค.', 'มิ.ย.', 'ก.ค.', 'ส.ค.', 'ก.ย.', 'ต.ค.', 'พ.ย.', 'ธ.ค.'],
  my: ['ဇန်', 'ဖေ', 'မတ်', 'ဧ', 'မေ', 'ဇွန်', 'ဇူ', 'ဩ', 'စက်', 'အောက်', 'နို', 'ဒီ'],
  ru: ['янв.', 'февр.', 'мар.', 'апр.', 'мая', 'июн.', 'июл.', 'авг.', 'сент.', 'окт.', 'нояб.', 'дек.'],
};

const pad2 = (n: number) => String(n).padStart(2, '0');

/** A moment's calendar day in Bangkok, written as the language's medium date. */
function mediumDate(date: Date, language: string): string {
  const day = new Date(date.getTime() + BANGKOK_OFFSET_MS);
  const y = day.getUTCFullYear();
  const m = day.getUTCMonth();
  const d = day.getUTCDate();
  switch (isLanguage(language) ? language : appLanguage(language)) {
    case 'th':
      return `${d} ${MEDIUM_MONTHS.th[m]} ${y + 543}`;
    case 'zh':
    case 'TW':
      return `${y}年${m + 1}月${d}日`;
    case 'ja':
      return `${y}/${pad2(m + 1)}/${pad2(d)}`;
    case 'my':
      return `${y} ${MEDIUM_MONTHS.my[m]} ${d}`;
    case 'ru':
      return `${d} ${MEDIUM_MONTHS.ru[m]} ${y} г.`;
    default:
      return `${MEDIUM_MONTHS.en[m]} ${d}, ${y}`;
  }
}

/**
 * A date as the listings show it, in the reader's language: "Jan 24, 2027", "24 ม.ค. 2570" (the Buddhist year for
 * Thai readers), "2027年1月24日". The one date format of the site (listing, dashboard, console); the text itself
 * when it is no date.
 */
export function formatDate(value: string, language: string): string {
  const date = toDate(value);
  const year = date.getUTCFullYear();
  if (Number.isNaN(date.getTime())) return value;
  // Years outside 1000–9999 (never a listing's) keep Intl's own way of writing them.
  return year >= 1000 && year <= 9998 ? mediumDate(date, language) : formatter(language, false).format(date);
}

/** ICU's long Burmese month names (`month: 'long'`). */
const BURMESE_LONG_MONTHS = [
  'ဇန်နဝါရီ',
  'ဖေဖော်ဝါရီ',
  'မတ်',
  'ဧပြီ',
  'မေ',
  'ဇွန်',
  'ဇူလိုင်',
  'ဩဂုတ်',
  'စက်တင်ဘာ',
  'အောက်တိုဘာ',
  'နိုဝင်ဘာ',
  'ဒီဇင်ဘာ',
] as const;

/**
 * A UTC calendar day in Burmese as ICU writes it without Intl (Chromium has no Burmese data): `long` is
 * `dateStyle: 'long'` ("2026 နိုဝင်ဘာ 27"), `month` is `{ year, month: 'long' }`, `short` is `{ day, month: 'short' }`
 * and `weekday` is `{ weekday: 'short', day, month: 'short', year }`.
 */
export function burmeseUtcDate(date: Date, style: 'long' | 'month' | 'short' | 'weekday'): string {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth();
  const d = date.getUTCDate();
  switch (style) {
    case 'long':
      return `${y} ${BURMESE_LONG_MONTHS[m]} ${d}`;
    case 'month':
      return `${y} ${BURMESE_LONG_MONTHS[m]}`;
    case 'short':
      return `${MEDIUM_MONTHS.my[m]} ${d}`;
    default:
      return `${y} ${MEDIUM_MONTHS.my[m]} ${d} ${burmeseWeekday(date.getUTCDay())}`;
  }
}

/** ICU's Burmese weekdays (its long and short forms are the same), Sunday first as Date.getDay() counts. */
const BURMESE_WEEKDAYS = ['တနင်္ဂနွေ', 'တနင်္လာ', 'အင်္ဂါ', 'ဗုဒ္ဓဟူး', 'ကြာသပတေး', 'သောကြာ', 'စနေ'] as const;

/**
 * A weekday's name in Burmese (0 = Sunday … 6), as Intl writes it where it has Burmese data: Chromium has none, and
 * wrote "Monday" on a Burmese page.
 */
export function burmeseWeekday(weekday: number): string {
  return BURMESE_WEEKDAYS[((weekday % 7) + 7) % 7] as string;
}

/** A moment's day in Bangkok as ICU writes `{ weekday: 'short', day: 'numeric', month: 'short' }` in Burmese. */
export function burmeseDay(date: Date): string {
  const day = new Date(date.getTime() + BANGKOK_OFFSET_MS);
  return `${MEDIUM_MONTHS.my[day.getUTCMonth()]} ${day.getUTCDate()} ${burmeseWeekday(day.getUTCDay())}`;
}

/**
 * Burmese as ICU writes a medium date with a short time ("2026 နို 29 16:50"), frozen here: Chromium ships no Burmese
 * locale data, so its Intl wrote these in English ("Nov 29, 2026, 4:50 PM") on a Burmese page.
 */
function burmeseDateTime(date: Date): string {
  const moment = new Date(date.getTime() + BANGKOK_OFFSET_MS);
  return `${mediumDate(date, 'my')} ${moment.getUTCHours()}:${pad2(moment.getUTCMinutes())}`;
}

/** A moment with its time, in Bangkok: "Jan 24, 2027, 3:05 PM". */
export function formatDateTime(value: string, language: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const year = date.getUTCFullYear();
  if ((isLanguage(language) ? language : appLanguage(language)) === 'my' && year >= 1000 && year <= 9998) {
    return burmeseDateTime(date);
  }
  return formatter(language, true).format(date);
}
