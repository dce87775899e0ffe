import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/http';

// session/store.ts and lib/api.ts keep the attachment in module state: each test takes fresh copies.
beforeEach(() => {
  vi.resetModules();
});

async function pingThrough(store: Awaited<ReturnType<typeof makeFreshStore>>['store']) {
  const { api } = await import('../lib/api');
  const pingApi = api.injectEndpoints({
    endpoints: (build) => ({ ping: build.query<{ pong: boolean }, void>({ query: () => '/ping' }) }),
  });
  const request = store.dispatch(pingApi.endpoints.ping.initiate());
  const result = await request;
  request.unsubscribe();
  return result.data;
}

async function makeFreshStore() {
  const module = await import('./store');
  return { ...module, store: module.makeStore() };
}

describe('store: RTK Query joins when its chunk loads', () => {
  it('a store made before lib/api loads gets the api state and middleware when it loads', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { success: true, payload: { pong: true } })),
    );
    const { store, loadedApi } = await makeFreshStore();
    expect(store.getState()).not.toHaveProperty('api');
    expect(loadedApi()).toBeNull();

    const { api } = await import('../lib/api');
    expect(loadedApi()).toBe(api);
    expect(store.getState().api).toMatchObject({ queries: {}, mutations: {} });
    expect(await pingThrough(store)).toEqual({ pong: true });
  });

  it('a store made after lib/api loaded has them from the start', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { success: true, payload: { pong: true } })),
    );
    const { makeStore } = await import('./store');
    await import('../lib/api');
    const store = makeStore();
    expect(store.getState().api).toMatchObject({ queries: {} });
    expect(await pingThrough(store)).toEqual({ pong: true });
  });

  it('logout before RTK Query loaded ends the token with a plain fetch and forgets the session', async () => {
    const fetchMock = vi.fn(async (_request: Request) => jsonResponse(200, { success: true, payload: null }));
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem('token', 't-1');
    const { store } = await makeFreshStore();
    const { logout } = await import('../features/auth/logout');
    store.dispatch(logout());
    expect(store.getState().login).toMatchObject({ token: null, isAuthenticated: false });
    expect(localStorage.getItem('token')).toBeNull();
    expect(store.getState()).not.toHaveProperty('api');
    const request = fetchMock.mock.calls[0]?.[0];
    expect([request?.method, new URL(request?.url ?? '').pathname]).toEqual(['POST', '/api/logout']);
    expect(request?.headers.get('authorization')).toBe('Bearer t-1');
  });
});

describe('store: the session’s actions (Redux core, no toolkit)', () => {
  it('each action changes its own part, and an unknown one changes nothing', async () => {
    localStorage.removeItem('token');
    const { store } = await makeFreshStore();
    const { loggedIn, loggedOut, tokenReplaced, userUpdated } = await import('./login-slice');
    const { favoriteAdded, favoriteRemoved, favoritesLoaded } = await import('./favorites');
    expect(store.getState().login).toEqual({ user: null, token: null, isAuthenticated: false, isRestoring: false });

    const user = { id: 7, name: 'Somchai' } as never;
    store.dispatch(loggedIn({ user, token: 't-7' }));
    expect(store.getState().login).toEqual({ user, token: 't-7', isAuthenticated: true, isRestoring: false });
    store.dispatch(tokenReplaced('t-8'));
    store.dispatch(userUpdated({ id: 7, name: 'Somchai J.' } as never));
    expect(store.getState().login).toMatchObject({ token: 't-8', user: { name: 'Somchai J.' }, isAuthenticated: true });

    store.dispatch(favoritesLoaded({ ids: [3, 1], source: 'account' }));
    store.dispatch(favoriteAdded(5));
    store.dispatch(favoriteAdded(5));
    store.dispatch(favoriteRemoved(1));
    expect(store.getState().favorites).toEqual({ ids: [5, 3], source: 'account' });

    const before = store.getState();
    store.dispatch({ type: 'nothing/happened' });
    expect(store.getState()).toBe(before);

    store.dispatch(loggedOut());
    expect(store.getState().login).toEqual({ user: null, token: null, isAuthenticated: false, isRestoring: false });
    expect(store.getState().favorites.ids).toEqual([5, 3]);
    expect(loggedIn.match({ type: 'login/loggedIn' })).toBe(true);
    expect(loggedIn.match({ type: 'login/loggedOut' })).toBe(false);
  });
});
