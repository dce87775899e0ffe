import { useState } from 'react';
import { useLocation } from 'react-router';
import { CreditCard, QrCode } from '../../../components/ui/icons';
import { Navigate } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { useAppSelector } from '../../../session/store';
import { useGetCardConfigQuery } from '../api/payments-api';
import { readCheckoutState } from '../hooks/checkout-state';
import { OrderSummary } from './BillingInformationPage';
import { CardPaymentForm } from './CardPaymentForm';
import { PageShell } from './PageShell';
import { QrPaymentSteps } from './QrPaymentSteps';

type Tab = 'card' | 'qr';

/** /checkout: the order, who pays, and the two ways to pay (card, PromptPay QR). */
export function CheckoutPage() {
  const { t } = useTranslation('payments');
  const location = useLocation();
  const user = useAppSelector((state) => state.login.user);
  const checkout = readCheckoutState(location.state);
  const { data: config } = useGetCardConfigQuery();
  const [chosenTab, setTab] = useState<Tab | null>(null);
  // Open on the QR tab when the site takes no cards (a production site without Stripe).
  const tab: Tab = chosenTab ?? (config && !config.card_enabled && config.qr_enabled ? 'qr' : 'card');

  if (!checkout || !user) return <Navigate to="/select-package" replace />;

  const tabButton = (id: Tab, label: string, Icon: typeof CreditCard) => (
    <button
      type="button"
      role="tab"
      id={`checkout-tab-${id}`}
      aria-selected={tab === id}
      aria-controls={`checkout-panel-${id}`}
      tabIndex={tab === id ? 0 : -1}
      onClick={() => setTab(id)}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') setTab(tab === 'card' ? 'qr' : 'card');
      }}
      className={`flex flex-1 items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold transition-colors ${
        tab === id ? 'bg-white text-teal-800 shadow-sm' : 'text-slate-600 hover:text-slate-900'
      }`}
    >
      <Icon className="size-4" aria-hidden="true" />
      {label}
    </button>
  );

  return (
    <PageShell title={t('checkout.title')} lead={t('checkout.lead')}>
      <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
        <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <div role="tablist" aria-label={t('checkout.methods')} className="flex gap-1 rounded-xl bg-slate-100 p-1">
            {tabButton('card', t('checkout.card'), CreditCard)}
            {tabButton('qr', t('checkout.qr'), QrCode)}
          </div>
          <div role="tabpanel" id={`checkout-panel-${tab}`} aria-labelledby={`checkout-tab-${tab}`} className="mt-6">
            {tab === 'card' ? <CardPaymentForm checkout={checkout} /> : <QrPaymentSteps checkout={checkout} />}
          </div>
        </div>
        <div className="space-y-6">
          <OrderSummary checkout={checkout} />
          <section
            aria-label={t('checkout.customer')}
            className="rounded-2xl border border-slate-200 bg-white p-6 text-sm shadow-sm"
          >
            <h2 className="text-lg font-semibold text-slate-900">{t('checkout.customer')}</h2>
            <dl className="mt-4 space-y-3">
              <div>
                <dt className="text-slate-600">{t('checkout.customerName')}</dt>
                <dd className="font-medium break-words text-slate-900">
                  {checkout.billing?.billing_name || user.name}
                </dd>
              </div>
              <div>
                <dt className="text-slate-600">{t('checkout.email')}</dt>
                <dd className="font-medium break-all text-slate-900">{user.email}</dd>
              </div>
            </dl>
          </section>
        </div>
      </div>
    </PageShell>
  );
}
