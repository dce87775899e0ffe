import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { BellPlus } from '../../../components/ui/icons';
import { unprefixedPath, useNavigate } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { useHydrated } from '../../../lib/use-hydrated';
import { useAppSelector } from '../../../session/store';

// The dialog (and RTK Query with it) loads when it is first opened: the result pages render without it.
const SaveSearchDialog = lazy(() => import('./SaveSearchDialog'));

/** Where a visitor who chose "Save this search" before logging in was: the page opens the dialog on the way back. */
export const PENDING_SAVE_KEY = 'pendingSavedSearch';

function pendingSave(): string | null {
  try {
    return sessionStorage.getItem(PENDING_SAVE_KEY);
  } catch {
    return null;
  }
}

function setPendingSave(path: string | null): void {
  try {
    if (path) sessionStorage.setItem(PENDING_SAVE_KEY, path);
    else sessionStorage.removeItem(PENDING_SAVE_KEY);
  } catch {
    // Storage unavailable: the visitor comes back to the search and presses the button again.
  }
}

interface SaveSearchButtonProps {
  /** The search to save: a /api/properties query string of the page's filters (paging and sort are dropped). */
  query: string;
  className?: string;
}

/**
 * "Save this search" on a results page. Signed in, it opens the dialog; a visitor goes to log in first and comes
 * back to the same search with the dialog open again.
 */
export function SaveSearchButton({ query, className = '' }: SaveSearchButtonProps) {
  const { t } = useTranslation('saved');
  const { isAuthenticated, isRestoring } = useAppSelector((s) => s.login);
  const isHydrated = useHydrated();
  const location = useLocation();
  const navigate = useNavigate();
  const [isOpen, setIsOpen] = useState(false);
  const here = `${unprefixedPath(location.pathname)}${location.search}`;

  // Back from logging in on the same search: the dialog opens again, once.
  useEffect(() => {
    if (!isHydrated || isRestoring || !isAuthenticated) return;
    if (pendingSave() === here) {
      setPendingSave(null);
      setIsOpen(true);
    }
  }, [isHydrated, isRestoring, isAuthenticated, here]);

  const onClick = () => {
    if (isAuthenticated) {
      setIsOpen(true);
      return;
    }
    setPendingSave(here);
    navigate('/login', { state: { redirectFrom: here } });
  };

  return (
    <>
      <button
        type="button"
        onClick={onClick}
        disabled={isRestoring && isHydrated}
        className={`inline-flex items-center justify-center gap-2 rounded-lg border border-teal-700 bg-white px-4 py-2 text-sm font-semibold text-teal-800 shadow-sm transition-colors hover:bg-teal-50 disabled:opacity-60 ${className}`}
      >
        <BellPlus className="size-4" aria-hidden="true" />
        {t('save.button')}
      </button>
      {isOpen ? (
        <Suspense fallback={null}>
          <SaveSearchDialog query={query} onClose={() => setIsOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
