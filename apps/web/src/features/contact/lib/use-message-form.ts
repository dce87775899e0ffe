import { type FormEvent, useCallback, useState } from 'react';
import { flushSync } from 'react-dom';
import type { z } from 'zod';
import { useTranslation } from '../../../i18n/use-translation';
import { toast } from '../../../lib/toast';
import { describeFailure, type FieldErrorMap, validate } from './messages';

export interface FieldBinding {
  name: string;
  value: string;
  onValue: (value: string) => void;
  error?: string;
}

interface MessageFormOptions<F extends string, Out> {
  fields: readonly F[];
  initial: Record<F, string>;
  /**
   * The contract schema the values are checked with, loaded when the person first types or sends (zod and the
   * schemas stay off the page's first load): `() => import('./schemas').then((m) => m.InquiryRequest)`.
   */
  loadSchema: () => Promise<z.ZodType<Out>>;
  /** Sends the checked (trimmed) values; rejects with the API error. */
  send: (data: Out) => Promise<unknown>;
  successMessage: string;
  /** The values after a success (the form clears; a prefilled name and e-mail stay). */
  clearTo?: Record<F, string>;
  notFoundKey?: 'errors.listingNotFound';
}

/**
 * The behaviour the contact and inquiry forms share: check with the contract schema before sending (nothing is
 * sent while a field is wrong, and the first wrong field gets the focus), then send once, toast the outcome, clear
 * on success, and keep every typed character on failure.
 */
export function useMessageForm<F extends string, Out>(options: MessageFormOptions<F, Out>) {
  const { t } = useTranslation('contact');
  const { fields, loadSchema, send, successMessage, notFoundKey } = options;
  const [values, setValues] = useState<Record<F, string>>(options.initial);
  const [errors, setErrors] = useState<FieldErrorMap<F>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const clearTo = options.clearTo ?? options.initial;

  const setValue = useCallback(
    (field: F, value: string) => {
      // The first keystroke fetches the schema, so sending does not wait for it (a failure shows on send).
      loadSchema().catch(() => {});
      setValues((current) => ({ ...current, [field]: value }));
      // A field's error goes once the person edits it; the others stay until the next submit.
      setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
    },
    [loadSchema],
  );

  const showFieldErrors = (form: HTMLFormElement, found: FieldErrorMap<F>) => {
    flushSync(() => setErrors(found));
    const first = fields.find((field) => found[field]);
    const element = first ? form.elements.namedItem(first) : null;
    if (element instanceof HTMLElement) element.focus();
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSending) return;
    const form = event.currentTarget;
    setFormError(null);
    setIsSending(true);
    try {
      const schema = await loadSchema();
      const found = validate(t, schema, values);
      if (Object.keys(found).length > 0) {
        showFieldErrors(form, found);
        return;
      }
      setErrors({});
      await send(schema.parse(values));
      toast.success(successMessage);
      setValues(clearTo);
    } catch (error) {
      const failure = describeFailure(t, error, fields, notFoundKey);
      if (failure.kind === 'fields') {
        showFieldErrors(form, failure.errors);
      } else {
        setFormError(failure.message);
        toast.error(failure.message);
      }
    } finally {
      setIsSending(false);
    }
  }

  /** What a field component needs for one field: its name, value, change handler and error. */
  const field = (name: F): FieldBinding => ({
    name,
    value: values[name],
    onValue: (value: string) => setValue(name, value),
    error: errors[name],
  });

  return { values, setValue, errors, field, formError, isSending, onSubmit };
}
