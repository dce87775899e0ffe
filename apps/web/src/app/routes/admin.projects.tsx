export const handle = { i18n: ['admin', 'projects'] };

/** /admin/projects: a section of the console (admin.tsx around it lets only an admin in). */
export { ProjectsSection as default } from '../../features/admin/components/ProjectsSection';
