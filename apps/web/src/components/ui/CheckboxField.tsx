import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'children'> {
  /** The label; may hold links (a click on a link follows it rather than ticking the box). */
  children: ReactNode;
  error?: string;
  hint?: string;
}

/** A checkbox with its label beside it and an optional hint and error under it, tied to it for screen readers. */
export function CheckboxField({ children, error, hint, className, ...input }: CheckboxFieldProps) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          {...input}
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`mt-0.5 size-5 shrink-0 rounded border accent-teal-700 ${error ? 'border-red-500 outline outline-2 outline-red-500' : 'border-slate-400'}`}
        />
        <label htmlFor={id} className="text-sm leading-relaxed text-slate-700">
          {children}
        </label>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 pl-8 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 pl-8 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
