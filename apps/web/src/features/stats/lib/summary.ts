import type { Language, ListingStats } from '@baan/contract';
import type { TFunction } from 'i18next';
import { formatCount, formatDay } from './format';

/** Chart colours: teal and amber for traffic, sky and violet for contacts (the legend and the table name them). */
export const COLORS = { views: '#0f766e', visitors: '#d97706', clicks: '#0284c7', inquiries: '#7c3aed' } as const;

/** True when nothing at all happened in the period. */
export function isEmptyPeriod(stats: ListingStats): boolean {
  const { views, visitors, contact_clicks, inquiries, favorites } = stats.totals;
  return views + visitors + contact_clicks + inquiries + favorites === 0;
}

/** The day with the most views (the first of equals), or none when no day had any. */
export function busiestDay(stats: ListingStats): ListingStats['days'][number] | undefined {
  let best: ListingStats['days'][number] | undefined;
  for (const day of stats.days) if (day.views > (best?.views ?? 0)) best = day;
  return best;
}

/** The views-and-visitors chart in words: the period's totals, then its busiest day when there was one. */
export function trafficSummary(t: TFunction<'stats'>, stats: ListingStats, days: number, language: Language): string {
  const totals = t('charts.trafficSummary', {
    days,
    views: formatCount(stats.totals.views),
    visitors: formatCount(stats.totals.visitors),
  });
  const busiest = busiestDay(stats);
  if (!busiest) return totals;
  const peak = t('charts.busiestDay', {
    date: formatDay(busiest.date, language, 'long'),
    peak: formatCount(busiest.views),
  });
  return `${totals} ${peak}`;
}
