import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat, relativeTimeFormat } from './intl-cache';

describe('shared Intl formatters', () => {
  it('gives the same formatter for the same locale and options, and another for others', () => {
    expect(numberFormat('th-TH', { maximumFractionDigits: 2 })).toBe(
      numberFormat('th-TH', { maximumFractionDigits: 2 }),
    );
    expect(numberFormat('th-TH', { maximumFractionDigits: 1 })).not.toBe(
      numberFormat('th-TH', { maximumFractionDigits: 2 }),
    );
    expect(numberFormat('en-US')).not.toBe(numberFormat('th-TH'));
    const month = { month: 'short', year: '2-digit', timeZone: 'UTC' } as const;
    expect(dateTimeFormat('th-TH', month)).toBe(dateTimeFormat('th-TH', { ...month }));
    expect(dateTimeFormat('th-TH', month)).not.toBe(numberFormat('th-TH', month as Intl.NumberFormatOptions));
  });

  it('formats as a new formatter does', () => {
    const day = new Date(Date.UTC(2026, 2, 1));
    const month = { month: 'short', year: '2-digit', timeZone: 'UTC' } as const;
    for (const locale of ['en-US', 'th-TH', 'ja-JP', 'ru-RU']) {
      expect(dateTimeFormat(locale, month).format(day)).toBe(new Intl.DateTimeFormat(locale, month).format(day));
      expect(numberFormat(locale, { notation: 'compact' }).format(3_500_000)).toBe(
        new Intl.NumberFormat(locale, { notation: 'compact' }).format(3_500_000),
      );
      expect(relativeTimeFormat(locale).format(-3, 'hour')).toBe(
        new Intl.RelativeTimeFormat(locale).format(-3, 'hour'),
      );
    }
    // The Thai month is in the Buddhist calendar, as the project page's chart shows it.
    expect(dateTimeFormat('th-TH', month).format(day)).toContain('69');
  });
});
