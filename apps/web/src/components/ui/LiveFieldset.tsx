import type { ReactNode } from 'react';
import { useHydrated } from '../../lib/use-hydrated';

/**
 * The fields of a form that only works with JavaScript (it sends JSON to the API), disabled until the page is live:
 * on a slow phone the server's HTML shows the form before React has hydrated it, and typing or sending then would
 * be lost (or sent by the browser itself, as a plain form, to the page's address).
 */
export function LiveFieldset({ children, className = '' }: { children: ReactNode; className?: string }) {
  const isLive = useHydrated();
  return (
    <fieldset disabled={!isLive} className={`m-0 min-w-0 border-0 p-0 ${className}`}>
      {children}
    </fieldset>
  );
}
