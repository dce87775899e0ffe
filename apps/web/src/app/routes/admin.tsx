import { NotFound } from '../../components/ui/NotFound';
import { AdminLayout, AdminSessionLoading } from '../../features/admin/components/AdminLayout';
import { AuditSection } from '../../features/admin/components/AuditSection';
import { ListingsSection } from '../../features/admin/components/ListingsSection';
import { MessagesSection } from '../../features/admin/components/MessagesSection';
import { PackagesSection } from '../../features/admin/components/PackagesSection';
import { PaymentsSection } from '../../features/admin/components/PaymentsSection';
import { UsersSection } from '../../features/admin/components/UsersSection';
import { useAppSelector } from '../store';

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

export const Payments = PaymentsSection;
export const Listings = ListingsSection;
export const Users = UsersSection;
export const Packages = PackagesSection;
export const Messages = MessagesSection;
export const Audit = AuditSection;

export default Component;
