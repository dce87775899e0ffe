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

/**
 * The locale for numbers and dates in each language: its tag with Latin digits. Burmese text writes
 * 0–9 like the prices next to it (issue 16: Burmese and Arabic digits were mixed), so every
 * `Intl` formatter takes its locale from here, never from `LANGUAGE_TAGS` or `i18n.language`.
 */
export const FORMAT_LOCALES: Record<Language, string> = {
  en: 'en-u-nu-latn',
  th: 'th-u-nu-latn',
  zh: 'zh-Hans-u-nu-latn',
  ja: 'ja-u-nu-latn',
  my: 'my-u-nu-latn',
  ru: 'ru-u-nu-latn',
  TW: 'zh-Hant-u-nu-latn',
};

/** `FORMAT_LOCALES` for any language string (an unknown one formats as English). */
export function formatLocale(language: string): string {
  return isLanguage(language) ? FORMAT_LOCALES[language] : FORMAT_LOCALES.en;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Language URLs (docs/api.md, "Server-rendered pages and language URLs"): English has no prefix, every other
 * language lives under its own first path segment (`/th/detail/12`). `TW` is written `tw` in addresses.
 */
export const URL_PREFIXES: Record<Language, string> = {
  en: '',
  th: 'th',
  zh: 'zh',
  ja: 'ja',
  my: 'my',
  ru: 'ru',
  TW: 'tw',
};

/** The language a URL's optional first segment names: none is English; anything else (`en` included) is none. */
export function languageFromPrefix(segment: string | undefined): Language | null {
  if (segment === undefined || segment === '') return DEFAULT_LANGUAGE;
  for (const language of LANGUAGES)
    if (language !== DEFAULT_LANGUAGE && URL_PREFIXES[language] === segment) return language;
  return null;
}

/** Splits a path into its language and the path without the prefix (`/th/Quick` → th, `/Quick`). */
export function splitLanguagePath(pathname: string): { language: Language; path: string } {
  const match = /^\/([^/?#]+)(\/.*)?$/.exec(pathname);
  const language = match ? languageFromPrefix(match[1]) : null;
  if (match && language && language !== DEFAULT_LANGUAGE) return { language, path: match[2] ?? '/' };
  return { language: DEFAULT_LANGUAGE, path: pathname || '/' };
}

/** The same page in a language: `localizedPath('th', '/Quick?page=2')` → `/th/Quick?page=2`; `/` → `/th`. */
export function localizedPath(language: Language, path: string): string {
  const prefix = URL_PREFIXES[language];
  if (!prefix) return path;
  if (path === '/' || path === '') return `/${prefix}`;
  if (path.startsWith('/?') || path.startsWith('/#')) return `/${prefix}${path.slice(1)}`;
  return `/${prefix}${path}`;
}
