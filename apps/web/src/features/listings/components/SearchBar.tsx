import { type ListingType, PROPERTY_SUB_TYPES, type PropertySort, type PropertySubType } from '@baan/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Search, SlidersHorizontal } from '../../../components/ui/icons';
import { useTranslation } from '../../../i18n/use-translation';
import type { SuggestionFetcher } from '../api/suggest';
import { filtersSetIn, readPriceBound, type SearchFilters } from '../lib/search-params';
import { ExtraFilters, hasExtraFilters, readExtraFilters } from './ExtraFilters';
import { SearchSuggestBox } from './SearchSuggestBox';
import { SortOptions } from './SortOptions';

/** The "at least this many bedrooms" choices of the search forms. */
export const BEDROOM_CHOICES = [1, 2, 3, 4, 5] as const;

type Props = {
  value: SearchFilters;
  /** Called with the new filters (page reset by the caller). */
  onSearch: (filters: SearchFilters) => void;
  /** The text box's suggestions (tests give their own). */
  fetcher?: SuggestionFetcher;
};

const field =
  'h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-teal-600 focus:outline-none';

/** Text, property type and a Filters panel (price range, bedrooms, rent or sale, sort). */
export function SearchBar({ value, onSearch, fetcher }: Props) {
  const { t } = useTranslation('listings');
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [isOpen, setIsOpen] = useState(
    value.min_price !== undefined ||
      value.max_price !== undefined ||
      value.bedrooms !== undefined ||
      !!value.type ||
      !!value.sort ||
      hasExtraFilters(value),
  );
  const [priceError, setPriceError] = useState('');
  const [areaError, setAreaError] = useState('');

  /** The form's filters; undefined (and the message shown) for a range upside down. */
  function read(formElement: HTMLFormElement): SearchFilters | undefined {
    const form = new FormData(formElement);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const min = readPriceBound(text('min_price'));
    const max = readPriceBound(text('max_price'));
    if (min !== undefined && max !== undefined && min > max) {
      setPriceError(t('filters.priceRangeError'));
      return undefined;
    }
    setPriceError('');
    const extra = readExtraFilters(form);
    if (extra.areaError) {
      setAreaError(t('facts.filters.areaRangeError'));
      return undefined;
    }
    setAreaError('');
    const bedrooms = BEDROOM_CHOICES.find((n) => String(n) === text('bedrooms'));
    const q = text('q') || undefined;
    return {
      q,
      // "Exactly as typed" holds for the same text only.
      exact: q !== undefined && q === value.q ? value.exact : undefined,
      sub_type: (text('sub_type') || undefined) as PropertySubType | undefined,
      location: value.location,
      min_price: min,
      max_price: max,
      bedrooms,
      type: (text('type') || undefined) as ListingType | undefined,
      sort: (text('sort') || undefined) as PropertySort | undefined,
      ...extra.filters,
    };
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const filters = read(event.currentTarget);
    if (filters) onSearch(filters);
  }

  // A place, station or project chosen from the suggestions: its query with the other filters of the form.
  function runQuery(query: URLSearchParams) {
    const filters = formRef.current ? read(formRef.current) : undefined;
    if (filters) onSearch({ ...filters, q: undefined, exact: undefined, ...filtersSetIn(query) });
  }

  // The key remounts the form when the address changes (back button), so the fields follow it.
  return (
    // biome-ignore lint/a11y/useSemanticElements: <form role="search"> is the search landmark every screen reader knows.
    <form
      ref={formRef}
      key={JSON.stringify(value)}
      role="search"
      method="get"
      aria-label={t('search.label')}
      onSubmit={submit}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      {/* Sent without JavaScript too: a place chosen elsewhere (a home page link) stays with the other filters. */}
      {value.location ? <input type="hidden" name="location" value={value.location} /> : null}
      <div className="flex flex-col gap-3 md:flex-row md:items-start">
        <div className="min-w-0 flex-1">
          <SearchSuggestBox
            label={t('search.textLabel')}
            hideLabel
            defaultValue={value.q ?? ''}
            placeholder={t('search.placeholder')}
            onQuery={runQuery}
            icon={Search}
            fetcher={fetcher}
            inputClassName="h-11 w-full rounded-lg border border-slate-300 bg-white text-sm text-slate-900 placeholder:text-slate-500 focus:border-teal-600 focus:outline-none"
          />
        </div>
        <label className="md:w-48">
          <span className="sr-only">{t('search.propertyType')}</span>
          <select name="sub_type" defaultValue={value.sub_type ?? ''} className={field}>
            <option value="">{t('search.anyType')}</option>
            {PROPERTY_SUB_TYPES.map((sub) => (
              <option key={sub} value={sub}>
                {t(`subTypes.${sub}`)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          onClick={() => setIsOpen((open) => !open)}
          aria-expanded={isOpen}
          aria-controls={`${id}-filters`}
          className="inline-flex h-11 items-center justify-center gap-2 rounded-lg border border-slate-300 px-4 text-sm font-semibold text-slate-700 hover:bg-slate-50"
        >
          <SlidersHorizontal className="size-4" aria-hidden="true" />
          {t('search.filters')}
        </button>
        <button
          type="submit"
          className="inline-flex h-11 items-center justify-center gap-2 rounded-lg bg-teal-700 px-5 text-sm font-semibold text-white hover:bg-teal-800"
        >
          <Search className="size-4" aria-hidden="true" />
          {t('search.submit')}
        </button>
      </div>
      <fieldset
        id={`${id}-filters`}
        hidden={!isOpen}
        className="mt-4 grid gap-3 border-t border-slate-100 pt-4 sm:grid-cols-2 lg:grid-cols-5"
      >
        <legend className="sr-only">{t('search.filters')}</legend>
        <label className="text-sm font-medium text-slate-700">
          {t('filters.minPrice')}
          <input
            name="min_price"
            inputMode="numeric"
            defaultValue={value.min_price ?? ''}
            placeholder="0"
            className={`${field} mt-1`}
            aria-invalid={priceError ? true : undefined}
            aria-describedby={priceError ? `${id}-price-error` : undefined}
          />
        </label>
        <label className="text-sm font-medium text-slate-700">
          {t('filters.maxPrice')}
          <input
            name="max_price"
            inputMode="numeric"
            defaultValue={value.max_price ?? ''}
            placeholder={t('filters.noLimit')}
            className={`${field} mt-1`}
            aria-invalid={priceError ? true : undefined}
          />
        </label>
        <label className="text-sm font-medium text-slate-700">
          {t('filters.bedrooms')}
          <select name="bedrooms" defaultValue={value.bedrooms ?? ''} className={`${field} mt-1`}>
            <option value="">{t('filters.any')}</option>
            {BEDROOM_CHOICES.map((n) => (
              <option key={n} value={n}>
                {t('filters.bedroomsAtLeast', { count: n })}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-slate-700">
          {t('filters.rentOrSale')}
          <select name="type" defaultValue={value.type ?? ''} className={`${field} mt-1`}>
            <option value="">{t('filters.rentAndSale')}</option>
            <option value="rent">{t('filters.rent')}</option>
            <option value="sale">{t('filters.sale')}</option>
          </select>
        </label>
        <label className="text-sm font-medium text-slate-700">
          {t('filters.sort')}
          <select name="sort" defaultValue={value.sort ?? ''} className={`${field} mt-1`}>
            <SortOptions hasText={!!value.q} />
          </select>
        </label>
        {priceError ? (
          <p
            id={`${id}-price-error`}
            role="alert"
            className="text-sm font-medium text-red-700 sm:col-span-2 lg:col-span-5"
          >
            {priceError}
          </p>
        ) : null}
        <div className="sm:col-span-2 lg:col-span-5">
          <ExtraFilters
            value={value}
            fieldClass={field}
            areaErrorId={areaError ? `${id}-area-error` : undefined}
            subType={value.sub_type}
          />
        </div>
        {areaError ? (
          <p
            id={`${id}-area-error`}
            role="alert"
            className="text-sm font-medium text-red-700 sm:col-span-2 lg:col-span-5"
          >
            {areaError}
          </p>
        ) : null}
      </fieldset>
    </form>
  );
}
