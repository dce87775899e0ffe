/**
 * `useTranslation` for the app's components: react-i18next's contract (the same arguments, the same typed `t`, `i18n`
 * and `ready`, Suspense while a namespace loads, a new render when the language changes) at a fraction of its cost.
 * react-i18next's hook copies every property of the i18n instance for each component it serves (its per-component
 * wrapper) and makes a fixed `t` per component; a page renders some two hundred of them on the server, where that was
 * about a tenth of a page's render (docs/benchmarks.md, render cost). Here a component gets a shared answer per
 * instance, language and namespaces, made once and kept with the instance.
 */
import type { i18n as I18n } from 'i18next';
import { useContext, useSyncExternalStore } from 'react';
// biome-ignore lint/style/noRestrictedImports: the one place that wraps react-i18next's hook.
import { getI18n, I18nContext, type useTranslation as reactUseTranslation } from 'react-i18next';
import { rememberedT } from './remembered-t';

type Answer = ReturnType<typeof reactUseTranslation>;

/** The answers an instance has given, by language, namespaces and key prefix. */
const answers = new WeakMap<I18n, Map<string, Answer>>();

function answerFor(i18n: I18n, language: string, namespaces: readonly string[], keyPrefix: string | undefined): Answer {
  let byKey = answers.get(i18n);
  if (!byKey) {
    byKey = new Map();
    answers.set(i18n, byKey);
  }
  const key = `${language}\u0000${namespaces.join(',')}\u0000${keyPrefix ?? ''}`;
  let answer = byKey.get(key);
  if (!answer) {
    // As react-i18next's: `t` reads the first namespace (others by `ns:key`), in the instance's current language.
    const fixed = i18n.getFixedT(language, namespaces[0] ?? null, keyPrefix);
    // On the server the resources never change while it runs: the same key gives the same text (ADR 060).
    const t = import.meta.env.SSR ? rememberedT(i18n, fixed, language, namespaces[0] ?? null, keyPrefix) : fixed;
    const made = [t, i18n, true] as unknown as Answer & { t: unknown; i18n: I18n; ready: boolean };
    made.t = t;
    made.i18n = i18n;
    made.ready = true;
    answer = made;
    byKey.set(key, answer);
  }
  return answer;
}

const subscriptions = new WeakMap<I18n, (onChange: () => void) => () => void>();

/** Subscribes a component to the instance's language changes (one function per instance, as React wants it stable). */
function subscribeTo(i18n: I18n): (onChange: () => void) => () => void {
  let subscribe = subscriptions.get(i18n);
  if (!subscribe) {
    subscribe = (onChange) => {
      i18n.on('languageChanged', onChange);
      return () => i18n.off('languageChanged', onChange);
    };
    subscriptions.set(i18n, subscribe);
  }
  return subscribe;
}

const noInstance = () => () => {};

function namespacesOf(ns: unknown, i18n: I18n, contextDefault: unknown): readonly string[] {
  const given = ns ?? contextDefault ?? i18n.options.defaultNS;
  if (typeof given === 'string') return [given];
  if (Array.isArray(given) && given.length > 0) return given as string[];
  return ['translation'];
}

export const useTranslation = ((ns?: unknown, options?: { keyPrefix?: string; i18n?: I18n }) => {
  const context = useContext(I18nContext) as { i18n?: I18n; defaultNS?: unknown } | undefined;
  const i18n = options?.i18n ?? context?.i18n ?? (getI18n() as I18n | undefined);
  const language = useSyncExternalStore(
    i18n ? subscribeTo(i18n) : noInstance,
    () => i18n?.language,
    () => i18n?.language,
  );
  if (!i18n || language === undefined) throw new Error('useTranslation: no i18next instance (I18nextProvider)');
  const namespaces = namespacesOf(ns, i18n, context?.defaultNS);
  // The server's instances hold every language's files; in the browser a screen's namespace may still be loading.
  if (!import.meta.env.SSR && !namespaces.every((namespace) => i18n.hasLoadedNamespace(namespace))) {
    throw i18n.loadNamespaces([...namespaces]);
  }
  return answerFor(i18n, language, namespaces, options?.keyPrefix);
}) as typeof reactUseTranslation;
