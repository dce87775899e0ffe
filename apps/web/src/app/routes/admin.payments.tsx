export const handle = { i18n: ['admin', 'payments'] };

/** /admin: a section of the console (admin.tsx around it lets only an admin in). */
export { PaymentsSection as default } from '../../features/admin/components/PaymentsSection';
