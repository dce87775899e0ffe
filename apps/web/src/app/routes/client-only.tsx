import { type MetaFunction, Outlet } from 'react-router';
import { PAGES_ROUTE_ID } from '../route-ids';

/**
 * The account, dashboard, wizard and admin screens: rendered in the browser only (they depend on the signed-in
 * user, whose token the browser keeps). The server sends the page around them with this placeholder.
 */
export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

/** Nothing to load again: its loader only marks the screens below as rendered in the browser. */
export function shouldRevalidate() {
  return false;
}

/** The site's title in the page's language; these screens are personal, so not for search engines. */
export const meta: MetaFunction = ({ matches }) => {
  // routes/pages.tsx's data: the titles in the page's language.
  const pages = matches.find((m) => m?.id === PAGES_ROUTE_ID)?.data as { siteTitle?: string } | undefined;
  return [{ title: pages?.siteTitle ?? 'Baan' }, { name: 'robots', content: 'noindex' }];
};

export function HydrateFallback() {
  return <div className="min-h-svh" aria-busy="true" />;
}

export default function ClientOnly() {
  return <Outlet />;
}
