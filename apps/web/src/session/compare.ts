import { MAX_COMPARE } from '@baan/contract';
import { useSyncExternalStore } from 'react';
import { isPositiveId, storedList } from './stored-list';

/**
 * The listings a visitor picked to compare (up to MAX_COMPARE), kept in the browser: the cards' and the detail page's
 * "Compare" toggles fill it, the compare tray links to /compare?ids=… with it.
 */
export const COMPARE_STORAGE_KEY = 'baan.compare';

export const compareList = storedList<number>(COMPARE_STORAGE_KEY, (v) => (isPositiveId(v) ? v : null), MAX_COMPARE);

export type CompareToggleResult = 'added' | 'removed' | 'full';

/** The last refusal (a listing past MAX_COMPARE): the tray says why, until the selection changes. */
let refused: number | null = null;
const refusalListeners = new Set<() => void>();
function setRefused(id: number | null) {
  if (refused === id) return;
  refused = id;
  for (const listener of refusalListeners) listener();
}

/** Adds the listing, or removes it when it is already there; a listing past MAX_COMPARE is refused ('full'). */
export function toggleCompare(id: number): CompareToggleResult {
  const ids = compareList.read();
  if (ids.includes(id)) {
    compareList.write(ids.filter((other) => other !== id));
    setRefused(null);
    return 'removed';
  }
  if (ids.length >= MAX_COMPARE) {
    setRefused(id);
    return 'full';
  }
  compareList.write([...ids, id]);
  setRefused(null);
  return 'added';
}

export function removeFromCompare(id: number): void {
  compareList.write(compareList.read().filter((other) => other !== id));
  setRefused(null);
}

export function clearCompare(): void {
  compareList.write([]);
  setRefused(null);
}

/** The selected ids, in the order picked (empty on the server and while hydrating). */
export function useCompareIds(): readonly number[] {
  return compareList.useList();
}

/** The listing last refused because MAX_COMPARE were already picked, or null. */
export function useCompareRefused(): number | null {
  return useSyncExternalStore(
    (listener) => {
      refusalListeners.add(listener);
      return () => refusalListeners.delete(listener);
    },
    () => refused,
    () => null,
  );
}

/** Forgets the refusal (the message was dismissed). */
export function dismissCompareRefusal(): void {
  setRefused(null);
}

/** The /compare address for these ids. */
export function comparePath(ids: readonly number[]): string {
  return ids.length > 0 ? `/compare?ids=${ids.join(',')}` : '/compare';
}
