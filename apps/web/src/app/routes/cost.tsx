import type { ListingType } from '@baan/contract';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { Hero } from '../../components/ui/Hero';
import { CostSwitch } from '../../features/listings/components/CostSwitch';
import { FIRST, firstListings, ListingCollection } from '../../features/listings/components/ListingCollection';
import { seoMeta } from '../seo';
import { listPageSeo } from '../seo.server';

export const handle = { i18n: ['listings', 'units'] };

const costType = (search: URLSearchParams): ListingType => (search.get('type') === 'rent' ? 'rent' : 'sale');

/** The chosen kind's cheapest 8 and both kinds' totals (each switch shows its count). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const type = costType(new URL(request.url).searchParams);
  const other: ListingType = type === 'sale' ? 'rent' : 'sale';
  const [shown, otherPage] = await Promise.all([
    context.pages.searchProperties({ sort: 'price_asc', type, page: 1, per_page: FIRST }),
    context.pages.searchProperties({ sort: 'price_asc', type: other, page: 1, per_page: 1 }),
  ]);
  const totals = { [type]: shown.total, [other]: otherPage.total } as Record<ListingType, number>;
  return { type, first: firstListings([shown]), totals, seo: listPageSeo(request, context, 'cost') };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

/**
 * Sell at cost: the cheapest listings first, sales and rents apart (a monthly rent is not comparable with a sale
 * price); `?type=rent` in the address picks the rents. The first 8, then the rest.
 */
export default function Cost() {
  const { t } = useTranslation('listings');
  const { type, first, totals } = useLoaderData<typeof loader>();
  return (
    <>
      <Hero title={t('cost.title')} description={t('cost.heroDescription')} size="band" />
      <ListingCollection
        key={type}
        heading={t(`cost.heading.${type}`)}
        sources={[{ sort: 'price_asc', type }]}
        first={first}
        controls={<CostSwitch type={type} totals={totals} />}
      />
    </>
  );
}
