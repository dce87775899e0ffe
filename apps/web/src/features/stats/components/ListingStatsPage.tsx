import type { ListingStats } from '@baan/contract';
import { useSearchParams } from 'react-router';
import { ArrowLeft, ExternalLink } from '../../../components/ui/icons';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/QueryStates';
import { Link, usePageLanguage } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { hasStatsShape, useGetListingStatsQuery } from '../api/stats-api';
import { formatCount } from '../lib/format';
import { pickPeriod, STATS_PERIODS, type StatsPeriod } from '../lib/period';
import { COLORS, isEmptyPeriod, trafficSummary } from '../lib/summary';
import { useStatsError } from '../lib/use-stats-error';
import { PeriodSwitch } from './PeriodSwitch';
import { type ChartSeries, StatsChart } from './StatsChart';
import { StatsTable } from './StatsTable';
import { StatsTotals } from './StatsTotals';

/**
 * /dashboard/properties/:id/stats: one listing's figures for 7, 30 or 90 days (`?days=`, 30 when absent): totals,
 * views and visitors per day, contact clicks and inquiries per day, and the same as a table.
 */
export function ListingStatsPage({ id, title }: { id: number; title?: string }) {
  const { t } = useTranslation('stats');
  const [params] = useSearchParams();
  const days = pickPeriod(params.get('days'));
  const query = useGetListingStatsQuery({ id, days });
  const errorMessage = useStatsError();
  const { data, currentData, error, isLoading, isFetching, refetch } = query;
  // While another period loads, the previous one stays on screen, marked busy.
  const isStale = isFetching && currentData === undefined && data !== undefined;

  return (
    <section aria-labelledby="listing-stats-title" className="max-w-6xl space-y-6">
      <div>
        <Link
          to="/dashboard/properties"
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-teal-800 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('back')}
        </Link>
        <h1 id="listing-stats-title" className="mt-3 text-2xl font-bold break-words text-slate-900">
          {title ? t('titleFor', { title }) : t('title')}
        </h1>
        <p className="mt-1 text-sm text-slate-600">{t('lead', { days })}</p>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
          <PeriodSwitch value={days} options={STATS_PERIODS} />
          <Link
            to={`/detail/${id}`}
            className="inline-flex items-center gap-1.5 text-sm font-semibold text-teal-800 hover:underline"
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            {t('viewListing')}
          </Link>
        </div>
      </div>
      {isLoading || (isFetching && !data) ? (
        <LoadingState label={t('loading')} />
      ) : (error && !isFetching) || (data !== undefined && !hasStatsShape(data)) ? (
        <ErrorState message={errorMessage(error)} retryLabel={t('retry')} onRetry={() => void refetch()} />
      ) : data ? (
        <div aria-busy={isStale || undefined} className={`space-y-6 ${isStale ? 'opacity-60' : ''}`}>
          <StatsBody stats={data} days={days} />
        </div>
      ) : null}
    </section>
  );
}

function StatsBody({ stats, days }: { stats: ListingStats; days: StatsPeriod }) {
  const { t } = useTranslation('stats');
  const language = usePageLanguage();
  const traffic: ChartSeries[] = [
    { metric: 'views', label: t('metrics.views'), color: COLORS.views },
    { metric: 'visitors', label: t('metrics.visitors'), color: COLORS.visitors, isDashed: true },
  ];
  const contacts: ChartSeries[] = [
    { metric: 'contact_clicks', label: t('metrics.contactClicks'), color: COLORS.clicks },
    { metric: 'inquiries', label: t('metrics.inquiries'), color: COLORS.inquiries },
  ];
  return (
    <>
      <StatsTotals totals={stats.totals} />
      {isEmptyPeriod(stats) ? (
        <EmptyState message={t('empty', { days })} />
      ) : (
        <>
          <div className="grid gap-6 xl:grid-cols-2">
            <StatsChart
              kind="line"
              title={t('charts.traffic')}
              description={trafficSummary(t, stats, days, language)}
              days={stats.days}
              series={traffic}
              language={language}
            />
            <StatsChart
              kind="bar"
              title={t('charts.contacts')}
              description={t('charts.contactsSummary', {
                days,
                clicks: formatCount(stats.totals.contact_clicks),
                inquiries: formatCount(stats.totals.inquiries),
              })}
              days={stats.days}
              series={contacts}
              language={language}
            />
          </div>
          <StatsTable days={stats.days} period={days} language={language} />
        </>
      )}
    </>
  );
}
