/**
 * The mortgage calculator's arithmetic (client-side, no network): a fixed-rate loan paid back in equal monthly
 * instalments (the standard annuity formula).
 *
 * Thai defaults:
 * - Down payment 10 %: Thai banks commonly lend up to 90 % of the price (or appraisal) of a first home, and the Bank of
 *   Thailand's loan-to-value rules ask for 10–30 % down on second and later homes or homes of 10 million baht and more;
 *   10 % is the usual first-home figure.
 * - Interest 6.5 % a year: a long-run average of Thai banks' floating mortgage rates (MRR minus a margin, after the
 *   first years' promotional fixed rates), conservative rather than a promotion.
 * - 30 years, at most 40: Thai banks lend for up to 40 years (and until the borrower is about 65–70).
 */
export const MORTGAGE_DEFAULTS = { downPaymentPercent: 10, annualRatePercent: 6.5, years: 30 } as const;

export const MORTGAGE_LIMITS = {
  price: { min: 1, max: 10_000_000_000 },
  downPaymentPercent: { min: 0, max: 99 },
  annualRatePercent: { min: 0, max: 30 },
  years: { min: 1, max: 40 },
} as const;

/** The monthly instalment of `principal` at `annualRatePercent` over `years`; a 0 % loan is the principal in equal parts. */
export function monthlyPayment(principal: number, annualRatePercent: number, years: number): number {
  const months = years * 12;
  if (principal <= 0) return 0;
  const r = annualRatePercent / 100 / 12;
  if (r === 0) return principal / months;
  return (principal * r) / (1 - (1 + r) ** -months);
}

export interface MortgageInput {
  price: string;
  downPaymentPercent: string;
  annualRatePercent: string;
  years: string;
}

export type MortgageField = keyof MortgageInput;
/** Why a field's value cannot be used: empty or not a number, below or above its limits, or not whole (years). */
export type MortgageProblem = 'required' | 'notNumber' | 'tooLow' | 'tooHigh' | 'wholeYears';

export interface MortgageResult {
  loan: number;
  downPayment: number;
  monthly: number;
  totalInterest: number;
  months: number;
}

/** Reads what was typed: a number with or without thousands separators ("3,000,000"). */
function parseNumber(text: string): number | null {
  const cleaned = text.replace(/[,\s฿%]/g, '');
  if (cleaned === '') return null;
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return Number.NaN;
  return Number(cleaned);
}

function check(text: string, limits: { min: number; max: number }): { value: number } | { problem: MortgageProblem } {
  const value = parseNumber(text);
  if (value === null) return { problem: 'required' };
  if (Number.isNaN(value)) return { problem: 'notNumber' };
  if (value < limits.min) return { problem: 'tooLow' };
  if (value > limits.max) return { problem: 'tooHigh' };
  return { value };
}

/** The payment for what was typed, or each field's problem. */
export function calculateMortgage(
  input: MortgageInput,
): { ok: true; result: MortgageResult } | { ok: false; problems: Partial<Record<MortgageField, MortgageProblem>> } {
  const problems: Partial<Record<MortgageField, MortgageProblem>> = {};
  const values: Partial<Record<MortgageField, number>> = {};
  for (const field of Object.keys(MORTGAGE_LIMITS) as MortgageField[]) {
    const checked = check(input[field], MORTGAGE_LIMITS[field]);
    if ('problem' in checked) problems[field] = checked.problem;
    else values[field] = checked.value;
  }
  if (values.years !== undefined && !Number.isInteger(values.years)) problems.years = 'wholeYears';
  const { price, downPaymentPercent, annualRatePercent, years } = values;
  if (
    Object.keys(problems).length > 0 ||
    price === undefined ||
    downPaymentPercent === undefined ||
    annualRatePercent === undefined ||
    years === undefined
  ) {
    return { ok: false, problems };
  }
  const downPayment = Math.round((price * downPaymentPercent) / 100);
  const loan = price - downPayment;
  const monthly = monthlyPayment(loan, annualRatePercent, years);
  const months = years * 12;
  return {
    ok: true,
    result: { loan, downPayment, monthly, months, totalInterest: Math.max(0, monthly * months - loan) },
  };
}
