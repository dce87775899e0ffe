export const handle = { i18n: ['dashboard', 'auth', 'contact', 'payments', 'viewings'] };

/** /dashboard/viewings: the owner's viewing hours, requests and upcoming viewings (viewings feature; ADR 035). */
export { ViewingsPage as default } from '../../features/viewings/components/ViewingsPage';
