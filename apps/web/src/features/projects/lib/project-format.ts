import { formatLocale, type Language, type ProjectSummary } from '@baan/contract';
import { dateTimeFormat } from '../../../lib/intl-cache';

const WHOLE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

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

/** `2026-03` as a short month in the reader's language ("Mar 26", "มี.ค. 69"). UTC, so server and browser agree. */
export function monthLabel(month: string, language: Language): string {
  const [year, m] = month.split('-').map(Number);
  if (!year || !m) return month;
  return dateTimeFormat(formatLocale(language), { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, m - 1, 1)),
  );
}
