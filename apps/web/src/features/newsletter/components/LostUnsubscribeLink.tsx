import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { type LinkRequestResult, requestUnsubscribeLink } from '../api/unsubscribe-newsletter';
import { newsletterEmail } from '../lib/newsletter-email';

type State = { kind: 'idle' } | { kind: 'busy' } | { kind: 'sentTo'; email: string } | LinkRequestResult;

/**
 * "Lost the link?" on the unsubscribe page (ADR 058): the person types the address and a fresh unsubscribe link is
 * mailed to it if it is subscribed. The page says the same for every address (the API tells no one who subscribed).
 */
export function LostUnsubscribeLink() {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = useId();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = newsletterEmail(email);
    if (!parsed) {
      setState({ kind: 'badEmail' });
      document.getElementById(inputId)?.focus();
      return;
    }
    setState({ kind: 'busy' });
    const result = await requestUnsubscribeLink(parsed);
    setState(result.kind === 'sent' ? { kind: 'sentTo', email: parsed } : result);
  }

  const problem =
    state.kind === 'badEmail'
      ? t('newsletterUnsubscribe.lost.emailInvalid')
      : state.kind === 'tooMany'
        ? t('newsletterUnsubscribe.lost.tooMany')
        : state.kind === 'failed'
          ? t('newsletterUnsubscribe.failed')
          : null;

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      aria-labelledby={`${inputId}-title`}
      className="mt-6 rounded-2xl border border-slate-200 bg-slate-50 p-6 sm:p-8"
    >
      <h2 id={`${inputId}-title`} className="text-lg font-semibold text-slate-900">
        {t('newsletterUnsubscribe.lost.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('newsletterUnsubscribe.lost.lead')}</p>
      <label htmlFor={inputId} className="mt-4 mb-2 block text-sm font-medium text-slate-800">
        {t('newsletterUnsubscribe.lost.label')}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={inputId}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          maxLength={320}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={state.kind === 'badEmail' ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm focus:border-teal-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-600"
        />
        <button
          type="submit"
          disabled={state.kind === 'busy'}
          className="rounded-lg border border-teal-700 px-4 py-2.5 text-sm font-semibold text-teal-800 hover:bg-teal-50 disabled:opacity-60"
        >
          {state.kind === 'busy' ? t('newsletterUnsubscribe.lost.busy') : t('newsletterUnsubscribe.lost.button')}
        </button>
      </div>
      <div aria-live="polite">
        {problem ? (
          <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
            {problem}
          </p>
        ) : null}
        {state.kind === 'sentTo' ? (
          <p role="status" className="mt-3 text-sm text-teal-900 [overflow-wrap:anywhere]">
            {t('newsletterUnsubscribe.lost.sent', { email: state.email })}
          </p>
        ) : null}
      </div>
    </form>
  );
}
