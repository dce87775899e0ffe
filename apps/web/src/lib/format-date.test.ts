import { FORMAT_LOCALES, LANGUAGES } from '@baan/contract';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-date';

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
});
