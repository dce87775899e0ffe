import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * How long a listing page's view token counts a view. A page may reach its visitor late: a CDN keeps a page up to
 * 60 s and may serve it stale for 600 s more (`s-maxage=60, stale-while-revalidate=600`), and the browser sends the
 * beacon once the page is shown. Half an hour covers that, and a token copied out of a page is soon worthless.
 */
export const VIEW_TOKEN_TTL_MS = 30 * 60_000;
/** A contact click comes while the visitor reads the page, which may be open for hours. */
export const CLICK_TOKEN_TTL_MS = 12 * 60 * 60_000;
/** Nodes' clocks may differ by this much: a token "from the future" within it is still taken. */
const CLOCK_SKEW_MS = 60_000;

export type ViewToken = {
  listingId: number;
  issuedAt: Date;
  /** The token's random part: what "used once" is recorded by. */
  nonce: string;
};

const TOKEN = /^([1-9]\d{0,9})\.(\d{1,12})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{22})$/;

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest().subarray(0, 16);

/**
 * A token for the page of listing `listingId`, rendered now: `<id>.<issued, seconds>.<random>.<HMAC>` (ADR 020). It
 * says nothing secret; the HMAC (with a key derived from the server's token secret, the same on every node) makes it
 * impossible to make one without rendering the page.
 */
export function issueViewToken(key: Buffer, listingId: number, now: Date): string {
  const payload = `${listingId}.${Math.floor(now.getTime() / 1000)}.${randomBytes(12).toString('base64url')}`;
  return `${payload}.${sign(key, payload).toString('base64url')}`;
}

/**
 * The token if it is one this server issued for this listing's page, no older than `maxAgeMs`; null otherwise
 * (malformed, forged, for another listing, expired, or issued in the future).
 */
export function readViewToken(
  key: Buffer,
  token: string | undefined,
  listingId: number,
  now: Date,
  maxAgeMs: number,
): ViewToken | null {
  const match = token ? TOKEN.exec(token) : null;
  if (!match) return null;
  const [, id = '', issued = '', nonce = '', mac = ''] = match;
  // Compared as text: a base64url MAC has spare bits, so its bytes alone would take several spellings of one token.
  const expected = Buffer.from(sign(key, `${id}.${issued}.${nonce}`).toString('base64url'));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (Number(id) !== listingId) return null;
  const issuedAt = new Date(Number(issued) * 1000);
  const age = now.getTime() - issuedAt.getTime();
  if (age > maxAgeMs || age < -CLOCK_SKEW_MS) return null;
  return { listingId, issuedAt, nonce };
}
