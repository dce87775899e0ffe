import { Outlet } from 'react-router';

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

export function HydrateFallback() {
  return <div className="min-h-svh" aria-busy="true" />;
}

export default function ClientOnly() {
  return <Outlet />;
}
