export const handle = { i18n: ['dashboard', 'auth', 'contact', 'payments'] };

/** /dashboard/imports: bulk listings by CSV file or Kyero feed, their progress and reports (imports feature). */
export { ImportsPage as default } from '../../features/imports/components/ImportsPage';
