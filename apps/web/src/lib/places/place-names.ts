import type { Language } from '@baan/contract';
import { createContext } from 'react';
import type { PlaceTranslator } from './localize-place';

/**
 * Where a page's place names come from (ADR 051). The table behind `localizePlace` (the gazetteer's names, 8.5 kB gzip)
 * is not on any page's first load: the server writes each place it rendered into the page (`<script type=
 * "application/json" id="place-names">`), and the browser hydrates with those, word for word. The table loads in the
 * browser only when a page shows a place the server did not write (after a navigation in the browser); until it
 * has, the place shows as its owner wrote it, and the components using it render again once it is there.
 */

type Localize = (location: string, language: Language, translate: PlaceTranslator) => string;

/** The script element's id. */
export const PLACE_NAMES_ELEMENT_ID = 'place-names';

/** The places a server render wrote, location → shown text, with the page's language. */
export interface WrittenPlaceNames {
  language: Language;
  names: Record<string, string>;
}

/** The server render's collector: the places it wrote, for the page to carry (entry.server.tsx). */
export const PlaceNamesCollector = createContext<Map<string, string> | null>(null);

let table: Localize | null = null;
let loading: Promise<void> | null = null;
let written: WrittenPlaceNames | null | undefined;
const listeners = new Set<() => void>();

/** The server (and the tests) have the table from the start (place-table.server.ts). */
export function setPlaceTable(localize: Localize): void {
  table = localize;
  for (const listener of listeners) listener();
}

/** Loads the table in the browser (once; a failed load is tried again on the next unknown place). */
function loadTable(): void {
  if (loading) return;
  loading = import('./localize-place').then(
    (module) => setPlaceTable(module.localizePlace),
    () => {
      loading = null;
    },
  );
}

function writtenNames(): WrittenPlaceNames | null {
  if (written === undefined) {
    const text = typeof document === 'undefined' ? null : document.getElementById(PLACE_NAMES_ELEMENT_ID)?.textContent;
    try {
      written = text ? (JSON.parse(text) as WrittenPlaceNames) : null;
    } catch {
      written = null;
    }
  }
  return written;
}

/** For useSyncExternalStore: components re-render once the table has loaded. */
export const subscribePlaceTable = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
export const hasPlaceTable = () => table !== null;

/**
 * `location` in `language` (localizePlace's answer): from the table when it is here, else from what the server wrote
 * into the page; a place neither knows shows as written while the table loads. `collector` records what a server
 * render wrote.
 */
export function placeName(
  location: string,
  language: Language,
  translate: PlaceTranslator,
  collector: Map<string, string> | null,
): string {
  if (table) {
    const shown = table(location, language, translate);
    collector?.set(location, shown);
    return shown;
  }
  const page = writtenNames();
  const shown = page?.language === language ? page.names[location] : undefined;
  if (shown !== undefined) return shown;
  loadTable();
  return location;
}

/** The page's places as the script element's text: JSON with `<` escaped, so no owner's text can close the element. */
export function writtenPlaceNamesScript(language: Language, names: Map<string, string>): string {
  const json = JSON.stringify({ language, names: Object.fromEntries(names) } satisfies WrittenPlaceNames);
  return `<script type="application/json" id="${PLACE_NAMES_ELEMENT_ID}">${json.replace(/</g, '\\u003c')}</script>`;
}

/** Tests: forget the table and what the page carried. */
export function resetPlaceNamesForTest(): void {
  table = null;
  loading = null;
  written = undefined;
}
