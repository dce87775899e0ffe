export const handle = { i18n: ['admin', 'payments'] };

/** /admin/users: a section of the console (admin.tsx around it lets only an admin in). */
export { UsersSection as default } from '../../features/admin/components/UsersSection';
