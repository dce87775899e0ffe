import type { Package } from '@baan/contract';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { CalendarDays, Check, Info } from '../../../components/ui/icons';
import { useNavigate } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { useAppSelector } from '../../../session/store';
import { type CheckoutState, formatBaht } from '../hooks/checkout-state';
import { isNeedsPackage } from '../hooks/package-notice';
import { PageShell } from './PageShell';

/**
 * Whether the page was opened because an active package was needed. Read after the first render: the server never
 * has the navigation's state, so the first render in the browser must not either (no hydration mismatch).
 */
function useNeedsPackageNotice(): boolean {
  const { state } = useLocation();
  const [needsPackage, setNeedsPackage] = useState(false);
  useEffect(() => setNeedsPackage(isNeedsPackage(state)), [state]);
  return needsPackage;
}

// Only for someone logged in, in the browser: the payments calls (and RTK Query) are not part of the public page.
const PendingPaymentNotice = lazy(async () => ({
  default: (await import('./PendingPaymentNotice')).PendingPaymentNotice,
}));

/**
 * /select-package: the tiers (read by the page's loader; null when that failed); choosing one needs a login (spec
 * section 2). A logged-in owner whose payment waits for approval is told so first.
 */
export function SelectPackagePage({ packages }: { packages: Package[] | null }) {
  const { t } = useTranslation('payments');
  const navigate = useNavigate();
  const needsPackage = useNeedsPackageNotice();
  const { isAuthenticated, user } = useAppSelector((state) => state.login);

  const choose = (selectedPackage: Package) => {
    if (isAuthenticated && user) {
      const state: CheckoutState = { selectedPackage, userId: user.id };
      navigate('/billing-information', { state });
    } else {
      navigate('/login', { state: { redirectFrom: '/select-package' } });
    }
  };

  return (
    <PageShell title={t('selectPackage.title')} lead={t('selectPackage.lead')}>
      {isAuthenticated ? (
        <Suspense fallback={null}>
          <PendingPaymentNotice />
        </Suspense>
      ) : null}
      {needsPackage ? (
        <p
          role="status"
          className="mb-8 flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
        >
          <Info className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
          {t('selectPackage.needPackage')}
        </p>
      ) : null}
      {!packages ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          {t('selectPackage.errorLoading')}
        </p>
      ) : (
        <ul className="grid gap-6 md:grid-cols-3">
          {packages.map((pkg, index) => {
            const isFeatured = index === 1;
            return (
              <li
                key={pkg.id}
                className={`flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${
                  isFeatured ? 'border-teal-600 ring-2 ring-teal-600' : 'border-slate-200'
                }`}
              >
                <h2 className="text-xl font-bold text-slate-900">{pkg.name}</h2>
                <p className="mt-4 flex items-baseline gap-1">
                  <span className="text-4xl font-extrabold tracking-tight text-slate-900">
                    ฿{formatBaht(pkg.price)}
                  </span>
                  <span className="text-sm text-slate-600">{t('selectPackage.perMonth')}</span>
                </p>
                <p className="mt-2 flex items-center gap-2 text-sm font-medium text-teal-800">
                  <CalendarDays className="size-4" aria-hidden="true" />
                  {t('selectPackage.validity', { days: pkg.duration_days })}
                </p>
                <ul className="mt-6 flex-1 space-y-3 text-sm text-slate-700">
                  {pkg.features.map((feature) => (
                    <li key={feature} className="flex items-start gap-2">
                      <Check className="mt-0.5 size-4 shrink-0 text-teal-700" aria-hidden="true" />
                      <span>{t(`features.${feature}`, { defaultValue: feature })}</span>
                    </li>
                  ))}
                </ul>
                <button
                  type="button"
                  onClick={() => choose(pkg)}
                  className={`mt-8 rounded-lg px-4 py-3 text-sm font-semibold transition-colors ${
                    isFeatured
                      ? 'bg-teal-700 text-white hover:bg-teal-800'
                      : 'border border-teal-700 text-teal-800 hover:bg-teal-50'
                  }`}
                >
                  {t('selectPackage.choose')}
                  <span className="sr-only">: {pkg.name}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </PageShell>
  );
}
