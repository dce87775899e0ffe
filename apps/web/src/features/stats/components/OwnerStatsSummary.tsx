import type { OwnerStats } from '@baan/contract';
import { useSearchParams } from 'react-router';
import { BarChart3, Plus } from '../../../components/ui/icons';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/QueryStates';
import { Link, usePageLanguage } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { hasStatsShape, useGetOwnerStatsQuery } from '../api/stats-api';
import { formatCount } from '../lib/format';
import { pickPeriod, type StatsPeriod } from '../lib/period';
import { COLORS, isEmptyPeriod, trafficSummary } from '../lib/summary';
import { useStatsError } from '../lib/use-stats-error';
import { PeriodSwitch } from './PeriodSwitch';
import { StatsChart } from './StatsChart';
import { StatsTotals } from './StatsTotals';

/** The overview offers the last week and the last month. */
export const OVERVIEW_PERIODS: readonly StatsPeriod[] = [7, 30];
const TOP_COUNT = 5;

/** The listings with the most views first (then the most contact clicks), at most five. */
export function topListings(listings: OwnerStats['listings']): OwnerStats['listings'] {
  return [...listings]
    .sort((a, b) => b.views - a.views || b.contact_clicks - a.contact_clicks || a.id - b.id)
    .slice(0, TOP_COUNT);
}

/**
 * The dashboard overview's statistics: every listing of the owner together for 7 or 30 days (`?days=`, 30 when
 * absent), a small chart of views and visitors, and the most viewed listings with links to their own statistics.
 */
export function OwnerStatsSummary() {
  const { t } = useTranslation('stats');
  const [params] = useSearchParams();
  const days = pickPeriod(params.get('days'), OVERVIEW_PERIODS, 30);
  const { data, currentData, error, isLoading, isFetching, refetch } = useGetOwnerStatsQuery(days);
  const errorMessage = useStatsError();
  const isStale = isFetching && currentData === undefined && data !== undefined;

  return (
    <section aria-labelledby="owner-stats-title" className="max-w-5xl space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id="owner-stats-title" className="text-lg font-semibold text-slate-900">
            {t('overview.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t('overview.lead', { days })}</p>
        </div>
        <PeriodSwitch value={days} options={OVERVIEW_PERIODS} />
      </div>
      {isLoading || (isFetching && !data) ? (
        <LoadingState label={t('loading')} />
      ) : (error && !isFetching) || (data !== undefined && !hasStatsShape(data, true)) ? (
        <ErrorState message={errorMessage(error)} retryLabel={t('retry')} onRetry={() => void refetch()} />
      ) : data ? (
        <div aria-busy={isStale || undefined} className={`space-y-4 ${isStale ? 'opacity-60' : ''}`}>
          <SummaryBody stats={data} days={days} />
        </div>
      ) : null}
    </section>
  );
}

function SummaryBody({ stats, days }: { stats: OwnerStats; days: StatsPeriod }) {
  const { t } = useTranslation('stats');
  const language = usePageLanguage();
  if (stats.listings.length === 0) {
    return (
      <div className="space-y-3">
        <EmptyState message={t('overview.noListings')} />
        <Link
          to="/add-property"
          className="inline-flex items-center gap-1.5 rounded-lg bg-teal-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-teal-800"
        >
          <Plus className="size-4" aria-hidden="true" />
          {t('overview.addListing')}
        </Link>
      </div>
    );
  }
  const top = topListings(stats.listings);
  return (
    <>
      <StatsTotals totals={stats.totals} isCompact={true} />
      {isEmptyPeriod(stats) ? (
        <EmptyState message={t('overview.empty', { days })} />
      ) : (
        <StatsChart
          kind="line"
          height={120}
          title={t('charts.traffic')}
          description={trafficSummary(t, stats, days, language)}
          days={stats.days}
          series={[
            { metric: 'views', label: t('metrics.views'), color: COLORS.views },
            { metric: 'visitors', label: t('metrics.visitors'), color: COLORS.visitors, isDashed: true },
          ]}
          language={language}
        />
      )}
      <div className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
        <h3 className="text-base font-semibold text-slate-900">{t('overview.topTitle')}</h3>
        <ol className="mt-3 divide-y divide-slate-100">
          {top.map((listing) => (
            <li key={listing.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2.5">
              <div className="min-w-0 flex-1 basis-48">
                <span className="block font-medium break-words text-slate-900">{listing.title}</span>
                {listing.status === 'active' ? null : (
                  <span className="mt-0.5 inline-block rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">
                    {t(`status.${listing.status}`, { defaultValue: listing.status })}
                  </span>
                )}
              </div>
              <dl className="flex gap-4 text-sm text-slate-700">
                <div>
                  <dt className="text-xs text-slate-500">{t('metrics.views')}</dt>
                  <dd className="font-semibold tabular-nums">{formatCount(listing.views)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-500">{t('metrics.contactClicks')}</dt>
                  <dd className="font-semibold tabular-nums">{formatCount(listing.contact_clicks)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-500">{t('metrics.inquiries')}</dt>
                  <dd className="font-semibold tabular-nums">{formatCount(listing.inquiries)}</dd>
                </div>
              </dl>
              <Link
                to={`/dashboard/properties/${listing.id}/stats?days=${days}`}
                aria-label={t('overview.statsLinkLabel', { title: listing.title })}
                className="inline-flex items-center gap-1.5 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-teal-800 hover:bg-slate-50"
              >
                <BarChart3 className="size-4" aria-hidden="true" />
                {t('overview.statsLink')}
              </Link>
            </li>
          ))}
        </ol>
        <Link
          to="/dashboard/properties"
          className="mt-3 inline-block text-sm font-semibold text-teal-800 hover:underline"
        >
          {t('overview.allListings')}
        </Link>
      </div>
    </>
  );
}
