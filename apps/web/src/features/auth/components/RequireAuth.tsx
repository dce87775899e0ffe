import { type ReactNode, useMemo, useRef } from 'react';
import { useLocation } from 'react-router';
import { Navigate, unprefixedPath } from '../../../i18n/localized-router';
import { useAppSelector } from '../../../session/store';

/**
 * Pages that need a login: wait while a stored token is checked, else send the person to /login and
 * back, to the same address (its query and fragment too: an e-mailed link's token rides in the fragment). A session that ends while the page is open (logout) is not redirected here: whoever logged
 * out decides where to go (home from the header, /login from the sidebar).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isAuthenticated, isRestoring } = useAppSelector((s) => s.login);
  const location = useLocation();
  const wasAuthenticated = useRef(false);
  if (isAuthenticated) wasAuthenticated.current = true;
  // One object per address: <Navigate> navigates again whenever its state changes identity, so a page that renders
  // again while the login route is still loading would restart that navigation.
  const redirectFrom = `${unprefixedPath(location.pathname)}${location.search}${location.hash}`;
  const state = useMemo(() => ({ redirectFrom }), [redirectFrom]);
  if (isRestoring) return <div className="min-h-svh" aria-busy="true" />;
  if (!isAuthenticated) {
    return wasAuthenticated.current ? null : <Navigate to="/login" replace state={state} />;
  }
  return <>{children}</>;
}
