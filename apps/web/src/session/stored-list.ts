import { useSyncExternalStore } from 'react';

/**
 * A small list kept in the browser's localStorage (the compare selection, recently viewed listings), shared by every
 * component through useSyncExternalStore and followed across tabs (the `storage` event). The server and the hydrating
 * browser see the empty list, so the server's HTML stays the same for everyone (and cacheable); the stored one shows
 * right after hydration.
 */
export interface StoredList<T> {
  read(): readonly T[];
  write(items: readonly T[]): void;
  subscribe(listener: () => void): () => void;
  /** The list in a component: empty on the server and while hydrating. */
  useList(): readonly T[];
}

const EMPTY: readonly never[] = Object.freeze([]);

export function storedList<T>(key: string, parseItem: (value: unknown) => T | null, max: number): StoredList<T> {
  // The parsed list and the stored text it came from: a read parses again only when the text changed (another tab, a
  // test clearing storage), so every read between changes returns the same array, as useSyncExternalStore needs.
  let cache: { raw: string | null; items: readonly T[] } | null = null;
  const listeners = new Set<() => void>();

  function parse(raw: string | null): readonly T[] {
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      if (!Array.isArray(parsed)) return EMPTY;
      return parsed
        .map(parseItem)
        .filter((item): item is T => item !== null)
        .slice(0, max);
    } catch {
      // Unreadable (a hand-edited value): start empty.
      return EMPTY;
    }
  }

  function stored(): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      // Storage unavailable (private mode): what this visit wrote, if anything.
      return cache?.raw ?? null;
    }
  }

  function notify() {
    for (const listener of listeners) listener();
  }

  function onStorage(event: StorageEvent) {
    if (event.key === key || event.key === null) notify();
  }

  const list: StoredList<T> = {
    read() {
      if (typeof window === 'undefined') return EMPTY;
      const raw = stored();
      if (cache?.raw !== raw) cache = { raw, items: parse(raw) };
      return cache.items;
    },
    write(items) {
      const kept = items.slice(0, max);
      const raw = JSON.stringify(kept);
      cache = { raw, items: kept };
      try {
        localStorage.setItem(key, raw);
      } catch {
        // Storage full or unavailable: the list lasts for this visit only.
      }
      notify();
    },
    subscribe(listener) {
      if (listeners.size === 0 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
      };
    },
    useList() {
      return useSyncExternalStore(list.subscribe, list.read, () => EMPTY);
    },
  };
  return list;
}

/** A listing id as the API gives them: a positive PostgreSQL integer. */
export function isPositiveId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 2_147_483_647;
}
