import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_TAGS, LANGUAGES, type Language } from '@baan/contract';
import i18n, { type Resource } from 'i18next';
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

// English ships in the main chunk so the first paint never waits for a request.
const englishFiles = import.meta.glob<Bundle>('../locales/en/*.json', { eager: true, import: 'default' });
// Every other language is a set of lazy chunks, one per namespace file, fetched together on demand.
const lazyFiles = import.meta.glob<Bundle>(['../locales/*/*.json', '!../locales/en/*.json'], { import: 'default' });

function parsePath(path: string): { language: string; namespace: string } {
  const [, language = '', file = ''] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  return { language, namespace: file };
}

function bundlesFor(files: Record<string, Bundle>): Record<string, Bundle> {
  const bundles: Record<string, Bundle> = {};
  for (const [path, bundle] of Object.entries(files)) bundles[parsePath(path).namespace] = bundle;
  return bundles;
}

export const NAMESPACES = Object.keys(bundlesFor(englishFiles));

async function loadLanguage(language: Language): Promise<void> {
  if (language === DEFAULT_LANGUAGE || i18n.hasResourceBundle(language, DEFAULT_NAMESPACE)) return;
  const entries = Object.entries(lazyFiles).filter(([path]) => parsePath(path).language === language);
  const loaded = await Promise.all(
    entries.map(async ([path, load]) => [parsePath(path).namespace, await load()] as const),
  );
  for (const [namespace, bundle] of loaded) i18n.addResourceBundle(language, namespace, bundle, true, true);
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
  await loadLanguage(language);
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
    const resources: Resource = { en: bundlesFor(englishFiles) };
    await i18n.use(initReactI18next).init({
      resources,
      lng: DEFAULT_LANGUAGE,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      // The code `TW` is the spec's; keep it as written instead of lower-casing or splitting it.
      lowerCaseLng: false,
      load: 'currentOnly',
      ns: NAMESPACES,
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
