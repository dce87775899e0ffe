import { RequireAuth } from '../../features/auth/components/RequireAuth';
import { logout } from '../../features/auth/logout';
import { useNewInquiryCount } from '../../features/contact/api/contact-api';
import { useUnreadMessageCount } from '../../features/conversations/api/conversations-api';
import { useLiveUnreadCounts } from '../../features/conversations/lib/live';
import { DashboardLayout } from '../../features/dashboard/components/DashboardLayout';
import { useNavigate } from '../../i18n/localized-router';
import { useAppDispatch, useAppSelector } from '../../session/store';

export const handle = { i18n: ['dashboard', 'auth', 'contact', 'payments'] };

function SignedInDashboard() {
  const user = useAppSelector((s) => s.login.user);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  // The sidebar's badge of new inquiries; it reloads with every inquiry change (the 'Inquiry' tag).
  const newInquiries = useNewInquiryCount();
  // The sidebar's badge of unread messages, kept current by the event stream while the dashboard is open.
  const unreadMessages = useUnreadMessageCount();
  useLiveUnreadCounts();
  if (!user) return null;
  return (
    <DashboardLayout
      user={user}
      newInquiries={newInquiries}
      unreadMessages={unreadMessages}
      onLogout={() => {
        dispatch(logout());
        navigate('/login');
      }}
    />
  );
}

/** /dashboard: a lazy chunk with its own nested routes; every page needs a login. */
export function Component() {
  return (
    <RequireAuth>
      <SignedInDashboard />
    </RequireAuth>
  );
}

export default Component;
