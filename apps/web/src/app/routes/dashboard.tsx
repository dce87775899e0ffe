import { RequireAuth } from '../../features/auth/components/RequireAuth';
import { SettingsScreen } from '../../features/auth/components/SettingsScreen';
import { logout } from '../../features/auth/logout';
import { InquiriesPage } from '../../features/contact/components/InquiriesPage';
import { DashboardLayout } from '../../features/dashboard/components/DashboardLayout';
import { DashboardOverview } from '../../features/dashboard/components/DashboardOverview';
import { useGetUserPropertiesQuery } from '../../features/my-properties/api/my-properties-api';
import { SubscriptionOverview } from '../../features/payments/components/SubscriptionOverview';
import { useNavigate } from '../../i18n/localized-router';
import { useAppDispatch, useAppSelector } from '../store';

export const handle = { i18n: ['dashboard', 'auth', 'contact', 'payments'] };

function SignedInDashboard() {
  const user = useAppSelector((s) => s.login.user);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  if (!user) return null;
  return (
    <DashboardLayout
      user={user}
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

export function Overview() {
  const user = useAppSelector((s) => s.login.user);
  if (!user) return null;
  return (
    <div className="space-y-6">
      <DashboardOverview user={user} />
      {/* Package, days left and any payment under review (payments feature). */}
      <div className="max-w-3xl">
        <SubscriptionOverview />
      </div>
    </div>
  );
}

export const Settings = SettingsScreen;

/** /dashboard/inquiries: the owner's inquiries; the filter lists the owner's listings (my-properties feature). */
export function Inquiries() {
  const { data } = useGetUserPropertiesQuery();
  return <InquiriesPage listings={data ?? []} />;
}

export default Component;
