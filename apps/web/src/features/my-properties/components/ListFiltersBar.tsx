import { type ListingType, PROPERTY_STATUSES, type PropertyStatus } from '@baan/contract';
import { useId } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { OwnProperty } from '../api/my-properties-api';
import type { ListFilters } from '../lib/filters';
import { STATUS_LABELS } from '../lib/status';

/** Sale first, as the spec lists sellproperty first. */
const TYPE_LABELS = {
  sale: 'dashboard.types.sale',
  rent: 'dashboard.types.rent',
} as const satisfies Record<ListingType, string>;
const TYPES = Object.keys(TYPE_LABELS) as ListingType[];

type Props = {
  filters: ListFilters;
  /** The listings every other filter lets through, to count what each type button would show. */
  typeCounts: OwnProperty[] | undefined;
  onChange: (changes: Partial<ListFilters>) => void;
};

/** Rent / sale / all as buttons, the status as a select (it grows as listings gain statuses). */
export function ListFiltersBar({ filters, typeCounts, onChange }: Props) {
  const { t } = useTranslation('property');
  const { t: tStatus } = useTranslation('dashboard');
  const statusId = useId();
  const count = (type?: ListingType) => typeCounts?.filter((p) => !type || p.type === type).length;
  const options: { type?: ListingType; label: string }[] = [
    { label: t('dashboard.types.all') },
    ...TYPES.map((type) => ({ type, label: t(TYPE_LABELS[type]) })),
  ];

  return (
    <div className="mt-5 flex flex-wrap items-end gap-x-6 gap-y-3">
      <fieldset>
        <legend className="mb-1 text-sm font-semibold text-slate-800">{t('dashboard.typeFilter')}</legend>
        <div className="inline-flex flex-wrap rounded-lg bg-slate-100 p-1">
          {options.map(({ type, label }) => (
            <button
              key={type ?? 'all'}
              type="button"
              aria-pressed={filters.type === type}
              onClick={() => onChange({ type })}
              className={`rounded-md px-3 py-1.5 text-sm font-semibold ${
                filters.type === type ? 'bg-white text-teal-800 shadow' : 'text-slate-700 hover:text-slate-900'
              }`}
            >
              {label}
              {typeCounts === undefined ? null : (
                <>
                  {' '}
                  <span className="font-normal text-slate-600">({count(type)})</span>
                </>
              )}
            </button>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={statusId} className="mb-1 block text-sm font-semibold text-slate-800">
          {t('dashboard.statusFilter')}
        </label>
        <select
          id={statusId}
          value={filters.status ?? ''}
          onChange={(event) => onChange({ status: (event.target.value || undefined) as PropertyStatus | undefined })}
          className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900"
        >
          <option value="">{t('dashboard.status.all')}</option>
          {PROPERTY_STATUSES.map((status) => (
            <option key={status} value={status}>
              {tStatus(STATUS_LABELS[status])}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
