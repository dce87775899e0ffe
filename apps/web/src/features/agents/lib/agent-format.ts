import type { TFunction } from 'i18next';

/** A median answer time in the reader's words: minutes under an hour, hours under two days, else days. */
export function responseTime(t: TFunction, minutes: number): string {
  if (minutes < 60) return t('agents:figures.minutes', { count: minutes });
  if (minutes < 48 * 60) return t('agents:figures.hours', { count: Math.round(minutes / 60) });
  return t('agents:figures.days', { count: Math.round(minutes / (24 * 60)) });
}

/** The page's own links: `?page=N` past the first. */
export function agentPageQuery(page: number): string {
  return page > 1 ? `?page=${page}` : '';
}

/** `?page=` as the page reads it: a whole number from 1, 1 otherwise. */
export function agentPageNumber(search: URLSearchParams): number {
  const raw = search.get('page') ?? '';
  if (!/^\d{1,7}$/.test(raw)) return 1;
  const page = Number(raw);
  return Math.max(page, 1);
}
