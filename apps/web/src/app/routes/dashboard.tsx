import { useNavigate } from 'react-router';
import { RequireAuth } from '../../features/auth/components/RequireAuth';
import { SettingsScreen } from '../../features/auth/components/SettingsScreen';
import { logout } from '../../features/auth/logout';
import { DashboardLayout } from '../../features/dashboard/components/DashboardLayout';
import { DashboardOverview, MyPropertyPlaceholder } from '../../features/dashboard/components/DashboardOverview';
import { useAppDispatch, useAppSelector } from '../store';

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
  return user ? <DashboardOverview user={user} /> : null;
}

export const MyProperty = MyPropertyPlaceholder;
export const Settings = SettingsScreen;
