import { MAX_FAVORITES, type Property } from '@baan/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, Outlet, StaticRouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadNamespaces } from '../../../i18n';
import { AppProviders } from '../../../root';
import { FAVORITES_KEY } from '../../../session/favorites';
import { loggedIn } from '../../../session/login-slice';
import { makeStore } from '../../../session/store';
import { jsonResponse, type Route, stubFetch } from '../../../test/http';
import { makeProperty } from '../../../test/properties';
import { renderApp } from '../../../test/render-app';
import { routeTree } from '../../../test/route-tree';
import { makeUser, signedIn } from '../../../test/users';

vi.setConfig({ testTimeout: 30_000 });

const LISTINGS = [makeProperty(3, { title: 'Sunny condo' }), makeProperty(5, { title: 'Quiet house' })];

/** GET /api/properties: the two listings (Quick search's page). */
const catalogue =
  (items: Property[] = LISTINGS): Route =>
  (request, url) => {
    if (request.method !== 'GET') return undefined;
    if (url.pathname === '/api/properties') {
      return jsonResponse(200, { success: true, payload: { items, total: items.length, page: 1, per_page: 16 } });
    }
    const one = /^\/api\/property\/(\d+)$/.exec(url.pathname);
    if (one) {
      const property = items.find((p) => p.id === Number(one[1]));
      return property
        ? jsonResponse(200, { success: true, payload: property })
        : jsonResponse(404, { success: false, message: 'Property not found.' });
    }
    return undefined;
  };

/** The account's favourites: GET lists them, PUT/DELETE answer `status` (204 by default) and change the list. */
function account(initial: number[], answer: (request: Request) => number = () => 204) {
  const ids = new Set(initial);
  const route: Route = (request, url) => {
    if (url.pathname === '/api/user/favorites' && request.method === 'GET') {
      const payload = LISTINGS.filter((p) => ids.has(p.id));
      return jsonResponse(200, { success: true, payload });
    }
    const match = /^\/api\/user\/favorites\/(\d+)$/.exec(url.pathname);
    if (!match) return undefined;
    const status = answer(request);
    if (status === 204) {
      if (request.method === 'PUT') ids.add(Number(match[1]));
      else ids.delete(Number(match[1]));
      return new Response(null, { status: 204 });
    }
    return jsonResponse(status, { success: false, message: 'Something went wrong.' });
  };
  return { route, ids };
}

const favoriteCalls = (requests: Request[]) =>
  requests
    .filter((r) => /\/api\/user\/favorites\/\d+$/.test(new URL(r.url).pathname))
    .map((r) => `${r.method} ${new URL(r.url).pathname} ${r.headers.get('Authorization')}`);

const local = () => JSON.parse(localStorage.getItem(FAVORITES_KEY) ?? '[]') as number[];

afterEach(() => localStorage.clear());

describe('the heart on cards', () => {
  it('keeps a visitor’s favourites in this browser, and the header counts them', async () => {
    const { requests } = stubFetch(catalogue());
    await renderApp('/Quick');
    const user = userEvent.setup({ delay: null });
    const heart = await screen.findByRole('button', { name: 'Save Sunny condo to favourites' }, { timeout: 15_000 });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('link', { name: 'Favourites' })).toHaveAttribute('href', '/favorites');

    await user.click(heart);
    expect(screen.getByRole('button', { name: 'Remove Sunny condo from favourites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Save Quiet house to favourites' }));
    expect(local()).toEqual([5, 3]);
    expect(screen.getByRole('link', { name: /^Favourites\s*2$/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Sunny condo from favourites' }));
    expect(local()).toEqual([5]);
    expect(screen.getByRole('link', { name: /^Favourites\s*1$/ })).toBeInTheDocument();
    // A visitor's hearts never reach the API.
    expect(favoriteCalls(requests)).toEqual([]);
  });

  it('shows the stored hearts once the page is live; the server renders them all unpressed', async () => {
    localStorage.setItem(FAVORITES_KEY, JSON.stringify([3]));
    stubFetch(catalogue());
    await initI18n();
    await loadNamespaces(['listings', 'map', 'saved']);
    const handler = createStaticHandler(
      routeTree(
        <AppProviders store={makeStore()}>
          <Outlet />
        </AppProviders>,
      ),
    );
    const context = await handler.query(new Request('http://localhost/Quick'));
    if (context instanceof Response) throw new Error(`/Quick answered ${context.status}`);
    const html = renderToString(
      <StaticRouterProvider
        router={createStaticRouter(handler.dataRoutes, context)}
        context={context}
        hydrate={false}
      />,
    );
    const page = new DOMParser().parseFromString(html, 'text/html');
    const hearts = [...page.querySelectorAll('button[aria-pressed]')].filter((b) =>
      b.getAttribute('aria-label')?.endsWith('favourites'),
    );
    expect(hearts.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Save Sunny condo to favourites',
      'Save Quiet house to favourites',
    ]);
    expect(hearts.map((b) => b.getAttribute('aria-pressed'))).toEqual(['false', 'false']);

    await renderApp('/Quick');
    expect(
      await screen.findByRole('button', { name: 'Remove Sunny condo from favourites' }, { timeout: 15_000 }),
    ).toHaveAttribute('aria-pressed', 'true');
  });

  it('sends a signed-in person’s heart to the account, and undoes it with a message when the server fails', async () => {
    let failDelete = true;
    const favorites = account([], (request) => (request.method === 'DELETE' && failDelete ? 503 : 204));
    const { requests } = stubFetch(favorites.route, catalogue());
    await renderApp('/Quick', { login: signedIn({}, 'tok-1') });
    const user = userEvent.setup({ delay: null });

    await user.click(
      await screen.findByRole('button', { name: 'Save Sunny condo to favourites' }, { timeout: 15_000 }),
    );
    const pressed = await screen.findByRole('button', { name: 'Remove Sunny condo from favourites' });
    expect(pressed).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(favorites.ids.has(3)).toBe(true));
    expect(local()).toEqual([]);

    await user.click(pressed);
    // The server refuses: the heart is pressed again and a toast says so.
    expect(await screen.findByText('Your favourites could not be updated. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Sunny condo from favourites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(favorites.ids.has(3)).toBe(true);

    failDelete = false;
    await user.click(screen.getByRole('button', { name: 'Remove Sunny condo from favourites' }));
    await waitFor(() => expect(favorites.ids.has(3)).toBe(false));
    expect(screen.getByRole('button', { name: 'Save Sunny condo to favourites' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(favoriteCalls(requests)).toEqual([
      'PUT /api/user/favorites/3 Bearer tok-1',
      'DELETE /api/user/favorites/3 Bearer tok-1',
      'DELETE /api/user/favorites/3 Bearer tok-1',
    ]);
  });
});

describe('a full list of favourites', () => {
  it('undoes a heart the account has no room for, and says how many it keeps (409)', async () => {
    const favorites = account([], (request) => (request.method === 'PUT' ? 409 : 204));
    stubFetch(favorites.route, catalogue());
    await renderApp('/Quick', { login: signedIn({}, 'tok-1') });
    const user = userEvent.setup({ delay: null });

    await user.click(
      await screen.findByRole('button', { name: 'Save Sunny condo to favourites' }, { timeout: 15_000 }),
    );
    expect(
      await screen.findByText(`You can keep at most ${MAX_FAVORITES} favourites. Remove one to add another.`),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Sunny condo to favourites' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(favorites.ids.has(3)).toBe(false);
  });
});

describe('the favourites page', () => {
  it('shows a visitor’s favourites from this browser; one that is gone says so and can be removed', async () => {
    localStorage.setItem(FAVORITES_KEY, JSON.stringify([3, 9]));
    stubFetch(catalogue());
    await renderApp('/favorites');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your favourites' }, { timeout: 15_000 }),
    ).toBeVisible();
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    const list = await screen.findByRole('list', { name: 'Favourite listings' });
    expect(await within(list).findByRole('link', { name: 'Sunny condo' })).toHaveAttribute('href', '/detail/3');
    expect(await within(list).findByText('Listing 9 was removed or is no longer on the market.')).toBeVisible();
    expect(screen.getByText('Your favourites are kept in this browser. Log in to keep them on all your devices.'));
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Remove listing 9 from favourites' }));
    expect(local()).toEqual([3]);
    expect(screen.queryByText('Listing 9 was removed or is no longer on the market.')).not.toBeInTheDocument();
  });

  it('moves a visitor’s favourites to the account at login, then shows the account’s', async () => {
    localStorage.setItem(FAVORITES_KEY, JSON.stringify([5, 3]));
    const favorites = account([]);
    const { requests } = stubFetch(favorites.route, catalogue());
    const { store } = await renderApp('/favorites');
    const list = await screen.findByRole('list', { name: 'Favourite listings' }, { timeout: 15_000 });
    expect(await within(list).findByRole('link', { name: 'Quiet house' })).toBeVisible();

    act(() => {
      store.dispatch(loggedIn({ user: makeUser(), token: 'tok-2' }));
    });
    await waitFor(() => expect(local()).toEqual([]));
    expect(favoriteCalls(requests)).toEqual([
      'PUT /api/user/favorites/5 Bearer tok-2',
      'PUT /api/user/favorites/3 Bearer tok-2',
    ]);
    expect(localStorage.getItem(FAVORITES_KEY)).toBeNull();
    await waitFor(() => expect(store.getState().favorites).toEqual({ ids: [3, 5], source: 'account' }));
    const accountList = await screen.findByRole('list', { name: 'Favourite listings' });
    expect(await within(accountList).findByRole('link', { name: 'Sunny condo' })).toBeVisible();
    expect(within(accountList).getByRole('link', { name: 'Quiet house' })).toBeVisible();
    expect(screen.queryByText(/Log in to keep them/)).not.toBeInTheDocument();
    expect(requests.some((r) => new URL(r.url).pathname === '/api/user/favorites' && r.method === 'GET')).toBe(true);
  });

  it('does not wait for ever when the account’s list cannot be read at login: it offers to try again', async () => {
    localStorage.setItem(FAVORITES_KEY, JSON.stringify([5]));
    const favorites = account([]);
    let isDown = true;
    const flaky: Route = (request, url) =>
      isDown && url.pathname === '/api/user/favorites' && request.method === 'GET'
        ? jsonResponse(503, { success: false, message: 'Service unavailable.' })
        : undefined;
    stubFetch(flaky, favorites.route, catalogue());
    const { store } = await renderApp('/favorites');
    await screen.findByRole('list', { name: 'Favourite listings' }, { timeout: 15_000 });
    act(() => {
      store.dispatch(loggedIn({ user: makeUser(), token: 'tok-3' }));
    });
    // What was sent is shown as the account's; the page says the list could not be loaded, and retrying works.
    await waitFor(() => expect(store.getState().favorites).toEqual({ ids: [5], source: 'account' }));
    expect(await screen.findByText('Your favourites could not be loaded.')).toBeVisible();
    isDown = false;
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Try again' }));
    const list = await screen.findByRole('list', { name: 'Favourite listings' });
    expect(await within(list).findByRole('link', { name: 'Quiet house' })).toBeVisible();
  });

  it('shows the account’s favourites, and one un-hearted leaves the list', async () => {
    const favorites = account([3, 5]);
    stubFetch(favorites.route, catalogue());
    await renderApp('/favorites', { login: signedIn() });
    const list = await screen.findByRole('list', { name: 'Favourite listings' }, { timeout: 15_000 });
    expect(await within(list).findByRole('link', { name: 'Sunny condo' })).toBeVisible();
    const user = userEvent.setup({ delay: null });
    await user.click(within(list).getByRole('button', { name: 'Remove Quiet house from favourites' }));
    await waitFor(() => expect(within(list).queryByRole('link', { name: 'Quiet house' })).not.toBeInTheDocument());
    expect(favorites.ids).toEqual(new Set([3]));
    expect(screen.getByRole('link', { name: /^Favourites\s*1$/ })).toBeInTheDocument();
  });

  it('says there are none yet and links to the search', async () => {
    stubFetch(catalogue());
    await renderApp('/th/favorites');
    expect(await screen.findByText('คุณยังไม่มีรายการโปรด', {}, { timeout: 15_000 })).toBeVisible();
    expect(screen.getByRole('link', { name: 'ดูประกาศทั้งหมด' })).toHaveAttribute('href', '/th/Quick');
  });
});
