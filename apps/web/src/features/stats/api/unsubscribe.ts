import { currentLanguage } from '../../../i18n';

export type UnsubscribeResult = 'done' | 'invalid' | 'failed';

/** What the API answers a link it does not accept (ReportUnsubscribeQuery's message and the forged-token 400). */
export const INVALID_LINK = 'The unsubscribe link is not valid.';

/**
 * POST /api/reports/unsubscribe?u=&t= (the weekly report's one-click unsubscribe, RFC 8058): a plain fetch, so this
 * public page loads no data library. A 400 or 404 means the link is not (or no longer) valid; anything else that is
 * not a success is a failure worth retrying.
 */
export async function unsubscribeFromReports(u: string, t: string): Promise<UnsubscribeResult> {
  const url = new URL('/api/reports/unsubscribe', window.location.origin);
  url.searchParams.set('u', u);
  url.searchParams.set('t', t);
  let response: Response;
  try {
    response = await fetch(
      new Request(url, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Accept-Language': currentLanguage() },
      }),
    );
  } catch {
    return 'failed';
  }
  if (response.ok) return 'done';
  if (response.status === 400 || response.status === 404) return 'invalid';
  const body = (await response.json().catch(() => undefined)) as { message?: unknown } | undefined;
  return body?.message === INVALID_LINK ? 'invalid' : 'failed';
}
