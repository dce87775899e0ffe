import { BadgeCheck, Clock, Loader2 } from '../../../components/ui/icons';
import { Link } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { formatDate } from '../../../lib/format-date';
import { useGetSubscriptionQuery } from '../api/payments-api';
import { formatBaht } from '../hooks/checkout-state';

/** The dashboard overview's subscription card: package, days left, any payment under review. */
export function SubscriptionOverview() {
  const { t, i18n } = useTranslation('payments');
  const { data, isLoading, isError } = useGetSubscriptionQuery();
  // The dashboard's own card already says when there is no package; only add what it lacks.
  if (data && data.is_active === 0 && !data.pending_payment) return null;
  return (
    <section
      aria-labelledby="subscription-overview-title"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="subscription-overview-title" className="text-lg font-semibold text-slate-900">
        {t('overview.title')}
      </h2>
      {isLoading ? (
        <p role="status" className="mt-3 flex items-center gap-2 text-sm text-slate-600">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          {t('overview.loading')}
        </p>
      ) : isError || !data ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {t('overview.error')}
        </p>
      ) : (
        <div className="mt-4 space-y-4">
          {data.is_active === 1 ? (
            <div className="flex items-start gap-3">
              <BadgeCheck className="mt-0.5 size-6 shrink-0 text-teal-700" aria-hidden="true" />
              <div>
                <p className="font-semibold text-slate-900">{t('overview.active', { name: data.package_name })}</p>
                <p className="text-sm text-slate-600">{t('overview.daysLeft', { count: data.days_left })}</p>
                {data.ends_at ? (
                  <p className="text-sm text-slate-600">
                    {t('overview.endsOn', { date: formatDate(data.ends_at, i18n.language) })}
                  </p>
                ) : null}
              </div>
            </div>
          ) : null}
          {data.pending_payment ? (
            <p className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {t('overview.underReview', { amount: formatBaht(data.pending_payment.amount) })}
            </p>
          ) : null}
          {data.is_active === 1 ? (
            <Link
              to="/select-package"
              className="inline-block rounded-lg border border-teal-700 px-4 py-2 text-sm font-semibold text-teal-800 hover:bg-teal-50"
            >
              {t('overview.extend')}
            </Link>
          ) : null}
        </div>
      )}
    </section>
  );
}
