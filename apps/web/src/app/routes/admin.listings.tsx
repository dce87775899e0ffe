export const handle = { i18n: ['admin', 'payments'] };

/** /admin/listings: a section of the console (admin.tsx around it lets only an admin in). */
export { ListingsSection as default } from '../../features/admin/components/ListingsSection';
