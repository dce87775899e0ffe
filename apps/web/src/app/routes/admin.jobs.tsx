export const handle = { i18n: ['admin', 'payments'] };

/** /admin/jobs: a section of the console (admin.tsx around it lets only an admin in). */
export { JobsSection as default } from '../../features/admin/components/JobsSection';
