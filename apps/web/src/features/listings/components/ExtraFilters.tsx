import {
  FURNISHINGS,
  type PropertyListParams,
  readListParam,
  STATION_DISTANCES,
  TITLE_DEEDS,
  type TitleDeed,
} from '@baan/contract';
import { useRef, useState } from 'react';
import { appLanguage } from '../../../i18n/options';
import { useTranslation } from '../../../i18n/use-translation';
import {
  AREA_UNITS,
  type AreaUnit,
  areaToSquareMetres,
  areaUnitOf,
  defaultAreaUnit,
  squareMetresIn,
} from '../lib/area-units';
import { formatDistance } from '../lib/facts';
import { StationPicker } from './StationPicker';

/** The filters of issue 15 that /Quick and /Buy-rent share (the address carries each: search-params.ts). */
export type ExtraFilterParams = Pick<
  PropertyListParams,
  | 'station'
  | 'within_m'
  | 'foreign_quota'
  | 'title_deed'
  | 'min_area'
  | 'max_area'
  | 'project'
  | 'price_drop'
  | 'verified'
  | 'furnishing'
  | 'pets'
  | 'max_deposit_months'
  | 'max_min_lease_months'
>;

/** The rental terms' "at most" choices (months); the API takes any value in the term's range. */
export const DEPOSIT_CHOICES = [1, 2, 3] as const;
export const LEASE_CHOICES = [1, 3, 6, 12] as const;

export const hasExtraFilters = (value: ExtraFilterParams): boolean =>
  Boolean(
    value.station ||
      value.within_m !== undefined ||
      value.foreign_quota ||
      value.price_drop ||
      value.verified ||
      value.furnishing ||
      value.pets ||
      value.max_deposit_months !== undefined ||
      value.max_min_lease_months !== undefined ||
      value.project ||
      value.title_deed ||
      value.min_area !== undefined ||
      value.max_area !== undefined,
  );

/**
 * The shared filters as the form has them; `areaError` when the minimum area is over the maximum (the page says so
 * instead of searching, as for the price range). A distance without a station means "within … of any station".
 */
export function readExtraFilters(form: FormData): { filters: ExtraFilterParams; areaError: boolean } {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const unit = areaUnitOf(text('area_in'));
  const min = areaToSquareMetres(text('min_area'), unit);
  const max = areaToSquareMetres(text('max_area'), unit);
  const within = Number(text('within_m'));
  const deed = text('title_deed');
  return {
    filters: {
      station: text('station') || undefined,
      within_m: Number.isInteger(within) && within >= 100 && within <= 5000 ? within : undefined,
      foreign_quota: form.get('foreign_quota') === '1' ? '1' : undefined,
      price_drop: form.get('price_drop') === '1' ? '1' : undefined,
      verified: form.get('verified') === '1' ? '1' : undefined,
      // The rental terms, read as the API reads them (anything else is no filter).
      furnishing: readListParam.furnishing(text('furnishing')),
      pets: form.get('pets') === '1' ? '1' : undefined,
      max_deposit_months: readListParam.max_deposit_months(text('max_deposit_months')),
      max_min_lease_months: readListParam.max_min_lease_months(text('max_min_lease_months')),
      // A project page's "see these units in the search" keeps its project while the other filters change.
      project: readListParam.project(text('project')),
      title_deed: (TITLE_DEEDS as readonly string[]).includes(deed) ? (deed as TitleDeed) : undefined,
      min_area: min,
      max_area: max,
    },
    areaError: min !== undefined && max !== undefined && min > max,
  };
}

type Props = {
  value: ExtraFilterParams;
  /** Classes of the text boxes and selects (the page's own). */
  fieldClass: string;
  /** The id of the area range message when it is shown. */
  areaErrorId?: string;
  /** The sub type searched for, if one: land in Thai shows the area range in rai at first. */
  subType?: string;
};

/**
 * "Near a station" (a station picker and a distance), foreigner-friendly, title deed and the area range: labelled
 * controls whose names are the search's parameters, so a plain GET form sends them too.
 */
export function ExtraFilters({ value, fieldClass, areaErrorId, subType }: Props) {
  const { t, i18n } = useTranslation('listings');
  const [unit, setUnit] = useState<AreaUnit>(() => defaultAreaUnit(appLanguage(i18n.language), subType));
  const minRef = useRef<HTMLInputElement>(null);
  const maxRef = useRef<HTMLInputElement>(null);
  // A new unit converts what the boxes hold, so "2" rai becomes "3200" m² rather than 2 m².
  const changeUnit = (next: AreaUnit) => {
    for (const input of [minRef.current, maxRef.current]) {
      if (!input || input.value.trim() === '') continue;
      const squareMetres = areaToSquareMetres(input.value, unit);
      if (squareMetres !== undefined) input.value = squareMetresIn(squareMetres, next);
    }
    setUnit(next);
  };
  const unitName = t(`units:filter.${unit}`);
  const label = 'text-sm font-medium text-slate-700';
  // A distance the address asks for that the select does not offer (the API takes any 100–5,000 m) stays chosen.
  const distances: number[] = [...STATION_DISTANCES];
  if (value.within_m !== undefined && !distances.includes(value.within_m)) distances.push(value.within_m);
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:col-span-2 sm:grid-cols-2">
        <legend className="px-1 text-sm font-semibold text-slate-800">{t('facts.filters.nearStation')}</legend>
        <StationPicker name="station" defaultValue={value.station} inputClassName={fieldClass} />
        <label className={label}>
          {t('facts.filters.distance')}
          <select name="within_m" defaultValue={value.within_m ?? ''} className={`${fieldClass} mt-1`}>
            <option value="">{t('facts.filters.anyDistance')}</option>
            {distances.map((metres) => (
              <option key={metres} value={metres}>
                {t('facts.filters.within', { distance: formatDistance(metres, t, appLanguage(i18n.language)) })}
              </option>
            ))}
          </select>
        </label>
      </fieldset>
      <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:col-span-2 sm:grid-cols-2">
        <legend className="px-1 text-sm font-semibold text-slate-800">{t('rentalTerms.filters.legend')}</legend>
        <label className={label}>
          {t('rentalTerms.furnishing')}
          <select name="furnishing" defaultValue={value.furnishing ?? ''} className={`${fieldClass} mt-1`}>
            <option value="">{t('rentalTerms.filters.anyFurnishing')}</option>
            {FURNISHINGS.map((furnishing) => (
              <option key={furnishing} value={furnishing}>
                {t(`rentalTerms.options.furnishing.${furnishing}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={`${label} flex items-center gap-2 self-end sm:min-h-11`}>
          <input
            type="checkbox"
            name="pets"
            value="1"
            defaultChecked={value.pets === '1'}
            className="size-5 shrink-0 accent-teal-700"
          />
          {t('rentalTerms.filters.pets')}
        </label>
        <MonthsAtMost
          name="max_deposit_months"
          label={t('rentalTerms.filters.maxDeposit')}
          choices={DEPOSIT_CHOICES}
          value={value.max_deposit_months}
          fieldClass={fieldClass}
        />
        <MonthsAtMost
          name="max_min_lease_months"
          label={t('rentalTerms.filters.maxMinLease')}
          choices={LEASE_CHOICES}
          value={value.max_min_lease_months}
          fieldClass={fieldClass}
        />
      </fieldset>
      <div className="grid content-start gap-3 sm:col-span-2 sm:grid-cols-2">
        <label className={label}>
          {t('facts.filters.titleDeed')}
          <select name="title_deed" defaultValue={value.title_deed ?? ''} className={`${fieldClass} mt-1`}>
            <option value="">{t('facts.filters.anyDeed')}</option>
            {TITLE_DEEDS.map((deed) => (
              <option key={deed} value={deed}>
                {t(`facts.deeds.${deed}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={`${label} flex items-center gap-2 self-end sm:min-h-11`}>
          <input
            type="checkbox"
            name="foreign_quota"
            value="1"
            defaultChecked={value.foreign_quota === '1'}
            className="size-5 shrink-0 accent-teal-700"
          />
          {t('facts.filters.foreignQuota')}
        </label>
        <label className={`${label} flex items-center gap-2 self-end sm:min-h-11`}>
          <input
            type="checkbox"
            name="price_drop"
            value="1"
            defaultChecked={value.price_drop === '1'}
            className="size-5 shrink-0 accent-teal-700"
          />
          {t('facts.filters.priceDrop')}
        </label>
        <label className={`${label} flex items-center gap-2 self-end sm:min-h-11`}>
          <input
            type="checkbox"
            name="verified"
            value="1"
            defaultChecked={value.verified === '1'}
            className="size-5 shrink-0 accent-teal-700"
          />
          {t('facts.filters.verified')}
        </label>
        {value.project ? <input type="hidden" name="project" value={value.project} /> : null}
        <label className={label}>
          {t('units:filter.unit')}
          <select
            name="area_in"
            value={unit}
            onChange={(event) => changeUnit(areaUnitOf(event.target.value))}
            className={`${fieldClass} mt-1`}
          >
            {AREA_UNITS.map((option) => (
              <option key={option} value={option}>
                {t(`units:filter.${option}`)}
              </option>
            ))}
          </select>
        </label>
        <span className="hidden sm:block" />
        <label className={label}>
          {unit === 'sqm' ? t('facts.filters.minArea') : t('units:filter.min', { unit: unitName })}
          <input
            ref={minRef}
            name="min_area"
            inputMode={unit === 'sqm' ? 'numeric' : 'decimal'}
            defaultValue={squareMetresIn(value.min_area, unit)}
            placeholder="0"
            className={`${fieldClass} mt-1`}
            aria-invalid={areaErrorId ? true : undefined}
            aria-describedby={areaErrorId}
          />
        </label>
        <label className={label}>
          {unit === 'sqm' ? t('facts.filters.maxArea') : t('units:filter.max', { unit: unitName })}
          <input
            ref={maxRef}
            name="max_area"
            inputMode={unit === 'sqm' ? 'numeric' : 'decimal'}
            defaultValue={squareMetresIn(value.max_area, unit)}
            placeholder={t('filters.noLimit')}
            className={`${fieldClass} mt-1`}
            aria-invalid={areaErrorId ? true : undefined}
            aria-describedby={areaErrorId}
          />
        </label>
      </div>
    </div>
  );
}

/** "Deposit at most" or "Minimum lease at most": any, or one of `choices` months (a value the address asks for stays). */
function MonthsAtMost({
  name,
  label,
  choices,
  value,
  fieldClass,
}: {
  name: string;
  label: string;
  choices: readonly number[];
  value: number | undefined;
  fieldClass: string;
}) {
  const { t } = useTranslation('listings');
  const months = value !== undefined && !choices.includes(value) ? [...choices, value].sort((a, b) => a - b) : choices;
  return (
    <label className="text-sm font-medium text-slate-700">
      {label}
      <select name={name} defaultValue={value ?? ''} className={`${fieldClass} mt-1`}>
        <option value="">{t('rentalTerms.filters.any')}</option>
        {months.map((n) => (
          <option key={n} value={n}>
            {t('rentalTerms.months', { count: n })}
          </option>
        ))}
      </select>
    </label>
  );
}
