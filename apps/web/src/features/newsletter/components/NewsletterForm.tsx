import { type FormEvent, useId, useState } from 'react';
import { Trans } from 'react-i18next';
import { Mail, Send } from '../../../components/ui/icons';
import { LiveFieldset } from '../../../components/ui/LiveFieldset';
import { Link } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { isApiError } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { useAppDispatch } from '../../../session/store';
import { newsletterEmail } from '../lib/newsletter-email';

const TOO_MANY = /^Too many attempts\. Please try again in (\d+) minutes?\.$/;

/**
 * The footer's newsletter form. Subscribing needs the box ticked: the consent to the newsletter (PDPA), which the API
 * records with the privacy notice's version (ADR 023) once the link it mails to the address is confirmed (double
 * opt-in, ADR 055). The form then says to check the inbox, the same whatever the address (the API tells no one who
 * is subscribed).
 */
export function NewsletterForm() {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = useId();
  const consentId = useId();
  const consentErrorId = useId();
  const [email, setEmail] = useState('');
  const [hasConsent, setHasConsent] = useState(false);
  const [validationError, setValidationError] = useState<string | null>(null);
  const [consentError, setConsentError] = useState<string | null>(null);
  const dispatch = useAppDispatch();
  const [isLoading, setIsLoading] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function subscribe(email: string) {
    setIsLoading(true);
    try {
      const { newsletterApi } = await import('../api/subscribe-newsletter');
      const request = dispatch(newsletterApi.endpoints.subscribeNewsletter.initiate({ email }));
      try {
        return await request.unwrap();
      } finally {
        request.reset();
      }
    } finally {
      setIsLoading(false);
    }
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = email.trim();
    const parsed = trimmed ? newsletterEmail(trimmed) : null;
    // Both problems at once, the first one focused.
    const emailProblem = !trimmed
      ? t('footer.newsletter.emailRequired')
      : parsed
        ? null
        : t('footer.newsletter.emailInvalid');
    const consentProblem = hasConsent ? null : t('footer.newsletter.consentRequired');
    setValidationError(emailProblem);
    setConsentError(consentProblem);
    if (!parsed || consentProblem) {
      document.getElementById(emailProblem ? inputId : consentId)?.focus();
      return;
    }
    try {
      await subscribe(parsed);
      setSentTo(parsed);
      setEmail('');
      setHasConsent(false);
    } catch (error) {
      const status = isApiError(error) ? error.status : undefined;
      if (status === 400) {
        // The server's rules are the form's; its English message is shown in the person's language.
        setValidationError(
          isApiError(error) && error.errors?.email?.[0] === 'E-mail is required.'
            ? t('footer.newsletter.emailRequired')
            : t('footer.newsletter.emailInvalid'),
        );
        return;
      }
      if (status === 429) {
        const minutes = isApiError(error) ? TOO_MANY.exec(error.message ?? '')?.[1] : undefined;
        toast.error(
          minutes ? t('footer.newsletter.tooMany', { minutes: Number(minutes) }) : t('footer.newsletter.tooManyLater'),
        );
        return;
      }
      toast.error(t('errors.generic'));
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="mt-4">
      <LiveFieldset>
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
            onChange={(event) => {
              setEmail(event.target.value);
              setSentTo(null);
            }}
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
        <div className="mt-3 flex items-start gap-2.5">
          <input
            id={consentId}
            type="checkbox"
            checked={hasConsent}
            onChange={(event) => {
              setHasConsent(event.target.checked);
              if (event.target.checked) setConsentError(null);
            }}
            aria-invalid={consentError ? true : undefined}
            aria-describedby={consentError ? consentErrorId : undefined}
            className="mt-0.5 size-4 shrink-0 accent-teal-500"
          />
          <label htmlFor={consentId} className="text-xs leading-relaxed text-slate-300">
            <Trans
              t={t}
              i18nKey="footer.newsletter.consent"
              components={{ privacy: <Link to="/privacy" className="font-semibold text-white underline" /> }}
            />
          </label>
        </div>
        {consentError ? (
          <p id={consentErrorId} role="alert" className="mt-2 text-sm text-rose-300">
            {consentError}
          </p>
        ) : null}
        <div aria-live="polite">
          {sentTo ? (
            <p
              role="status"
              className="mt-3 flex items-start gap-2 rounded-lg border border-teal-400/40 bg-teal-950/60 p-3 text-sm text-teal-100"
            >
              <Mail className="mt-0.5 size-4 shrink-0 text-teal-300" aria-hidden="true" />
              <span className="min-w-0 [overflow-wrap:anywhere]">
                {t('footer.newsletter.checkInbox', { email: sentTo })}
              </span>
            </p>
          ) : null}
        </div>
      </LiveFieldset>
    </form>
  );
}
