import { type InputHTMLAttributes, useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Eye, EyeOff } from './icons';

interface PasswordInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  label: string;
  error?: string;
}

/** A password field with a show/hide toggle (labelled in the user's language) and an optional error under it. */
export function PasswordInput({ label, error, className, ...input }: PasswordInputProps) {
  const { t } = useTranslation('auth');
  const id = useId();
  const errorId = `${id}-error`;
  const [isVisible, setIsVisible] = useState(false);
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <input
          {...input}
          id={id}
          type={isVisible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`w-full rounded-lg border bg-white py-2.5 pr-11 pl-3 text-slate-900 outline-none focus:border-teal-600 focus:ring-2 focus:ring-teal-200 ${
            error ? 'border-red-500' : 'border-slate-300'
          }`}
        />
        <button
          type="button"
          onClick={() => setIsVisible((v) => !v)}
          aria-label={isVisible ? t('common.hidePassword') : t('common.showPassword')}
          aria-pressed={isVisible}
          className="absolute inset-y-0 right-0 grid w-11 place-items-center rounded-r-lg text-slate-500 hover:text-teal-700"
        >
          {isVisible ? <EyeOff className="size-5" aria-hidden="true" /> : <Eye className="size-5" aria-hidden="true" />}
        </button>
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
