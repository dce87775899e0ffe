import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, Outlet, StaticRouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { initI18n, loadNamespaces } from '../../../i18n';
import { AppProviders } from '../../../root';
import { makeStore } from '../../../session/store';
import { jsonResponse, stubFetch } from '../../../test/http';
import { renderApp } from '../../../test/render-app';
import { routeTree } from '../../../test/route-tree';

vi.setConfig({ testTimeout: 30_000 });

const TOKEN = 'eyJzIjo0Mn0abcdEFGH.c2lnbmF0dXJlLXNpZ24';

const unsubscribe = (answer: () => Response) => (request: Request, url: URL) =>
  request.method === 'GET' && url.pathname === '/api/saved-searches/unsubscribe' ? answer() : undefined;

const calls = (requests: Request[]) =>
  requests.filter((r) => new URL(r.url).pathname === '/api/saved-searches/unsubscribe');

describe('/alerts/unsubscribe', () => {
  it('ends the alert once the page is live and names it; not indexed', async () => {
    const { requests } = stubFetch(
      unsubscribe(() => jsonResponse(200, { success: true, payload: { name: 'Condos in Asok', result: 'ended' } })),
    );
    await renderApp(`/alerts/unsubscribe?token=${TOKEN}`);
    expect(await screen.findByRole('status', {}, { timeout: 15_000 })).toHaveTextContent(
      'Your alert “Condos in Asok” has ended.You will get no more e-mails for this search.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Search alert' })).toBeVisible();
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    const [call, ...more] = calls(requests);
    expect(more).toEqual([]);
    expect(new URL(call?.url ?? '').searchParams.get('token')).toBe(TOKEN);
    expect(call?.method).toBe('GET');
  });

  it('says an alert had already ended (a second click), in the page’s language', async () => {
    stubFetch(
      unsubscribe(() => jsonResponse(200, { success: true, payload: { name: 'Condos in Asok', result: 'already' } })),
    );
    await renderApp(`/th/alerts/unsubscribe?token=${TOKEN}`);
    expect(await screen.findByRole('status', {}, { timeout: 15_000 })).toHaveTextContent(
      'การแจ้งเตือน “Condos in Asok” ถูกยกเลิกไปก่อนหน้านี้แล้ว',
    );
  });

  it('says a forged or broken link is not valid (400)', async () => {
    stubFetch(unsubscribe(() => jsonResponse(400, { success: false, message: 'This unsubscribe link is not valid.' })));
    await renderApp(`/alerts/unsubscribe?token=${TOKEN}x`);
    expect(await screen.findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent(
      'This unsubscribe link is not valid. Use the link in your most recent alert e-mail.',
    );
  });

  it('asks nothing for a link without its token', async () => {
    const { requests } = stubFetch();
    await renderApp('/alerts/unsubscribe');
    expect(await screen.findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent(
      'This unsubscribe link is not valid.',
    );
    expect(calls(requests)).toEqual([]);
  });

  it('offers another try when the server fails', async () => {
    let count = 0;
    stubFetch(
      unsubscribe(() =>
        ++count === 1
          ? jsonResponse(503, { success: false, message: 'Service unavailable.' })
          : jsonResponse(200, { success: true, payload: { name: null, result: 'ended' } }),
      ),
    );
    await renderApp(`/alerts/unsubscribe?token=${TOKEN}`);
    expect(await screen.findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent(
      'Something went wrong. Please try again.',
    );
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your alert has ended.');
  });

  it('ends nothing while the server renders the page (mail scanners fetch links)', async () => {
    const { requests } = stubFetch(
      unsubscribe(() => jsonResponse(200, { success: true, payload: { name: 'x', result: 'ended' } })),
    );
    await initI18n();
    await loadNamespaces(['saved']);
    const handler = createStaticHandler(
      routeTree(
        <AppProviders store={makeStore()}>
          <Outlet />
        </AppProviders>,
      ),
    );
    const context = await handler.query(new Request(`http://localhost/alerts/unsubscribe?token=${TOKEN}`));
    if (context instanceof Response) throw new Error(`answered ${context.status}`);
    expect(context.statusCode).toBe(200);
    const html = renderToString(
      <StaticRouterProvider
        router={createStaticRouter(handler.dataRoutes, context)}
        context={context}
        hydrate={false}
      />,
    );
    const page = new DOMParser().parseFromString(html, 'text/html');
    expect(page.querySelector('h1')?.textContent).toBe('Search alert');
    expect(page.body.textContent).toContain('Ending your alert…');
    expect(calls(requests)).toEqual([]);
  });
});
