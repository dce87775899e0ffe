import { type TypedUseSelectorHook, useDispatch, useSelector } from 'react-redux';
import {
  applyMiddleware,
  combineReducers,
  compose,
  legacy_createStore as createStore,
  type Middleware,
  type MiddlewareAPI,
  type Reducer,
  type UnknownAction,
} from 'redux';
import { type ThunkDispatch, thunk } from 'redux-thunk';
import { type ApiCacheState, type LazyApi, whenApiLoads } from '../lib/api-registry';
import { type FavoritesState, favoritesReducer } from './favorites';
import { type LoginState, loginReducer } from './login-slice';

/**
 * The store, made with Redux's core (about 1.5 kB) rather than Redux Toolkit: the toolkit and immer are not on any
 * page's first load. RTK Query (the `api` slice of lib/api.ts) is not in the entry chunk either: the home screen does
 * not need it, so its reducer and middleware join every store when the first chunk that uses it loads (whenApiLoads
 * below), and the toolkit comes with it.
 */
export interface RootState {
  login: LoginState;
  favorites: FavoritesState;
  /** RTK Query's cache, once lib/api.ts has loaded. */
  api?: ApiCacheState;
}

const sessionReducers = { login: loginReducer, favorites: favoritesReducer };
let apiReducer: LazyApi['reducer'] | null = null;

const rootReducer = (): Reducer<RootState, UnknownAction, Partial<RootState>> =>
  combineReducers(apiReducer ? { ...sessionReducers, api: apiReducer } : sessionReducers) as Reducer<
    RootState,
    UnknownAction,
    Partial<RootState>
  >;

/** Middleware added after the stores were made (RTK Query's), in the order added. */
const addedMiddleware: Middleware[] = [];

/**
 * Runs each dispatch through the middleware added so far. Each one is given a store's API once (RTK Query keeps its
 * subscriptions in that closure), as Redux Toolkit's createDynamicMiddleware does.
 */
const dynamicMiddleware: Middleware = (storeApi: MiddlewareAPI) => {
  const applied = new Map<Middleware, ReturnType<Middleware>>();
  return (next) => (action) => {
    if (addedMiddleware.length === 0) return next(action);
    const chain = addedMiddleware.map((middleware) => {
      let one = applied.get(middleware);
      if (!one) {
        one = middleware(storeApi);
        applied.set(middleware, one);
      }
      return one;
    });
    return (compose(...chain) as (next: (action: unknown) => unknown) => (action: unknown) => unknown)(next)(action);
  };
};

const liveStores = new Set<WeakRef<AppStore>>();

/** A fresh store; the app makes one, each test makes its own. */
export function makeStore(preloadedState?: Partial<RootState>) {
  const store = createStore(rootReducer(), preloadedState, applyMiddleware(thunk, dynamicMiddleware));
  liveStores.add(new WeakRef(store as AppStore));
  return store as typeof store & { dispatch: AppDispatch };
}

export type AppDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;
export type AppStore = ReturnType<typeof createStore<RootState, UnknownAction, Partial<RootState>>> & {
  dispatch: AppDispatch;
};

/**
 * Adds the RTK Query API's reducer and middleware to every store, present and future, once lib/api.ts has loaded
 * (it announces itself in lib/api-registry.ts). Replacing a store's reducer sends Redux's own action, so its `api`
 * state exists before a component selects it.
 */
whenApiLoads((api) => {
  apiReducer = api.reducer;
  addedMiddleware.push(api.middleware as Middleware);
  for (const ref of liveStores) {
    const store = ref.deref();
    if (store) store.replaceReducer(rootReducer());
    else liveStores.delete(ref);
  }
});

export { loadedApi } from '../lib/api-registry';

export const useAppDispatch: () => AppDispatch = useDispatch;
export const useAppSelector: TypedUseSelectorHook<RootState> = useSelector;
