import { NotFound } from '../../components/ui/NotFound';
import { AdminLayout, AdminSessionLoading } from '../../features/admin/components/AdminLayout';
import { useAppSelector } from '../../session/store';

export const handle = { i18n: ['admin', 'payments'] };

/**
 * /admin: the console, one lazy chunk with its sections as nested routes. Only an admin sees it; anyone else gets
 * the ordinary not-found screen (no login redirect, nothing that says a console is here). While a stored session
 * is checked, a spinner instead of a flash of not-found.
 */
export function Component() {
  const { user, isAuthenticated, isRestoring } = useAppSelector((s) => s.login);
  if (isRestoring) return <AdminSessionLoading />;
  if (!isAuthenticated || user?.role !== 'admin') return <NotFound />;
  return <AdminLayout />;
}

export default Component;
