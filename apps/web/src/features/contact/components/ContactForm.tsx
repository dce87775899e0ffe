import { CONTACT_LIMITS, ContactRequest } from '@baan/contract';
import { Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSendContactMessageMutation } from '../api/contact-api';
import { useMessageForm } from '../lib/use-message-form';
import { FormError, InputField, MessageField } from './FormFields';

const FIELDS = ['name', 'email', 'subject', 'message'] as const;
const EMPTY = { name: '', email: '', subject: '', message: '' };

/** The contact form (spec: Contact, Contact validation, Contact errors): all four fields required. */
export function ContactForm() {
  const { t } = useTranslation('contact');
  const [sendMessage] = useSendContactMessageMutation();
  const form = useMessageForm({
    fields: FIELDS,
    initial: EMPTY,
    schema: ContactRequest,
    send: (data) => sendMessage(data).unwrap(),
    successMessage: t('form.contactSent'),
  });
  const { values, setValue, errors } = form;

  return (
    <form
      noValidate
      onSubmit={(event) => void form.onSubmit(event)}
      aria-labelledby="contact-form-title"
      data-testid="contact-form"
      className="space-y-4"
    >
      <h2 id="contact-form-title" className="text-2xl font-bold text-slate-900">
        {t('form.title')}
      </h2>
      <p className="text-sm text-slate-600">{t('form.intro')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          name="name"
          label={t('form.name')}
          autoComplete="name"
          value={values.name}
          onValue={(v) => setValue('name', v)}
          error={errors.name}
        />
        <InputField
          name="email"
          type="email"
          inputMode="email"
          label={t('form.email')}
          autoComplete="email"
          value={values.email}
          onValue={(v) => setValue('email', v)}
          error={errors.email}
        />
      </div>
      <InputField
        name="subject"
        label={t('form.subject')}
        value={values.subject}
        onValue={(v) => setValue('subject', v)}
        error={errors.subject}
      />
      <MessageField
        name="message"
        label={t('form.message')}
        rows={6}
        max={CONTACT_LIMITS.message}
        value={values.message}
        onValue={(v) => setValue('message', v)}
        error={errors.message}
      />
      <FormError message={form.formError} />
      <button
        type="submit"
        disabled={form.isSending}
        data-testid="contact-submit"
        className="inline-flex w-full items-center justify-center gap-2 rounded-lg bg-teal-700 px-6 py-3 text-sm font-semibold text-white hover:bg-teal-800 disabled:cursor-not-allowed disabled:opacity-60 sm:w-auto"
      >
        <Send className="size-4" aria-hidden="true" />
        {form.isSending ? t('form.sending') : t('form.send')}
      </button>
    </form>
  );
}
