import { AgencySettings } from '../../features/agencies/components/AgencySettings';
import { PublicProfileSettings } from '../../features/agents/components/PublicProfileForm';
import { SettingsScreen } from '../../features/auth/components/SettingsScreen';
import { PrivacySettings } from '../../features/privacy/components/PrivacySettings';

export const handle = { i18n: ['dashboard', 'auth', 'contact', 'payments', 'privacy', 'agents', 'agencies'] };

/** /dashboard/settings: the profile and password (auth feature), the public profile (agents feature), the agency (agencies feature), then the person's data and privacy (privacy feature). */
export default function DashboardSettings() {
  return (
    <div className="space-y-8">
      <SettingsScreen />
      <PublicProfileSettings />
      <AgencySettings />
      <PrivacySettings />
    </div>
  );
}
