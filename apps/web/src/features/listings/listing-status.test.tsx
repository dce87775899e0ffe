import type { Property } from '@baan/contract';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createMemoryRouter,
  createStaticHandler,
  createStaticRouter,
  Outlet,
  RouterProvider,
  StaticRouterProvider,
} from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadNamespaces } from '../../i18n';
import { AppProviders } from '../../root';
import { makeStore } from '../../session/store';
import { jsonResponse, stubFetch } from '../../test/http';
import { makeProperty } from '../../test/properties';
import { renderApp, routerSettled } from '../../test/render-app';
import { routeTree } from '../../test/route-tree';
import { makeUser, signedIn } from '../../test/users';
import { lineChatUrl } from './components/OwnerContact';

// Issue 14 on the listing page: sold and rented are marked and not indexed; the page reports its view and the contact
// clicks for the owner's statistics; the owner gets Edit and Statistics.
vi.setConfig({ testTimeout: 30_000 });

const OWNER = {
  id: 42,
  name: 'Siam Prime Realty',
  phone_number: '+66 2 123 4567',
  phone_verified: 0 as const,
  line_id: 'siamprime',
  email: 'owner@siamprime.example',
};

/** The listing at GET /api/property/7; every POST (view, contact-click) answers 204. */
function serveListing(overrides: Partial<Property> = {}, extra?: Parameters<typeof stubFetch>[0]) {
  const property = makeProperty(7, { type: 'sale', price: 4_500_000, owner: OWNER, ...overrides });
  return stubFetch(...(extra ? [extra] : []), (request, url) => {
    if (request.method === 'GET' && url.pathname === '/api/property/7') {
      return jsonResponse(200, { success: true, payload: property });
    }
    if (request.method === 'POST' && url.pathname.startsWith('/api/property/7/')) {
      return new Response(null, { status: 204 });
    }
    return undefined;
  });
}

const posts = (requests: Request[], path: string) =>
  requests.filter((r) => r.method === 'POST' && new URL(r.url).pathname === path);

async function openListing(session?: Parameters<typeof renderApp>[1]) {
  const view = await renderApp('/detail/7', session);
  await screen.findByRole('heading', { level: 1, name: 'Listing 7' }, { timeout: 15_000 });
  return view;
}

/** The page as the server renders it: the route table's loaders through a static handler, then renderToString. */
async function serverHtml(path: string): Promise<Document> {
  await initI18n();
  await loadNamespaces(['listings', 'contact']);
  const handler = createStaticHandler(
    routeTree(
      <AppProviders store={makeStore()}>
        <Outlet />
      </AppProviders>,
    ),
  );
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
  expect(context.statusCode).toBe(200);
  const html = renderToString(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />,
  );
  return new DOMParser().parseFromString(html, 'text/html');
}

const robots = () => document.head.querySelector('meta[name="robots"]')?.getAttribute('content');

// tel: and mailto: are not pages jsdom can go to; a real browser hands them to the phone or mail app.
const stopNavigation = (event: MouseEvent) => event.preventDefault();
beforeEach(() => window.addEventListener('click', stopNavigation));
afterEach(() => window.removeEventListener('click', stopNavigation));

describe('A sold or rented listing', () => {
  it('is marked sold, offers no inquiry or contact, and is not indexed', async () => {
    serveListing({ status: 'sold' });
    await openListing();
    expect(screen.getByTestId('listing-unavailable')).toHaveTextContent(
      'This property has been soldIt is no longer available, and its owner no longer takes inquiries about it.',
    );
    expect(screen.getByText('Sold', { selector: 'span' })).toBeInTheDocument();
    const note = screen.getByRole('region', { name: 'No longer available' });
    expect(note).toHaveTextContent('This property is sold. Browse other listings to find a similar home.');
    expect(within(note).getByRole('link', { name: 'Browse listings' })).toHaveAttribute('href', '/Quick');
    expect(screen.queryByTestId('inquiry-form')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show phone number' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'E-mail' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Chat on LINE' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Contact the owner' })).toBeNull();
    await waitFor(() => expect(robots()).toBe('noindex'));
  });

  it('is marked rented', async () => {
    serveListing({ type: 'rent', status: 'rented' });
    await openListing();
    expect(screen.getByTestId('listing-unavailable')).toHaveTextContent('This property has been rented out');
    expect(screen.getByRole('region', { name: 'No longer available' })).toHaveTextContent(
      'This property is rented out.',
    );
    await waitFor(() => expect(robots()).toBe('noindex'));
  });

  it('carries noindex in the server-rendered head; an active listing is indexed', async () => {
    serveListing({ status: 'sold' });
    const sold = await serverHtml('/detail/7');
    expect(sold.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(sold.querySelector('[data-testid="listing-unavailable"]')?.textContent).toContain(
      'This property has been sold',
    );
    const jsonLd = [...sold.querySelectorAll('script[type="application/ld+json"]')].map((s) => s.textContent).join();
    expect(jsonLd).toContain('https://schema.org/SoldOut');

    serveListing();
    const active = await serverHtml('/detail/7');
    expect(active.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('index, follow');
    expect(active.querySelector('[data-testid="listing-unavailable"]')).toBeNull();
  });
});

describe('The view beacon', () => {
  it('is sent once when the page is shown in the browser, without a token for a visitor', async () => {
    const api = serveListing();
    await openListing();
    await waitFor(() => expect(posts(api.requests, '/api/property/7/view')).toHaveLength(1));
    const beacon = posts(api.requests, '/api/property/7/view')[0] as Request;
    expect(beacon.headers.get('Authorization')).toBeNull();
    expect(beacon.keepalive).toBe(true);
    // The page's view token (signed by the server that rendered it): without it the view would not count.
    expect(beacon.headers.get('Content-Type')).toBe('application/json');
    expect(api.bodies).toContainEqual({ token: 'test-view-token-7' });
    // Nothing else follows (re-renders, the lazy inquiry form arriving).
    await screen.findByTestId('inquiry-form', {}, { timeout: 15_000 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(posts(api.requests, '/api/property/7/view')).toHaveLength(1);
  });

  it('is sent once under StrictMode’s double effects', async () => {
    const api = serveListing();
    const { unmount } = await openListing();
    unmount();
    // The app renders in StrictMode (entry.client.tsx): effects run twice in development, the beacon still once.
    const router = createMemoryRouter(
      routeTree(
        <AppProviders store={makeStore()}>
          <Outlet />
        </AppProviders>,
      ),
      { initialEntries: ['/detail/7'] },
    );
    await routerSettled(router);
    const before = posts(api.requests, '/api/property/7/view').length;
    render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
    await screen.findByRole('heading', { level: 1, name: 'Listing 7' }, { timeout: 15_000 });
    await waitFor(() => expect(posts(api.requests, '/api/property/7/view')).toHaveLength(before + 1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(posts(api.requests, '/api/property/7/view')).toHaveLength(before + 1);
  });

  it('carries the signed-in user’s token, so the server can skip the owner', async () => {
    const api = serveListing();
    await openListing({ login: signedIn({ id: 42, email: OWNER.email }) });
    await waitFor(() => expect(posts(api.requests, '/api/property/7/view')).toHaveLength(1));
    expect(posts(api.requests, '/api/property/7/view')[0]?.headers.get('Authorization')).toBe('Bearer test-token');
  });

  it('waits for a stored session to be checked, then goes with its token', async () => {
    let answerUser: (response: Response) => void = () => {};
    const api = serveListing({}, (request, url) =>
      request.method === 'GET' && url.pathname === '/api/user'
        ? new Promise<Response>((resolve) => (answerUser = resolve))
        : undefined,
    );
    await openListing({ login: { user: null, token: 'stored-token', isAuthenticated: false, isRestoring: true } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(posts(api.requests, '/api/property/7/view')).toHaveLength(0);
    await waitFor(() => expect(api.requests.some((r) => new URL(r.url).pathname === '/api/user')).toBe(true));
    act(() => answerUser(jsonResponse(200, { success: true, payload: makeUser({ id: 42 }) })));
    await waitFor(() => expect(posts(api.requests, '/api/property/7/view')).toHaveLength(1));
    expect(posts(api.requests, '/api/property/7/view')[0]?.headers.get('Authorization')).toBe('Bearer stored-token');
  });

  it('is not sent by the server render', async () => {
    const api = serveListing();
    await serverHtml('/detail/7');
    // The page's own reads (the listing, its similar listings and its price history), and no view beacon.
    expect(api.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      'GET /api/property/7',
      'GET /api/property/7/similar',
      'GET /api/property/7/price-history',
    ]);
  });
});

describe('Contact clicks', () => {
  it('reports a call, an e-mail and a LINE chat with their channel', async () => {
    const api = serveListing();
    const user = userEvent.setup();
    await openListing();
    const main = within(screen.getByRole('article'));
    await user.click(main.getByRole('button', { name: 'Show phone number' }));
    await user.click(main.getByRole('link', { name: 'E-mail' }));
    const line = main.getByRole('link', { name: 'Chat on LINE' });
    // The owner's LINE ID from their settings, opened in LINE (a new tab where LINE is not installed).
    expect(line).toHaveAttribute('href', 'https://line.me/ti/p/~siamprime');
    expect(line).toHaveAttribute('target', '_blank');
    await user.click(line);
    await waitFor(() => expect(posts(api.requests, '/api/property/7/contact-click')).toHaveLength(3));
    const clicks = posts(api.requests, '/api/property/7/contact-click');
    expect(clicks.every((r) => r.headers.get('Content-Type') === 'application/json')).toBe(true);
    expect(clicks.every((r) => r.keepalive)).toBe(true);
    // Each with the view token the page was rendered with (the server counts none without one; ADR 020).
    expect(api.bodies.filter((body) => body !== undefined)).toEqual([
      { token: 'test-view-token-7' },
      { channel: 'phone', token: 'test-view-token-7' },
      { channel: 'email', token: 'test-view-token-7' },
      { channel: 'line', token: 'test-view-token-7' },
    ]);
  });

  it('shows the phone number on request, as a link to call it, counting the tap once', async () => {
    const api = serveListing();
    const user = userEvent.setup();
    await openListing();
    const main = within(screen.getByRole('article'));
    // Nothing of the number shows before it is asked for.
    expect(main.queryByText('+66 2 123 4567')).toBeNull();
    expect(main.queryByRole('link', { name: 'Call +66 2 123 4567' })).toBeNull();
    await user.click(main.getByRole('button', { name: 'Show phone number' }));
    const call = main.getByRole('link', { name: 'Call +66 2 123 4567' });
    expect(call).toHaveTextContent('+66 2 123 4567');
    expect(call).toHaveAttribute('href', 'tel:+6621234567');
    // The button gave way to the number: keyboard focus went with it.
    expect(call).toHaveFocus();
    expect(main.queryByRole('button', { name: 'Show phone number' })).toBeNull();
    await waitFor(() => expect(posts(api.requests, '/api/property/7/contact-click')).toHaveLength(1));
    expect(api.bodies.filter((body) => body !== undefined)).toEqual([
      { token: 'test-view-token-7' },
      { channel: 'phone', token: 'test-view-token-7' },
    ]);
    // Calling the number shown is the same contact: not counted again.
    await user.click(call);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(posts(api.requests, '/api/property/7/contact-click')).toHaveLength(1);
  });

  it('shows the LINE ID on request and counts it as a LINE contact', async () => {
    const api = serveListing();
    const user = userEvent.setup();
    await openListing();
    const main = within(screen.getByRole('article'));
    expect(main.queryByText('siamprime')).toBeNull();
    await user.click(main.getByRole('button', { name: 'Show LINE ID' }));
    expect(main.getByText('siamprime')).toBeInTheDocument();
    expect(main.getByText('siamprime').parentElement).toHaveTextContent('LINE ID: siamprime');
    expect(main.getByText('siamprime').parentElement).toHaveFocus();
    await waitFor(() => expect(posts(api.requests, '/api/property/7/contact-click')).toHaveLength(1));
    expect(api.bodies.filter((body) => body !== undefined)).toEqual([
      { token: 'test-view-token-7' },
      { channel: 'line', token: 'test-view-token-7' },
    ]);
  });

  it('gives phones a bar to call, chat on LINE or write, each counted; the inquiry link leads to the form', async () => {
    const api = serveListing();
    const user = userEvent.setup();
    await openListing();
    const bar = screen.getByRole('navigation', { name: 'Contact the owner' });
    // Shown below 768 px only, fixed at the bottom; the page is padded by its height (index.css).
    expect(bar).toHaveClass('fixed', 'bottom-0', 'md:hidden');
    expect(bar).toHaveAttribute('data-contact-bar');
    const links = within(bar).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Call', 'tel:+6621234567'],
      ['LINE', 'https://line.me/ti/p/~siamprime'],
      ['Inquire', '#listing-inquiry'],
    ]);
    await user.click(within(bar).getByRole('link', { name: 'Call' }));
    await user.click(within(bar).getByRole('link', { name: 'LINE' }));
    await waitFor(() => expect(posts(api.requests, '/api/property/7/contact-click')).toHaveLength(2));
    expect(api.bodies.filter((body) => body !== undefined)).toEqual([
      { token: 'test-view-token-7' },
      { channel: 'phone', token: 'test-view-token-7' },
      { channel: 'line', token: 'test-view-token-7' },
    ]);
    // "Inquire" puts the person in the inquiry form's first field.
    const form = await screen.findByTestId('inquiry-form');
    expect(document.getElementById('listing-inquiry')).toContainElement(form);
    await user.click(within(bar).getByRole('link', { name: 'Inquire' }));
    expect(within(form).getByLabelText(/Your name/)).toHaveFocus();
    // Writing is counted when the inquiry is sent, not when the form is reached.
    expect(posts(api.requests, '/api/property/7/contact-click')).toHaveLength(2);
  });

  it('marks a number the owner proved by SMS as verified, and an unproved one not', async () => {
    serveListing({ owner: { ...OWNER, phone_verified: 1 } });
    await openListing();
    expect(screen.getByText('Phone number verified')).toBeVisible();
  });

  it('shows no verified mark for a number not proved, or without a number', async () => {
    serveListing({ owner: { ...OWNER, phone_verified: 0 } });
    await openListing();
    expect(screen.getByRole('button', { name: 'Show phone number' })).toBeVisible();
    expect(screen.queryByText('Phone number verified')).toBeNull();
  });

  it('offers only what the owner gave: no LINE without a LINE ID, and opens an official account by its @ id', async () => {
    serveListing({ owner: { ...OWNER, line_id: null } });
    await openListing();
    expect(screen.getByRole('button', { name: 'Show phone number' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Chat on LINE' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show LINE ID' })).toBeNull();
    const bar = screen.getByRole('navigation', { name: 'Contact the owner' });
    expect(
      within(bar)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Call', 'Inquire']);
    expect(lineChatUrl('@siamprime')).toBe('https://line.me/R/ti/p/%40siamprime');
  });

  it('are not reported for the owner trying their own buttons, who gets no contact bar', async () => {
    const api = serveListing();
    const user = userEvent.setup();
    await openListing({ login: signedIn({ id: 42, email: 'someone@else.example' }) });
    await user.click(screen.getByRole('button', { name: 'Show phone number' }));
    await user.click(screen.getByRole('button', { name: 'Show LINE ID' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(posts(api.requests, '/api/property/7/contact-click')).toHaveLength(0);
    expect(screen.queryByRole('navigation', { name: 'Contact the owner' })).toBeNull();
  });

  it('renders without JavaScript the number as a link to call it, the LINE ID, and the bar', async () => {
    serveListing();
    const doc = await serverHtml('/detail/7');
    const noscript = [...doc.querySelectorAll('noscript')].map((n) => n.innerHTML).join('');
    expect(noscript).toContain('href="tel:+6621234567"');
    expect(noscript).toContain('Call +66 2 123 4567');
    expect(noscript).toContain('siamprime');
    // The buttons that need JavaScript are hidden when it is off.
    expect(noscript).toContain('[data-needs-js]{display:none}');
    expect([...doc.querySelectorAll('button[data-needs-js]')].map((b) => b.textContent)).toEqual([
      'Show phone number',
      'Show LINE ID',
    ]);
    const bar = doc.querySelector('nav[aria-label="Contact the owner"]');
    expect([...(bar?.querySelectorAll('a') ?? [])].map((a) => a.getAttribute('href'))).toEqual([
      'tel:+6621234567',
      'https://line.me/ti/p/~siamprime',
      '#listing-inquiry',
    ]);
  });
});

describe('The owner on their listing’s page', () => {
  it('gets Edit listing and Statistics (known by user id), and no inquiry form', async () => {
    serveListing();
    await openListing({ login: signedIn({ id: 42, email: 'another-address@example.com' }) });
    const tools = screen.getByRole('region', { name: 'Your listing' });
    expect(within(tools).getByRole('link', { name: 'Edit listing' })).toHaveAttribute('href', '/edit-property/7');
    expect(within(tools).getByRole('link', { name: 'Statistics' })).toHaveAttribute(
      'href',
      '/dashboard/properties/7/stats',
    );
    expect(screen.queryByTestId('inquiry-form')).toBeNull();
  });

  it('keeps them on a sold listing; a visitor or another user never sees them', async () => {
    serveListing({ status: 'sold' });
    const owner = await openListing({ login: signedIn({ id: 42, email: OWNER.email }) });
    expect(screen.getByRole('link', { name: 'Edit listing' })).toBeInTheDocument();
    owner.unmount();

    serveListing();
    const other = await openListing({ login: signedIn({ id: 5, email: 'buyer@example.com' }) });
    expect(screen.queryByRole('region', { name: 'Your listing' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit listing' })).toBeNull();
    other.unmount();

    serveListing();
    await openListing();
    expect(screen.queryByRole('link', { name: 'Edit listing' })).toBeNull();
  });
});
