import type { PricePoint } from '@baan/contract';
import { usePageLanguage } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { formatDate } from '../../../lib/format-date';
import { formatPrice } from '../lib/format';

/** A change from one price to the next in per cent with one decimal and its sign ("−5.3%", "+2%"). */
export function priceChange(before: number, after: number): string {
  const percent = Math.round(((after - before) / before) * 1000) / 10;
  return `${percent > 0 ? '+' : percent < 0 ? '−' : '±'}${Math.abs(percent)}%`;
}

/**
 * Every price the listing has had, newest first: the day, the price and the change from the one before (docs/api.md
 * GET /api/property/{id}/price-history). Rendered on the server with the page.
 */
export function PriceHistory({ history }: { history: PricePoint[] }) {
  const { t } = useTranslation('listings');
  const language = usePageLanguage();
  if (history.length === 0) return null;
  const rows = history.map((point, i) => ({ ...point, before: i > 0 ? history[i - 1]?.price : undefined })).reverse();
  return (
    <section aria-labelledby="detail-price-history" className="mt-10 max-w-3xl">
      <h2 id="detail-price-history" className="mb-3 text-xl font-bold text-slate-900">
        {t('detail.priceHistory.title')}
      </h2>
      {history.length === 1 ? (
        <p className="mb-2 text-sm text-slate-600">{t('detail.priceHistory.unchanged')}</p>
      ) : null}
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <th scope="col" className="py-2 pr-4">
              {t('detail.priceHistory.date')}
            </th>
            <th scope="col" className="py-2 pr-4 text-right">
              {t('detail.priceHistory.price')}
            </th>
            <th scope="col" className="py-2 text-right">
              {t('detail.priceHistory.change')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.date}-${row.price}`} className="border-b border-slate-100">
              <th scope="row" className="py-2 pr-4 font-medium text-slate-800">
                {formatDate(row.date, language)}
              </th>
              <td className="py-2 pr-4 text-right text-slate-900">{formatPrice(row.price)}</td>
              <td
                className={`py-2 text-right ${
                  row.before !== undefined && row.price < row.before ? 'font-semibold text-red-700' : 'text-slate-700'
                }`}
              >
                {row.before === undefined ? t('detail.priceHistory.first') : priceChange(row.before, row.price)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
