import { useTranslation } from '../../../i18n/use-translation';
import { formatSquareMetres } from '../../../lib/land-area';
import { type LandAreaKey, type LandPartsText, type LandUnit, landPartsOf, squareMetresOf } from '../lib/property-form';
import { errorId, FieldError, fieldId, inputClass, TextField } from './fields';

const PARTS = ['rai', 'ngan', 'wah'] as const;

interface Props {
  field: LandAreaKey;
  /** The field's label with its m² unit ("Area (m²) *"), as the m² input is labelled. */
  label: string;
  /** The field's name without a unit ("Area *"): the rai·ngan·sq wah group's legend. */
  name: string;
  /** Its name in running text ("area"), for the unit choice's label. */
  shortName: string;
  unit: LandUnit;
  /** The m² as houseInfo has it (what is sent). */
  squareMetres: string;
  /** The rai, ngan and wah as typed, when they were; else they are read from the m². */
  parts?: LandPartsText;
  error?: string;
  onUnitChange: (unit: LandUnit) => void;
  onSquareMetresChange: (text: string) => void;
  onPartsChange: (parts: LandPartsText) => void;
}

/**
 * A land area (issue 16): a choice of m² or rai·ngan·sq wah, and either one m² input or three labelled inputs for rai,
 * ngan and square wah. What is sent is always m² (houseInfo); the first input carries the field's id, so a message
 * about the field focuses it.
 */
export function LandAreaField({
  field,
  label,
  name,
  shortName,
  unit,
  squareMetres,
  parts,
  error,
  onUnitChange,
  onSquareMetresChange,
  onPartsChange,
}: Props) {
  const { t } = useTranslation('units');
  const shown = parts ?? landPartsOf(squareMetres);
  const stored = unit === 'rai' ? squareMetresOf(shown) : '';
  const hintId = `${fieldId(field)}-stored`;
  const choice = (value: LandUnit, text: string) => (
    <label
      className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm font-medium focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-teal-500 ${
        unit === value
          ? 'border-teal-700 bg-teal-50 text-teal-900 ring-1 ring-teal-700'
          : 'border-slate-300 bg-white text-slate-700 hover:border-teal-600'
      }`}
    >
      <input
        type="radio"
        name={`${fieldId(field)}-unit`}
        value={value}
        checked={unit === value}
        onChange={() => onUnitChange(value)}
        className="size-4 accent-teal-700"
      />
      {text}
    </label>
  );
  return (
    <div className="col-span-full pb-4" data-testid={`land-area-${field}`}>
      <fieldset className="mb-2">
        <legend className="mb-1.5 text-sm font-semibold text-slate-800">{t('field.unit', { field: shortName })}</legend>
        <div className="flex flex-wrap gap-2">
          {choice('sqm', t('field.sqm'))}
          {choice('rai', t('field.land'))}
        </div>
      </fieldset>
      {unit === 'sqm' ? (
        <TextField
          field={field}
          label={label}
          value={squareMetres}
          onChange={onSquareMetresChange}
          error={error}
          inputMode="numeric"
        />
      ) : (
        <fieldset
          aria-describedby={[stored ? hintId : '', error ? errorId(field) : ''].filter(Boolean).join(' ') || undefined}
        >
          <legend className="mb-1.5 block text-sm font-semibold text-slate-800">{name}</legend>
          <div className="grid grid-cols-3 gap-3 sm:max-w-md">
            {PARTS.map((part, i) => {
              const id = i === 0 ? fieldId(field) : `${fieldId(field)}-${part}`;
              return (
                <div key={part}>
                  <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
                    {t(`field.${part}`)}
                  </label>
                  <input
                    id={id}
                    type="text"
                    inputMode={part === 'wah' ? 'decimal' : 'numeric'}
                    autoComplete="off"
                    value={shown[part]}
                    onChange={(event) => onPartsChange({ ...shown, [part]: event.target.value })}
                    aria-invalid={error ? true : undefined}
                    className={inputClass(Boolean(error))}
                  />
                </div>
              );
            })}
          </div>
          {stored ? (
            <p id={hintId} className="mt-1.5 text-xs text-slate-600">
              {t('field.stored', { sqm: formatSquareMetres(t, Number(stored)) })}
            </p>
          ) : null}
          <FieldError field={field} message={error} />
        </fieldset>
      )}
    </div>
  );
}
