import { BillingForm, type LastBilling, toFieldErrors } from '@baan/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { History } from '../../../components/ui/icons';
import { Navigate, useNavigate } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { useGetLastBillingQuery } from '../api/payments-api';
import { type CheckoutState, formatBaht, readCheckoutState } from '../hooks/checkout-state';
import { PageShell } from './PageShell';

const FIELDS = ['billing_name', 'billing_company', 'billing_tax_id', 'billing_branch', 'billing_address'] as const;
type Field = (typeof FIELDS)[number];

/** The last payment's billing details as the form's values. */
function fromLastBilling(last: LastBilling): Record<Field, string> {
  return {
    billing_name: last.name,
    billing_company: last.company_name ?? '',
    billing_tax_id: last.tax_id ?? '',
    billing_branch: last.branch ?? '',
    billing_address: last.address,
  };
}

/**
 * /billing-information: who the tax invoice is made out to (Thai full tax invoice fields). Coming back from the
 * checkout it shows what was typed; otherwise it starts with the last payment's details (GET /api/user/billing),
 * unless the person has begun typing before they arrived.
 */
export function BillingInformationPage() {
  const { t } = useTranslation('payments');
  const location = useLocation();
  const navigate = useNavigate();
  const checkout = readCheckoutState(location.state);
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    billing_name: checkout?.billing?.billing_name ?? '',
    billing_company: checkout?.billing?.billing_company ?? '',
    billing_tax_id: checkout?.billing?.billing_tax_id ?? '',
    billing_branch: checkout?.billing?.billing_branch ?? '',
    billing_address: checkout?.billing?.billing_address ?? '',
  }));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [isTouched, setIsTouched] = useState(false);
  const [isRemembered, setIsRemembered] = useState(false);
  const { data: last } = useGetLastBillingQuery(undefined, { skip: !checkout || Boolean(checkout.billing) });

  // biome-ignore lint/correctness/useExhaustiveDependencies: filled in once, when the last details arrive.
  useEffect(() => {
    if (!last || isTouched) return;
    setValues(fromLastBilling(last));
    setIsRemembered(true);
  }, [last]);

  if (!checkout) return <Navigate to="/select-package" replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = BillingForm.safeParse(values);
    if (!result.success) {
      const fieldErrors = toFieldErrors(result.error.issues);
      setErrors(Object.fromEntries(FIELDS.map((f) => [f, fieldErrors[f] ? t(`billing.errors.${f}`) : undefined])));
      return;
    }
    const state: CheckoutState = { ...checkout, billing: result.data };
    navigate('/checkout', { state });
  };

  const field = (name: Field, options: { required?: boolean; multiline?: boolean; inputMode?: 'numeric' } = {}) => {
    const id = `billing-${name}`;
    const error = errors[name];
    const common = {
      id,
      name,
      value: values[name],
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-error` : `${id}-hint`,
      onChange: (e: { target: { value: string } }) => {
        setIsTouched(true);
        setValues((v) => ({ ...v, [name]: e.target.value }));
      },
      className:
        'mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 focus:border-teal-600 focus:ring-2 focus:ring-teal-600/30 focus:outline-none aria-[invalid=true]:border-red-500',
    };
    return (
      <div className={options.multiline ? 'sm:col-span-2' : undefined}>
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {t(`billing.fields.${name}`)}
          {options.required ? <span aria-hidden="true"> *</span> : null}
        </label>
        {options.multiline ? (
          <textarea rows={3} required={options.required} {...common} />
        ) : (
          <input type="text" required={options.required} inputMode={options.inputMode} {...common} />
        )}
        {error ? (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
            {error}
          </p>
        ) : (
          <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
            {t(`billing.hints.${name}`)}
          </p>
        )}
      </div>
    );
  };

  return (
    <PageShell title={t('billing.title')} lead={t('billing.lead')}>
      <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
        <form noValidate onSubmit={onSubmit} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          {isRemembered ? (
            <p role="status" className="mb-5 flex items-start gap-2 rounded-lg bg-teal-50 p-3 text-sm text-teal-900">
              <History className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {t('billing.remembered')}
            </p>
          ) : null}
          <div className="grid gap-5 sm:grid-cols-2">
            {field('billing_name', { required: true })}
            {field('billing_company')}
            {field('billing_tax_id', { inputMode: 'numeric' })}
            {field('billing_branch')}
            {field('billing_address', { required: true, multiline: true })}
          </div>
          <div className="mt-8 flex flex-wrap justify-between gap-3">
            <button
              type="button"
              onClick={() => navigate('/select-package')}
              className="rounded-lg border border-slate-300 px-5 py-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-50"
            >
              {t('common.back')}
            </button>
            <button
              type="submit"
              className="rounded-lg bg-teal-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-teal-800"
            >
              {t('billing.continue')}
            </button>
          </div>
        </form>
        <OrderSummary checkout={checkout} />
      </div>
    </PageShell>
  );
}

export function OrderSummary({ checkout }: { checkout: CheckoutState }) {
  const { t } = useTranslation('payments');
  const pkg = checkout.selectedPackage;
  return (
    <aside aria-label={t('summary.title')} className="h-fit rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 className="text-lg font-semibold text-slate-900">{t('summary.title')}</h2>
      <dl className="mt-4 space-y-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">{t('summary.package')}</dt>
          <dd className="font-medium text-slate-900">{pkg.name}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">{t('summary.validity')}</dt>
          <dd className="font-medium text-slate-900">{t('selectPackage.validity', { days: pkg.duration_days })}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-3">
          <dt className="font-semibold text-slate-900">{t('summary.amount')}</dt>
          <dd className="text-lg font-bold text-slate-900">฿{formatBaht(pkg.price)}</dd>
        </div>
      </dl>
    </aside>
  );
}
