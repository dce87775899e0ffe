import { Send } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { newsletterEmail, useSubscribeNewsletterMutation } from '../api/subscribe-newsletter';

export function NewsletterForm() {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = useId();
  const [email, setEmail] = useState('');
  const [validationError, setValidationError] = useState<string | null>(null);
  const [subscribe, { isLoading }] = useSubscribeNewsletterMutation();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = email.trim();
    if (!trimmed) {
      setValidationError(t('footer.newsletter.emailRequired'));
      return;
    }
    const parsed = newsletterEmail(trimmed);
    if (!parsed) {
      setValidationError(t('footer.newsletter.emailInvalid'));
      return;
    }
    setValidationError(null);
    try {
      await subscribe({ email: parsed }).unwrap();
      toast.success(t('footer.newsletter.success'));
      setEmail('');
    } catch (error) {
      const serverMessage = isApiError(error) && typeof error.status === 'number' ? error.message : undefined;
      toast.error(serverMessage || t('errors.generic'));
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="mt-4">
      <label htmlFor={inputId} className="mb-2 block text-sm font-medium text-slate-200">
        {t('footer.newsletter.emailLabel')}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={inputId}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          placeholder={t('footer.newsletter.placeholder')}
          aria-invalid={validationError ? true : undefined}
          aria-describedby={validationError ? errorId : undefined}
          className="min-w-0 flex-1 rounded-lg border border-slate-600 bg-slate-800 px-3 py-2.5 text-sm text-white placeholder:text-slate-400 focus:border-teal-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-400"
        />
        <button
          type="submit"
          disabled={isLoading}
          className="inline-flex items-center justify-center gap-2 rounded-lg bg-teal-500 px-4 py-2.5 text-sm font-semibold text-slate-950 transition hover:bg-teal-400 disabled:opacity-70"
        >
          <Send className="size-4" aria-hidden="true" />
          {isLoading ? t('footer.newsletter.subscribing') : t('footer.newsletter.subscribe')}
        </button>
      </div>
      {validationError ? (
        <p id={errorId} role="alert" className="mt-2 text-sm text-rose-300">
          {validationError}
        </p>
      ) : null}
    </form>
  );
}
