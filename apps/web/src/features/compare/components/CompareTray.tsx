import { MAX_COMPARE } from '@baan/contract';
import { type RefObject, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { GitCompareArrows, X } from '../../../components/ui/icons';
import { Link, unprefixedPath } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import {
  clearCompare,
  comparePath,
  dismissCompareRefusal,
  useCompareIds,
  useCompareRefused,
} from '../../../session/compare';

/**
 * While the tray is shown, the page scrolls what gets focus (a card's Compare button, say) clear of it, and its end
 * has room for it: nothing under the tray is out of reach. The room is the tray's own height and bottom gap, measured.
 */
function useRoomForTray(tray: RefObject<HTMLElement | null>, isShown: boolean) {
  useEffect(() => {
    const element = tray.current;
    if (!isShown || !element) return;
    const root = document.documentElement;
    const makeRoom = () => {
      const { top } = element.getBoundingClientRect();
      root.style.scrollPaddingBottom = `${Math.ceil(window.innerHeight - top + 8)}px`;
    };
    makeRoom();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(makeRoom) : null;
    observer?.observe(element);
    window.addEventListener('resize', makeRoom);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', makeRoom);
      root.style.scrollPaddingBottom = '';
    };
  }, [tray, isShown]);
}

/**
 * The compare selection's bar at the bottom of every page once a listing is picked: how many, a link to compare them
 * and a button to empty it; it also says why a fifth pick was refused. On a phone it is docked full width (one line),
 * on wider screens a small card in the corner; either way the page keeps room for it (useRoomForTray). Browser only
 * (the selection is in localStorage): the server renders nothing here.
 */
export function CompareTray() {
  const { t } = useTranslation('listings');
  const ids = useCompareIds();
  const refused = useCompareRefused();
  const { pathname } = useLocation();
  const trayRef = useRef<HTMLElement>(null);
  // The compare page shows the selection itself.
  const isShown = ids.length > 0 && unprefixedPath(pathname) !== '/compare';
  useRoomForTray(trayRef, isShown);
  if (!isShown) return null;
  return (
    <>
      {/* Room at the end of the page, so the bar never hides its last lines (it stands on a listing's contact bar). */}
      <div aria-hidden="true" data-testid="compare-tray-room" className="h-24" />
      <section
        ref={trayRef}
        aria-label={t('compare.trayLabel')}
        data-testid="compare-tray"
        className="fixed inset-x-0 bottom-[var(--bottom-bar,0px)] z-40 flex flex-col gap-2 border-t border-slate-200 bg-white px-4 py-3 shadow-[0_-4px_12px_rgb(15_23_42/0.08)] sm:inset-x-auto sm:right-6 sm:bottom-[calc(1.5rem+var(--bottom-bar,0px))] sm:max-w-sm sm:rounded-xl sm:border sm:p-3 sm:shadow-lg"
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
