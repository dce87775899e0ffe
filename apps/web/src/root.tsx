import { DEFAULT_MAP_TILE_URL, LANGUAGE_TAGS } from '@baan/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { Provider } from 'react-redux';
import { Links, type LoaderFunctionArgs, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import { RootErrorScreen } from './components/ui/NotFound';
import { SessionRestorer } from './features/auth/components/SessionRestorer';
import { usePageLanguage } from './i18n/localized-router';
import stylesheet from './index.css?url';
import { ToastContainer } from './lib/toast';
import { makeZodJitless } from './lib/zod-jitless';
import { type AppStore, makeStore } from './session/store';

// Before any route module loads zod: parse without its eval probe, which the CSP blocks (lib/zod-jitless.ts). The
// browser evaluates this module before the page's route modules, which React Router imports after it.
makeZodJitless();

/** Toast limits are the spec's: at most three at once, each hidden after 5 s. */
export const TOAST_LIMIT = 3;
export const TOAST_AUTO_CLOSE_MS = 5000;

const ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='8' fill='%230f766e'/%3E%3Cpath d='M8 16l8-7 8 7v8h-5v-5h-6v5H8z' fill='white'/%3E%3C/svg%3E";

/** What every page needs from the server's configuration: the maps' tile URL (MAP_TILE_URL). */
export function loader({ context }: LoaderFunctionArgs) {
  return { mapTileUrl: context.mapTileUrl || DEFAULT_MAP_TILE_URL };
}

/** The configuration does not change while the app runs: read once with the first page. */
export function shouldRevalidate() {
  return false;
}

export const links = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: ICON },
];

/** The document around every page, in the language of its URL. */
export function Layout({ children }: { children: ReactNode }) {
  const language = usePageLanguage();
  return (
    <html lang={LANGUAGE_TAGS[language]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f766e" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** The store, the session check and the toasts around every page (tests wrap their routes in it too). */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <SessionRestorer />
      {children}
      <ToastContainer position="bottom-left" limit={TOAST_LIMIT} autoClose={TOAST_AUTO_CLOSE_MS} />
    </Provider>
  );
}

/** One store per render on the server, one for the visit in the browser. */
export default function App() {
  const [store] = useState(() => makeStore());
  // Marks the document once React has taken over the server's HTML: end-to-end tests wait for it before they click.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <AppProviders store={store}>
      <Outlet />
    </AppProviders>
  );
}

/** The layout itself failed: the spec's error screen, with its own landmark. */
export function ErrorBoundary() {
  return <RootErrorScreen />;
}
