import { splitLanguagePath } from '@baan/contract';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { HydratedRouter } from 'react-router/dom';
import i18n, { initI18n, readStoredLanguage } from './i18n';
import { routeNamespaces } from './i18n/route-namespaces';
import { storedLanguageAddress } from './i18n/stored-language';

declare global {
  interface Window {
    __reactRouterRouteModules?: Record<string, { handle?: unknown } | undefined>;
  }
}

/**
 * The page's language (its URL's) and the translations its routes use are loaded before hydrating, so the first
 * render in the browser is the server's HTML, word for word.
 */
async function hydrate() {
  const { language } = splitLanguagePath(window.location.pathname);
  await initI18n(language, routeNamespaces(Object.values(window.__reactRouterRouteModules ?? {})));
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <HydratedRouter />
        </I18nextProvider>
      </StrictMode>,
    );
  });
}

// A visitor who chose another language before goes to this page in it before anything runs here (no English page
// comes alive first, and Back does not return to it).
const elsewhere = storedLanguageAddress(window.location, readStoredLanguage(), navigator.userAgent);
if (elsewhere) window.location.replace(elsewhere);
else await hydrate();
