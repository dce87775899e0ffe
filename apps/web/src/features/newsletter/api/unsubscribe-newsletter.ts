import { currentLanguage } from '../../../i18n';

/** What the unsubscribe page shows after posting a link's token. */
export type UnsubscribeResult =
  | { kind: 'unsubscribed' }
  | { kind: 'notSubscribed' }
  | { kind: 'invalid' }
  | { kind: 'failed' };

const post = (path: string, body: unknown) =>
  fetch(
    new Request(new URL(path, window.location.origin), {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'Accept-Language': currentLanguage(),
      },
      body: JSON.stringify(body),
    }),
  );

/**
 * POST /api/newsletter/unsubscribe {token} (ADR 058): a plain fetch, so this public page loads no data library.
 * 200 says whether the subscription ended now or had already; 400: the link is damaged or not ours; anything else
 * is a failure worth retrying.
 */
export async function unsubscribeNewsletter(token: string): Promise<UnsubscribeResult> {
  let response: Response;
  try {
    response = await post('/api/newsletter/unsubscribe', { token });
  } catch {
    return { kind: 'failed' };
  }
  if (response.ok) {
    const body = (await response.json().catch(() => undefined)) as { payload?: { result?: unknown } } | undefined;
    const result = body?.payload?.result;
    if (result === 'unsubscribed') return { kind: 'unsubscribed' };
    if (result === 'not_subscribed') return { kind: 'notSubscribed' };
    return { kind: 'failed' };
  }
  if (response.status === 400) return { kind: 'invalid' };
  return { kind: 'failed' };
}

/** What "lost the link?" shows: sent (the same for every address), a bad address, too many tries, or a failure. */
export type LinkRequestResult = { kind: 'sent' } | { kind: 'badEmail' } | { kind: 'tooMany' } | { kind: 'failed' };

/** POST /api/newsletter/unsubscribe-link {email}: the answer is the same whether or not the address is subscribed. */
export async function requestUnsubscribeLink(email: string): Promise<LinkRequestResult> {
  try {
    const response = await post('/api/newsletter/unsubscribe-link', { email });
    if (response.ok) return { kind: 'sent' };
    if (response.status === 400) return { kind: 'badEmail' };
    if (response.status === 429) return { kind: 'tooMany' };
    return { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  }
}
