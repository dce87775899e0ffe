import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { BellOff, CheckCircle2, Info, Loader2, XCircle } from '../../../components/ui/icons';
import { Link } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { type AlertUnsubscribeResult, unsubscribeFromAlert } from '../api/unsubscribe-alert';

type State = { kind: 'working' } | AlertUnsubscribeResult;

/**
 * /alerts/unsubscribe?token=: the one-click link of an alert mail. The server renders only the page; the browser ends
 * the alert once the page is live (an effect never runs on the server, so a mail scanner fetching the address ends
 * nothing), then says whether it ended now, had ended before, or the link is not valid.
 */
export function AlertUnsubscribePage() {
  const { t } = useTranslation('saved');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [state, setState] = useState<State>({ kind: 'working' });
  const started = useRef<string | null>(null);

  const run = useCallback(async () => {
    setState({ kind: 'working' });
    setState(token ? await unsubscribeFromAlert(token) : { kind: 'invalid' });
  }, [token]);

  useEffect(() => {
    // Once per token, also under StrictMode's double effects.
    if (started.current === token) return;
    started.current = token;
    void run();
  }, [run, token]);

  return (
    <section aria-labelledby="alert-unsubscribe-title" className="mx-auto max-w-xl px-4 py-12 sm:py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <BellOff className="size-10 text-teal-700" aria-hidden="true" />
        <h1 id="alert-unsubscribe-title" className="mt-4 text-2xl font-bold text-slate-900">
          {t('unsubscribe.title')}
        </h1>
        <div aria-live="polite" className="mt-6">
          {state.kind === 'working' ? (
            <p className="flex items-center gap-2 text-slate-700">
              <Loader2 className="size-5 animate-spin" aria-hidden="true" />
              {t('unsubscribe.working')}
            </p>
          ) : state.kind === 'ended' ? (
            <div role="status" className="flex gap-3 rounded-xl bg-green-50 p-4 text-green-900">
              <CheckCircle2 className="size-6 shrink-0" aria-hidden="true" />
              <div>
                <p className="font-semibold">
                  {state.name ? t('unsubscribe.ended', { name: state.name }) : t('unsubscribe.endedNoName')}
                </p>
                <p className="mt-1 text-sm">{t('unsubscribe.endedHint')}</p>
              </div>
            </div>
          ) : state.kind === 'already' ? (
            <div role="status" className="flex gap-3 rounded-xl bg-slate-100 p-4 text-slate-900">
              <Info className="size-6 shrink-0" aria-hidden="true" />
              <p className="font-semibold">
                {state.name ? t('unsubscribe.already', { name: state.name }) : t('unsubscribe.alreadyNoName')}
              </p>
            </div>
          ) : state.kind === 'invalid' ? (
            <div role="alert" className="flex gap-3 rounded-xl bg-red-50 p-4 text-red-900">
              <XCircle className="size-6 shrink-0" aria-hidden="true" />
              <p>{t('unsubscribe.invalid')}</p>
            </div>
          ) : (
            <div role="alert" className="rounded-xl bg-red-50 p-4 text-red-900">
              <p>{t('unsubscribe.failed')}</p>
              <button
                type="button"
                onClick={() => void run()}
                className="mt-3 rounded-lg bg-teal-700 px-4 py-2 text-sm font-semibold text-white hover:bg-teal-800"
              >
                {t('unsubscribe.retry')}
              </button>
            </div>
          )}
        </div>
        <div className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm font-semibold text-teal-800">
          <Link to="/dashboard/saved-searches" className="hover:underline">
            {t('unsubscribe.manage')}
          </Link>
          <Link to="/" className="hover:underline">
            {t('unsubscribe.home')}
          </Link>
        </div>
      </div>
    </section>
  );
}
