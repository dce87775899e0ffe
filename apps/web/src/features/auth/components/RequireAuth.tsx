import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAppSelector } from '../../../app/store';

/** Pages that need a login: wait while a stored token is checked, else send the person to /login and back. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isAuthenticated, isRestoring } = useAppSelector((s) => s.login);
  const location = useLocation();
  if (isRestoring) return <div className="min-h-svh" aria-busy="true" />;
  if (!isAuthenticated) return <Navigate to="/login" replace state={{ redirectFrom: location.pathname }} />;
  return <>{children}</>;
}
