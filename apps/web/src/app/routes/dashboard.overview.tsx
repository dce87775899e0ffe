import { DashboardOverview } from '../../features/dashboard/components/DashboardOverview';
import { SubscriptionOverview } from '../../features/payments/components/SubscriptionOverview';
import { useAppSelector } from '../store';

export const handle = { i18n: ['dashboard', 'auth', 'contact', 'payments'] };

/** /dashboard: the overview (dashboard.tsx around it asks for a login). */
export default function Overview() {
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
