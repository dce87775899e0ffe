import { combineSlices, configureStore, createDynamicMiddleware } from '@reduxjs/toolkit';
import { type TypedUseSelectorHook, useDispatch, useSelector } from 'react-redux';
import { type ApiCacheState, type LazyApi, whenApiLoads } from '../lib/api-registry';
import { favoritesSlice } from './favorites';
import { loginSlice } from './login-slice';

/**
 * The root reducer. RTK Query (the `api` slice of lib/api.ts) is not in the entry chunk: the home screen does not
 * need it, so its reducer and middleware join the store when the first chunk that uses it loads (whenApiLoads below).
 */
const rootReducer = combineSlices(loginSlice, favoritesSlice).withLazyLoadedSlices<{
  [K in LazyApi['reducerPath']]: ApiCacheState;
}>();
const apiMiddleware = createDynamicMiddleware();

export type RootState = ReturnType<typeof rootReducer>;

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
 * Adds the RTK Query API's reducer and middleware to every store, present and future, once lib/api.ts has loaded
 * (it announces itself in lib/api-registry.ts). Each existing store then gets one action, so its `api` state exists
 * before a component selects it.
 */
whenApiLoads((api) => {
  rootReducer.inject(api);
  apiMiddleware.addMiddleware(api.middleware);
  for (const ref of liveStores) {
    const store = ref.deref();
    if (store) store.dispatch({ type: 'store/apiAttached' });
    else liveStores.delete(ref);
  }
});

export { loadedApi } from '../lib/api-registry';

export const useAppDispatch: () => AppDispatch = useDispatch;
export const useAppSelector: TypedUseSelectorHook<RootState> = useSelector;
