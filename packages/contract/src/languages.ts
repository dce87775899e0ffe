/** The interface languages, in the order the switcher shows them. `TW` is Traditional Chinese. */
export const LANGUAGES = ['en', 'th', 'zh', 'ja', 'my', 'ru', 'TW'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** BCP 47 tags for `<html lang>` and `Content-Language`; the app's own codes are the spec's. */
export const LANGUAGE_TAGS: Record<Language, string> = {
  en: 'en',
  th: 'th',
  zh: 'zh-Hans',
  ja: 'ja',
  my: 'my',
  ru: 'ru',
  TW: 'zh-Hant',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
