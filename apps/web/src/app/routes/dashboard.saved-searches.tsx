export const handle = { i18n: ['dashboard', 'auth', 'contact', 'payments', 'saved', 'listings'] };

/** /dashboard/saved-searches: the account's saved searches (saved-searches feature). */
export { SavedSearchesPage as default } from '../../features/saved-searches/components/SavedSearchesPage';
