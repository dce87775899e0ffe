import type { Language } from '@baan/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import type { MetaDescriptor } from 'react-router';
import {
  createStaticHandler,
  createStaticRouter,
  MemoryRouter,
  Outlet,
  Route,
  Routes,
  StaticRouterProvider,
} from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handle as compareHandle } from '../../app/routes/compare';
import { handle as detailHandle, loader as detailLoader, meta as detailMeta } from '../../app/routes/detail';
import i18n, { changeLanguage, initI18n, loadNamespaces } from '../../i18n';
import { AppProviders } from '../../root';
import { makeStore } from '../../session/store';
import { jsonResponse, stubFetch } from '../../test/http';
import { makeProperty } from '../../test/properties';
import { renderApp } from '../../test/render-app';
import { routeTree, testContext } from '../../test/route-tree';
import { PropertyCard } from './components/PropertyCard';

// Issue 16: a listing's place names read in the page's language (from its URL) on the cards and the detail page, on
// the server as in the browser.
vi.setConfig({ testTimeout: 30_000 });
afterEach(async () => {
  cleanup();
  if (i18n.isInitialized && i18n.language !== 'en') await changeLanguage('en');
});

const ENGLISH = 'Thonglor, Watthana, Bangkok';
const THAI = 'ทองหล่อ, วัฒนา, กรุงเทพมหานคร';
const LISTING = makeProperty(1, { title: 'Thonglor condo', location: ENGLISH });
const THAI_LISTING = makeProperty(2, { title: 'Bang Na house', property_sub_type: 'house', location: THAI });

function serveApi() {
  return stubFetch((request, url) => {
    if (url.pathname === '/api/property/1/similar')
      return jsonResponse(200, { success: true, payload: [THAI_LISTING] });
    if (url.pathname === '/api/property/2/similar') return jsonResponse(200, { success: true, payload: [LISTING] });
    if (url.pathname === '/api/property/1') return jsonResponse(200, { success: true, payload: LISTING });
    if (url.pathname === '/api/property/2') return jsonResponse(200, { success: true, payload: THAI_LISTING });
    if (url.pathname === '/api/properties/compare')
      return jsonResponse(200, { success: true, payload: [LISTING, THAI_LISTING] });
    return request.method === 'GET' ? undefined : jsonResponse(204, null);
  });
}

function card(language: Language, property = LISTING) {
  render(
    <Provider store={makeStore()}>
      <MemoryRouter initialEntries={[language === 'en' ? '/' : `/${language}`]}>
        <Routes>
          <Route path="/:lang?" element={<PropertyCard property={property} />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return within(screen.getByRole('article'));
}

describe('place names on a card', () => {
  it('shows an English location in Thai at /th', async () => {
    await initI18n();
    await changeLanguage('th');
    expect(card('th').getByText(THAI)).toBeInTheDocument();
  });

  it('shows a Thai owner’s Thai location in English at /', async () => {
    await initI18n();
    expect(card('en', THAI_LISTING).getByText(ENGLISH)).toBeInTheDocument();
  });

  it('names the popular places as the listings namespace does in the other languages', async () => {
    await initI18n();
    await changeLanguage('zh');
    expect(card('zh', THAI_LISTING).getByText('通罗, Watthana, 曼谷')).toBeInTheDocument();
  });
});

/** The detail page as the server renders it. */
async function serverHtml(path: string): Promise<Document> {
  await initI18n();
  await loadNamespaces([...new Set([...detailHandle.i18n, ...compareHandle.i18n, 'contact'])]);
  const handler = createStaticHandler(
    routeTree(
      <AppProviders store={makeStore()}>
        <Outlet />
      </AppProviders>,
    ),
  );
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
  const html = renderToString(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />,
  );
  return new DOMParser().parseFromString(html, 'text/html');
}

const placeUnderTitle = (doc: Document) => doc.querySelector('h1')?.closest('div')?.nextElementSibling?.textContent;

/** The detail page's <title> and its JSON-LD, as the server writes them in its head. */
async function headOf(path: string, id: number): Promise<{ title?: string; jsonLd: string }> {
  await initI18n();
  const data = await detailLoader({
    request: new Request(`http://localhost${path}`),
    params: { id: String(id) },
    context: testContext,
  } as unknown as Parameters<typeof detailLoader>[0]);
  const tags = detailMeta({ data } as unknown as Parameters<typeof detailMeta>[0]) as MetaDescriptor[];
  const title = (tags.find((tag) => 'title' in tag) as { title: string } | undefined)?.title;
  return { title, jsonLd: JSON.stringify(tags.filter((tag) => 'script:ld+json' in tag)) };
}

describe('place names on the detail page', () => {
  it('server HTML at /th/detail/1: the place and the similar listing’s in Thai', async () => {
    serveApi();
    const doc = await serverHtml('/th/detail/1');
    expect(placeUnderTitle(doc)).toBe(THAI);
    const similar = doc.querySelector('ul[aria-label] article');
    expect(similar?.textContent).toContain(THAI);
  });

  it('server HTML at /detail/2: a Thai owner’s place and the similar listing’s in English', async () => {
    serveApi();
    const doc = await serverHtml('/detail/2');
    expect(placeUnderTitle(doc)).toBe(ENGLISH);
    expect(doc.querySelector('ul[aria-label] article')?.textContent).toContain(ENGLISH);
  });

  it('names the place in the page’s language in the <title> and the JSON-LD’s locality', async () => {
    serveApi();
    const thai = await headOf('/th/detail/1', 1);
    expect(thai.title).toContain(`Thonglor condo · ${THAI}`);
    expect(thai.jsonLd).toContain(`"addressLocality":"${THAI}"`);
    const english = await headOf('/detail/2', 2);
    expect(english.title).toContain(`Bang Na house · ${ENGLISH}`);
    expect(english.jsonLd).toContain(`"addressLocality":"${ENGLISH}"`);
  });

  it('shows the same text in the browser as the server rendered', async () => {
    serveApi();
    await renderApp('/th/detail/1');
    await screen.findByRole('heading', { level: 1, name: 'Thonglor condo' }, { timeout: 15_000 });
    expect(screen.getAllByText(THAI)[0]).toBeInTheDocument();
  });
});

describe('place names on the compare page', () => {
  it('server HTML at /th/compare and /compare: each listing’s place in the page’s language', async () => {
    serveApi();
    const thai = (await serverHtml('/th/compare?ids=1,2')).querySelector('table')?.textContent;
    expect(thai?.split(THAI)).toHaveLength(3);
    expect(thai).not.toContain(ENGLISH);
    serveApi();
    const english = (await serverHtml('/compare?ids=1,2')).querySelector('table')?.textContent;
    expect(english?.split(ENGLISH)).toHaveLength(3);
    expect(english).not.toContain(THAI);
  });
});
