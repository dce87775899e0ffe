import { type FormEvent, lazy, Suspense, useState } from 'react';
import { Loader2, Lock } from '../../../components/ui/icons';
import { useTranslation } from '../../../i18n/use-translation';
import { isApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useGetCardConfigQuery, usePayByCardMutation } from '../api/payments-api';
import { type CheckoutState, formatBaht } from '../hooks/checkout-state';
import { usePaymentDone } from '../hooks/use-payment-done';
import { billingFields } from './billing-fields';
import { SimulatedNotice } from './SimulatedNotice';

// Stripe.js comes from Stripe's servers; only checkouts in Stripe mode load it (and this chunk).
const StripeCardForm = lazy(() => import('./StripeCardForm'));

const inputClass =
  'mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 focus:border-teal-600 focus:ring-2 focus:ring-teal-600/30 focus:outline-none aria-[invalid=true]:border-red-500';

/** Groups the digits in fours as people read them on the card. */
const groupDigits = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

export function CardPaymentForm({ checkout }: { checkout: CheckoutState }) {
  const { t } = useTranslation('payments');
  const { data: config } = useGetCardConfigQuery();
  const [payByCard, { isLoading }] = usePayByCardMutation();
  const paymentDone = usePaymentDone();
  const [holder, setHolder] = useState(checkout.billing?.billing_name ?? '');
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);

  if (config && !config.card_enabled) {
    return <p className="rounded-lg bg-amber-50 p-4 text-sm text-amber-900">{t('card.stripeUnavailable')}</p>;
  }
  if (config && config.provider === 'stripe') {
    if (!config.publishable_key) {
      return <p className="rounded-lg bg-amber-50 p-4 text-sm text-amber-900">{t('card.stripeUnavailable')}</p>;
    }
    return (
      <Suspense fallback={<p className="text-sm text-slate-600">{t('card.formLoading')}</p>}>
        <StripeCardForm checkout={checkout} publishableKey={config.publishable_key} />
      </Suspense>
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const [mm = '', yy = ''] = expiry.split('/').map((s) => s.trim());
    try {
      const result = await payByCard({
        package_id: checkout.selectedPackage.id,
        cardholder_name: holder,
        card_number: number,
        exp_month: Number(mm),
        exp_year: Number(yy),
        cvc,
        ...billingFields(checkout),
      }).unwrap();
      paymentDone(result.subscription);
    } catch (err) {
      const apiError = isApiError(err) ? err : null;
      setErrors(apiError?.errors ?? {});
      setFailure(apiError?.status === 402 ? (apiError.message ?? null) : null);
      toast.error(t('card.failed'));
    }
  };

  // Field errors are shown in the reader's language; the server's English text is not.
  const errorOf = (message: string, ...keys: string[]) => (keys.some((k) => errors[k]?.length) ? message : undefined);
  const described = (id: string, error: string | undefined) =>
    error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};
  const errorText = (id: string, error: string | undefined) =>
    error ? (
      <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
        {error}
      </p>
    ) : null;

  const numberError = errorOf(t('card.errors.number'), 'card_number');
  const expiryError = errorOf(t('card.errors.expiry'), 'exp_month', 'exp_year');
  const cvcError = errorOf(t('card.errors.cvc'), 'cvc');
  const holderError = errorOf(t('card.errors.holder'), 'cardholder_name');

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {config?.test_mode ? (
        <SimulatedNotice badge={t('card.testMode')}>{t('card.testModeHint')}</SimulatedNotice>
      ) : null}
      <div>
        <label htmlFor="card-holder" className="block text-sm font-medium text-slate-800">
          {t('card.holder')}
        </label>
        <input
          id="card-holder"
          autoComplete="cc-name"
          value={holder}
          onChange={(e) => setHolder(e.target.value)}
          className={inputClass}
          {...described('card-holder', holderError)}
        />
        {errorText('card-holder', holderError)}
      </div>
      <div>
        <label htmlFor="card-number" className="block text-sm font-medium text-slate-800">
          {t('card.number')}
        </label>
        <input
          id="card-number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          value={number}
          onChange={(e) => setNumber(groupDigits(e.target.value))}
          className={`${inputClass} font-mono`}
          {...described('card-number', numberError)}
        />
        {errorText('card-number', numberError)}
      </div>
      <div className="grid grid-cols-2 gap-4">
        <div>
          <label htmlFor="card-expiry" className="block text-sm font-medium text-slate-800">
            {t('card.expiry')}
          </label>
          <input
            id="card-expiry"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={t('card.expiryPlaceholder')}
            value={expiry}
            onChange={(e) => {
              const digits = e.target.value.replace(/\D/g, '').slice(0, 4);
              setExpiry(digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits);
            }}
            className={inputClass}
            {...described('card-expiry', expiryError)}
          />
          {errorText('card-expiry', expiryError)}
        </div>
        <div>
          <label htmlFor="card-cvc" className="block text-sm font-medium text-slate-800">
            {t('card.cvc')}
          </label>
          <input
            id="card-cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            value={cvc}
            onChange={(e) => setCvc(e.target.value.replace(/\D/g, ''))}
            className={inputClass}
            {...described('card-cvc', cvcError)}
          />
          {errorText('card-cvc', cvcError)}
        </div>
      </div>
      {failure ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {failure}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={isLoading}
        className="flex w-full items-center justify-center gap-2 rounded-lg bg-teal-700 px-5 py-3 text-sm font-semibold text-white hover:bg-teal-800 disabled:opacity-70"
      >
        {isLoading ? (
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        ) : (
          <Lock className="size-4" aria-hidden="true" />
        )}
        {isLoading ? t('card.processing') : t('card.pay', { amount: formatBaht(checkout.selectedPackage.price) })}
      </button>
    </form>
  );
}
