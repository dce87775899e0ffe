export const handle = { i18n: ['admin', 'payments'] };

/** /admin/settings: a section of the console (admin.tsx around it lets only an admin in). */
export { SettingsSection as default } from '../../features/admin/components/SettingsSection';
