import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { BUYER_MESSAGES, type SavedSearchUnsubscribed } from '@baan/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { savedSearches } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';

/** What the token's payload says: this purpose and a saved search id. */
const PURPOSE = 'saved-search-alert';
const PAYLOAD = /^saved-search-alert:(\d{1,10})$/;

/** The key that signs alert unsubscribe links, derived from the server's token secret for this purpose only. */
export function deriveAlertUnsubscribeKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'baan', 'saved-search-unsubscribe', 32));
}

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/**
 * The one-click unsubscribe token of a saved search: `<payload>.<signature>`, both base64url (the shape of
 * SavedSearchUnsubscribeQuery). The payload names the purpose and the search; the signature is an HMAC of the
 * payload with the alert key, so neither a weekly-report token nor an edited payload passes.
 */
export function alertUnsubscribeToken(key: Buffer, savedSearchId: number): string {
  const payload = Buffer.from(`${PURPOSE}:${savedSearchId}`).toString('base64url');
  return `${payload}.${sign(key, payload)}`;
}

/** The saved search a token names, or null when it is forged, altered or of another purpose. */
export function savedSearchOfToken(key: Buffer, token: string): number | null {
  const [payload = '', signature = '', ...rest] = token.split('.');
  if (rest.length > 0) return null;
  const expected = Buffer.from(sign(key, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const match = PAYLOAD.exec(Buffer.from(payload, 'base64url').toString('utf8'));
  const id = Number(match?.[1]);
  return match && id >= 1 && id <= 2_147_483_647 ? id : null;
}

/**
 * GET or POST /api/saved-searches/unsubscribe?token=: ends the saved search the token names, without logging in.
 * Ending deletes it (and its unsent hits), as the owner's DELETE does; a second click finds nothing and answers
 * `already`. A forged or foreign token is a 400 and changes nothing.
 */
export async function unsubscribeSavedSearch(db: Db, key: Buffer, token: string): Promise<SavedSearchUnsubscribed> {
  const id = savedSearchOfToken(key, token);
  if (id === null)
    throw badRequest(BUYER_MESSAGES.badUnsubscribeToken, { token: [BUYER_MESSAGES.badUnsubscribeToken] });
  const [ended] = await db
    .delete(savedSearches)
    .where(eq(savedSearches.id, id))
    .returning({ name: savedSearches.name });
  return ended ? { name: ended.name, result: 'ended' } : { name: null, result: 'already' };
}
