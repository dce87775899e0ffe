export const handle = { i18n: ['admin', 'payments'] };

/** /admin/privacy: the people's PDPA requests (admin.tsx around it lets only an admin in). */
export { PrivacyRequestsSection as default } from '../../features/admin/components/PrivacyRequestsSection';
