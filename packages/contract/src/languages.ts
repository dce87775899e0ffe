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
