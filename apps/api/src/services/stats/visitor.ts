import { createHash, createHmac, hkdfSync } from 'node:crypto';

/**
 * User agents that are not a person's browser: search and social crawlers (some run the page's script, so
 * they would send the view beacon), SEO tools, and plain HTTP clients. `bot` counts only as a word or
 * before a slash, so phone models such as "CUBOT" are not taken for one; HeadlessChrome (our e2e runs in
 * it) is a browser.
 */
const CRAWLERS = [
  /googlebot|bingbot|baiduspider|yandex(bot|images)|duckduckbot|applebot|facebookexternalhit|slurp|ahrefsbot|semrushbot/i,
  /bot\b|bot\/|\bbot|crawler|spider|scrapy|chrome-lighthouse|pingdom|uptimerobot/i,
  /^(curl|wget|python-|go-http-client|java\/|okhttp|libwww|apache-httpclient|node-fetch|axios)/i,
];

/** Whether a request's user agent is a crawler or a script rather than a person's browser (an empty one is). */
export function isCrawler(userAgent: string | undefined): boolean {
  const ua = userAgent?.trim() ?? '';
  if (ua === '') return true;
  return CRAWLERS.some((pattern) => pattern.test(ua));
}

/** The statistics' keys, derived from the server's token secret (one purpose each). */
export type StatsKeys = {
  /** Keys the visitor hash (and the record of used view tokens). */
  visitor: Buffer;
  /** Signs weekly-report unsubscribe links. */
  unsubscribe: Buffer;
  /** Signs the view tokens listing pages are rendered with (ADR 020). */
  viewToken: Buffer;
};

export function deriveStatsKeys(secret: string): StatsKeys {
  const derive = (purpose: string) => Buffer.from(hkdfSync('sha256', secret, 'baan', purpose, 32));
  return {
    visitor: derive('listing-visitor'),
    unsubscribe: derive('weekly-report-unsubscribe'),
    viewToken: derive('listing-view-token'),
  };
}

/**
 * The most visitors one network (an IPv4 address, an IPv6 /64) counts as on one listing and day, whatever user
 * agents it sends (ADR 020): a few people behind one router or a carrier's NAT still count apart, a script rotating
 * its user agent counts as at most this many.
 */
export const VISITORS_PER_NETWORK = 4;

/**
 * Who a visitor is for one day's statistics: an HMAC of the day, the client's network (`clientNetwork`) and which of
 * VISITORS_PER_NETWORK groups its user agent falls in (base64url, 43 characters). Different browsers on one network
 * mostly land in different groups; no user agent can make a fifth. The address itself is never stored, and the same
 * person is a different value on another day, so rows cannot be linked across days.
 */
export function visitorHash(key: Buffer, day: string, network: string, userAgent: string): string {
  const group = (createHash('sha256').update(userAgent).digest()[0] ?? 0) % VISITORS_PER_NETWORK;
  return createHmac('sha256', key).update(`${day}\n${network}\n${group}`).digest('base64url');
}

/**
 * What records that a view token was used by a network (a `listing_visits` row of kind `token`): an HMAC of the
 * token's random part and the network, so neither is stored (base64url, 43 characters).
 */
export function tokenUseKey(key: Buffer, nonce: string, network: string): string {
  return createHmac('sha256', key).update(`token\n${nonce}\n${network}`).digest('base64url');
}
