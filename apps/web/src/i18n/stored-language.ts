import { type Language, localizedPath, splitLanguagePath } from '@baan/contract';

const CRAWLER = /bot|crawl|spider|slurp|preview|facebookexternalhit|embedly|lighthouse/i;

/**
 * Where a visitor who chose another language before should be instead of this English (unprefixed) address: the
 * same page in their language, or null to stay. Crawlers and link previews always stay, so every language's URL is
 * seen as it is; an address that already names a language is the visitor's own choice.
 */
export function storedLanguageAddress(
  location: { pathname: string; search: string; hash: string },
  stored: Language,
  userAgent: string,
): string | null {
  if (stored === 'en' || CRAWLER.test(userAgent)) return null;
  if (splitLanguagePath(location.pathname).language !== 'en') return null;
  return `${localizedPath(stored, location.pathname)}${location.search}${location.hash}`;
}
