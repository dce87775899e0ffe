import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_TAGS, LANGUAGES, type Language } from '@baan/contract';
import i18n, { type BackendModule, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

export { LANGUAGES, type Language };

export const STORAGE_KEY = 'selectedLanguage';
export const DEFAULT_NAMESPACE = 'common';

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
  read(language, namespace, callback) {
    const load = lazyFiles[`../locales/${language}/${namespace}.json`];
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
  await initI18n();
  await i18n.loadNamespaces([...namespaces]);
}

function readStoredLanguage(): Language {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function setMeta(name: string, content: string) {
  const meta = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (meta) meta.content = content;
}

function applyToDocument(language: Language) {
  document.documentElement.lang = LANGUAGE_TAGS[language];
  document.title = i18n.t('meta.title');
  setMeta('description', i18n.t('meta.description'));
}

export function currentLanguage(): Language {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/** Loads the language's files, switches to it, remembers the choice and updates `<html lang>` and the title. */
export async function changeLanguage(language: Language): Promise<void> {
  // i18next loads every namespace in use in the new language before it switches.
  await i18n.changeLanguage(language);
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Storage can be unavailable (private mode, quota); the choice then lasts for this visit only.
  }
  applyToDocument(language);
}

let initialising: Promise<typeof i18n> | undefined;

/** Initialises i18next once, in the stored language (loaded before the first render to avoid a flash of English). */
export function initI18n(): Promise<typeof i18n> {
  initialising ??= (async () => {
    const resources: Resource = { en: bundlesFor(coreEnglishFiles) };
    await i18n
      .use(lazyFileBackend)
      .use(initReactI18next)
      .init({
        resources,
        lng: DEFAULT_LANGUAGE,
        fallbackLng: DEFAULT_LANGUAGE,
        supportedLngs: [...LANGUAGES],
        // The code `TW` is the spec's; keep it as written instead of lower-casing or splitting it.
        lowerCaseLng: false,
        load: 'currentOnly',
        ns: [...CORE_NAMESPACES],
        defaultNS: DEFAULT_NAMESPACE,
        partialBundledLanguages: true,
        interpolation: { escapeValue: false },
      });
    const stored = readStoredLanguage();
    if (stored === DEFAULT_LANGUAGE) applyToDocument(DEFAULT_LANGUAGE);
    else await changeLanguage(stored).catch(() => applyToDocument(DEFAULT_LANGUAGE));
    return i18n;
  })();
  return initialising;
}

export default i18n;
