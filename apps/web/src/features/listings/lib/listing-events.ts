import type { ContactChannel } from '@baan/contract';
import { useEffect, useRef } from 'react';
import { useAppSelector } from '../../../session/store';

/**
 * A listing page's events for its owner's statistics (docs/api.md "Owners"): POST /api/property/{id}/view once the page
 * is shown, POST /api/property/{id}/contact-click when a visitor calls or writes. Both are fire-and-forget: nothing on
 * the page waits for them or shows their failure.
 */
function postEvent(path: string, token: string | null, body?: object): void {
  try {
    const headers = new Headers({ Accept: 'application/json' });
    // The token lets the server skip the owner's own views; navigator.sendBeacon cannot send it, fetch keepalive can.
    if (token) headers.set('Authorization', `Bearer ${token}`);
    if (body) headers.set('Content-Type', 'application/json');
    const request = new Request(`${window.location.origin}/api${path}`, {
      method: 'POST',
      headers,
      body: body ? JSON.stringify(body) : undefined,
      // Outlives the page: a click on a tel: or mailto: link may leave it at once.
      keepalive: true,
    });
    fetch(request).catch(() => {});
  } catch {
    // An old browser without keepalive or Request: the statistics miss one event, the page is unaffected.
  }
}

/**
 * The view token each listing page was rendered with, by listing (ADR 020): the contact clicks on that page send it
 * too. Kept for the visit in this tab only.
 */
const pageTokens = new Map<number, string>();

/**
 * Sends the view beacon once per listing shown, in the browser only (effects do not run in the server render, so a
 * crawler's or a cached page's render counts nothing), with the view token the page was rendered with: the server
 * counts no beacon without one. It waits until a stored session is checked, so the owner's token goes with it and
 * their own views are not counted.
 */
export function useViewBeacon(propertyId: number, viewToken: string): void {
  const token = useAppSelector((state) => state.login.token);
  const isRestoring = useAppSelector((state) => state.login.isRestoring);
  pageTokens.set(propertyId, viewToken);
  // Kept across React's development double effects, and across a re-render of the same listing.
  const sentFor = useRef<number | null>(null);
  useEffect(() => {
    if (isRestoring || sentFor.current === propertyId) return;
    sentFor.current = propertyId;
    postEvent(`/property/${propertyId}/view`, token, { token: viewToken });
  }, [propertyId, token, isRestoring, viewToken]);
}

/**
 * Reports a click on one of the listing's contact actions (counted once per visitor and day by the server), with the
 * view token of the listing's page.
 */
export function useContactClick(propertyId: number): (channel: ContactChannel) => void {
  const token = useAppSelector((state) => state.login.token);
  return (channel) =>
    postEvent(`/property/${propertyId}/contact-click`, token, { channel, token: pageTokens.get(propertyId) });
}
