import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { toast } from '../../../lib/toast';
import { useErrorMessage } from '../lib/use-error-message';
import { Modal } from './Modal';
import { buttons } from './ui';

export interface ReasonDialogProps {
  title: string;
  /** What is being refused, in a sentence. */
  message: string;
  label: string;
  hint: string;
  submitLabel: string;
  /** The longest reason the server takes. */
  max: number;
  required: string;
  tooLong: string;
  isBusy: boolean;
  /** Sends the trimmed reason; rejects with the server's answer. */
  onSubmit: (reason: string) => Promise<unknown>;
  /** Shown in a toast once it is sent. */
  done: string;
  onClose: () => void;
}

/**
 * Refusing something with a reason the server mails on (a payment, a listing under review): the reason is required
 * and bounded here as on the server; the server's own field message is shown on the field.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  const { t } = useTranslation('admin');
  const errorMessage = useErrorMessage();
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (!trimmed) return setFieldError(props.required);
    if (trimmed.length > props.max) return setFieldError(props.tooLong);
    try {
      await props.onSubmit(trimmed);
      toast.success(props.done);
      props.onClose();
    } catch (failure) {
      const server = (failure as { errors?: Record<string, string[]> }).errors?.reason?.[0];
      if (server) setFieldError(server);
      else toast.error(errorMessage(failure));
    }
  };

  return (
    <Modal title={props.title} onClose={props.onClose} isBusy={props.isBusy}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <p className="text-sm break-words text-slate-700">{props.message}</p>
        <label htmlFor={id} className="mt-4 block text-sm font-medium text-slate-700">
          {props.label}
        </label>
        <textarea
          id={id}
          value={reason}
          rows={4}
          maxLength={props.max}
          required
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${id}-error` : `${id}-hint`}
          onChange={(event) => {
            setReason(event.target.value);
            setFieldError(undefined);
          }}
          className={`mt-1 block w-full rounded-lg border px-3 py-2 text-base text-slate-900 sm:text-sm ${fieldError ? 'border-red-500' : 'border-slate-300'}`}
        />
        {fieldError ? (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
            {fieldError}
          </p>
        ) : (
          <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
            {props.hint}
          </p>
        )}
        <div className="mt-5 flex justify-end gap-3">
          <button type="button" className={buttons.secondary} onClick={props.onClose} disabled={props.isBusy}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            className="rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60"
            disabled={props.isBusy}
          >
            {props.submitLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
