import { type InputHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';
import { Send } from '../../../components/ui/icons';
import { useTranslation } from '../../../i18n/use-translation';
import type { FieldBinding } from '../lib/use-message-form';

const control = (error: string | undefined) =>
  `w-full scroll-mt-36 rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 outline-none focus:border-teal-600 focus:ring-2 focus:ring-teal-200 sm:text-sm ${
    error ? 'border-red-600' : 'border-slate-300'
  }`;

function Label({ htmlFor, label, optional }: { htmlFor: string; label: string; optional?: boolean }) {
  const { t } = useTranslation('contact');
  return (
    <label htmlFor={htmlFor} className="mb-1 block text-sm font-medium text-slate-800">
      {label}
      {optional ? (
        <span className="ml-1 font-normal text-slate-600">({t('form.optional')})</span>
      ) : (
        <span className="ml-0.5 text-red-700" aria-hidden="true">
          *
        </span>
      )}
    </label>
  );
}

function ErrorText({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {error}
    </p>
  ) : null;
}

interface InputFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'> {
  name: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string;
  optional?: boolean;
}

/** A labelled input whose error is tied to it by aria-describedby and aria-invalid. */
export function InputField({ name, label, value, onValue, error, optional, ...input }: InputFieldProps) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id} label={label} optional={optional} />
      <input
        {...input}
        id={id}
        name={name}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-required={optional ? undefined : true}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={control(error)}
      />
      <ErrorText id={`${id}-error`} error={error} />
    </div>
  );
}

interface MessageFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'onChange' | 'value'> {
  name: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string;
  max: number;
}

/** A labelled textarea with a character counter (turns red past the limit; the check happens on submit). */
export function MessageField({ name, label, value, onValue, error, max, ...textarea }: MessageFieldProps) {
  const { t } = useTranslation('contact');
  const id = useId();
  const length = value.trim().length;
  const isOver = length > max;
  return (
    <div>
      <Label htmlFor={id} label={label} />
      <textarea
        {...textarea}
        id={id}
        name={name}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-required={true}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? `${id}-error` : '', `${id}-count`].filter(Boolean).join(' ')}
        className={`${control(error)} min-h-36 resize-y`}
      />
      <div className="flex items-start justify-between gap-3">
        <ErrorText id={`${id}-error`} error={error} />
        <p
          id={`${id}-count`}
          data-testid={`${name}-counter`}
          className={`mt-1 ml-auto shrink-0 text-xs tabular-nums ${isOver ? 'font-semibold text-red-700' : 'text-slate-600'}`}
        >
          {t('form.counter', { length, max })}
        </p>
      </div>
    </div>
  );
}

/** The form-level failure, kept on the page after the toast is gone. */
export function FormError({ message }: { message: string | null }) {
  return (
    <div aria-live="polite">
      {message ? (
        <p
          role="alert"
          data-testid="form-error"
          className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {message}
        </p>
      ) : null}
    </div>
  );
}

/** The sender's name and e-mail, side by side from the small breakpoint up (both forms start with them). */
export function SenderFields({ field }: { field: (name: 'name' | 'email') => FieldBinding }) {
  const { t } = useTranslation('contact');
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <InputField {...field('name')} label={t('form.name')} autoComplete="name" />
      <InputField {...field('email')} type="email" inputMode="email" label={t('form.email')} autoComplete="email" />
    </div>
  );
}

interface SendButtonProps {
  isSending: boolean;
  label: string;
  testId: string;
  /** Extra classes, e.g. to stop stretching across the form at some width. */
  className?: string;
}

/** The submit button: disabled and saying "Sending…" while the message is on its way. */
export function SendButton({ isSending, label, testId, className }: SendButtonProps) {
  const { t } = useTranslation('contact');
  return (
    <button
      type="submit"
      disabled={isSending}
      data-testid={testId}
      className={[
        'inline-flex w-full items-center justify-center gap-2 rounded-lg bg-teal-700 px-6 py-3 text-sm font-semibold text-white hover:bg-teal-800 disabled:cursor-not-allowed disabled:opacity-60',
        className,
      ]
        .filter(Boolean)
        .join(' ')}
    >
      <Send className="size-4" aria-hidden="true" />
      {isSending ? t('form.sending') : label}
    </button>
  );
}
