import type { MarketFigures as Figures, Language } from '@baan/contract';
import { useTranslation } from '../../../i18n/use-translation';
import { formatWhole, formatYield, monthLabel } from '../lib/project-format';
import { TrendChart } from './TrendChart';

function Figure({ label, value, basis }: { label: string; value: string | null; basis: string }) {
  const { t } = useTranslation('projects');
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      {/* No figure: said in plain text, not set as large as a number. */}
      <dd className={value === null ? 'mt-1 font-medium text-slate-600' : 'mt-1 text-xl font-bold text-slate-900'}>
        {value ?? t('market.noData')}
      </dd>
      <dd className="text-xs text-slate-600">{basis}</dd>
    </div>
  );
}

/**
 * A project's or an area's market figures: median asking price and rent per m², gross yield, each with the number of
 * listings it stands on, then the trend as two charts and, for screen readers and anyone who wants the numbers, a
 * table of every month. All of it renders on the server.
 */
export function MarketFigures({
  figures,
  language,
  headingId,
}: {
  figures: Figures;
  language: Language;
  headingId: string;
}) {
  const { t } = useTranslation('projects');
  const { sale, rent, gross_yield_pct: grossYield, trend } = figures;
  const cell = (value: number | null) => (value === null ? t('market.none') : formatWhole(value));
  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className="text-2xl font-bold text-slate-900">
        {t('market.heading')}
      </h2>
      <dl className="mt-4 grid gap-3 sm:grid-cols-3">
        <Figure
          label={t('market.medianPrice')}
          value={
            sale.median_price_per_sqm === null
              ? null
              : t('market.perSqm', { value: formatWhole(sale.median_price_per_sqm) })
          }
          basis={t('market.basedOn', { count: sale.listings })}
        />
        <Figure
          label={t('market.medianRent')}
          value={
            rent.median_rent_per_sqm === null
              ? null
              : t('market.perSqmMonth', { value: formatWhole(rent.median_rent_per_sqm) })
          }
          basis={t('market.basedOn', { count: rent.listings })}
        />
        <Figure
          label={t('market.grossYield')}
          value={grossYield === null ? null : t('market.yieldValue', { value: formatYield(grossYield) })}
          basis={t('market.yieldBasis')}
        />
      </dl>
      {trend.length > 0 ? (
        <>
          <h3 className="mt-8 text-lg font-semibold text-slate-900">
            {t('market.trendHeading', { months: trend.length })}
          </h3>
          <div className="mt-3 grid gap-6 lg:grid-cols-2">
            <TrendChart trend={trend} series="price" language={language} />
            <TrendChart trend={trend} series="rent" language={language} />
          </div>
          <details className="mt-4 rounded-lg border border-slate-200 bg-white p-3">
            <summary className="cursor-pointer text-sm font-semibold text-teal-800">{t('market.showTable')}</summary>
            <div className="mt-3 overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{t('market.tableCaption')}</caption>
                <thead>
                  <tr className="border-b border-slate-200 text-slate-600">
                    <th scope="col" className="py-1 pr-3">
                      {t('market.month')}
                    </th>
                    <th scope="col" className="py-1 pr-3 text-right">
                      {t('market.price')}
                    </th>
                    <th scope="col" className="py-1 pr-3 text-right">
                      {t('market.saleListings')}
                    </th>
                    <th scope="col" className="py-1 pr-3 text-right">
                      {t('market.rent')}
                    </th>
                    <th scope="col" className="py-1 text-right">
                      {t('market.rentListings')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {trend.map((month) => (
                    <tr key={month.month} className="border-b border-slate-100">
                      <th scope="row" className="py-1 pr-3 font-medium">
                        {monthLabel(month.month, language)}
                      </th>
                      <td className="py-1 pr-3 text-right">{cell(month.median_price_per_sqm)}</td>
                      <td className="py-1 pr-3 text-right">{month.sale_listings}</td>
                      <td className="py-1 pr-3 text-right">{cell(month.median_rent_per_sqm)}</td>
                      <td className="py-1 text-right">{month.rent_listings}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      ) : null}
      <p className="mt-3 text-xs text-slate-600">{t('market.note')}</p>
    </section>
  );
}
