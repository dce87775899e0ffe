import { Fragment, type ReactNode } from 'react';

/** The id of a form field's control and of its error message, so labels, errors and focus agree. */
export const fieldId = (field: string) => `add-property-${field}`;
export const errorId = (field: string) => `add-property-${field}-error`;

export const inputClass = (invalid: boolean) =>
  `block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 sm:text-sm ${
    invalid ? 'border-red-600 ring-1 ring-red-600' : 'border-slate-300'
  }`;

export function FieldError({ field, message }: { field: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={errorId(field)} className="mt-1.5 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

interface TextFieldProps {
  field: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  hint?: string;
  type?: 'text' | 'date';
  /** The earliest and latest value a date input offers. */
  range?: { min: string; max: string };
  inputMode?: 'numeric' | 'decimal' | 'text';
  placeholder?: string;
  multiline?: boolean;
  autoComplete?: string;
  /** Classes for the wrapper, e.g. a subgrid so fields in a row keep their inputs level whatever their labels wrap to. */
  className?: string;
}

/** A labelled input whose error is tied to it (aria-invalid + aria-describedby). */
export function TextField({
  field,
  label,
  value,
  onChange,
  onBlur,
  error,
  hint,
  type = 'text',
  inputMode,
  placeholder,
  multiline,
  autoComplete = 'off',
  className,
  range,
}: TextFieldProps) {
  const hintId = hint ? `${fieldId(field)}-hint` : undefined;
  const describedBy = [error ? errorId(field) : undefined, hintId].filter(Boolean).join(' ') || undefined;
  const common = {
    id: fieldId(field),
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    className: inputClass(Boolean(error)),
    placeholder,
    onBlur,
  };
  return (
    <div className={className}>
      <label htmlFor={fieldId(field)} className="mb-1.5 block self-end text-sm font-semibold text-slate-800">
        {label}
      </label>
      {multiline ? (
        <textarea {...common} rows={5} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...common}
          type={type}
          min={range?.min}
          max={range?.max}
          inputMode={inputMode}
          autoComplete={autoComplete}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      <div>
        {hint ? (
          <p id={hintId} className="mt-1.5 text-xs text-slate-600">
            {hint}
          </p>
        ) : null}
        <FieldError field={field} message={error} />
      </div>
    </div>
  );
}

/** 'Townhome/Townhouse' is one long word to the browser; offer a line break after each slash on narrow phones. */
function breakAfterSlashes(label: string): ReactNode {
  const parts = label.split('/');
  return parts.map((part, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of a fixed label never reorder.
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 ? (
        <>
          /<wbr />
        </>
      ) : null}
    </Fragment>
  ));
}

interface ChoiceGroupProps<T extends string> {
  field: string;
  legend: string;
  value: T | '';
  options: readonly { value: T; label: string; icon?: ReactNode; disabled?: boolean }[];
  onChange: (value: T) => void;
  error?: string;
  /** Said under the choices and tied to the group (why a choice is closed, how many are left). */
  hint?: string;
  columns?: string;
}

/** A radio group drawn as cards. The first radio carries the field's id, so focusing the field lands on it. */
export function ChoiceGroup<T extends string>({
  field,
  legend,
  value,
  options,
  onChange,
  error,
  hint,
  columns = 'grid-cols-2',
}: ChoiceGroupProps<T>) {
  const hintId = `${fieldId(field)}-hint`;
  const describedBy = [hint ? hintId : '', error ? errorId(field) : ''].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset aria-describedby={describedBy}>
      <legend className="mb-2 text-sm font-semibold text-slate-800">{legend}</legend>
      <div className={`grid gap-2 ${columns}`}>
        {options.map((option, i) => {
          const checked = option.value === value;
          return (
            <label
              key={option.value}
              className={`flex min-w-0 items-center gap-2 rounded-lg border px-3 py-2.5 text-sm font-medium transition-colors focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-teal-500 ${
                option.disabled
                  ? 'cursor-not-allowed border-slate-200 bg-slate-100 text-slate-500'
                  : checked
                    ? 'cursor-pointer border-teal-700 bg-teal-50 text-teal-900 ring-1 ring-teal-700'
                    : 'cursor-pointer border-slate-300 bg-white text-slate-700 hover:border-teal-600'
              } ${error ? 'border-red-600' : ''}`}
            >
              <input
                type="radio"
                id={i === 0 ? fieldId(field) : undefined}
                name={fieldId(field)}
                value={option.value}
                checked={checked}
                disabled={option.disabled}
                aria-invalid={error ? true : undefined}
                onChange={() => onChange(option.value)}
                className="size-4 accent-teal-700"
              />
              {option.icon}
              <span className="min-w-0 wrap-anywhere">{breakAfterSlashes(option.label)}</span>
            </label>
          );
        })}
      </div>
      {hint ? (
        <p id={hintId} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError field={field} message={error} />
    </fieldset>
  );
}
