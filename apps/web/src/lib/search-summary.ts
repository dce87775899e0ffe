import { DEFAULT_WITHIN_M, formatLocale, type Station } from '@baan/contract';
import type { TFunction } from 'i18next';
import { numberFormat } from './intl-cache';
import { stationName, stationNames } from './stations';

/** One filter of a search in words, and the search parameters it stands for (a price range is one part of two). */
export interface SummaryPart {
  label: string;
  params: readonly string[];
}

/**
 * A search's filters (a /api/properties query) in words, one part each ("For sale", "in Sukhumvit", "2+ bedrooms",
 * …); the API's values where the app has no words for them. Saved searches name themselves with it, and the result
 * pages show each part as a chip that removes its parameters. `t` is bound to the saved namespace (its
 * `summary.*`); sub types, title deeds and station names come from listings (loaded on every page). A station is
 * named from `stations` ("BTS Asok"); its id is shown only until they are loaded, or when the gazetteer no longer
 * has it.
 */
export function summaryParts(
  values: URLSearchParams,
  t: TFunction,
  language: string,
  stations?: ReadonlyMap<string, Station>,
): SummaryPart[] {
  const get = (key: string) => values.get(key) || undefined;
  const number = (value: string) => {
    const n = Number(value);
    return Number.isFinite(n) ? numberFormat(formatLocale(language)).format(n) : value;
  };
  const range = (min: string | undefined, max: string | undefined, both: string, from: string, upTo: string) => {
    if (min && max) return t(both, { min: number(min), max: number(max) });
    if (min) return t(from, { value: number(min) });
    if (max) return t(upTo, { value: number(max) });
    return undefined;
  };
  const subType = get('sub_type') ?? get('property_type');
  const deed = get('title_deed');
  const stationId = get('station');
  const known = stationId ? stations?.get(stationId) : undefined;
  const station = known
    ? t('facts.stationName', { ns: 'listings', system: known.system, name: stationName(stationNames(known), language) })
    : stationId;
  const within = get('within_m');
  const furnishing = get('furnishing');
  const months = (value: string | undefined) =>
    value === undefined ? undefined : t('rentalTerms.months', { ns: 'listings', count: Number(value) });
  const parts: [string | undefined, string[]][] = [
    [get('q') ? t('summary.q', { value: get('q') }) : undefined, ['q']],
    [get('type') === 'sale' ? t('summary.sale') : get('type') === 'rent' ? t('summary.rent') : undefined, ['type']],
    [
      subType ? t(`subTypes.${subType}`, { ns: 'listings', defaultValue: subType }) : undefined,
      ['sub_type', 'property_type'],
    ],
    [get('location') ? t('summary.location', { value: get('location') }) : undefined, ['location']],
    [
      range(get('min_price'), get('max_price'), 'summary.price', 'summary.minPrice', 'summary.maxPrice'),
      ['min_price', 'max_price'],
    ],
    [get('bedrooms') ? t('summary.bedrooms', { value: get('bedrooms') }) : undefined, ['bedrooms']],
    [
      range(get('min_area'), get('max_area'), 'summary.area', 'summary.minArea', 'summary.maxArea'),
      ['min_area', 'max_area', 'area_in'],
    ],
    [
      station
        ? t('summary.station', { station, distance: number(within ?? String(DEFAULT_WITHIN_M)) })
        : within
          ? t('summary.anyStation', { distance: number(within) })
          : undefined,
      ['station', 'within_m'],
    ],
    [get('foreign_quota') === '1' ? t('summary.foreignQuota') : undefined, ['foreign_quota']],
    [get('price_drop') === '1' ? t('summary.priceDrop') : undefined, ['price_drop']],
    [get('verified') === '1' ? t('summary.verified') : undefined, ['verified']],
    [
      furnishing
        ? t(`rentalTerms.options.furnishing.${furnishing}`, { ns: 'listings', defaultValue: furnishing })
        : undefined,
      ['furnishing'],
    ],
    [get('pets') === '1' ? t('summary.pets') : undefined, ['pets']],
    [
      get('max_deposit_months') ? t('summary.maxDeposit', { months: months(get('max_deposit_months')) }) : undefined,
      ['max_deposit_months'],
    ],
    [
      get('max_min_lease_months')
        ? t('summary.maxMinLease', { months: months(get('max_min_lease_months')) })
        : undefined,
      ['max_min_lease_months'],
    ],
    [get('project') ? t('summary.project', { value: get('project') }) : undefined, ['project']],
    [
      deed ? t('summary.deed', { value: t(`facts.deeds.${deed}`, { ns: 'listings', defaultValue: deed }) }) : undefined,
      ['title_deed'],
    ],
    [get('bbox') ? t('summary.bbox') : undefined, ['bbox']],
    [get('featured') === '1' ? t('summary.featured') : undefined, ['featured']],
  ];
  return parts.flatMap(([label, params]) => (label ? [{ label, params }] : []));
}
