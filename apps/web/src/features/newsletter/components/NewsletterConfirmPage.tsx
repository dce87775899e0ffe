import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CheckCircle2, Mail, XCircle } from '../../../components/ui/icons';
import { Link } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { type ConfirmResult, confirmNewsletter } from '../api/confirm-newsletter';

type State = { kind: 'idle' } | { kind: 'busy' } | ConfirmResult;

/** A link's token: 32 random bytes in base64url. Anything else is a damaged link, told without asking the server. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * /newsletter/confirm?token=: the link in the newsletter confirmation mail (double opt-in, ADR 055). Opening it changes
 * nothing (mail scanners open links); the button posts the token, then the page confirms, or says in the reader's
 * language why the link does not work (damaged, unknown or used, expired).
 */
export function NewsletterConfirmPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = (params.get('token') ?? '').slice(0, 100).trim();
  const [state, setState] = useState<State>(TOKEN.test(token) ? { kind: 'idle' } : { kind: 'incomplete' });

  const confirm = async () => {
    setState({ kind: 'busy' });
    setState(await confirmNewsletter(token));
  };

  const refusal =
    state.kind === 'invalid' || state.kind === 'expired' || state.kind === 'incomplete'
      ? t(`newsletterConfirm.${state.kind}`)
      : null;

  return (
    <section aria-labelledby="newsletter-confirm-title" className="mx-auto max-w-xl px-4 py-12 sm:py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <Mail className="size-10 text-teal-700" aria-hidden="true" />
        <h1 id="newsletter-confirm-title" className="mt-4 text-2xl font-bold text-slate-900">
          {t('newsletterConfirm.title')}
        </h1>
        <div aria-live="polite" className="mt-3">
          {state.kind === 'done' ? (
            <div role="status" className="mt-3 flex gap-3 rounded-xl bg-green-50 p-4 text-green-900">
              <CheckCircle2 className="size-6 shrink-0" aria-hidden="true" />
              <div>
                <p className="font-semibold">{t('newsletterConfirm.done')}</p>
                <p className="mt-1 text-sm break-all">{t('newsletterConfirm.doneHint', { email: state.email })}</p>
                <p className="mt-2 text-sm">{t('newsletterConfirm.leave')}</p>
              </div>
            </div>
          ) : refusal ? (
            <div role="alert" className="mt-3 flex gap-3 rounded-xl bg-red-50 p-4 text-red-900">
              <XCircle className="size-6 shrink-0" aria-hidden="true" />
              <p>{refusal}</p>
            </div>
          ) : (
            <>
              <p className="text-slate-700">{t('newsletterConfirm.lead')}</p>
              {state.kind === 'failed' ? (
                <p role="alert" className="mt-3 text-sm text-red-700">
                  {t('newsletterConfirm.failed')}
                </p>
              ) : null}
              <button
                type="button"
                onClick={() => void confirm()}
                disabled={state.kind === 'busy'}
                aria-busy={state.kind === 'busy' || undefined}
                className="mt-6 w-full rounded-lg bg-teal-700 px-5 py-3 font-semibold text-white hover:bg-teal-800 disabled:opacity-60 sm:w-auto"
              >
                {state.kind === 'busy' ? t('newsletterConfirm.busy') : t('newsletterConfirm.button')}
              </button>
            </>
          )}
        </div>
        <Link to="/" className="mt-6 inline-block text-sm font-semibold text-teal-800 hover:underline">
          {t('newsletterConfirm.home')}
        </Link>
      </div>
    </section>
  );
}
