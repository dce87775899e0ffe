import type { RentalTermKey } from '@baan/contract';
import { useTranslation } from '../../../i18n/use-translation';
import { rentalTermLabel } from '../../../lib/rental-terms';
import {
  asksRentalTerm,
  type FormErrors,
  type PropertyForm,
  RENTAL_TERM_KEYS,
  RENTAL_TERMS,
} from '../lib/property-form';
import { errorId, FieldError, fieldId, inputClass, TextField } from './fields';

interface Props {
  form: PropertyForm;
  errors: FormErrors;
  update: (patch: Partial<PropertyForm>) => void;
}

/**
 * A rental's terms (RENTAL_TERMS, in the contract's order), all optional: months as whole numbers, a choice or yes/no
 * with "Not given" first, the building's rate per unit only when electricity is billed at the building rate. Asked
 * for a rent listing only; the labels are the listing page's (`listings:rentalTerms.*`).
 */
export function RentalTermsFields({ form, errors, update }: Props) {
  const { t } = useTranslation(['property', 'listings']);
  if (form.propertyStatus !== 'rent') return null;
  const set = (key: RentalTermKey, value: string) => update({ rentalTerms: { ...form.rentalTerms, [key]: value } });
  return (
    <fieldset className="rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-base font-semibold text-slate-900">{t('listings:rentalTerms.title')}</legend>
      <p className="mb-3 text-sm text-slate-600">{t('info.rentalTermsHint')}</p>
      <div className="grid gap-5 sm:grid-cols-2">
        {RENTAL_TERM_KEYS.filter((key) => asksRentalTerm(form, key)).map((key) => {
          const term = RENTAL_TERMS[key];
          const label = rentalTermLabel(term.wire, t);
          const error = errors[key];
          if (term.kind === 'months' || term.kind === 'rate') {
            return (
              <TextField
                key={key}
                field={key}
                label={t('info.withUnit', {
                  label,
                  unit: term.kind === 'months' ? t('listings:rentalTerms.monthsUnit') : t('info.perUnit'),
                })}
                value={form.rentalTerms[key]}
                onChange={(value) => set(key, value)}
                error={error}
                inputMode={term.kind === 'months' ? 'numeric' : 'decimal'}
                hint={t(term.kind === 'months' ? 'info.monthsRange' : 'info.rateHint', {
                  min: term.min,
                  max: term.max,
                })}
              />
            );
          }
          const options = term.kind === 'yesNo' ? (['1', '0'] as const) : term.options;
          return (
            <div key={key}>
              <label htmlFor={fieldId(key)} className="mb-1.5 block text-sm font-semibold text-slate-800">
                {label}
              </label>
              <select
                id={fieldId(key)}
                value={form.rentalTerms[key]}
                onChange={(event) => set(key, event.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId(key) : undefined}
                className={inputClass(Boolean(error))}
              >
                <option value="">{t('info.notGiven')}</option>
                {options.map((option) => (
                  <option key={option} value={option}>
                    {t(`listings:rentalTerms.options.${term.wire}.${option}`)}
                  </option>
                ))}
              </select>
              <FieldError field={key} message={error} />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
