import { splitLanguagePath } from '@baan/contract';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { HydratedRouter } from 'react-router/dom';
import i18n, { initI18n, readStoredLanguage } from './i18n';
import { routeNamespaces } from './i18n/route-namespaces';
import { storedLanguageAddress } from './i18n/stored-language';
import { adoptRenderedIds } from './lib/preact-ids';

declare global {
  interface Window {
    __reactRouterRouteModules?: Record<string, { handle?: unknown } | undefined>;
  }
}

/**
 * React's server render puts a preload for each high-priority image at the top of <head>: no component renders
 * them, and Preact hydrates <head> by position, so they would take the place of the head's own links (the stylesheet
 * among them would be dropped as surplus). Their downloads have started; the elements can go (ADR 061).
 */
function dropReactResourceHints(head: HTMLHeadElement) {
  for (const hint of head.querySelectorAll('link[rel="preload"][as="image"]')) hint.remove();
}

/**
 * React Router's HydratedRouter suspends once, while it decodes the loader data the page carries. React suspends the
 * root and tries again; Preact cannot suspend a root it is hydrating. So the decoding is started and awaited here: the
 * component, called once outside a render, throws that promise before it reaches a hook (ADR 061).
 */
async function routerDataDecoded() {
  try {
    (HydratedRouter as (props: object) => unknown)({});
  } catch (thrown) {
    if (thrown && typeof (thrown as PromiseLike<unknown>).then === 'function') await thrown;
  }
}

/**
 * The page's language (its URL's) and the translations its routes use are loaded before hydrating, so the first
 * render in the browser is the server's HTML, word for word.
 */
async function hydrate() {
  const { language } = splitLanguagePath(window.location.pathname);
  await initI18n(language, routeNamespaces(Object.values(window.__reactRouterRouteModules ?? {})));
  if (import.meta.env.BAAN_PREACT) {
    dropReactResourceHints(document.head);
    adoptRenderedIds();
    await routerDataDecoded();
  }
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
