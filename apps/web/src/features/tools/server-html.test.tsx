import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, Outlet, StaticRouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { handle as compareHandle } from '../../app/routes/compare';
import { handle as detailHandle } from '../../app/routes/detail';
import { initI18n, loadNamespaces } from '../../i18n';
import { AppProviders } from '../../root';
import { makeStore } from '../../session/store';
import { jsonResponse, stubFetch } from '../../test/http';
import { makeProperty } from '../../test/properties';
import { routeTree } from '../../test/route-tree';

// The compare page and the detail page's similar listings and calculator are in the server's HTML; what lives in the
// browser's storage (the compare tray, recently viewed) is not.
vi.setConfig({ testTimeout: 30_000 });

const SALE = makeProperty(1, { title: 'Asok condo', type: 'sale', price: 3_000_000 });
const OTHER = makeProperty(2, { title: 'Bang Na house', property_sub_type: 'house' });

function serveApi() {
  return stubFetch((request, url) => {
    const listings = [SALE, OTHER];
    if (url.pathname === '/api/properties/compare') {
      const ids = (url.searchParams.get('ids') ?? '').split(',').map(Number);
      const found = ids.map((id) => listings.find((p) => p.id === id)).filter(Boolean);
      return jsonResponse(200, { success: true, payload: found });
    }
    if (url.pathname === '/api/property/1/similar') return jsonResponse(200, { success: true, payload: [OTHER] });
    if (url.pathname === '/api/property/1') return jsonResponse(200, { success: true, payload: SALE });
    return request.method === 'GET' ? undefined : jsonResponse(204, null);
  });
}

async function serverHtml(path: string, status: number): Promise<Document> {
  await initI18n();
  // Every namespace the pages name (the detail page's map section has its own), so nothing suspends.
  await loadNamespaces([...new Set([...compareHandle.i18n, ...detailHandle.i18n, 'contact'])]);
  const handler = createStaticHandler(
    routeTree(
      <AppProviders store={makeStore()}>
        <Outlet />
      </AppProviders>,
    ),
  );
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
  expect(context.statusCode).toBe(status);
  const html = renderToString(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />,
  );
  return new DOMParser().parseFromString(html, 'text/html');
}

describe('server HTML', () => {
  it('/compare?ids=2,1: the table in the order asked', async () => {
    localStorage.setItem('baan.compare', JSON.stringify([1, 2]));
    serveApi();
    const doc = await serverHtml('/compare?ids=2,1', 200);
    const headers = [...doc.querySelectorAll('table thead th')].map((th) => th.querySelector('a')?.textContent);
    expect(headers).toEqual(['Bang Na house', 'Asok condo']);
    expect(doc.querySelector('table caption')?.textContent).toBe('Listings side by side');
    // The selection is the browser's: the server renders no tray.
    expect(doc.querySelector('[data-testid="compare-tray"]')).toBeNull();
  });

  it('/compare with bad ids: a 400 with the reason, not a 500', async () => {
    serveApi();
    const doc = await serverHtml('/compare?ids=1,,2', 400);
    expect(doc.querySelector('[role="alert"]')?.textContent).toContain('it needs listing ids separated by commas');
  });

  it('/detail/1: the similar listings and the mortgage calculator; no recently viewed record yet', async () => {
    serveApi();
    const doc = await serverHtml('/detail/1', 200);
    const similar = doc.querySelector('ul[aria-label="Listings similar to this one"]');
    expect(similar?.querySelectorAll('article')).toHaveLength(1);
    expect(similar?.textContent).toContain('Bang Na house');
    expect(doc.querySelector('[data-testid="mortgage-result"]')?.textContent).toContain('฿17,066');
    expect(doc.querySelector('a[href^="https://social-plugins.line.me/"]')?.getAttribute('href')).toBe(
      'https://social-plugins.line.me/lineit/share?url=http%3A%2F%2Flocalhost%2Fdetail%2F1',
    );
    expect(localStorage.getItem('baan.recentlyViewed')).toBeNull();
  });
});
