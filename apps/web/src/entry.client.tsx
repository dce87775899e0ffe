import { splitLanguagePath } from '@baan/contract';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { HydratedRouter } from 'react-router/dom';
import i18n, { initI18n } from './i18n';
import { routeNamespaces } from './i18n/route-namespaces';
import { makeZodJitless } from './lib/zod-jitless';

// Before any lazy chunk loads zod: parse without its eval probe, which the CSP blocks (lib/zod-jitless.ts).
makeZodJitless();

declare global {
  interface Window {
    __reactRouterRouteModules?: Record<string, { handle?: unknown } | undefined>;
  }
}

// The page's language (its URL's) and the translations its routes use are loaded before hydrating, so the first
// render in the browser is the server's HTML, word for word.
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
