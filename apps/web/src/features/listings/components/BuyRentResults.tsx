import { PROPERTY_SUB_TYPES, type PropertyPage } from '@baan/contract';
import { type FormEvent, useId, useState } from 'react';
import { useLocation, useNavigation, useSearchParams } from 'react-router';
import { Search, SlidersHorizontal } from '../../../components/ui/icons';
import { Link, useNavigate } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { RESULTS_HEADING_CLASS, useResultsHeading } from '../../../lib/use-results-heading';
import type { SuggestionFetcher } from '../api/suggest';
import {
  BUY_RENT_EXTRA,
  BUY_RENT_TABS,
  type BuyRentTab,
  buyRentApiView,
  buyRentChangesFor,
  buyRentFilters,
  buyRentHref,
  buyRentParamName,
} from '../lib/buy-rent-params';
import { formatTotal } from '../lib/format';
import { readPriceBound } from '../lib/search-params';
import { searchHref } from '../lib/search-reading';
import { ExtraFilters, hasExtraFilters, readExtraFilters } from './ExtraFilters';
import { LocationPicker, placeKeyOf } from './LocationPicker';
import { PagedResults } from './PagedResults';
import { BEDROOM_CHOICES } from './SearchBar';
import { SearchReading } from './SearchReading';
import { SearchRefused } from './SearchRefused';
import { SearchSuggestBox } from './SearchSuggestBox';
import { SortOptions } from './SortOptions';

const filterField =
  'h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-teal-600 focus:outline-none';
const label = 'text-sm font-medium text-slate-700';
/** Buy or rent's choice, in the order of the page's name: both, buy (`type=sale`), rent (`type=rent`). */
const BUY_RENT_DEALS = ['all', 'sale', 'rent'] as const;
const segment = (isCurrent: boolean) =>
  `block rounded-md px-4 py-2 text-sm font-semibold ${isCurrent ? 'bg-white text-teal-800 shadow' : 'text-slate-700 hover:text-slate-900'}`;

/**
 * Buy or rent below its banner: location groups beside the results; the type tabs, buy or rent and a title search
 * above them, then the filters (property type, price range, bedrooms, and more behind a disclosure) and the number
 * of results; 10 a page. Every choice lives in the address under Quick search's names; the tabs, buy or rent, places
 * and pager are links and both forms are GET forms, so the page works without JavaScript.
 */
export function BuyRentResults({
  results,
  refused = null,
  fetcher,
}: {
  results: PropertyPage;
  refused?: string | null;
  /** The title search's suggestions (tests give their own). */
  fetcher?: SuggestionFetcher;
}) {
  const { t } = useTranslation('listings');
  const id = useId();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  // Only a new page of these results shows the placeholders, not a visit to another page.
  const isFetching = navigation.state === 'loading' && navigation.location.pathname === pathname;
  const filters = buyRentFilters(searchParams);
  const { tab, q, location, page } = filters;
  const filtersSet =
    tab !== 'all' ||
    !!filters.min_price ||
    !!filters.max_price ||
    !!filters.bedrooms ||
    !!filters.sort ||
    hasExtraFilters(filters);
  const [priceError, setPriceError] = useState('');
  const [areaError, setAreaError] = useState('');
  const heading = useResultsHeading();
  const href = (changes: Parameters<typeof buyRentHref>[1]) => buyRentHref(searchParams, changes);
  // The shortcuts, and the chosen type as a tab of its own when it is none of them.
  const tabs: BuyRentTab[] = (BUY_RENT_TABS as readonly BuyRentTab[]).includes(tab)
    ? [...BUY_RENT_TABS]
    : [...BUY_RENT_TABS, tab];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    navigate(href({ q: text || undefined }), { preventScrollReset: true });
  };

  const applyFilters = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: string) => String(form.get(name) ?? '').trim();
    const min = readPriceBound(field('min_price'));
    const max = readPriceBound(field('max_price'));
    const { filters: extra, areaError: isAreaError } = readExtraFilters(form);
    const isPriceError = min !== undefined && max !== undefined && min > max;
    setPriceError(isPriceError ? t('filters.priceRangeError') : '');
    setAreaError(isAreaError ? t('facts.filters.areaRangeError') : '');
    if (isPriceError || isAreaError) return;
    const text = (value: string | number | undefined) => (value === undefined ? undefined : String(value));
    const type = field('tab');
    navigate(
      href({
        tab: type && type !== 'all' ? type : undefined,
        min_price: text(min),
        max_price: text(max),
        bedrooms: BEDROOM_CHOICES.find((n) => String(n) === field('bedrooms'))?.toString(),
        station: extra.station,
        within_m: text(extra.within_m),
        foreign_quota: extra.foreign_quota,
        price_drop: extra.price_drop,
        verified: extra.verified,
        furnishing: extra.furnishing,
        pets: extra.pets,
        max_deposit_months: text(extra.max_deposit_months),
        max_min_lease_months: text(extra.max_min_lease_months),
        project: extra.project,
        title_deed: extra.title_deed,
        min_area: text(extra.min_area),
        max_area: text(extra.max_area),
        sort: field('sort') || undefined,
      }),
      { preventScrollReset: true },
    );
  };

  const placeKey = placeKeyOf(location);
  const locationLabel = placeKey ? t(`places.${placeKey}`) : (location ?? t('buyRent.anywhere'));
  const typeLabel = tab === 'all' ? t('buyRent.anyType') : t(`subTypes.${tab}`);
  const priceErrorId = `${id}-price-error`;

  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-6 sm:px-6 sm:py-8 lg:grid-cols-[260px_1fr] lg:gap-8">
      <LocationPicker
        location={location}
        hrefFor={(next) => href({ location: next })}
        onChange={(next) => navigate(href({ location: next }), { preventScrollReset: true })}
      />
      <section aria-labelledby={`${id}-results`} className="min-w-0 space-y-5">
        <h2
          id={`${id}-results`}
          ref={heading.ref}
          tabIndex={-1}
          className={`text-lg font-bold text-slate-900 ${RESULTS_HEADING_CLASS}`}
        >
          {t('buyRent.results')}
        </h2>
        <div className="flex flex-col gap-4 xl:flex-row xl:items-center xl:justify-between">
          <div className="flex flex-wrap gap-3">
            <nav aria-label={t('buyRent.tabsLabel')}>
              <ul className="inline-flex flex-wrap rounded-lg bg-slate-100 p-1">
                {tabs.map((key) => (
                  <li key={key}>
                    <Link
                      to={href({ tab: key === 'all' ? undefined : key })}
                      preventScrollReset
                      aria-current={tab === key ? 'page' : undefined}
                      className={segment(tab === key)}
                    >
                      {key === 'all' ? t('buyRent.tabs.all') : t(`subTypes.${key}`)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            <nav aria-label={t('buyRent.dealLabel')}>
              <ul className="inline-flex rounded-lg bg-slate-100 p-1">
                {BUY_RENT_DEALS.map((key) => {
                  const isCurrent = (filters.type ?? 'all') === key;
                  return (
                    <li key={key}>
                      <Link
                        to={href({ type: key === 'all' ? undefined : key })}
                        preventScrollReset
                        aria-current={isCurrent ? 'page' : undefined}
                        className={segment(isCurrent)}
                      >
                        {t(`buyRent.deal.${key}`)}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </nav>
          </div>
          {/* biome-ignore lint/a11y/useSemanticElements: <form role="search"> is the search landmark every screen reader knows. */}
          <form role="search" method="get" onSubmit={submit} className="flex items-start gap-2" key={q ?? ''}>
            {/* Without JavaScript the browser sends the form itself: the tab, place, filters and sort stay chosen. */}
            {tab === 'all' ? null : <input type="hidden" name="tab" value={tab} />}
            {location ? <input type="hidden" name="location" value={location} /> : null}
            {BUY_RENT_EXTRA.map((key) =>
              filters[key] === undefined ? null : (
                <input key={key} type="hidden" name={key} value={String(filters[key])} />
              ),
            )}
            <div className="min-w-0 flex-1 xl:w-72 xl:flex-none">
              <SearchSuggestBox
                label={t('buyRent.searchLabel')}
                hideLabel
                defaultValue={q ?? ''}
                placeholder={t('buyRent.searchPlaceholder')}
                onQuery={(query) => navigate(href(buyRentChangesFor(query)), { preventScrollReset: true })}
                icon={Search}
                fetcher={fetcher}
                inputClassName="h-10 w-full rounded-lg border border-slate-300 bg-white text-sm text-slate-900 placeholder:text-slate-500 focus:border-teal-600 focus:outline-none"
              />
            </div>
            <button
              type="submit"
              className="inline-flex h-10 items-center gap-2 rounded-lg bg-teal-700 px-4 text-sm font-semibold text-white hover:bg-teal-800"
            >
              <Search className="size-4" aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">{t('search.submit')}</span>
            </button>
          </form>
        </div>
        {/* On a phone the filters fold under one line (open while any is set), so the first result is on the first screen;
            from lg they always show (the browser's ::details-content; an older browser keeps the fold). */}
        <details
          open={filtersSet || undefined}
          className="rounded-xl border border-slate-200 bg-white lg:border-0 lg:[&::details-content]:[content-visibility:visible] lg:[&::details-content]:[height:auto]"
        >
          <summary className="flex cursor-pointer items-center gap-2 px-3 py-2.5 text-sm font-semibold text-slate-800 lg:hidden">
            <SlidersHorizontal className="size-4" aria-hidden="true" />
            {t('search.filters')}
          </summary>
          <form
            method="get"
            aria-label={t('search.filters')}
            onSubmit={applyFilters}
            noValidate
            className="grid gap-3 rounded-xl border border-slate-200 bg-white p-3"
            key={searchParams.toString()}
          >
            {/* Without JavaScript the browser sends the form itself: buy or rent, the place and the title search stay. */}
            {filters.type ? <input type="hidden" name="type" value={filters.type} /> : null}
            {location ? <input type="hidden" name="location" value={location} /> : null}
            {q ? <input type="hidden" name="q" value={q} /> : null}
            {q && filters.exact ? <input type="hidden" name="exact" value="1" /> : null}
            {/* Two columns on a phone (the price range side by side), four on a wide screen; fields line up at the bottom. */}
            <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
              <label className={`${label} col-span-2 self-end lg:col-span-1`}>
                {t('search.propertyType')}
                <select name="tab" defaultValue={tab === 'all' ? '' : tab} className={`${filterField} mt-1`}>
                  <option value="">{t('search.anyType')}</option>
                  {PROPERTY_SUB_TYPES.map((sub) => (
                    <option key={sub} value={sub}>
                      {t(`subTypes.${sub}`)}
                    </option>
                  ))}
                </select>
              </label>
              <label className={`${label} self-end`}>
                {t('filters.minPrice')}
                <input
                  name="min_price"
                  inputMode="numeric"
                  defaultValue={filters.min_price ?? ''}
                  placeholder="0"
                  className={`${filterField} mt-1`}
                  aria-invalid={priceError ? true : undefined}
                  aria-describedby={priceError ? priceErrorId : undefined}
                />
              </label>
              <label className={`${label} self-end`}>
                {t('filters.maxPrice')}
                <input
                  name="max_price"
                  inputMode="numeric"
                  defaultValue={filters.max_price ?? ''}
                  placeholder={t('filters.noLimit')}
                  className={`${filterField} mt-1`}
                  aria-invalid={priceError ? true : undefined}
                  aria-describedby={priceError ? priceErrorId : undefined}
                />
              </label>
              <label className={`${label} col-span-2 self-end lg:col-span-1`}>
                {t('filters.bedrooms')}
                <select name="bedrooms" defaultValue={filters.bedrooms ?? ''} className={`${filterField} mt-1`}>
                  <option value="">{t('filters.any')}</option>
                  {BEDROOM_CHOICES.map((n) => (
                    <option key={n} value={n}>
                      {t('filters.bedroomsAtLeast', { count: n })}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            {priceError ? (
              <p id={priceErrorId} role="alert" className="text-sm font-medium text-red-700">
                {priceError}
              </p>
            ) : null}
            <details open={hasExtraFilters(filters) || !!filters.sort || undefined} className="group">
              <summary className="inline-flex cursor-pointer items-center gap-2 py-1 text-sm font-semibold text-slate-800">
                <SlidersHorizontal className="size-4" aria-hidden="true" />
                {t('facts.filters.more')}
              </summary>
              <div className="mt-3 grid gap-3">
                <ExtraFilters
                  value={filters}
                  fieldClass={filterField}
                  areaErrorId={areaError ? `${id}-area-error` : undefined}
                  subType={tab === 'all' ? undefined : tab}
                />
                {areaError ? (
                  <p id={`${id}-area-error`} role="alert" className="text-sm font-medium text-red-700">
                    {areaError}
                  </p>
                ) : null}
                <label className={`${label} sm:max-w-xs`}>
                  {t('filters.sort')}
                  <select name="sort" defaultValue={filters.sort ?? ''} className={`${filterField} mt-1`}>
                    <SortOptions hasText={!!q} />
                  </select>
                </label>
              </div>
            </details>
            <div>
              <button
                type="submit"
                className="inline-flex h-11 items-center gap-2 rounded-lg bg-teal-700 px-5 text-sm font-semibold text-white hover:bg-teal-800"
              >
                <Search className="size-4" aria-hidden="true" />
                {t('facts.filters.apply')}
              </button>
            </div>
          </form>
        </details>
        {refused ? <SearchRefused message={refused} /> : null}
        <SearchReading
          results={results}
          search={searchParams}
          apiView={buyRentApiView}
          paramName={buyRentParamName}
          hrefFor={searchHref}
        />
        {isFetching ? null : (
          <p className="text-sm text-slate-600" aria-live="polite">
            {t('search.count', { count: results.total, total: formatTotal(results) })}
          </p>
        )}
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
