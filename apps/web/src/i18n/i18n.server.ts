/**
 * Translations on the server: every language's files are in memory, and each request renders with its own i18next
 * instance (a clone sharing the loaded resources), fixed to the URL's language. A language therefore never leaks from
 * one request into another, however many render at once.
 */
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@baan/contract';
import i18next, { type i18n as I18n, type Resource, type TFunction } from 'i18next';
import { DEFAULT_NAMESPACE, i18nCode, i18nOptions } from './options';
import { rememberedT } from './remembered-t';

const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });

function allResources(): Resource {
  const resources: Resource = {};
  for (const [path, bundle] of Object.entries(files)) {
    const [, language = '', namespace = ''] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
    if (!isLanguage(language)) continue;
    // i18next knows the language by its tag (`TW` as zh-Hant: options.ts).
    const code = i18nCode(language);
    resources[code] ??= {};
    resources[code][namespace] = bundle;
  }
  return resources;
}

const resources = allResources();
const base = i18next.createInstance();
void base.init({
  ...i18nOptions,
  resources,
  lng: i18nCode(DEFAULT_LANGUAGE),
  ns: Object.keys(resources[i18nCode(DEFAULT_LANGUAGE)] ?? {}),
  // Resources are in memory: initialise synchronously so the first request finds it ready.
  initAsync: false,
});

/** A fresh instance for one request, in its language. */
export function i18nForRequest(language: Language): I18n {
  return base.cloneInstance({ lng: i18nCode(language), initAsync: false });
}

/** A translation function for a loader or meta text, in a language. */
export function fixedT(language: Language, namespace = DEFAULT_NAMESPACE): TFunction {
  const code = i18nCode(language);
  return rememberedT(base, base.getFixedT(code, namespace), code, namespace, undefined);
}
