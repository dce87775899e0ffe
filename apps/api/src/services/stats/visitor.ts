import { createHmac, hkdfSync } from 'node:crypto';

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
  /** Keys the visitor hash. */
  visitor: Buffer;
  /** Signs weekly-report unsubscribe links. */
  unsubscribe: Buffer;
};

export function deriveStatsKeys(secret: string): StatsKeys {
  const derive = (purpose: string) => Buffer.from(hkdfSync('sha256', secret, 'baan', purpose, 32));
  return { visitor: derive('listing-visitor'), unsubscribe: derive('weekly-report-unsubscribe') };
}

/**
 * Who a visitor is for one day's statistics: an HMAC of the day, the client network (an IPv4 address or
 * an IPv6 /64, lib/client-network.ts) and the user agent (base64url, 43 characters). The address itself
 * is never stored, and the same person is a different value on another day, so rows cannot be linked
 * across days.
 */
export function visitorHash(key: Buffer, day: string, network: string, userAgent: string): string {
  return createHmac('sha256', key).update(`${day}\n${network}\n${userAgent}`).digest('base64url');
}
