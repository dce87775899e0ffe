import {
  LISTING_TYPES,
  type ListingType,
  localizedPath,
  PROPERTY_SUB_TYPES,
  type PropertySubType,
} from '@baan/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { MapPin, Search } from '../../../components/ui/icons';
import { Link, useNavigate, usePageLanguage } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import type { SuggestionFetcher } from '../api/suggest';
import { PRICE_PRESETS, presetLabel } from '../lib/price-presets';
import { filtersSetIn, readPriceBound, type SearchFilters, toSearchString } from '../lib/search-params';
import { BEDROOM_CHOICES } from './SearchBar';
import { SearchSuggestBox } from './SearchSuggestBox';

/** Popular places under the home search box; each searches for its name. */
export const POPULAR_LOCATIONS = [
  { key: 'rama9', q: 'Rama 9' },
  { key: 'sukhumvit', q: 'Sukhumvit' },
  { key: 'ratchada', q: 'Ratchada' },
] as const;

/** Buy first: the hero's first choice on every Thai portal (`type=sale`), then rent. */
const HERO_DEALS = ['sale', 'rent'] as const satisfies readonly ListingType[];

const select =
  'mt-1 h-11 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-teal-600 focus:outline-none';
const fieldLabel = 'block text-xs font-semibold text-slate-600';

type Props = { fetcher?: SuggestionFetcher };

/**
 * The hero's search: Buy | Rent (a radio group drawn as a segmented control), the text box with suggestions, then
 * property type, a price range whose presets follow buy or rent, and bedrooms. It lands on Quick search with every
 * choice in the address (`type`, `q`, `sub_type`, `min_price`, `max_price`, `bedrooms`); a GET form, so it works
 * without JavaScript too (the server's address rules drop the empty fields).
 */
export function HomeSearch({ fetcher }: Props) {
  const { t } = useTranslation('listings');
  const navigate = useNavigate();
  const language = usePageLanguage();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [deal, setDeal] = useState<ListingType>('sale');
  const [priceError, setPriceError] = useState('');
  const priceErrorId = `${id}-price-error`;

  /** The form's choices as Quick search's filters; undefined (and the message shown) for a minimum over the maximum. */
  const choices = (form: HTMLFormElement): SearchFilters | undefined => {
    const data = new FormData(form);
    const field = (name: string) => String(data.get(name) ?? '').trim();
    const min = readPriceBound(field('min_price'));
    const max = readPriceBound(field('max_price'));
    if (min !== undefined && max !== undefined && min > max) {
      setPriceError(t('filters.priceRangeError'));
      return undefined;
    }
    setPriceError('');
    const type = field('type');
    const subType = field('sub_type');
    return {
      q: field('q') || undefined,
      type: (LISTING_TYPES as readonly string[]).includes(type) ? (type as ListingType) : undefined,
      sub_type: (PROPERTY_SUB_TYPES as readonly string[]).includes(subType) ? (subType as PropertySubType) : undefined,
      min_price: min,
      max_price: max,
      bedrooms: BEDROOM_CHOICES.find((n) => String(n) === field('bedrooms')),
    };
  };
  const go = (filters: SearchFilters) => navigate(`/Quick${toSearchString(filters)}`);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const filters = choices(event.currentTarget);
    if (filters) go(filters);
  };

  // A place, station or project chosen from the suggestions: its query, with buy or rent, type, price and bedrooms.
  const runQuery = (query: URLSearchParams) => {
    const filters = formRef.current ? choices(formRef.current) : undefined;
    if (filters) go({ ...filters, q: undefined, ...filtersSetIn(query) });
  };

  return (
    <div className="w-full max-w-3xl">
      {/* biome-ignore lint/a11y/useSemanticElements: <form role="search"> is the search landmark every screen reader knows. */}
      <form
        ref={formRef}
        role="search"
        aria-label={t('home.searchLabel')}
        method="get"
        action={localizedPath(language, '/Quick')}
        onSubmit={submit}
        noValidate
        className="rounded-2xl bg-white p-3 text-slate-900 shadow-lg sm:p-4"
      >
        <fieldset>
          <legend className="sr-only">{t('buyRent.dealLabel')}</legend>
          <div className="inline-flex rounded-lg bg-slate-100 p-1">
            {HERO_DEALS.map((key) => (
              <label
                key={key}
                className="cursor-pointer rounded-md px-6 py-2 text-sm font-semibold text-slate-700 hover:text-slate-900 has-[:checked]:bg-white has-[:checked]:text-teal-800 has-[:checked]:shadow has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-teal-600"
              >
                <input
                  type="radio"
                  name="type"
                  value={key}
                  defaultChecked={key === 'sale'}
                  onChange={() => setDeal(key)}
                  className="sr-only"
                />
                {t(`buyRent.deal.${key}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="mt-3 flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <SearchSuggestBox
              label={t('home.searchLabel')}
              hideLabel
              placeholder={t('home.searchPlaceholder')}
              onQuery={runQuery}
              icon={MapPin}
              fetcher={fetcher}
              inputClassName="h-12 w-full rounded-lg border border-slate-300 bg-white text-base text-slate-900 placeholder:text-slate-500 focus:border-teal-600 focus:outline-none"
            />
          </div>
          <button
            type="submit"
            className="inline-flex h-12 shrink-0 items-center gap-2 rounded-lg bg-teal-700 px-4 text-sm font-semibold text-white hover:bg-teal-800 sm:px-6"
          >
            <Search className="size-4" aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">{t('search.submit')}</span>
          </button>
        </div>
        <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
          <label className={fieldLabel}>
            {t('search.propertyType')}
            <select name="sub_type" defaultValue="" className={select}>
              <option value="">{t('search.anyType')}</option>
              {PROPERTY_SUB_TYPES.map((sub) => (
                <option key={sub} value={sub}>
                  {t(`subTypes.${sub}`)}
                </option>
              ))}
            </select>
          </label>
          <label className={fieldLabel}>
            {t('filters.bedrooms')}
            <select name="bedrooms" defaultValue="" className={select}>
              <option value="">{t('filters.any')}</option>
              {BEDROOM_CHOICES.map((n) => (
                <option key={n} value={n}>
                  {t('filters.bedroomsAtLeast', { count: n })}
                </option>
              ))}
            </select>
          </label>
          {/* The presets follow buy or rent: a new choice starts the range again (the key remounts both). */}
          <label className={fieldLabel} key={`min-${deal}`}>
            {t('filters.minPrice')}
            <select
              name="min_price"
              defaultValue=""
              className={select}
              aria-invalid={priceError ? true : undefined}
              aria-describedby={priceError ? priceErrorId : undefined}
            >
              <option value="">{t('filters.any')}</option>
              {PRICE_PRESETS[deal].map((price) => (
                <option key={price} value={price}>
                  {presetLabel(price, deal, language)}
                </option>
              ))}
            </select>
          </label>
          <label className={fieldLabel} key={`max-${deal}`}>
            {t('filters.maxPrice')}
            <select
              name="max_price"
              defaultValue=""
              className={select}
              aria-invalid={priceError ? true : undefined}
              aria-describedby={priceError ? priceErrorId : undefined}
            >
              <option value="">{t('filters.noLimit')}</option>
              {PRICE_PRESETS[deal].map((price) => (
                <option key={price} value={price}>
                  {presetLabel(price, deal, language)}
                </option>
              ))}
            </select>
          </label>
        </div>
        {priceError ? (
          <p id={priceErrorId} role="alert" className="mt-2 text-sm font-medium text-red-700">
            {priceError}
          </p>
        ) : null}
      </form>
      <div className="mt-4 flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium text-teal-50">{t('home.popular')}</span>
        {POPULAR_LOCATIONS.map((place) => (
          <Link
            key={place.key}
            to={`/Quick?${new URLSearchParams({ q: place.q })}`}
            className="rounded-full border border-white/40 bg-white/10 px-3 py-1 font-medium text-white hover:bg-white/20"
          >
            {t(`places.${place.key}`)}
          </Link>
        ))}
      </div>
    </div>
  );
}
