import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, Outlet, StaticRouterProvider } from 'react-router';
import { expect } from 'vitest';
import { changeLanguage, initI18n } from '../../../i18n';
import { AppProviders } from '../../../root';
import { makeStore } from '../../../session/store';
import { routeTree } from '../../../test/route-tree';

/** A page as the server renders it (no browser, no effects), in English or, under /th/, Thai. */
export async function serverHtml(url: string) {
  await initI18n();
  await changeLanguage(url.startsWith('/th/') ? 'th' : 'en');
  const handler = createStaticHandler(
    routeTree(
      <AppProviders store={makeStore()}>
        <Outlet />
      </AppProviders>,
    ),
  );
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error(`answered ${context.status}`);
  expect(context.statusCode).toBe(200);
  const html = renderToString(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />,
  );
  return new DOMParser().parseFromString(html, 'text/html');
}
