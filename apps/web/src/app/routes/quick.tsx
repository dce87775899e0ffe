import { DEFAULT_PER_PAGE, PropertyListQuery, splitLanguagePath } from '@baan/contract';
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
import { SearchReading } from '../../features/listings/components/SearchReading';
import { SearchRefused } from '../../features/listings/components/SearchRefused';
import { formatTotal } from '../../features/listings/lib/format';
import {
  fromSearchParams,
  quickHref,
  readSearch,
  type SearchFilters,
  toSearchString,
} from '../../features/listings/lib/search-params';
import { searchOrRefusal } from '../../features/listings/lib/search-refusal';
import { MAP_LIST_COLUMNS, MapListToggle, useMapView } from '../../features/map/components/MapListToggle';
import { SearchMap } from '../../features/map/components/SearchMap';
import { SaveSearchButton } from '../../features/saved-searches/components/SaveSearchButton';
import { useTranslation } from '../../i18n/use-translation';
import { RESULTS_HEADING_CLASS, useResultsHeading } from '../../lib/use-results-heading';
import { seoMeta } from '../seo';
import { listPageSeo } from '../seo.server';

export const handle = { i18n: ['listings', 'map', 'saved', 'units'] };

/** The filters in the address (anything malformed left out) and that page of results, 16 a page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const filters = fromSearchParams(url.searchParams);
  const page = filters.page ?? 1;
  // The readings of q come back labelled in the page's language (the chips).
  const { language: lang } = splitLanguagePath(url.pathname);
  const parsed = PropertyListQuery.safeParse({ ...filters, page, per_page: DEFAULT_PER_PAGE, lang });
  // Filters the API refuses (a minimum over the maximum, an unknown station) are dropped, and the page says why.
  const { results, refused } = await searchOrRefusal(context.pages.searchProperties, parsed, {
    page,
    per_page: DEFAULT_PER_PAGE,
    lang,
  });
  return { results, refused, seo: listPageSeo(request, context, 'quick') };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

/** Quick search: 16 listings a page, paged on the server; every filter and the page live in the address. */
export default function Quick() {
  const { t } = useTranslation('listings');
  const { results, refused } = useLoaderData<typeof loader>();
  const [searchParams, setSearchParams] = useSearchParams();
  const isFetching = useNavigation().state === 'loading';
  const filters = fromSearchParams(searchParams);
  const page = filters.page ?? 1;
  const heading = useResultsHeading();
  const [isMap, setIsMap] = useMapView(filters.bbox);
  // The map shows the list's filters; its own area, the page and the order are not filters of it.
  const mapFilters = toSearchString({ ...filters, bbox: undefined, page: undefined, sort: undefined });
  // The map's area goes into the address without a new history entry; the results follow it from page 1.
  const writeBbox = (bbox: string | undefined) =>
    setSearchParams(new URLSearchParams(toSearchString({ ...filters, bbox, page: undefined })), {
      replace: true,
      preventScrollReset: true,
    });
  const toggleMap = (next: boolean) => {
    if (next === isMap) return;
    setIsMap(next);
    // The list alone is every result again, not only the map's area (which the map may have just written).
    if (!next) go({ ...filters, bbox: undefined, page: undefined });
  };

  const go = (next: SearchFilters) => setSearchParams(new URLSearchParams(toSearchString(next)));
  const hrefFor = (p: number) => toSearchString({ ...filters, page: p === 1 ? undefined : p }) || '?';

  return (
    <>
      <Hero title={t('quick.title')} description={t('quick.heroDescription')} size="band" />
      <section className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8" aria-labelledby="quick-results">
        <SearchBar value={filters} onSearch={(next) => go({ ...next, page: undefined })} />
        {refused ? <SearchRefused message={refused} /> : null}
        <SearchReading
          results={results}
          search={searchParams}
          apiView={readSearch}
          hrefFor={quickHref}
          className="mt-4"
        />
        <div className="mt-6 mb-4 flex flex-wrap items-baseline justify-between gap-2">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <h2
              id="quick-results"
              ref={heading.ref}
              tabIndex={-1}
              className={`text-2xl font-bold text-slate-900 ${RESULTS_HEADING_CLASS}`}
            >
              {t('quick.results')}
            </h2>
            <MapListToggle isMap={isMap} onChange={toggleMap} />
          </div>
          <div className="flex flex-wrap items-center gap-3">
            {isFetching ? null : (
              <p className="text-sm text-slate-600" aria-live="polite">
                {t('search.count', { count: results.total, total: formatTotal(results) })}
              </p>
            )}
            <SaveSearchButton query={toSearchString(filters)} />
          </div>
        </div>
        <div className={isMap ? 'grid gap-6 lg:grid-cols-2 lg:items-start' : undefined}>
          {isMap ? (
            <div className="lg:sticky lg:top-4">
              <SearchMap
                filters={mapFilters}
                bbox={filters.bbox}
                onBbox={writeBbox}
                onClearBbox={() => writeBbox(undefined)}
              />
            </div>
          ) : null}
          <div>
            <PagedResults
              data={results}
              isFetching={isFetching}
              error={undefined}
              page={page}
              hrefFor={hrefFor}
              onPage={heading.bringIntoView}
              loadingCount={DEFAULT_PER_PAGE}
              label={t('quick.results')}
              columns={isMap ? MAP_LIST_COLUMNS : undefined}
            />
          </div>
        </div>
      </section>
    </>
  );
}
