import type { Language, ProjectSummary } from '@baan/contract';
import { numberFormat } from '../../../lib/intl-cache';

const WHOLE = numberFormat('en-US', { maximumFractionDigits: 0 });

/** Whole numbers and baht amounts with en-US separators, as every price on Baan (spec section 9). */
export const formatWhole = (value: number): string => WHOLE.format(value);

/** A yield with one decimal. */
export const formatYield = (value: number): string => value.toFixed(1);

/** A project's name for a reader: the Thai name for Thai readers when it has one, the English name otherwise. */
export function projectName(project: Pick<ProjectSummary, 'name_en' | 'name_th'>, language: Language): string {
  return language === 'th' && project.name_th ? project.name_th : project.name_en;
}

/** The other name (English for Thai readers, Thai for the rest), or null when there is none or it is the same. */
export function otherName(project: Pick<ProjectSummary, 'name_en' | 'name_th'>, language: Language): string | null {
  const other = language === 'th' ? project.name_en : project.name_th;
  return other && other !== projectName(project, language) ? other : null;
}

/**
 * Short month names as the chart writes them (ICU's `month: 'short'` of each language, frozen here: the first Intl
 * date formatter a page makes costs a phone browser 10–20 ms of hydration). project-format.test.ts checks the labels
 * against Intl.DateTimeFormat for every month of a century.
 */
const SHORT_MONTHS: Record<'en' | 'th' | 'my' | 'ru', readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  th: ['ม.ค.', 'ก.พ.', 'มี.ค.', 'เม.ย.', 'พ.ค.', 'มิ.ย.', 'ก.ค.', 'ส.ค.', 'ก.ย.', 'ต.ค.', 'พ.ย.', 'ธ.ค.'],
  my: ['ဇန်', 'ဖေ', 'မတ်', 'ဧ', 'မေ', 'ဇွန်', 'ဇူ', 'ဩ', 'စက်', 'အောက်', 'နို', 'ဒီ'],
  ru: ['янв.', 'февр.', 'март', 'апр.', 'май', 'июнь', 'июль', 'авг.', 'сент.', 'окт.', 'нояб.', 'дек.'],
};

/** `2026-03` as a short month in the reader's language ("Mar 26", "มี.ค. 69" in the Buddhist era, "26年3月"). */
export function monthLabel(month: string, language: Language): string {
  const [year, m] = month.split('-').map(Number);
  if (!year || !m || m > 12) return month;
  const yy = (n: number) => String(n % 100).padStart(2, '0');
  switch (language) {
    case 'th':
      return `${SHORT_MONTHS.th[m - 1]} ${yy(year + 543)}`;
    case 'zh':
    case 'ja':
    case 'TW':
      return `${yy(year)}年${m}月`;
    case 'my':
      return `${yy(year)} ${SHORT_MONTHS.my[m - 1]}`;
    case 'ru':
      return `${SHORT_MONTHS.ru[m - 1]} ${yy(year)} г.`;
    default:
      return `${SHORT_MONTHS.en[m - 1]} ${yy(year)}`;
  }
}
