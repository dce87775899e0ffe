import { CONTACT_LIMITS, InquiryRequest } from '@baan/contract';
import { MessageSquare, Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSendInquiryMutation } from '../api/contact-api';
import { useMessageForm } from '../lib/use-message-form';
import { FormError, InputField, MessageField } from './FormFields';

const FIELDS = ['name', 'email', 'phone', 'message'] as const;

interface InquiryFormProps {
  propertyId: number;
  /** The signed-in person's name and e-mail, to start the form with. */
  sender?: { name: string; email: string };
}

/** "Message the owner" on a listing's page: POST /api/property/{id}/inquiry. */
export function InquiryForm({ propertyId, sender }: InquiryFormProps) {
  const { t } = useTranslation('contact');
  const [sendInquiry] = useSendInquiryMutation();
  const start = { name: sender?.name ?? '', email: sender?.email ?? '', phone: '', message: '' };
  const form = useMessageForm({
    fields: FIELDS,
    initial: start,
    schema: InquiryRequest,
    send: (body) => sendInquiry({ propertyId, body }).unwrap(),
    successMessage: t('inquiry.sent'),
    notFoundKey: 'errors.listingNotFound',
  });
  const { values, setValue, errors } = form;

  return (
    <section
      aria-labelledby="inquiry-title"
      data-testid="inquiry-section"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="inquiry-title" className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <MessageSquare className="size-5 text-teal-700" aria-hidden="true" />
        {t('inquiry.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('inquiry.intro')}</p>
      <form
        noValidate
        onSubmit={(event) => void form.onSubmit(event)}
        aria-labelledby="inquiry-title"
        data-testid="inquiry-form"
        className="mt-4 space-y-4"
      >
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
          name="phone"
          type="tel"
          inputMode="tel"
          label={t('form.phone')}
          autoComplete="tel"
          optional
          value={values.phone}
          onValue={(v) => setValue('phone', v)}
          error={errors.phone}
        />
        <MessageField
          name="message"
          label={t('form.message')}
          rows={5}
          max={CONTACT_LIMITS.inquiryMessage}
          placeholder={t('inquiry.placeholder')}
          value={values.message}
          onValue={(v) => setValue('message', v)}
          error={errors.message}
        />
        <FormError message={form.formError} />
        <button
          type="submit"
          disabled={form.isSending}
          data-testid="inquiry-submit"
          className="inline-flex w-full items-center justify-center gap-2 rounded-lg bg-teal-700 px-6 py-3 text-sm font-semibold text-white hover:bg-teal-800 disabled:cursor-not-allowed disabled:opacity-60"
        >
          <Send className="size-4" aria-hidden="true" />
          {form.isSending ? t('form.sending') : t('inquiry.send')}
        </button>
      </form>
    </section>
  );
}
