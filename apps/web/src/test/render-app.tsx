import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { App } from '../app/App';
import { routes } from '../app/router';
import { makeStore, type RootState } from '../app/store';
import { initI18n } from '../i18n';

/** Renders the real route tree at `path` with a fresh store, as the browser would. */
export async function renderApp(path = '/', preloadedState?: Partial<RootState>) {
  await initI18n();
  const store = makeStore(preloadedState);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(<App store={store} router={router} />);
  return { ...view, store, router };
}
