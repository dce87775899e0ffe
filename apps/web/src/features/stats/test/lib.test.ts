import { describe, expect, it } from 'vitest';
import { labelIndexes, niceMax } from '../components/StatsChart';
import { formatDay } from '../lib/format';
import { pickPeriod } from '../lib/period';
import { busiestDay } from '../lib/summary';

describe('statistics helpers', () => {
  it('formats a Bangkok day in the reader’s language without shifting it by the browser’s time zone', () => {
    expect(formatDay('2026-03-01', 'en')).toBe('Mar 1');
    expect(formatDay('2026-03-01', 'th')).toContain('มี.ค.');
    expect(formatDay('2026-03-01', 'ja')).toBe('3月1日');
    expect(formatDay('2026-12-31', 'ru', 'long')).toMatch(/31 дек\.? 2026/);
    expect(formatDay('not a day', 'en')).toBe('not a day');
  });

  it('reads the period from the address, falling back to 30 days', () => {
    expect(pickPeriod('7')).toBe(7);
    expect(pickPeriod('90')).toBe(90);
    expect(pickPeriod('14')).toBe(30);
    expect(pickPeriod(null)).toBe(30);
    expect(pickPeriod('90', [7, 30])).toBe(30);
  });

  it('rounds the chart’s top up to a readable value and names at most four days under it', () => {
    expect([0, 1, 3, 7, 10, 11, 178, 8010].map(niceMax)).toEqual([1, 1, 5, 10, 10, 20, 200, 10000]);
    expect(labelIndexes(7)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(labelIndexes(30)).toEqual([0, 10, 19, 29]);
    expect(labelIndexes(90)).toEqual([0, 30, 59, 89]);
  });

  it('finds no busiest day in a period without views', () => {
    const day = {
      date: '2026-03-01',
      views: 0,
      visitors: 0,
      contact_clicks: 1,
      inquiries: 0,
      favorites: 0,
      viewings: 0,
    };
    const totals = {
      views: 0,
      visitors: 0,
      contact_clicks: 1,
      inquiries: 0,
      favorites: 0,
      viewings: 0,
      clicks: { phone: 1, email: 0, line: 0 },
    };
    expect(busiestDay({ totals, days: [day] })).toBeUndefined();
    expect(
      busiestDay({ totals, days: [day, { ...day, date: '2026-03-02', views: 3 }, { ...day, views: 3 }] })?.date,
    ).toBe('2026-03-02');
  });
});

describe('hasStatsShape', () => {
  it('accepts statistics and refuses anything else, so a wrong answer shows the error state', async () => {
    const { hasStatsShape } = await import('../api/stats-api');
    const stats = { totals: { views: 0 }, days: [], listings: [] };
    expect(hasStatsShape(stats, true)).toBe(true);
    expect(hasStatsShape({ totals: {}, days: [] })).toBe(true);
    expect(hasStatsShape({ totals: {}, days: [] }, true)).toBe(false);
    expect(hasStatsShape([])).toBe(false);
    expect(hasStatsShape(null)).toBe(false);
    expect(hasStatsShape({ days: [] })).toBe(false);
  });
});
