import { describe, expect, it } from 'vitest';
import { calculateMortgage, MORTGAGE_DEFAULTS, monthlyPayment } from './lib/mortgage';

/** The annuity formula written out again, independently: P·r·(1+r)^n / ((1+r)^n − 1). */
function expected(principal: number, annualPercent: number, years: number): number {
  const r = annualPercent / 1200;
  const n = years * 12;
  const growth = (1 + r) ** n;
  return (principal * r * growth) / (growth - 1);
}

describe('mortgage arithmetic', () => {
  it('uses Thai defaults: 10% down, 6.5% a year, 30 years', () => {
    expect(MORTGAGE_DEFAULTS).toEqual({ downPaymentPercent: 10, annualRatePercent: 6.5, years: 30 });
  });

  it('3,000,000 THB, 10% down, 6.5%, 30 years: 2,700,000 borrowed, about ฿17,066 a month', () => {
    const outcome = calculateMortgage({
      price: '3,000,000',
      downPaymentPercent: '10',
      annualRatePercent: '6.5',
      years: '30',
    });
    if (!outcome.ok) throw new Error('expected a result');
    expect(outcome.result.downPayment).toBe(300_000);
    expect(outcome.result.loan).toBe(2_700_000);
    expect(outcome.result.months).toBe(360);
    expect(outcome.result.monthly).toBeCloseTo(expected(2_700_000, 6.5, 30), 6);
    // Worked by hand: r = 0.065/12, (1+r)^360 ≈ 6.9920; 2,700,000 × 0.0054167 × 6.9920 / 5.9920 ≈ 17,065.9.
    expect(Math.round(outcome.result.monthly)).toBe(17_066);
    expect(outcome.result.totalInterest).toBeCloseTo(outcome.result.monthly * 360 - 2_700_000, 6);
  });

  it('a 0% loan is the principal in equal parts', () => {
    expect(monthlyPayment(1_200_000, 0, 10)).toBe(10_000);
    const outcome = calculateMortgage({
      price: '1000000',
      downPaymentPercent: '0',
      annualRatePercent: '0',
      years: '1',
    });
    expect(outcome.ok && outcome.result.monthly).toBeCloseTo(1_000_000 / 12, 6);
    expect(outcome.ok && outcome.result.totalInterest).toBe(0);
  });

  it('names each field that cannot be used', () => {
    expect(calculateMortgage({ price: '', downPaymentPercent: '100', annualRatePercent: 'abc', years: '41' })).toEqual({
      ok: false,
      problems: { price: 'required', downPaymentPercent: 'tooHigh', annualRatePercent: 'notNumber', years: 'tooHigh' },
    });
    expect(calculateMortgage({ price: '0', downPaymentPercent: '-5', annualRatePercent: '31', years: '2.5' })).toEqual({
      ok: false,
      problems: { price: 'tooLow', downPaymentPercent: 'notNumber', annualRatePercent: 'tooHigh', years: 'wholeYears' },
    });
  });
});
