import { AREA_MEDIAN_SAMPLE_MIN, type ListingType, type PropertyListParams } from '@baan/contract';
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { Hero } from '../../components/ui/Hero';
import { Info } from '../../components/ui/icons';
import { CostSwitch } from '../../features/listings/components/CostSwitch';
import { FIRST, firstListings, ListingCollection } from '../../features/listings/components/ListingCollection';
import { useTranslation } from '../../i18n/use-translation';
import { seoMeta } from '../seo';
import { listPageSeo } from '../seo.server';

export const handle = { i18n: ['listings', 'units'] };

const costType = (search: URLSearchParams): ListingType => (search.get('type') === 'rent' ? 'rent' : 'sale');

/**
 * What "at cost" means here: priced at or below the median price per m² of comparable listings in the same area
 * (`at_or_below_median=1`, worked out by the server: its district, else its province; same rent or sale and group of
 * sub types; at least AREA_MEDIAN_SAMPLE_MIN of them), cheapest first.
 */
const atCost = (type: ListingType) =>
  ({ sort: 'price_asc', type, at_or_below_median: '1' }) as const satisfies PropertyListParams;

/** The chosen kind's cheapest 8 and both kinds' totals (each switch shows its count). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const type = costType(new URL(request.url).searchParams);
  const other: ListingType = type === 'sale' ? 'rent' : 'sale';
  const [shown, otherPage] = await Promise.all([
    context.pages.searchProperties({ ...atCost(type), page: 1, per_page: FIRST }),
    context.pages.searchProperties({ ...atCost(other), page: 1, per_page: 1 }),
  ]);
  const totals = { [type]: shown.total, [other]: otherPage.total } as Record<ListingType, number>;
  return { type, first: firstListings([shown]), totals, seo: listPageSeo(request, context, 'cost') };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

/**
 * Sell at cost: listings priced at or below their area's median price per m² (see atCost), cheapest first, sales and
 * rents apart (a monthly rent is not comparable with a sale price); `?type=rent` in the address picks the rents. The
 * page says what the rule is. The first 8, then the rest.
 */
export default function Cost() {
  const { t } = useTranslation('listings');
  const { type, first, totals } = useLoaderData<typeof loader>();
  return (
    <>
      <Hero title={t('cost.title')} description={t('cost.heroDescription')} size="band" />
      <div className="mx-auto max-w-7xl px-4 pt-8 sm:px-6">
        <p className="flex max-w-3xl items-start gap-3 rounded-xl border border-teal-200 bg-teal-50 p-4 text-sm text-teal-950">
          <Info className="mt-0.5 size-5 shrink-0 text-teal-700" aria-hidden="true" />
          <span>{t('cost.rule', { min: AREA_MEDIAN_SAMPLE_MIN })}</span>
        </p>
      </div>
      <ListingCollection
        key={type}
        heading={t(`cost.heading.${type}`)}
        sources={[atCost(type)]}
        first={first}
        controls={<CostSwitch type={type} totals={totals} />}
      />
    </>
  );
}
