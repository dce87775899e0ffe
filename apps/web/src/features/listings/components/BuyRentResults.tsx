import type { PropertyPage } from '@baan/contract';
import { Search } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigation, useSearchParams } from 'react-router';
import { Link, useNavigate } from '../../../i18n/localized-router';
import { RESULTS_HEADING_CLASS, useResultsHeading } from '../../../lib/use-results-heading';
import { BUY_RENT_TABS, buyRentFilters, buyRentHref } from '../lib/buy-rent-params';
import { LocationPicker, placeKeyOf } from './LocationPicker';
import { PagedResults } from './PagedResults';

/**
 * Buy or rent below its banner: location groups beside the results, the all / condo / house tabs and a title search
 * above them, 10 a page. Every choice lives in the address; the tabs, places and pager are links and the search is a
 * GET form, so the page works without JavaScript.
 */
export function BuyRentResults({ results }: { results: PropertyPage }) {
  const { t } = useTranslation('listings');
  const id = useId();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  // Only a new page of these results shows the placeholders, not a visit to another page.
  const isFetching = navigation.state === 'loading' && navigation.location.pathname === pathname;
  const { tab, q, location, page } = buyRentFilters(searchParams);
  const heading = useResultsHeading();
  const href = (changes: Parameters<typeof buyRentHref>[1]) => buyRentHref(searchParams, changes);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    navigate(href({ q: text || undefined }), { preventScrollReset: true });
  };

  const placeKey = placeKeyOf(location);
  const locationLabel = placeKey ? t(`places.${placeKey}`) : (location ?? t('buyRent.anywhere'));
  const typeLabel = tab === 'all' ? t('buyRent.anyType') : t(`subTypes.${tab}`);

  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-6 sm:px-6 sm:py-8 lg:grid-cols-[260px_1fr] lg:gap-8">
      <LocationPicker
        location={location}
        hrefFor={(next) => href({ location: next })}
        onChange={(next) => navigate(href({ location: next }), { preventScrollReset: true })}
      />
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
          <nav aria-label={t('buyRent.tabsLabel')}>
            <ul className="inline-flex rounded-lg bg-slate-100 p-1">
              {BUY_RENT_TABS.map((key) => (
                <li key={key}>
                  <Link
                    to={href({ tab: key === 'all' ? undefined : key })}
                    preventScrollReset
                    aria-current={tab === key ? 'page' : undefined}
                    className={`block rounded-md px-4 py-2 text-sm font-semibold ${tab === key ? 'bg-white text-teal-800 shadow' : 'text-slate-700 hover:text-slate-900'}`}
                  >
                    {t(`buyRent.tabs.${key}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {/* biome-ignore lint/a11y/useSemanticElements: <form role="search"> is the search landmark every screen reader knows. */}
          <form role="search" method="get" onSubmit={submit} className="flex gap-2" key={q ?? ''}>
            {/* Without JavaScript the browser sends the form itself: the tab and place stay chosen. */}
            {tab === 'all' ? null : <input type="hidden" name="tab" value={tab} />}
            {location ? <input type="hidden" name="location" value={location} /> : null}
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
          data={results}
          isFetching={isFetching}
          error={undefined}
          page={page}
          hrefFor={(p) => href({ page: p > 1 ? String(p) : undefined })}
          onPage={heading.bringIntoView}
          loadingCount={4}
          columns="grid-cols-1 md:grid-cols-2"
          label={t('buyRent.results')}
          emptyMessage={t('buyRent.empty', { propertyType: typeLabel, location: locationLabel })}
        />
      </section>
    </div>
  );
}
