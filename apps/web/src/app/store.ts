import { combineSlices, configureStore, createDynamicMiddleware } from '@reduxjs/toolkit';
import { type TypedUseSelectorHook, useDispatch, useSelector } from 'react-redux';
import { loginSlice } from '../features/auth/login-slice';
import type { api as Api } from '../lib/api';

type ApiSlice = typeof Api;

/**
 * The root reducer. RTK Query (the `api` slice of lib/api.ts) is not in the entry chunk: the home screen does not
 * need it, so its reducer and middleware join the store when the first chunk that uses it loads (attachApi).
 */
const rootReducer =
  combineSlices(loginSlice).withLazyLoadedSlices<{ [K in ApiSlice['reducerPath']]: ReturnType<ApiSlice['reducer']> }>();
const apiMiddleware = createDynamicMiddleware();

export type RootState = ReturnType<typeof rootReducer>;

let attachedApi: ApiSlice | null = null;
const liveStores = new Set<WeakRef<AppStore>>();

/** A fresh store; the app makes one, each test makes its own. */
export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(apiMiddleware.middleware),
  });
  liveStores.add(new WeakRef(store));
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

/**
 * Adds the RTK Query API's reducer and middleware to every store, present and future; lib/api.ts calls it once,
 * when it loads. Each existing store then gets one action, so its `api` state exists before a component selects it.
 */
export function attachApi(api: ApiSlice): void {
  if (attachedApi) return;
  attachedApi = api;
  rootReducer.inject(api);
  apiMiddleware.addMiddleware(api.middleware);
  for (const ref of liveStores) {
    const store = ref.deref();
    if (store) store.dispatch({ type: 'store/apiAttached' });
    else liveStores.delete(ref);
  }
}

/** The RTK Query API if a chunk that uses it has loaded (otherwise it has no cache to touch). */
export function loadedApi(): ApiSlice | null {
  return attachedApi;
}

export const useAppDispatch: () => AppDispatch = useDispatch;
export const useAppSelector: TypedUseSelectorHook<RootState> = useSelector;
