/**
 * Routes name the translation namespaces they need besides the core ones in `handle.i18n`; the browser loads them
 * before hydrating a page and before showing a screen it navigates to.
 */
export interface I18nHandle {
  i18n: readonly string[];
}

function namespacesOf(handle: unknown): readonly string[] {
  if (typeof handle !== 'object' || handle === null || !('i18n' in handle)) return [];
  const { i18n } = handle as { i18n: unknown };
  return Array.isArray(i18n) ? i18n.filter((n): n is string => typeof n === 'string') : [];
}

/** Every namespace the given route modules (or matches, which carry `handle` too) ask for, once each. */
export function routeNamespaces(modules: readonly ({ handle?: unknown } | undefined)[]): string[] {
  return [...new Set(modules.flatMap((m) => namespacesOf(m?.handle)))];
}
