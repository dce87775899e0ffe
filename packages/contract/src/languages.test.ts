import { describe, expect, it } from 'vitest';
import { LANGUAGES, languageFromPrefix, localizedPath, splitLanguagePath, URL_PREFIXES } from './languages.ts';

describe('language URLs', () => {
  it('gives English no prefix and every other language its own', () => {
    expect(LANGUAGES.map((l) => URL_PREFIXES[l])).toEqual(['', 'th', 'zh', 'ja', 'my', 'ru', 'tw']);
  });

  it('reads the prefix back, and refuses an unknown one (en included: English is unprefixed)', () => {
    expect(languageFromPrefix(undefined)).toBe('en');
    expect(languageFromPrefix('th')).toBe('th');
    expect(languageFromPrefix('tw')).toBe('TW');
    expect(languageFromPrefix('TW')).toBeNull();
    expect(languageFromPrefix('en')).toBeNull();
    expect(languageFromPrefix('Quick')).toBeNull();
  });

  it('splits and builds paths both ways', () => {
    expect(splitLanguagePath('/th/detail/12')).toEqual({ language: 'th', path: '/detail/12' });
    expect(splitLanguagePath('/tw')).toEqual({ language: 'TW', path: '/' });
    expect(splitLanguagePath('/Quick')).toEqual({ language: 'en', path: '/Quick' });
    expect(splitLanguagePath('/')).toEqual({ language: 'en', path: '/' });
    expect(localizedPath('th', '/')).toBe('/th');
    expect(localizedPath('th', '/?page=2')).toBe('/th?page=2');
    expect(localizedPath('TW', '/Quick?page=2')).toBe('/tw/Quick?page=2');
    expect(localizedPath('en', '/Quick')).toBe('/Quick');
    for (const language of LANGUAGES) {
      expect(splitLanguagePath(localizedPath(language, '/detail/5'))).toEqual({ language, path: '/detail/5' });
    }
  });
});

describe('format locales', () => {
  it('writes Latin digits in every language, Burmese included', async () => {
    const { FORMAT_LOCALES } = await import('./languages.ts');
    for (const language of LANGUAGES) {
      const number = new Intl.NumberFormat(FORMAT_LOCALES[language]).format(12345);
      const date = new Intl.DateTimeFormat(FORMAT_LOCALES[language], { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date('2026-11-25T00:00:00Z'),
      );
      expect(number.replace(/\D/g, ''), language).toBe('12345');
      expect(date, language).toMatch(/25/);
      expect(`${number}${date}`, language).not.toMatch(/[\u1040-\u1049]/);
    }
  });
});
