import { describe, expect, it } from 'vitest';
import { type DecimalOptions, decimalText, englishNumber, FORMAT_LOCALES, isPlainDecimal } from './index.ts';

const LOCALES = ['en-US', 'en', ...Object.values(FORMAT_LOCALES)];

const OPTIONS: DecimalOptions[] = [
  {},
  { maximumFractionDigits: 0 },
  { maximumFractionDigits: 1 },
  { maximumFractionDigits: 2 },
  { minimumFractionDigits: 2, maximumFractionDigits: 2 },
  { minimumFractionDigits: 1 },
  { useGrouping: false, maximumFractionDigits: 0 },
  { useGrouping: true, maximumFractionDigits: 5 },
];

/** A deterministic spread of numbers: prices, areas, rates, halves that round, signs and zeros. */
function samples(): number[] {
  const out = [0, -0, 0.5, 1.5, 2.5, -2.5, -0.4, 0.05, 0.005, 1.005, 1.0049, 9.995, 99.95, 999.5, 999_999.5, 1e-6];
  out.push(
    0.1 + 0.2,
    1234,
    12_345.678,
    1_234_567.5,
    41_530_000,
    2_000_000_000,
    123_456_789_012_345,
    9_007_199_254_740_991,
  );
  let seed = 7;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  for (let i = 0; i < 400; i += 1) {
    const magnitude = 10 ** Math.floor(next() * 12 - 3);
    const value = Math.round(next() * magnitude * 10 ** 4) / 10 ** Math.floor(next() * 6);
    out.push(next() < 0.2 ? -value : value);
  }
  return out;
}

describe('decimalText: Intl.NumberFormat’s decimals without Intl', () => {
  const values = samples();
  it.each(LOCALES)('writes every sample as Intl does in %s, for every option set', (locale) => {
    for (const options of OPTIONS) {
      const intl = new Intl.NumberFormat(locale, options);
      for (const value of values) {
        expect(decimalText(value, locale, options), `${value} ${JSON.stringify(options)}`).toBe(intl.format(value));
      }
    }
  });

  it('groups Russian numbers with a no-break space and a decimal comma', () => {
    expect(decimalText(1_234_567.25, 'ru-u-nu-latn', { maximumFractionDigits: 2 })).toBe('1\u00a0234\u00a0567,25');
  });

  it('leaves to Intl what it does not write: other styles, locales, exponents, bad options', () => {
    expect(isPlainDecimal('en-US', { notation: 'compact' })).toBe(false);
    expect(isPlainDecimal('en-US', { style: 'percent' })).toBe(false);
    expect(isPlainDecimal('de-DE')).toBe(false);
    expect(isPlainDecimal('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 1 })).toBe(false);
    expect(isPlainDecimal('en-US', { maximumFractionDigits: 1.5 })).toBe(false);
    expect(isPlainDecimal('en-US', { maximumFractionDigits: 2 })).toBe(true);
    expect(decimalText(1e21)).toBeUndefined();
    expect(decimalText(1e-7, 'en-US', { maximumFractionDigits: 10 })).toBeUndefined();
    expect(decimalText(Number.NaN)).toBeUndefined();
    expect(decimalText(5, 'de-DE')).toBeUndefined();
  });

  it('writes the API’s numbers in en-US digits, with Intl past its range', () => {
    expect(englishNumber(2_000_000_000)).toBe('2,000,000,000');
    expect(englishNumber(1e21)).toBe(new Intl.NumberFormat('en-US').format(1e21));
  });
});
