import type { PropertySubType } from '@baan/contract';
import { Search } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Hero } from '../../components/ui/Hero';
import { useSearchPropertiesQuery } from '../../features/listings/api/listings-api';
import { LocationPicker, placeKeyOf } from '../../features/listings/components/LocationPicker';
import { PagedResults } from '../../features/listings/components/PagedResults';
import { usePageMeta } from '../../features/listings/hooks/use-page-meta';
import { RESULTS_HEADING_CLASS, useResultsHeading } from '../../lib/use-results-heading';

const TABS = ['all', 'condo', 'house'] as const;
type Tab = (typeof TABS)[number];
const PER_PAGE = 10;

/** Buy or rent: tabs all / condo / house, a title search, location groups, two-column results. */
export function Component() {
  const { t } = useTranslation('listings');
  const id = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(searchParams.get('tab') ?? '')
    ? (searchParams.get('tab') as Tab)
    : 'all';
  const q = searchParams.get('q')?.trim() || undefined;
  const location = searchParams.get('location') || undefined;
  const page = Number(searchParams.get('page')) > 1 ? Math.floor(Number(searchParams.get('page'))) : 1;
  const { data, error, isFetching } = useSearchPropertiesQuery({
    q,
    location,
    sub_type: tab === 'all' ? undefined : (tab as PropertySubType),
    page,
    per_page: PER_PAGE,
  });
  const heading = useResultsHeading();
  usePageMeta(t('buyRent.title'), t('buyRent.description'));

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setSearchParams(next);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update({ q: String(new FormData(event.currentTarget).get('q') ?? '').trim() || undefined });
  };

  const toPage = (p: number) => {
    update({ page: p > 1 ? String(p) : undefined });
    heading.bringIntoView();
  };

  const placeKey = placeKeyOf(location);
  const locationLabel = placeKey ? t(`places.${placeKey}`) : (location ?? t('buyRent.anywhere'));
  const typeLabel = tab === 'all' ? t('buyRent.anyType') : t(`subTypes.${tab}`);

  return (
    <>
      <Hero title={t('buyRent.title')} description={t('buyRent.heroDescription')} size="band" />
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-6 sm:px-6 sm:py-8 lg:grid-cols-[260px_1fr] lg:gap-8">
        <LocationPicker location={location} onChange={(next) => update({ location: next })} />
        <section aria-labelledby={`${id}-results`} className="min-w-0 space-y-6">
          <h2
            id={`${id}-results`}
            ref={heading.ref}
            tabIndex={-1}
            className={`text-lg font-bold text-slate-900 ${RESULTS_HEADING_CLASS}`}
          >
            {t('buyRent.results')}
          </h2>
          <div className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
            <div role="tablist" aria-label={t('buyRent.tabsLabel')} className="inline-flex rounded-lg bg-slate-100 p-1">
              {TABS.map((key) => (
                <button
                  key={key}
                  type="button"
                  role="tab"
                  aria-selected={tab === key}
                  onClick={() => update({ tab: key === 'all' ? undefined : key })}
                  className={`rounded-md px-4 py-2 text-sm font-semibold ${tab === key ? 'bg-white text-teal-800 shadow' : 'text-slate-700 hover:text-slate-900'}`}
                >
                  {t(`buyRent.tabs.${key}`)}
                </button>
              ))}
            </div>
            {/* biome-ignore lint/a11y/useSemanticElements: <form role="search"> is the search landmark every screen reader knows. */}
            <form role="search" onSubmit={submit} className="flex gap-2" key={q ?? ''}>
              <label className="flex-1">
                <span className="sr-only">{t('buyRent.searchLabel')}</span>
                <input
                  name="q"
                  type="search"
                  defaultValue={q ?? ''}
                  placeholder={t('buyRent.searchPlaceholder')}
                  className="h-10 w-full rounded-lg border border-slate-300 px-3 text-sm focus:border-teal-600 focus:outline-none md:w-64"
                />
              </label>
              <button
                type="submit"
                className="inline-flex h-10 items-center gap-2 rounded-lg bg-teal-700 px-4 text-sm font-semibold text-white hover:bg-teal-800"
              >
                <Search className="size-4" aria-hidden="true" />
                <span className="sr-only sm:not-sr-only">{t('search.submit')}</span>
              </button>
            </form>
          </div>
          <PagedResults
            data={data}
            isFetching={isFetching}
            error={error}
            page={page}
            onPage={toPage}
            loadingCount={4}
            columns="grid-cols-1 md:grid-cols-2"
            label={t('buyRent.results')}
            emptyMessage={t('buyRent.empty', { propertyType: typeLabel, location: locationLabel })}
          />
        </section>
      </div>
    </>
  );
}
