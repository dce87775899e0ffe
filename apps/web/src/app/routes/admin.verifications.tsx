export const handle = { i18n: ['admin', 'payments'] };

/** /admin/verifications: title deed and licence checks (ADR 032; admin.tsx around it lets only an admin in). */
export { VerificationsSection as default } from '../../features/admin/components/VerificationsSection';
