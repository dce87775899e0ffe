import { DEFAULT_LANGUAGE, LANGUAGE_TAGS, LANGUAGES, type Language } from '@baan/contract';
import type { InitOptions } from 'i18next';

export const DEFAULT_NAMESPACE = 'common';

/**
 * The code i18next knows a language by: its BCP 47 tag (LANGUAGE_TAGS), as the API's mail does. Plural rules and
 * formatters read i18next's code, and the app's own `TW` reads as Twi/Akan there (0 and 1 would both take `_one`);
 * `zh-Hant` has Chinese rules. Addresses (`/tw`) and the stored choice keep the app's codes.
 */
export function i18nCode(language: Language): string {
  return LANGUAGE_TAGS[language];
}

/** The app's language for an i18next code (`zh-Hant` → `TW`), or null for a code that is none of them. */
export function languageFromI18nCode(code: string | undefined): Language | null {
  return LANGUAGES.find((language) => LANGUAGE_TAGS[language] === code) ?? null;
}

/** The app's language an i18next instance is in (`i18n.language`), English when it is none of them. */
export function appLanguage(code: string | undefined): Language {
  return languageFromI18nCode(code) ?? DEFAULT_LANGUAGE;
}

/** What the browser's and the server's i18next instances share. */
export const i18nOptions = {
  fallbackLng: i18nCode(DEFAULT_LANGUAGE),
  supportedLngs: LANGUAGES.map(i18nCode),
  // Keep the tags as written (`zh-Hant`) instead of lower-casing them or loading `zh` as a fallback.
  lowerCaseLng: false,
  load: 'currentOnly',
  defaultNS: DEFAULT_NAMESPACE,
  interpolation: { escapeValue: false },
} satisfies InitOptions;
