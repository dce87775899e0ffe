import type { CombinedState } from '@reduxjs/toolkit/query';
import type { Middleware, Reducer, UnknownAction } from 'redux';

/** The RTK Query cache's state in the store (`state.api`); the API declares its endpoints later (injectEndpoints). */
// biome-ignore lint/complexity/noBannedTypes: RTK Query's own type for an API made with no endpoints.
export type ApiCacheState = CombinedState<{}, never, 'api'>;

/**
 * What the store needs of the RTK Query API of lib/api.ts, described here so neither session/store.ts nor lib/api.ts
 * imports the other: the slice to inject, its middleware, and the action that empties its cache.
 */
export interface LazyApi {
  reducerPath: 'api';
  reducer: Reducer<ApiCacheState>;
  /** Any middleware the store's dynamic middleware takes. */
  middleware: Middleware;
  util: { resetApiState: () => UnknownAction };
}

let loaded: LazyApi | null = null;
const listeners: ((api: LazyApi) => void)[] = [];

/** lib/api.ts announces the API once, when its chunk loads; whoever waits for it (session/store.ts) hears it then. */
export function announceApi(api: LazyApi): void {
  if (loaded) return;
  loaded = api;
  for (const listener of listeners.splice(0)) listener(api);
}

/** Calls `listener` with the API when it loads (at once if it has). */
export function whenApiLoads(listener: (api: LazyApi) => void): void {
  if (loaded) listener(loaded);
  else listeners.push(listener);
}

/** The RTK Query API if a chunk that uses it has loaded (otherwise it has no cache to touch). */
export function loadedApi(): LazyApi | null {
  return loaded;
}
