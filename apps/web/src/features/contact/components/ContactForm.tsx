import { CONTACT_LIMITS } from '@baan/contract';
import { LiveFieldset } from '../../../components/ui/LiveFieldset';
import { useTranslation } from '../../../i18n/use-translation';
import { useSendContactMessageMutation } from '../api/contact-api';
import { useMessageForm } from '../lib/use-message-form';
import { FormError, InputField, MessageField, SendButton, SenderFields } from './FormFields';

const loadContactRequest = () => import('../lib/schemas').then((schemas) => schemas.ContactRequest);

const FIELDS = ['name', 'email', 'subject', 'message'] as const;
const EMPTY = { name: '', email: '', subject: '', message: '' };

/** The contact form (spec: Contact, Contact validation, Contact errors): all four fields required. */
export function ContactForm() {
  const { t } = useTranslation('contact');
  const [sendMessage] = useSendContactMessageMutation();
  const form = useMessageForm({
    fields: FIELDS,
    initial: EMPTY,
    loadSchema: loadContactRequest,
    send: (data) => sendMessage(data).unwrap(),
    successMessage: t('form.contactSent'),
  });

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
      <LiveFieldset className="space-y-4">
        <SenderFields field={form.field} />
        <InputField {...form.field('subject')} label={t('form.subject')} />
        <MessageField {...form.field('message')} label={t('form.message')} rows={6} max={CONTACT_LIMITS.message} />
        <FormError message={form.formError} />
        <SendButton isSending={form.isSending} label={t('form.send')} testId="contact-submit" className="sm:w-auto" />
      </LiveFieldset>
    </form>
  );
}
