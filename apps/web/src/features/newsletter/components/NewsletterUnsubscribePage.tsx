import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CheckCircle2, MailX, XCircle } from '../../../components/ui/icons';
import { Link } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { type UnsubscribeResult, unsubscribeNewsletter } from '../api/unsubscribe-newsletter';
import { LostUnsubscribeLink } from './LostUnsubscribeLink';

type State = { kind: 'idle' } | { kind: 'busy' } | { kind: 'incomplete' } | UnsubscribeResult;

/** A link's token: the subscriber's id and a 43-character signature. Anything else is a damaged link. */
const TOKEN = /^[1-9][0-9]{0,9}\.[A-Za-z0-9_-]{43}$/;

/**
 * /newsletter/unsubscribe?token=: the link in every newsletter mail (ADR 058). Opening it changes nothing (mail
 * scanners open links); the button posts the token, then the page says the person is unsubscribed (or was already),
 * or in the reader's language why the link does not work. "Lost the link?" below mails a fresh one.
 */
export function NewsletterUnsubscribePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = (params.get('token') ?? '').slice(0, 100).trim();
  const [state, setState] = useState<State>(TOKEN.test(token) ? { kind: 'idle' } : { kind: 'incomplete' });

  const unsubscribe = async () => {
    setState({ kind: 'busy' });
    setState(await unsubscribeNewsletter(token));
  };

  const finished = state.kind === 'unsubscribed' || state.kind === 'notSubscribed';
  const refused = state.kind === 'invalid' || state.kind === 'incomplete';

  return (
    <section aria-labelledby="newsletter-unsubscribe-title" className="mx-auto max-w-xl px-4 py-12 sm:py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <MailX className="size-10 text-teal-700" aria-hidden="true" />
        <h1 id="newsletter-unsubscribe-title" className="mt-4 text-2xl font-bold text-slate-900">
          {t('newsletterUnsubscribe.title')}
        </h1>
        <div aria-live="polite" className="mt-3">
          {finished ? (
            <div role="status" className="mt-3 flex gap-3 rounded-xl bg-green-50 p-4 text-green-900">
              <CheckCircle2 className="size-6 shrink-0" aria-hidden="true" />
              <div>
                <p className="font-semibold">
                  {t(
                    state.kind === 'unsubscribed'
                      ? 'newsletterUnsubscribe.done'
                      : 'newsletterUnsubscribe.notSubscribed',
                  )}
                </p>
                <p className="mt-1 text-sm">{t('newsletterUnsubscribe.doneHint')}</p>
              </div>
            </div>
          ) : refused ? (
            <div role="alert" className="mt-3 flex gap-3 rounded-xl bg-red-50 p-4 text-red-900">
              <XCircle className="size-6 shrink-0" aria-hidden="true" />
              <p>{t('newsletterUnsubscribe.invalid')}</p>
            </div>
          ) : (
            <>
              <p className="text-slate-700">{t('newsletterUnsubscribe.lead')}</p>
              {state.kind === 'failed' ? (
                <p role="alert" className="mt-3 text-sm text-red-700">
                  {t('newsletterUnsubscribe.failed')}
                </p>
              ) : null}
              <button
                type="button"
                onClick={() => void unsubscribe()}
                disabled={state.kind === 'busy'}
                aria-busy={state.kind === 'busy' || undefined}
                className="mt-6 w-full rounded-lg bg-teal-700 px-5 py-3 font-semibold text-white hover:bg-teal-800 disabled:opacity-60 sm:w-auto"
              >
                {state.kind === 'busy' ? t('newsletterUnsubscribe.busy') : t('newsletterUnsubscribe.button')}
              </button>
            </>
          )}
        </div>
        <Link to="/" className="mt-6 inline-block text-sm font-semibold text-teal-800 hover:underline">
          {t('newsletterUnsubscribe.home')}
        </Link>
      </div>
      {finished ? null : <LostUnsubscribeLink />}
    </section>
  );
}
