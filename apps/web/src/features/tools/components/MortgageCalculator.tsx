import { useState } from 'react';
import { Calculator } from '../../../components/ui/icons';
import { TextField } from '../../../components/ui/TextField';
import { useTranslation } from '../../../i18n/use-translation';
import { numberFormat } from '../../../lib/intl-cache';
import {
  calculateMortgage,
  MORTGAGE_DEFAULTS,
  MORTGAGE_LIMITS,
  type MortgageField,
  type MortgageInput,
} from '../lib/mortgage';

const baht = numberFormat('en-US', { maximumFractionDigits: 0 });
const plain = numberFormat('en-US', { maximumFractionDigits: 2 });
const formatBaht = (value: number) => `฿${baht.format(Math.round(value))}`;

const EXAMPLES: Record<MortgageField, string> = {
  price: '3,000,000',
  downPaymentPercent: '10',
  annualRatePercent: '6.5',
  years: '30',
};

function initialInput(price: number): MortgageInput {
  return {
    price: baht.format(price),
    downPaymentPercent: String(MORTGAGE_DEFAULTS.downPaymentPercent),
    annualRatePercent: String(MORTGAGE_DEFAULTS.annualRatePercent),
    years: String(MORTGAGE_DEFAULTS.years),
  };
}

/**
 * A sale listing's mortgage calculator: price (the listing's), down payment, interest rate and term give the monthly
 * payment, worked out in the browser as the visitor types (no request). The result is announced politely.
 */
export function MortgageCalculator({ price }: { price: number }) {
  const { t } = useTranslation('tools');
  const [input, setInput] = useState<MortgageInput>(() => initialInput(price));
  const outcome = calculateMortgage(input);
  const problems = outcome.ok ? {} : outcome.problems;

  const errorOf = (field: MortgageField) => {
    const problem = problems[field];
    if (!problem) return undefined;
    const limits = MORTGAGE_LIMITS[field];
    return t(`mortgage.problems.${problem}`, {
      example: EXAMPLES[field],
      min: plain.format(limits.min),
      max: plain.format(limits.max),
    });
  };
  const field = (name: MortgageField) => ({
    value: input[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setInput({ ...input, [name]: event.target.value }),
    error: errorOf(name),
    inputMode: 'decimal' as const,
    autoComplete: 'off',
  });
  const years = outcome.ok ? outcome.result.months / 12 : 0;

  return (
    <section
      aria-labelledby="mortgage-calculator"
      data-testid="mortgage-calculator"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="mortgage-calculator" className="mb-1 flex items-center gap-2 text-xl font-bold text-slate-900">
        <Calculator className="size-5 text-teal-700" aria-hidden="true" />
        {t('mortgage.title')}
      </h2>
      <p className="mb-5 text-sm text-slate-600">{t('mortgage.intro')}</p>
      <form className="grid gap-4 sm:grid-cols-2" onSubmit={(event) => event.preventDefault()} noValidate>
        <TextField label={t('mortgage.price')} {...field('price')} />
        <TextField
          label={t('mortgage.downPayment')}
          hint={
            outcome.ok ? t('mortgage.downPaymentHint', { amount: formatBaht(outcome.result.downPayment) }) : undefined
          }
          {...field('downPaymentPercent')}
        />
        <TextField label={t('mortgage.rate')} hint={t('mortgage.rateHint')} {...field('annualRatePercent')} />
        <TextField
          label={t('mortgage.years')}
          hint={t('mortgage.yearsHint', { max: MORTGAGE_LIMITS.years.max })}
          {...field('years')}
          inputMode="numeric"
        />
      </form>
      {/* Screen readers hear the outcome once, politely, as the values change; the figures below are for the eye. */}
      <p aria-live="polite" aria-atomic="true" className="sr-only" data-testid="mortgage-announcement">
        {outcome.ok
          ? t('mortgage.summary', {
              monthly: formatBaht(outcome.result.monthly),
              years,
              loan: formatBaht(outcome.result.loan),
            })
          : t('mortgage.invalid')}
      </p>
      <div className="mt-5 rounded-lg bg-teal-50 p-4" data-testid="mortgage-result">
        {outcome.ok ? (
          <dl className="grid gap-3 sm:grid-cols-3">
            <div>
              <dt className="text-sm text-slate-600">{t('mortgage.monthly')}</dt>
              <dd className="text-2xl font-extrabold text-teal-800">{formatBaht(outcome.result.monthly)}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">{t('mortgage.loan')}</dt>
              <dd className="text-lg font-semibold text-slate-900">{formatBaht(outcome.result.loan)}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">{t('mortgage.totalInterest')}</dt>
              <dd className="text-lg font-semibold text-slate-900">{formatBaht(outcome.result.totalInterest)}</dd>
            </div>
          </dl>
        ) : (
          <p aria-hidden="true" className="text-sm font-medium text-slate-800">
            {t('mortgage.invalid')}
          </p>
        )}
      </div>
      <button
        type="button"
        onClick={() => setInput(initialInput(price))}
        className="mt-3 text-sm font-semibold text-teal-800 underline underline-offset-2 hover:text-teal-900"
      >
        {t('mortgage.reset')}
      </button>
    </section>
  );
}
