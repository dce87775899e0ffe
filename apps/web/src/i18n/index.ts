import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_TAGS, LANGUAGES, type Language } from '@baan/contract';
import i18n, { type BackendModule, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { appLanguage, DEFAULT_NAMESPACE, i18nCode, i18nOptions, languageFromI18nCode } from './options';

export { appLanguage, i18nCode, LANGUAGES, type Language };

export const STORAGE_KEY = 'selectedLanguage';
export { DEFAULT_NAMESPACE };

/** Each language's name in that language, for the switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  th: 'ไทย',
  zh: '简体中文',
  ja: '日本語',
  my: 'မြန်မာ',
  ru: 'Русский',
  TW: '繁體中文',
};

type Bundle = Record<string, unknown>;

/**
 * The namespaces the shell (header, footer, menus) and the home screen need: their English files ship in the entry
 * chunk so the first paint never waits for a request.
 */
export const CORE_NAMESPACES = ['common', 'listings'] as const;

const coreEnglishFiles = import.meta.glob<Bundle>(['../locales/en/common.json', '../locales/en/listings.json'], {
  eager: true,
  import: 'default',
});
// Every other file (each language's namespaces, English ones included) is a lazy chunk, loaded when a screen uses
// its namespace (routes preload theirs; see app/router.tsx) or when the visitor switches to its language.
const lazyFiles = import.meta.glob<Bundle>(
  ['../locales/*/*.json', '!../locales/en/common.json', '!../locales/en/listings.json'],
  { import: 'default' },
);

function parsePath(path: string): { language: string; namespace: string } {
  const [, language = '', file = ''] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  return { language, namespace: file };
}

function bundlesFor(files: Record<string, Bundle>): Record<string, Bundle> {
  const bundles: Record<string, Bundle> = {};
  for (const [path, bundle] of Object.entries(files)) bundles[parsePath(path).namespace] = bundle;
  return bundles;
}

/** Every namespace (one file per language each). */
export const NAMESPACES = [
  ...new Set(
    [...Object.keys(coreEnglishFiles), ...Object.keys(lazyFiles)]
      .map(parsePath)
      .filter((file) => file.language === DEFAULT_LANGUAGE)
      .map((file) => file.namespace),
  ),
];

/** i18next loads a namespace file it does not have yet (another language, or a screen's own namespace) from its chunk. */
const lazyFileBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(code, namespace, callback) {
    const language = languageFromI18nCode(code);
    const load = language && lazyFiles[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (bundle) => callback(null, bundle),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/**
 * Loads namespaces in the current language (and English, the fallback) before a screen needs them; i18next also
 * loads them in every language the visitor switches to afterwards.
 */
export async function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  await initI18n(currentLanguage());
  await i18n.loadNamespaces([...namespaces]);
}

/** The visitor's stored choice of language, if any (English when none or unreadable). */
export function readStoredLanguage(): Language {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function applyToDocument(language: Language) {
  document.documentElement.lang = LANGUAGE_TAGS[language];
}

export function currentLanguage(): Language {
  return appLanguage(i18n.resolvedLanguage ?? i18n.language);
}

/** Remembers the visitor's choice, so their next visit opens in it (the URL decides the language of a page). */
export function storeLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Storage can be unavailable (private mode, quota); the choice then lasts for this visit only.
  }
}

/** Loads the language's files for the namespaces in use and switches the interface to it (the page's URL language). */
export async function switchLanguage(language: Language): Promise<void> {
  await initI18n(language);
  if (i18n.language !== i18nCode(language)) await i18n.changeLanguage(i18nCode(language));
  applyToDocument(language);
}

/** Switches to a language and remembers it as the visitor's choice. */
export async function changeLanguage(language: Language): Promise<void> {
  await switchLanguage(language);
  storeLanguage(language);
}

let initialising: Promise<typeof i18n> | undefined;

/**
 * Initialises the browser's i18next once, in the page's language (its URL's), with the given namespaces loaded, so
 * hydration renders exactly what the server rendered.
 */
export function initI18n(
  language: Language = DEFAULT_LANGUAGE,
  namespaces: readonly string[] = [],
): Promise<typeof i18n> {
  initialising ??= (async () => {
    const resources: Resource = { [i18nCode(DEFAULT_LANGUAGE)]: bundlesFor(coreEnglishFiles) };
    await i18n
      .use(lazyFileBackend)
      .use(initReactI18next)
      .init({
        ...i18nOptions,
        resources,
        lng: i18nCode(language),
        ns: [...new Set([...CORE_NAMESPACES, ...namespaces])],
        partialBundledLanguages: true,
      });
    return i18n;
  })();
  return initialising;
}

export default i18n;
