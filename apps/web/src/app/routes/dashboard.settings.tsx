export const handle = { i18n: ['dashboard', 'auth', 'contact', 'payments'] };

/** /dashboard/settings (auth feature). */
export { SettingsScreen as default } from '../../features/auth/components/SettingsScreen';
