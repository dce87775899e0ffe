import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/** False on the server and while React hydrates the server's HTML; true once the page is live in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
