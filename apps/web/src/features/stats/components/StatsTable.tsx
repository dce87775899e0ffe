import type { Language, StatsDay } from '@baan/contract';
import { useTranslation } from '../../../i18n/use-translation';
import { formatCount, formatDay } from '../lib/format';

const COLUMNS = ['views', 'visitors', 'contact_clicks', 'inquiries', 'favorites', 'viewings'] as const;
const LABELS: Record<(typeof COLUMNS)[number], string> = {
  views: 'metrics.views',
  visitors: 'metrics.visitors',
  contact_clicks: 'metrics.contactClicks',
  inquiries: 'metrics.inquiries',
  favorites: 'metrics.favorites',
  viewings: 'metrics.viewings',
};

/** The charts' figures as a table, newest day first, behind a disclosure (the text alternative to the drawings). */
export function StatsTable({
  days,
  period,
  language,
}: {
  days: readonly StatsDay[];
  period: number;
  language: Language;
}) {
  const { t } = useTranslation('stats');
  return (
    <details className="group rounded-2xl border border-slate-200 bg-white">
      <summary className="cursor-pointer rounded-2xl px-4 py-3 text-sm font-semibold text-teal-800 hover:bg-slate-50 sm:px-5">
        {t('table.show')}
      </summary>
      <div className="overflow-x-auto border-t border-slate-200">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('table.caption', { days: period })}</caption>
          <thead className="bg-slate-50 text-xs font-semibold text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2 whitespace-nowrap">
                {t('table.date')}
              </th>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className="px-3 py-2 text-right whitespace-nowrap">
                  {t(LABELS[column])}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {[...days].reverse().map((day) => (
              <tr key={day.date}>
                <th scope="row" className="px-3 py-2 font-medium whitespace-nowrap text-slate-800">
                  {formatDay(day.date, language, 'long')}
                </th>
                {COLUMNS.map((column) => (
                  <td key={column} className="px-3 py-2 text-right text-slate-700 tabular-nums">
                    {formatCount(day[column])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
