import type { ListingType } from '@baan/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Hero } from '../../components/ui/Hero';
import { useSearchPropertiesQuery } from '../../features/listings/api/listings-api';
import { FIRST, ListingCollection } from '../../features/listings/components/ListingCollection';
import { usePageMeta } from '../../features/listings/hooks/use-page-meta';
import { formatNumber } from '../../features/listings/lib/format';

const ORDER: ListingType[] = ['sale', 'rent'];

/**
 * Sell at cost: the cheapest listings first, sales and rents apart (a monthly rent is not comparable with a sale
 * price); `?type=rent` in the address picks the rents. The first 8, then the rest.
 */
export function Component() {
  const { t } = useTranslation('listings');
  const [searchParams, setSearchParams] = useSearchParams();
  const type: ListingType = searchParams.get('type') === 'rent' ? 'rent' : 'sale';
  // Both first pages, so each switch shows its count and opens at once (ListingCollection reads the same cache).
  const sale = useSearchPropertiesQuery({ sort: 'price_asc', type: 'sale', page: 1, per_page: FIRST });
  const rent = useSearchPropertiesQuery({ sort: 'price_asc', type: 'rent', page: 1, per_page: FIRST });
  const totals: Record<ListingType, number | undefined> = { sale: sale.data?.total, rent: rent.data?.total };
  usePageMeta(t('cost.title'), t('cost.description'));

  const switcher = (
    <fieldset className="inline-flex rounded-lg bg-slate-100 p-1">
      <legend className="sr-only">{t('cost.switchLabel')}</legend>
      {ORDER.map((value) => (
        <button
          key={value}
          type="button"
          aria-pressed={type === value}
          onClick={() => setSearchParams(value === 'sale' ? {} : { type: value })}
          className={`rounded-md px-4 py-2 text-sm font-semibold ${type === value ? 'bg-white text-teal-800 shadow' : 'text-slate-700 hover:text-slate-900'}`}
        >
          {t(`cost.switch.${value}`)}
          {totals[value] === undefined ? null : (
            <>
              {' '}
              <span className="font-normal text-slate-600">({formatNumber(totals[value] ?? 0)})</span>
            </>
          )}
        </button>
      ))}
    </fieldset>
  );

  return (
    <>
      <Hero title={t('cost.title')} description={t('cost.heroDescription')} size="band" />
      <ListingCollection
        key={type}
        heading={t(`cost.heading.${type}`)}
        sources={[{ sort: 'price_asc', type }]}
        controls={switcher}
      />
    </>
  );
}
