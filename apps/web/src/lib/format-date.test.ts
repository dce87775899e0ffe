import { FORMAT_LOCALES, LANGUAGES } from '@baan/contract';
import { describe, expect, it } from 'vitest';
import { burmeseDay, burmeseUtcDate, burmeseWeekday, formatDate, formatDateTime } from './format-date';

describe('formatDate: the one date format of the site', () => {
  it('writes the listings’ medium date in every language, never en-US’s 12/27/2026', () => {
    expect(formatDate('2026-12-27T00:00:00.000Z', 'en')).toBe('Dec 27, 2026');
    expect(formatDate('2026-12-27T00:00:00.000Z', 'th')).toBe('27 ธ.ค. 2569');
    expect(formatDate('2026-12-27T00:00:00.000Z', 'ja')).toBe('2026/12/27');
    expect(formatDate('2026-12-27T00:00:00.000Z', 'TW')).toBe('2026年12月27日');
    expect(formatDate('2026-12-27T00:00:00.000Z', 'en')).not.toMatch(/\//);
  });

  it('gives a moment its calendar day in Bangkok, whatever the reader’s time zone', () => {
    // 20:00 UTC on the 26th is 03:00 on the 27th in Bangkok.
    expect(formatDate('2026-12-26T20:00:00.000Z', 'en')).toBe('Dec 27, 2026');
  });

  it('keeps a calendar day (YYYY-MM-DD) the same day', () => {
    expect(formatDate('2027-01-24', 'en')).toBe('Jan 24, 2027');
    expect(formatDate('2027-01-24', 'th')).toBe('24 ม.ค. 2570');
  });

  it('writes Latin digits in Burmese too, and leaves what is no date as it is', () => {
    expect(formatDate('2026-12-27', 'my')).toMatch(/2026/);
    expect(formatDate('not a date', 'en')).toBe('not a date');
    expect(formatDate('2026-12-27', 'xx')).toBe('Dec 27, 2026');
  });

  it('adds the time in Bangkok for a moment', () => {
    expect(formatDateTime('2026-12-26T20:05:00.000Z', 'en')).toBe('Dec 27, 2026, 3:05 AM');
    expect(formatDateTime('nope', 'en')).toBe('nope');
  });

  it.each(LANGUAGES)(
    'writes every day of a decade as Intl.DateTimeFormat’s medium date in Bangkok, in %s',
    (language) => {
      const intl = new Intl.DateTimeFormat(FORMAT_LOCALES[language], { dateStyle: 'medium', timeZone: 'Asia/Bangkok' });
      // 16:59 and 17:00 UTC: the last minute of a day in Bangkok and the first of the next.
      for (let time = Date.UTC(2024, 0, 1, 16, 59); time < Date.UTC(2034, 0, 1); time += 86_400_000) {
        for (const moment of [new Date(time), new Date(time + 60_000)]) {
          expect(formatDate(moment.toISOString(), language), moment.toISOString()).toBe(intl.format(moment));
        }
      }
    },
  );

  it('writes a Burmese moment as ICU does, without Intl (Chromium has no Burmese data and wrote it in English)', () => {
    const intl = new Intl.DateTimeFormat(FORMAT_LOCALES.my, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Asia/Bangkok',
    });
    expect(formatDateTime('2026-11-29T09:50:00.000Z', 'my')).toBe('2026 နို 29 16:50');
    expect(formatDateTime('2026-11-29T01:05:00.000Z', 'my')).toBe('2026 နို 29 8:05');
    // Every 37 minutes of two years: each hour and minute, midnight and the days' ends in Bangkok.
    for (let time = Date.UTC(2026, 0, 1); time < Date.UTC(2028, 0, 1); time += 37 * 60_000) {
      const moment = new Date(time);
      expect(formatDateTime(moment.toISOString(), 'my'), moment.toISOString()).toBe(intl.format(moment));
    }
  });

  it('names Burmese weekdays and viewing days as ICU does, without Intl', () => {
    const weekday = new Intl.DateTimeFormat(FORMAT_LOCALES.my, { weekday: 'long', timeZone: 'UTC' });
    for (let d = 0; d < 7; d++) expect(burmeseWeekday(d)).toBe(weekday.format(new Date(Date.UTC(2030, 0, 6 + d))));
    expect(burmeseDay(new Date('2026-11-30T05:00:00.000Z'))).toBe('နို 30 တနင်္လာ');
    const day = new Intl.DateTimeFormat(FORMAT_LOCALES.my, {
      timeZone: 'Asia/Bangkok',
      weekday: 'short',
      day: 'numeric',
      month: 'short',
    });
    // Every day of two years, at 16:59 and 17:00 UTC: the last minute of a Bangkok day and the first of the next.
    for (let time = Date.UTC(2026, 0, 1, 16, 59); time < Date.UTC(2028, 0, 1); time += 86_400_000) {
      for (const moment of [new Date(time), new Date(time + 60_000)]) {
        expect(burmeseDay(moment), moment.toISOString()).toBe(day.format(moment));
      }
    }
  });

  it.each([
    ['long', { dateStyle: 'long' }],
    ['month', { year: 'numeric', month: 'long' }],
    ['short', { day: 'numeric', month: 'short' }],
    ['weekday', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }],
  ] as const)('writes a Burmese %s date as ICU does, without Intl, every day of two years', (style, options) => {
    const intl = new Intl.DateTimeFormat(FORMAT_LOCALES.my, { ...options, timeZone: 'UTC' });
    for (let time = Date.UTC(2026, 0, 1); time < Date.UTC(2028, 0, 1); time += 86_400_000) {
      const day = new Date(time);
      expect(burmeseUtcDate(day, style), day.toISOString()).toBe(intl.format(day));
    }
  });
});
