import { PropertyListQuery, splitLanguagePath } from '@baan/contract';
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData, useSearchParams } from 'react-router';
import { Hero } from '../../components/ui/Hero';
import { BuyRentResults } from '../../features/listings/components/BuyRentResults';
import { BUY_RENT_PER_PAGE, buyRentFilters, buyRentQuery } from '../../features/listings/lib/buy-rent-params';
import { toSearchString } from '../../features/listings/lib/search-params';
import { searchOrRefusal } from '../../features/listings/lib/search-refusal';
import { SaveSearchButton } from '../../features/saved-searches/components/SaveSearchButton';
import { useTranslation } from '../../i18n/use-translation';
import { seoMeta } from '../seo';
import { listPageSeo } from '../seo.server';

export const handle = { i18n: ['listings', 'saved', 'units'] };

/** The tab, title search, place and page in the address, and that page of results (10 a page). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const filters = buyRentFilters(url.searchParams);
  // The readings of q come back labelled in the page's language (the chips).
  const { language: lang } = splitLanguagePath(url.pathname);
  const parsed = PropertyListQuery.safeParse({ ...buyRentQuery(filters), lang });
  // A search the API refuses (text over its length, a minimum area over the maximum, an unknown station) shows that
  // page of everything, and the page says why.
  const { results, refused } = await searchOrRefusal(context.pages.searchProperties, parsed, {
    page: filters.page,
    per_page: BUY_RENT_PER_PAGE,
    lang,
  });
  return { results, refused, seo: listPageSeo(request, context, 'buyRent') };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

/** Buy or rent: tabs all / condo / house, a title search, location groups, two-column results. */
export default function BuyRent() {
  const { t } = useTranslation('listings');
  const { results, refused } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  return (
    <>
      <Hero title={t('buyRent.title')} description={t('buyRent.heroDescription')} size="band" />
      <div className="mx-auto flex max-w-7xl justify-end px-4 pt-6 sm:px-6">
        <SaveSearchButton query={toSearchString(buyRentQuery(buyRentFilters(searchParams)))} />
      </div>
      <BuyRentResults results={results} refused={refused} />
    </>
  );
}
