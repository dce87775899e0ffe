import { LANGUAGES, type Language } from '@baan/contract';
import type { i18n as I18n } from 'i18next';
import { afterAll, describe, expect, it } from 'vitest';
import twDashboard from '../locales/TW/dashboard.json';
import { fixedT, i18nForRequest } from './i18n.server';
import i18n, { changeLanguage, currentLanguage, loadNamespaces, STORAGE_KEY } from './index';
import { appLanguage, i18nCode } from './options';

/**
 * A text whose `_one` differs from its `_other` (every real TW pair is the same today, so screens cannot show the
 * difference). Chinese has a single plural form (CLDR: every count is "other"), so in Chinese `_one` is never chosen:
 * 1 reads like 2, as in Simplified Chinese and the TW mails. Akan, what `TW` alone means to Intl, calls 0 and 1 "one".
 */
const PROBE = { probe_one: '單數', probe_other: '共 {{count}} 則' };

/** The language whose plural rules Intl applies to what i18next calls the instance's language. */
const pluralLanguage = (instance: I18n) =>
  new Intl.PluralRules(instance.resolvedLanguage ?? instance.language).resolvedOptions().locale.split('-')[0];

/** What each language's plural rules must be (TW: Chinese, not Akan `ak`, where 0 is "one" too). */
const RULES: Record<Language, string> = { en: 'en', th: 'th', zh: 'zh', ja: 'ja', my: 'my', ru: 'ru', TW: 'zh' };

/** The probe in an instance's language for 0, 1, 2, 21 and 1.5. */
function probe(instance: I18n): string[] {
  instance.addResourceBundle(instance.language, 'probe', PROBE, true, true);
  return [0, 1, 2, 21, 1.5].map((count) => instance.t('probe', { ns: 'probe', count }));
}
const CHINESE = ['共 0 則', '共 1 則', '共 2 則', '共 21 則', '共 1.5 則'];

describe('Traditional Chinese (TW) plurals follow zh-Hant, not Akan (`TW` read as a language code)', () => {
  it('maps TW to zh-Hant for i18next and back, and every other language to its own tag', () => {
    expect(i18nCode('TW')).toBe('zh-Hant');
    expect(appLanguage('zh-Hant')).toBe('TW');
    for (const language of LANGUAGES) expect(appLanguage(i18nCode(language))).toBe(language);
    expect(appLanguage('TW')).toBe('en');
    expect(appLanguage(undefined)).toBe('en');
  });

  it('on the server render: the request in TW never chooses _one (not for 0, not for 1), as zh does, and its texts are the TW ones', () => {
    const server = i18nForRequest('TW');
    expect(probe(server)).toEqual(CHINESE);
    expect(probe(i18nForRequest('zh'))).toEqual(CHINESE);
    expect(pluralLanguage(server)).toBe('zh');
    expect(server.language).toBe('zh-Hant');
    expect(server.t('sidebar.newInquiries', { ns: 'dashboard', count: 1 })).toBe(
      twDashboard.sidebar.newInquiries_other.replace('{{count}}', '1'),
    );
    expect(fixedT('TW', 'probe')('probe', { count: 0 })).toBe('共 0 則');
  });

  it.each([...LANGUAGES])('on the server render, %s uses its own plural rules', (language) => {
    expect(pluralLanguage(i18nForRequest(language))).toBe(RULES[language]);
  });

  describe('in the browser', () => {
    afterAll(async () => {
      await changeLanguage('en');
    });

    it('switching to TW loads its files, keeps TW as the stored choice and chooses _other for 0 and 1', async () => {
      await changeLanguage('TW');
      await loadNamespaces(['dashboard']);
      expect(probe(i18n)).toEqual(CHINESE);
      expect(pluralLanguage(i18n)).toBe('zh');
      expect(i18n.language).toBe('zh-Hant');
      expect(currentLanguage()).toBe('TW');
      expect(localStorage.getItem(STORAGE_KEY)).toBe('TW');
      expect(document.documentElement.lang).toBe('zh-Hant');
      expect(i18n.t('sidebar.newInquiries', { ns: 'dashboard', count: 3 })).toBe(
        twDashboard.sidebar.newInquiries_other.replace('{{count}}', '3'),
      );
    });
  });
});
