import { currentLanguage } from '../../../i18n';

/** What the page shows after posting a link's token. */
export type ConfirmResult =
  | { kind: 'done'; email: string }
  | { kind: 'invalid' }
  | { kind: 'expired' }
  | { kind: 'incomplete' }
  | { kind: 'failed' };

/**
 * POST /api/newsletter/confirm {token} (double opt-in, ADR 055): a plain fetch, so this public page loads no data
 * library. 400: the link is damaged; 404: unknown or used; 410: expired; anything else that is not a success is a
 * failure worth retrying.
 */
export async function confirmNewsletter(token: string): Promise<ConfirmResult> {
  let response: Response;
  try {
    response = await fetch(
      new Request(new URL('/api/newsletter/confirm', window.location.origin), {
        method: 'POST',
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          'Accept-Language': currentLanguage(),
        },
        body: JSON.stringify({ token }),
      }),
    );
  } catch {
    return { kind: 'failed' };
  }
  if (response.ok) {
    const body = (await response.json().catch(() => undefined)) as { payload?: { email?: unknown } } | undefined;
    const email = body?.payload?.email;
    return typeof email === 'string' ? { kind: 'done', email } : { kind: 'failed' };
  }
  if (response.status === 400) return { kind: 'incomplete' };
  if (response.status === 404) return { kind: 'invalid' };
  if (response.status === 410) return { kind: 'expired' };
  return { kind: 'failed' };
}
