import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * The newsletter's unsubscribe tokens (ADR 058): `<subscriber id>.<signature>`, the signature an HMAC-SHA256 of
 * `newsletter-unsubscribe:<id>` with a key derived from the server's token secret for this purpose only (base64url,
 * 43 characters). Nothing is stored: every subscriber, old or new, has a link; without the secret none can be made,
 * and an address alone is never enough. A subscriber's id is never reused (a new subscription gets a new id), so a
 * link of an ended subscription never ends a later one.
 */
const PURPOSE = 'newsletter-unsubscribe';
const TOKEN = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/;

/** The key that signs newsletter unsubscribe links, derived from the server's token secret. */
export function deriveNewsletterUnsubscribeKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'baan', PURPOSE, 32));
}

const sign = (key: Buffer, id: number) => createHmac('sha256', key).update(`${PURPOSE}:${id}`).digest('base64url');

/** The unsubscribe token of a newsletter subscriber. */
export function newsletterUnsubscribeToken(key: Buffer, subscriberId: number): string {
  return `${subscriberId}.${sign(key, subscriberId)}`;
}

/** The subscriber a token names, or null when it is damaged, forged or too long (compared in constant time). */
export function subscriberOfUnsubscribeToken(key: Buffer, token: string): number | null {
  if (token.length > 64) return null;
  const match = TOKEN.exec(token);
  const id = Number(match?.[1]);
  if (!match || !Number.isSafeInteger(id) || id > 2_147_483_647) return null;
  const expected = Buffer.from(sign(key, id));
  const given = Buffer.from(match[2] ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}
