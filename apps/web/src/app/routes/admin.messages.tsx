export const handle = { i18n: ['admin', 'payments'] };

/** /admin/messages: a section of the console (admin.tsx around it lets only an admin in). */
export { MessagesSection as default } from '../../features/admin/components/MessagesSection';
