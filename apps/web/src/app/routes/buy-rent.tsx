import { PropertyListQuery } from '@baan/contract';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { Hero } from '../../components/ui/Hero';
import { BuyRentResults } from '../../features/listings/components/BuyRentResults';
import { BUY_RENT_PER_PAGE, buyRentFilters, buyRentQuery } from '../../features/listings/lib/buy-rent-params';
import { seoMeta } from '../seo';
import { listPageSeo } from '../seo.server';

export const handle = { i18n: ['listings'] };

/** The tab, title search, place and page in the address, and that page of results (10 a page). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const filters = buyRentFilters(new URL(request.url).searchParams);
  const parsed = PropertyListQuery.safeParse(buyRentQuery(filters));
  // A search the API would refuse (text over its length) shows that page of everything rather than an error.
  const query = parsed.success ? parsed.data : { page: filters.page, per_page: BUY_RENT_PER_PAGE };
  const results = await context.pages.searchProperties(query);
  return { results, seo: listPageSeo(request, context, 'buyRent') };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

/** Buy or rent: tabs all / condo / house, a title search, location groups, two-column results. */
export default function BuyRent() {
  const { t } = useTranslation('listings');
  const { results } = useLoaderData<typeof loader>();
  return (
    <>
      <Hero title={t('buyRent.title')} description={t('buyRent.heroDescription')} size="band" />
      <BuyRentResults results={results} />
    </>
  );
}
