import { useCallback, useContext, useSyncExternalStore } from 'react';
import { usePageLanguage } from '../../i18n/localized-router';
import { i18nCode } from '../../i18n/options';
import { useTranslation } from '../../i18n/use-translation';
import { hasPlaceTable, PlaceNamesCollector, placeName, subscribePlaceTable } from './place-names';

/**
 * `localizePlace` in the page's language (its URL's, so the server and the browser render the same text), with the
 * listings namespace's names of the popular places (a core namespace: loaded on every page). In the browser the names
 * come from the page the server wrote, or from the table once it has loaded (place-names.ts).
 */
export function useLocalizePlace(): (location: string) => string {
  const language = usePageLanguage();
  const { t } = useTranslation('listings');
  const collector = useContext(PlaceNamesCollector);
  const tableLoaded = useSyncExternalStore(subscribePlaceTable, hasPlaceTable, hasPlaceTable);
  // The table's arrival gives a new function, so the places shown as written are rendered again from it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: tableLoaded is the reason to make a new function.
  return useCallback(
    (location: string) =>
      placeName(location, language, (key) => t(`places.${key}`, { lng: i18nCode(language) }), collector),
    [language, t, collector, tableLoaded],
  );
}
