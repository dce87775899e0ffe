import { DashboardOverview } from '../../features/dashboard/components/DashboardOverview';
import { SubscriptionOverview } from '../../features/payments/components/SubscriptionOverview';
import { OwnerStatsSummary } from '../../features/stats/components/OwnerStatsSummary';
import { useAppSelector } from '../../session/store';

export const handle = { i18n: ['dashboard', 'auth', 'contact', 'payments', 'stats'] };

/** /dashboard: the overview (dashboard.tsx around it asks for a login): greeting, statistics, package. */
export default function Overview() {
  const user = useAppSelector((s) => s.login.user);
  if (!user) return null;
  return (
    <div className="space-y-8">
      <DashboardOverview user={user} />
      {/* Every listing together for 7 or 30 days, the most viewed ones linked to their statistics (stats feature). */}
      <OwnerStatsSummary />
      {/* Package, days left and any payment under review (payments feature). */}
      <div className="max-w-3xl">
        <SubscriptionOverview />
      </div>
    </div>
  );
}
