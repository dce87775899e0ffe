export const handle = { i18n: ['admin', 'payments'] };

/** /admin/packages: a section of the console (admin.tsx around it lets only an admin in). */
export { PackagesSection as default } from '../../features/admin/components/PackagesSection';
