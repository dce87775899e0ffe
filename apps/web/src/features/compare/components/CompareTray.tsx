import { MAX_COMPARE } from '@baan/contract';
import { GitCompareArrows, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import {
  clearCompare,
  comparePath,
  dismissCompareRefusal,
  useCompareIds,
  useCompareRefused,
} from '../../../app/compare';
import { Link, unprefixedPath } from '../../../i18n/localized-router';

/**
 * The compare selection's bar at the bottom of every page once a listing is picked: how many, a link to compare them
 * and a button to empty it; it also says why a fifth pick was refused. Browser only (the selection is in localStorage):
 * the server renders nothing here.
 */
export function CompareTray() {
  const { t } = useTranslation('listings');
  const ids = useCompareIds();
  const refused = useCompareRefused();
  const { pathname } = useLocation();
  // The compare page shows the selection itself.
  if (ids.length === 0 || unprefixedPath(pathname) === '/compare') return null;
  return (
    <>
      {/* Room at the end of the page, so the bar never hides its last lines (it stands on a listing's contact bar). */}
      <div aria-hidden="true" className="h-20" />
      <section
        aria-label={t('compare.trayLabel')}
        data-testid="compare-tray"
        className="fixed right-3 bottom-[calc(0.75rem+var(--bottom-bar,0px))] z-40 flex max-w-[calc(100vw-1.5rem)] flex-col gap-2 rounded-xl border border-slate-200 bg-white p-3 shadow-lg sm:right-6 sm:bottom-[calc(1.5rem+var(--bottom-bar,0px))] sm:max-w-sm"
      >
        <p role="status" className={refused === null ? 'sr-only' : 'flex items-start gap-2 text-sm text-rose-800'}>
          {refused === null ? null : (
            <>
              <span>{t('compare.full', { max: MAX_COMPARE })}</span>
              <button
                type="button"
                onClick={dismissCompareRefusal}
                aria-label={t('compare.dismiss')}
                className="shrink-0 rounded p-0.5 text-slate-600 hover:bg-slate-100"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </>
          )}
        </p>
        <div className="flex items-center gap-2">
          <Link
            to={comparePath(ids)}
            className="inline-flex flex-1 items-center justify-center gap-2 rounded-lg bg-teal-700 px-4 py-2 text-sm font-semibold whitespace-nowrap text-white hover:bg-teal-800"
          >
            <GitCompareArrows className="size-4" aria-hidden="true" />
            {t('compare.trayLink', { count: ids.length, max: MAX_COMPARE })}
          </Link>
          <button
            type="button"
            onClick={clearCompare}
            aria-label={t('compare.clearLabel')}
            className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            {t('compare.clear')}
          </button>
        </div>
      </section>
    </>
  );
}
