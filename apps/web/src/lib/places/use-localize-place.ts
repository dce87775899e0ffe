import { useCallback } from 'react';
import { usePageLanguage } from '../../i18n/localized-router';
import { i18nCode } from '../../i18n/options';
import { useTranslation } from '../../i18n/use-translation';
import { localizePlace } from './localize-place';

/**
 * `localizePlace` in the page's language (its URL's, so the server and the browser render the same text), with the
 * listings namespace's names of the popular places (a core namespace: loaded on every page).
 */
export function useLocalizePlace(): (location: string) => string {
  const language = usePageLanguage();
  const { t } = useTranslation('listings');
  return useCallback(
    (location: string) => localizePlace(location, language, (key) => t(`places.${key}`, { lng: i18nCode(language) })),
    [language, t],
  );
}
