import { DEFAULT_PER_PAGE, type PropertyListParams, PropertyListQuery } from '@baan/contract';
import { useTranslation } from 'react-i18next';
import {
  type LoaderFunctionArgs,
  type MetaFunction,
  useLoaderData,
  useNavigation,
  useSearchParams,
} from 'react-router';
import { Hero } from '../../components/ui/Hero';
import { PagedResults } from '../../features/listings/components/PagedResults';
import { SearchBar } from '../../features/listings/components/SearchBar';
import { formatNumber } from '../../features/listings/lib/format';
import { fromSearchParams, toSearchString } from '../../features/listings/lib/search-params';
import { RESULTS_HEADING_CLASS, useResultsHeading } from '../../lib/use-results-heading';
import { seoMeta } from '../seo';
import { listPageSeo } from '../seo.server';

export const handle = { i18n: ['listings'] };

/** The filters in the address (anything malformed left out) and that page of results, 16 a page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const filters = fromSearchParams(new URL(request.url).searchParams);
  const page = filters.page ?? 1;
  const parsed = PropertyListQuery.safeParse({ ...filters, page, per_page: DEFAULT_PER_PAGE });
  // Filters that contradict each other (a minimum over the maximum) are dropped rather than refused.
  const query = parsed.success ? parsed.data : { page, per_page: DEFAULT_PER_PAGE };
  const results = await context.pages.searchProperties(query);
  return { results, seo: listPageSeo(request, context, 'quick') };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

/** Quick search: 16 listings a page, paged on the server; every filter and the page live in the address. */
export default function Quick() {
  const { t } = useTranslation('listings');
  const { results } = useLoaderData<typeof loader>();
  const [searchParams, setSearchParams] = useSearchParams();
  const isFetching = useNavigation().state === 'loading';
  const filters = fromSearchParams(searchParams);
  const page = filters.page ?? 1;
  const heading = useResultsHeading();

  const go = (next: PropertyListParams) => setSearchParams(new URLSearchParams(toSearchString(next)));
  const hrefFor = (p: number) => toSearchString({ ...filters, page: p === 1 ? undefined : p }) || '?';

  return (
    <>
      <Hero title={t('quick.title')} description={t('quick.heroDescription')} size="band" />
      <section className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8" aria-labelledby="quick-results">
        <SearchBar value={filters} onSearch={(next) => go({ ...next, page: undefined })} />
        <div className="mt-6 mb-4 flex flex-wrap items-baseline justify-between gap-2">
          <h2
            id="quick-results"
            ref={heading.ref}
            tabIndex={-1}
            className={`text-2xl font-bold text-slate-900 ${RESULTS_HEADING_CLASS}`}
          >
            {t('quick.results')}
          </h2>
          {isFetching ? null : (
            <p className="text-sm text-slate-600" aria-live="polite">
              {t('quick.count', { count: results.total, total: formatNumber(results.total) })}
            </p>
          )}
        </div>
        <PagedResults
          data={results}
          isFetching={isFetching}
          error={undefined}
          page={page}
          hrefFor={hrefFor}
          onPage={heading.bringIntoView}
          loadingCount={DEFAULT_PER_PAGE}
          label={t('quick.results')}
        />
      </section>
    </>
  );
}
