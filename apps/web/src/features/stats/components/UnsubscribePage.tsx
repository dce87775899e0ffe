import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CheckCircle2, MailX, XCircle } from '../../../components/ui/icons';
import { Link } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { type UnsubscribeResult, unsubscribeFromReports } from '../api/unsubscribe';

type State = 'idle' | 'busy' | UnsubscribeResult;

/**
 * /unsubscribe?u=&t=: the link in the weekly report e-mail. Opening it changes nothing (mail scanners open links);
 * the button sends the one-click POST, then the page confirms, or says the link is not valid in the reader's language.
 */
export function UnsubscribePage() {
  const { t } = useTranslation('stats');
  const [params] = useSearchParams();
  const u = params.get('u')?.trim() ?? '';
  const token = params.get('t')?.trim() ?? '';
  const [state, setState] = useState<State>(u && token ? 'idle' : 'invalid');

  const unsubscribe = async () => {
    setState('busy');
    setState(await unsubscribeFromReports(u, token));
  };

  return (
    <section aria-labelledby="unsubscribe-title" className="mx-auto max-w-xl px-4 py-12 sm:py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <MailX className="size-10 text-teal-700" aria-hidden="true" />
        <h1 id="unsubscribe-title" className="mt-4 text-2xl font-bold text-slate-900">
          {t('unsubscribe.title')}
        </h1>
        <p className="mt-3 text-slate-700">{t('unsubscribe.lead')}</p>
        <div aria-live="polite" className="mt-6">
          {state === 'done' ? (
            <div role="status" className="flex gap-3 rounded-xl bg-green-50 p-4 text-green-900">
              <CheckCircle2 className="size-6 shrink-0" aria-hidden="true" />
              <div>
                <p className="font-semibold">{t('unsubscribe.done')}</p>
                <p className="mt-1 text-sm">{t('unsubscribe.doneHint')}</p>
              </div>
            </div>
          ) : state === 'invalid' ? (
            <div role="alert" className="flex gap-3 rounded-xl bg-red-50 p-4 text-red-900">
              <XCircle className="size-6 shrink-0" aria-hidden="true" />
              <p>{t('unsubscribe.invalid')}</p>
            </div>
          ) : (
            <>
              <p className="font-medium text-slate-900">{t('unsubscribe.question')}</p>
              {state === 'failed' ? (
                <p role="alert" className="mt-2 text-sm text-red-700">
                  {t('unsubscribe.failed')}
                </p>
              ) : null}
              <button
                type="button"
                onClick={() => void unsubscribe()}
                disabled={state === 'busy'}
                aria-busy={state === 'busy' || undefined}
                className="mt-4 w-full rounded-lg bg-teal-700 px-5 py-3 font-semibold text-white hover:bg-teal-800 disabled:opacity-60 sm:w-auto"
              >
                {state === 'busy' ? t('unsubscribe.busy') : t('unsubscribe.button')}
              </button>
            </>
          )}
        </div>
        <Link to="/" className="mt-6 inline-block text-sm font-semibold text-teal-800 hover:underline">
          {t('unsubscribe.home')}
        </Link>
      </div>
    </section>
  );
}
