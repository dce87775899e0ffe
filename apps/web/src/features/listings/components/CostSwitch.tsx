import type { ListingType } from '@baan/contract';
import { Link } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { formatNumber } from '../lib/format';

const ORDER: ListingType[] = ['sale', 'rent'];

/** Sell at cost's sale / rent switch with each side's count: links (`?type=rent`), so it works without JavaScript. */
export function CostSwitch({ type, totals }: { type: ListingType; totals: Record<ListingType, number> }) {
  const { t } = useTranslation('listings');
  return (
    <nav aria-label={t('cost.switchLabel')}>
      <ul className="inline-flex rounded-lg bg-slate-100 p-1">
        {ORDER.map((value) => (
          <li key={value}>
            <Link
              to={value === 'sale' ? '?' : `?type=${value}`}
              preventScrollReset
              aria-current={type === value ? 'page' : undefined}
              className={`block rounded-md px-4 py-2 text-sm font-semibold ${type === value ? 'bg-white text-teal-800 shadow' : 'text-slate-700 hover:text-slate-900'}`}
            >
              {t(`cost.switch.${value}`)}{' '}
              <span className="font-normal text-slate-600">({formatNumber(totals[value])})</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
