import { describe, expect, it } from 'vitest';
import { storedLanguageAddress } from './stored-language';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';
const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('a visitor who chose a language before', () => {
  it('is brought from an English page to the same page, query and fragment in their language', () => {
    expect(storedLanguageAddress(at('/terms', '?ref=mail', '#top'), 'th', CHROME)).toBe('/th/terms?ref=mail#top');
    expect(storedLanguageAddress(at('/'), 'TW', CHROME)).toBe('/tw');
    expect(storedLanguageAddress(at('/detail/5'), 'ja', CHROME)).toBe('/ja/detail/5');
  });

  it('stays on a page whose address names a language, and when English or nothing was chosen', () => {
    expect(storedLanguageAddress(at('/ja/terms'), 'th', CHROME)).toBeNull();
    expect(storedLanguageAddress(at('/terms'), 'en', CHROME)).toBeNull();
  });

  it('is never what a crawler or a link preview sees', () => {
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'facebookexternalhit/1.1',
      'Mozilla/5.0 (compatible; bingbot/2.0)',
      'Slackbot-LinkExpanding 1.0',
    ]) {
      expect(storedLanguageAddress(at('/terms'), 'th', agent), agent).toBeNull();
    }
  });
});
