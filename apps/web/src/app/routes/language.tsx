import { MainLayout } from '../shell/MainLayout';

/**
 * `/:lang?`: every page, in the language its URL names, inside the header and footer. A visitor whose stored choice
 * is another language is moved to it before the page hydrates (entry.client.tsx, i18n/stored-language.ts).
 */
export default function Language() {
  return <MainLayout />;
}
