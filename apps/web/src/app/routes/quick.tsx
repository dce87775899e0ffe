import { DEFAULT_PER_PAGE, type PropertyListParams } from '@baan/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Hero } from '../../components/ui/Hero';
import { useSearchPropertiesQuery } from '../../features/listings/api/listings-api';
import { PagedResults } from '../../features/listings/components/PagedResults';
import { SearchBar } from '../../features/listings/components/SearchBar';
import { usePageMeta } from '../../features/listings/hooks/use-page-meta';
import { formatNumber } from '../../features/listings/lib/format';
import { fromSearchParams, toSearchString } from '../../features/listings/lib/search-params';
import { RESULTS_HEADING_CLASS, useResultsHeading } from '../../lib/use-results-heading';

/** Quick search: 16 listings a page, paged on the server; every filter and the page live in the address. */
export function Component() {
  const { t } = useTranslation('listings');
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = fromSearchParams(searchParams);
  const page = filters.page ?? 1;
  const { data, error, isFetching } = useSearchPropertiesQuery({ ...filters, page, per_page: DEFAULT_PER_PAGE });
  const heading = useResultsHeading();
  usePageMeta(t('quick.title'), t('quick.description'));

  const go = (next: PropertyListParams) => {
    setSearchParams(new URLSearchParams(toSearchString(next)));
  };
  const toPage = (p: number) => {
    go({ ...filters, page: p === 1 ? undefined : p });
    heading.bringIntoView();
  };

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
          {data && !isFetching ? (
            <p className="text-sm text-slate-600" aria-live="polite">
              {t('quick.count', { count: data.total, total: formatNumber(data.total) })}
            </p>
          ) : null}
        </div>
        <PagedResults
          data={data}
          isFetching={isFetching}
          error={error}
          page={page}
          onPage={toPage}
          loadingCount={DEFAULT_PER_PAGE}
          label={t('quick.results')}
        />
      </section>
    </>
  );
}
