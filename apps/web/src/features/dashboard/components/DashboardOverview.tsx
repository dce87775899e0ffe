import type { User } from '@baan/contract';
import { Link } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { formatDate } from '../../../lib/format-date';

/** /dashboard: a greeting and the state of the person's package. */
export function DashboardOverview({ user }: { user: User }) {
  const { t, i18n } = useTranslation('dashboard');
  const { subscription } = user;
  const endsAt = subscription.ends_at ? formatDate(subscription.ends_at, i18n.language) : '';
  const linkClass = 'rounded-lg px-4 py-2.5 text-sm font-semibold';
  return (
    <section className="max-w-3xl">
      <h1 className="text-2xl font-bold text-slate-900">{t('overview.greeting', { name: user.name })}</h1>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-6">
        <h2 className="text-lg font-semibold text-slate-900">{t('overview.title')}</h2>
        <p className="mt-2 text-slate-700">
          {subscription.is_active === 1
            ? t('overview.subscriptionActive', { date: endsAt })
            : t('overview.subscriptionInactive')}
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          {subscription.is_active === 1 ? null : (
            <Link to="/select-package" className={`${linkClass} bg-teal-700 text-white hover:bg-teal-800`}>
              {t('overview.choosePackage')}
            </Link>
          )}
          <Link
            to="/dashboard/properties"
            className={`${linkClass} border border-slate-300 text-slate-800 hover:bg-slate-50`}
          >
            {t('overview.manageListings')}
          </Link>
          <Link
            to="/dashboard/settings"
            className={`${linkClass} border border-slate-300 text-slate-800 hover:bg-slate-50`}
          >
            {t('overview.editSettings')}
          </Link>
        </div>
      </div>
    </section>
  );
}
