import { DEFAULT_LANGUAGE, LANGUAGES } from '@baan/contract';
import type { InitOptions } from 'i18next';

export const DEFAULT_NAMESPACE = 'common';

/** What the browser's and the server's i18next instances share. */
export const i18nOptions = {
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  // The code `TW` is the spec's; keep it as written instead of lower-casing or splitting it.
  lowerCaseLng: false,
  load: 'currentOnly',
  defaultNS: DEFAULT_NAMESPACE,
  interpolation: { escapeValue: false },
} satisfies InitOptions;
