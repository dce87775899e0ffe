import { Link } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import type { StatsPeriod } from '../lib/period';

/**
 * The period as links (`?days=7`): the choice lives in the address, so reload, back and shared links keep it. The
 * current one is marked for assistive technology with aria-current.
 */
export function PeriodSwitch({ value, options }: { value: StatsPeriod; options: readonly StatsPeriod[] }) {
  const { t } = useTranslation('stats');
  return (
    <nav aria-label={t('period.label')}>
      <ul className="inline-flex max-w-full gap-1 rounded-lg bg-slate-100 p-1">
        {options.map((days) => (
          <li key={days}>
            <Link
              to={{ search: `?days=${days}` }}
              replace
              preventScrollReset
              aria-current={days === value ? 'true' : undefined}
              className="block rounded-md px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-slate-700 hover:bg-white aria-[current=true]:bg-white aria-[current=true]:text-teal-800 aria-[current=true]:shadow-sm"
            >
              {t('period.days', { days })}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
