import { CONTACT_LIMITS } from '@baan/contract';
import { MessageSquare } from '../../../components/ui/icons';
import { LiveFieldset } from '../../../components/ui/LiveFieldset';
import { useTranslation } from '../../../i18n/use-translation';
import { useSendInquiryMutation } from '../api/contact-api';
import { useMessageForm } from '../lib/use-message-form';
import { FormError, InputField, MessageField, SendButton, SenderFields } from './FormFields';

const loadInquiryRequest = () => import('../lib/schemas').then((schemas) => schemas.InquiryRequest);

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
    loadSchema: loadInquiryRequest,
    send: (body) => sendInquiry({ propertyId, body }).unwrap(),
    successMessage: t('inquiry.sent'),
    notFoundKey: 'errors.listingNotFound',
  });

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
        className="mt-4"
      >
        <LiveFieldset className="space-y-4">
          <SenderFields field={form.field} />
          <InputField
            {...form.field('phone')}
            type="tel"
            inputMode="tel"
            label={t('form.phone')}
            autoComplete="tel"
            optional
          />
          <MessageField
            {...form.field('message')}
            label={t('form.message')}
            rows={5}
            max={CONTACT_LIMITS.inquiryMessage}
            placeholder={t('inquiry.placeholder')}
          />
          <FormError message={form.formError} />
          <SendButton isSending={form.isSending} label={t('inquiry.send')} testId="inquiry-submit" />
        </LiveFieldset>
      </form>
    </section>
  );
}
