import { currentLanguage } from '../../../i18n';

export type AlertUnsubscribeResult =
  | { kind: 'ended' | 'already'; name: string | null }
  | { kind: 'invalid' }
  | { kind: 'failed' };

/**
 * GET /api/saved-searches/unsubscribe?token=: ends the alert of the mail's signed token without logging in. A plain
 * fetch, so this public page loads no data library. A 400 or 404 means the link is not valid; anything else that is
 * not a success is worth another try.
 */
export async function unsubscribeFromAlert(token: string): Promise<AlertUnsubscribeResult> {
  const url = new URL('/api/saved-searches/unsubscribe', window.location.origin);
  url.searchParams.set('token', token);
  let response: Response;
  try {
    response = await fetch(
      new Request(url, { headers: { Accept: 'application/json', 'Accept-Language': currentLanguage() } }),
    );
  } catch {
    return { kind: 'failed' };
  }
  if (response.status === 400 || response.status === 404) return { kind: 'invalid' };
  if (!response.ok) return { kind: 'failed' };
  const body = (await response.json().catch(() => undefined)) as
    | { payload?: { name?: unknown; result?: unknown } }
    | undefined;
  const result = body?.payload?.result;
  if (result !== 'ended' && result !== 'already') return { kind: 'failed' };
  const name = typeof body?.payload?.name === 'string' ? body.payload.name : null;
  return { kind: result, name };
}
