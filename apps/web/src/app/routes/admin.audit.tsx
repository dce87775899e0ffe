export const handle = { i18n: ['admin', 'payments'] };

/** /admin/audit: a section of the console (admin.tsx around it lets only an admin in). */
export { AuditSection as default } from '../../features/admin/components/AuditSection';
