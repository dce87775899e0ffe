import { getConfig, render } from '@testing-library/react';
import { createMemoryRouter, type Location, Outlet, RouterProvider, type RouterState } from 'react-router';
import { vi } from 'vitest';
import { initI18n, loadNamespaces } from '../i18n';
import { routeNamespaces } from '../i18n/route-namespaces';
import { AppProviders } from '../root';
import { makeStore, type RootState } from '../session/store';
import { emptyCatalogue, stubFetch } from './http';
import { routeTree } from './route-tree';

type Router = ReturnType<typeof createMemoryRouter>;

const isSettled = (state: RouterState) => state.initialized && state.navigation.state === 'idle';

/** Resolves once the router has loaded the matched routes' modules and data and is not navigating. */
export function routerSettled(router: Router): Promise<void> {
  return new Promise((resolve) => {
    if (isSettled(router.state)) {
      resolve();
      return;
    }
    const unsubscribe = router.subscribe((state) => {
      if (!isSettled(state)) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Renders the real route tree at `path` with a fresh store, as the browser would: like entry.client.tsx, the first
 * render waits for the page's route modules, its loaders' data and the translations its routes name, so it shows the
 * whole page at once (later navigations load theirs while the app is on screen, as in the browser). Loaders read the
 * API through `fetch`: stub it first (test/http.ts; `emptyCatalogue` for home's data). `path` may be a location with
 * `state`, as a screen that was navigated to receives it.
 */
export async function renderApp(path: string | Partial<Location> = '/', preloadedState?: Partial<RootState>) {
  // Never the network: a test that stubs nothing gets an API without listings (and 404 for anything else).
  if (!vi.isMockFunction(globalThis.fetch)) stubFetch(emptyCatalogue);
  await initI18n();
  const store = makeStore(preloadedState);
  const router = createMemoryRouter(
    routeTree(
      <AppProviders store={store}>
        <Outlet />
      </AppProviders>,
    ),
    { initialEntries: [path] },
  );
  // Waiting as Testing Library's findBy and waitFor do (outside the act environment): a lazy chunk an earlier screen
  // asked for may finish loading meanwhile, which is no state update of this test's.
  await getConfig().asyncWrapper(async () => {
    await routerSettled(router);
    await loadNamespaces(routeNamespaces(router.state.matches.map((match) => match.route)));
  });
  const view = render(<RouterProvider router={router} />);
  return { ...view, store, router };
}
