import { FORMAT_LOCALES, LANGUAGES } from '@baan/contract';
import { describe, expect, it } from 'vitest';
import { monthLabel } from './project-format';

describe('monthLabel', () => {
  it.each(LANGUAGES)('writes every month of a century as Intl.DateTimeFormat does in %s', (language) => {
    const intl = new Intl.DateTimeFormat(FORMAT_LOCALES[language], {
      month: 'short',
      year: '2-digit',
      timeZone: 'UTC',
    });
    for (let year = 2000; year < 2100; year += 1) {
      for (let month = 1; month <= 12; month += 1) {
        const key = `${year}-${String(month).padStart(2, '0')}`;
        expect(monthLabel(key, language), key).toBe(intl.format(new Date(Date.UTC(year, month - 1, 1))));
      }
    }
  });

  it('counts Thai years in the Buddhist era and leaves a malformed month as it came', () => {
    expect(monthLabel('2026-03', 'th')).toBe('มี.ค. 69');
    expect(monthLabel('2026-03', 'en')).toBe('Mar 26');
    expect(monthLabel('2026-13', 'en')).toBe('2026-13');
    expect(monthLabel('soon', 'en')).toBe('soon');
  });
});
