import { FORMAT_LOCALES } from '@baan/contract';
import { describe, expect, it } from 'vitest';
import { answerTime, formatAgo, formatSpan, spanOf } from '../lib/answer-time';

describe('answer time', () => {
  it('reads in minutes under an hour, hours under two days, then days', () => {
    expect(spanOf(0)).toEqual({ value: 1, unit: 'minute' });
    expect(spanOf(59.4)).toEqual({ value: 59, unit: 'minute' });
    expect(spanOf(60)).toEqual({ value: 1, unit: 'hour' });
    expect(spanOf(47 * 60)).toEqual({ value: 47, unit: 'hour' });
    expect(spanOf(48 * 60)).toEqual({ value: 2, unit: 'day' });
  });

  it('is responded_at − created_at once answered, else the time waited so far', () => {
    const created_at = '2026-03-05T09:30:00.000Z';
    expect(answerTime({ created_at, responded_at: '2026-03-05T11:30:00.000Z' }, 0)).toEqual({
      answered: true,
      minutes: 120,
    });
    expect(answerTime({ created_at, responded_at: null }, Date.parse('2026-03-05T12:30:00.000Z'))).toEqual({
      answered: false,
      minutes: 180,
    });
    expect(answerTime({ created_at: 'soon', responded_at: null }, 0)).toBeNull();
  });

  it('words it in the page language', () => {
    expect(formatSpan(120, 'en')).toBe('2 hours');
    expect(formatAgo(180, 'en')).toBe('3 hours ago');
    expect(formatSpan(45, 'ru')).toBe('45 минут');
    expect(formatAgo(3 * 24 * 60, 'ja')).toBe('3 日前');
  });

  it('words it in Burmese as ICU does, without Intl (Chromium has no Burmese data and wrote English)', () => {
    const locale = FORMAT_LOCALES.my;
    const ago = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
    for (const minutes of [0, 1, 45, 59, 60, 61, 150, 47 * 60, 48 * 60, 10 * 24 * 60, 2000 * 24 * 60]) {
      const { value, unit } = spanOf(minutes);
      const span = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' });
      expect(formatSpan(minutes, locale), String(minutes)).toBe(span.format(value));
      expect(formatAgo(minutes, locale), String(minutes)).toBe(ago.format(-value, unit));
    }
    expect(formatAgo(1, locale)).toBe('ပြီးခဲ့သည့် 1 မိနစ်');
  });
});
