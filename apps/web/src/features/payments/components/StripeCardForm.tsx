import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Loader2, Lock } from '../../../components/ui/icons';
import { useTranslation } from '../../../i18n/use-translation';
import { isApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useLazyGetSubscriptionQuery, usePayByCardMutation } from '../api/payments-api';
import { type CheckoutState, formatBaht } from '../hooks/checkout-state';
import { usePaymentDone } from '../hooks/use-payment-done';
import { billingFields } from './billing-fields';

const inputClass =
  'mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 focus:border-teal-600 focus:ring-2 focus:ring-teal-600/30 focus:outline-none';

/**
 * Card payment through Stripe: the card fields are Stripe's own (an iframe from js.stripe.com),
 * so the card number goes to Stripe and never to Baan. Stripe.js makes a PaymentMethod; the API
 * charges it (PaymentIntent in THB) and, when the bank wants 3-D Secure, hands back a client
 * secret that Stripe.js confirms here; the signed webhook then settles the payment.
 */
export default function StripeCardForm({
  checkout,
  publishableKey,
}: {
  checkout: CheckoutState;
  publishableKey: string;
}) {
  const { t } = useTranslation('payments');
  const mountRef = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [card, setCard] = useState<StripeCardElement | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [holder, setHolder] = useState(checkout.billing?.billing_name ?? '');
  const [busy, setBusy] = useState<false | 'paying' | 'confirming'>(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [payByCard] = usePayByCardMutation();
  const [fetchSubscription] = useLazyGetSubscriptionQuery();
  const paymentDone = usePaymentDone();

  useEffect(() => {
    let cancelled = false;
    let element: StripeCardElement | null = null;
    loadStripe(publishableKey)
      .then((loaded) => {
        if (cancelled) return;
        if (!loaded || !mountRef.current) {
          setLoadFailed(true);
          return;
        }
        element = loaded.elements().create('card', { hidePostalCode: true });
        element.mount(mountRef.current);
        setStripe(loaded);
        setCard(element);
      })
      .catch(() => !cancelled && setLoadFailed(true));
    return () => {
      cancelled = true;
      element?.destroy();
    };
  }, [publishableKey]);

  const fail = (message: string | null) => {
    setFailure(message);
    setBusy(false);
    toast.error(t('card.failed'));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !card) return;
    setFailure(null);
    setBusy('paying');
    const made = await stripe.createPaymentMethod({ type: 'card', card, billing_details: { name: holder } });
    if (made.error || !made.paymentMethod) return fail(made.error?.message ?? null);
    try {
      const result = await payByCard({
        package_id: checkout.selectedPackage.id,
        payment_method_id: made.paymentMethod.id,
        ...billingFields(checkout),
      }).unwrap();
      if (result.subscription) return paymentDone(result.subscription);
      if (!result.client_secret) return fail(null);
      setBusy('confirming');
      const confirmed = await stripe.confirmCardPayment(result.client_secret);
      if (confirmed.error) return fail(confirmed.error.message ?? null);
      // The webhook activates the package; it usually lands within a few seconds.
      for (let i = 0; i < 15; i += 1) {
        const status = await fetchSubscription().unwrap();
        if (status.is_active) return paymentDone(status);
        await new Promise((r) => setTimeout(r, 1000));
      }
      return fail(t('card.confirmSlow'));
    } catch (err) {
      return fail(isApiError(err) && err.status === 402 ? (err.message ?? null) : null);
    }
  };

  if (loadFailed) return <p className="rounded-lg bg-amber-50 p-4 text-sm text-amber-900">{t('card.formFailed')}</p>;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div>
        <label htmlFor="stripe-card-holder" className="block text-sm font-medium text-slate-800">
          {t('card.holder')}
        </label>
        <input
          id="stripe-card-holder"
          className={inputClass}
          value={holder}
          autoComplete="cc-name"
          onChange={(e) => setHolder(e.target.value)}
        />
      </div>
      <fieldset>
        <legend className="block text-sm font-medium text-slate-800">{t('card.details')}</legend>
        <div ref={mountRef} className="mt-1 rounded-lg border border-slate-300 px-3 py-3" />
        {!card ? <p className="mt-1 text-sm text-slate-600">{t('card.formLoading')}</p> : null}
        <p className="mt-2 flex items-center gap-1 text-xs text-slate-600">
          <Lock aria-hidden="true" className="h-3.5 w-3.5" />
          {t('card.securedByStripe')}
        </p>
      </fieldset>
      {failure ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {failure}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={!card || busy !== false}
        className="flex w-full items-center justify-center gap-2 rounded-lg bg-teal-700 px-4 py-3 font-semibold text-white hover:bg-teal-800 disabled:opacity-60"
      >
        {busy ? <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" /> : null}
        {busy === 'confirming'
          ? t('card.confirming')
          : busy
            ? t('card.processing')
            : t('card.pay', { amount: formatBaht(checkout.selectedPackage.price) })}
      </button>
    </form>
  );
}
