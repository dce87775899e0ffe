import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { signedIn } from '../../../test/users';
import { eventStream, message, ok, stubFetch, summary } from './helpers';

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => vi.unstubAllGlobals());

const SESSION = { login: signedIn() };

type Unread = { inbox: number; sent: number };
const boxPage = (items: ReturnType<typeof summary>[], unread: Unread, total = items.length, page = 1) =>
  ok({ items, total, page, per_page: 20, unread });

const listUrls = (requests: Request[]) =>
  requests.map((r) => new URL(r.url)).filter((u) => u.pathname === '/api/user/conversations');

async function open(path = '/dashboard/messages') {
  const view = await renderApp(path, SESSION);
  await screen.findByRole('heading', { level: 1, name: 'Messages' }, { timeout: 15_000 });
  return view;
}

describe('Messages inbox', () => {
  it('lists the threads: cover, listing, other party, time and the unread marker; tabs and sidebar count unread', async () => {
    const events = eventStream();
    stubFetch(events.route, (_request, url) =>
      url.pathname === '/api/user/conversations'
        ? url.searchParams.get('box') === 'sent'
          ? boxPage([], { inbox: 3, sent: 1 })
          : boxPage(
              [
                summary(11, { unread: 3 }),
                summary(12, { last_message: { excerpt: '<b>Sure</b>, Sunday', mine: true, files: 2 } }),
                summary(13, { last_message: null }),
              ],
              { inbox: 3, sent: 1 },
            )
        : undefined,
    );
    const { container } = await open();
    const list = await screen.findByRole('list', { name: 'Inbox' });
    const rows = within(list).getAllByRole('link');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveAttribute('href', '/dashboard/messages/11');
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('Person 11')).toBeInTheDocument();
    expect(first.getByText('Listing 11')).toBeInTheDocument();
    expect(first.getByText('3 unread')).toBeInTheDocument();
    expect(first.getByText(/Nov 20, 2026/).tagName).toBe('TIME');
    expect(rows[0]?.querySelector('img')).toHaveAttribute('src', '/uploads/11.webp');
    expect(within(rows[1] as HTMLElement).queryByTestId('unread')).not.toBeInTheDocument();
    // The newest message's first words: as text (never HTML), "You:" when the reader wrote it, its files counted.
    expect(first.getByTestId('preview')).toHaveTextContent(/^Hello from 11$/);
    const mine = within(rows[1] as HTMLElement).getByTestId('preview');
    expect(mine).toHaveTextContent(/^You: <b>Sure<\/b>, Sunday · 2 files$/);
    expect(mine.querySelector('b')).toBeNull();
    expect(within(rows[2] as HTMLElement).queryByTestId('preview')).not.toBeInTheDocument();
    // The tabs: each box's unread count.
    const tabs = within(screen.getByRole('navigation', { name: 'Message boxes' }));
    expect(tabs.getByRole('button', { name: /Inbox.*3 unread/ })).toHaveAttribute('aria-current', 'page');
    expect(tabs.getByRole('button', { name: /Sent.*1 unread/ })).toBeInTheDocument();
    // The dashboard navigation: a link with both boxes' unread count.
    const sidebar = within(screen.getByRole('complementary', { name: 'Dashboard' }));
    const nav = sidebar.getByRole('link', { name: /^Messages/ });
    expect(nav).toHaveAttribute('href', '/dashboard/messages');
    expect(nav).toHaveTextContent('4 unread messages');
    expect(container).toBeTruthy();
  });

  it('switches to Sent (?box=sent) and says when it is empty', async () => {
    const events = eventStream();
    const api = stubFetch(events.route, (_request, url) =>
      url.pathname === '/api/user/conversations'
        ? url.searchParams.get('box') === 'sent'
          ? boxPage([], { inbox: 0, sent: 0 })
          : boxPage([summary(11)], { inbox: 0, sent: 0 })
        : undefined,
    );
    const user = userEvent.setup();
    const { router } = await open();
    await screen.findByRole('list', { name: 'Inbox' });
    await user.click(screen.getByRole('button', { name: 'Sent' }));
    expect(
      await screen.findByText(
        'You have not written to an owner yet. Send an inquiry from a listing and follow the answer here.',
      ),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('?box=sent');
    expect(listUrls(api.requests).some((u) => u.searchParams.get('box') === 'sent')).toBe(true);
  });

  it('pages through a long box (?page=2)', async () => {
    const events = eventStream();
    const api = stubFetch(events.route, (_request, url) => {
      if (url.pathname !== '/api/user/conversations') return undefined;
      const page = Number(url.searchParams.get('page'));
      return boxPage([summary(page === 2 ? 40 : 1)], { inbox: 0, sent: 0 }, 25, page);
    });
    const user = userEvent.setup();
    await open();
    await screen.findByText('Person 1');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Person 40')).toBeInTheDocument();
    expect(listUrls(api.requests).some((u) => u.searchParams.get('page') === '2')).toBe(true);
  });

  it('reloads the counts when a message arrives on the event stream, without a page reload', async () => {
    const events = eventStream();
    let unread = 0;
    const api = stubFetch(events.route, (_request, url) =>
      url.pathname === '/api/user/conversations'
        ? boxPage([summary(11, { unread })], { inbox: unread, sent: 0 })
        : undefined,
    );
    await open();
    await screen.findByText('Person 11');
    await waitFor(() => expect(events.connections()).toBe(1));
    expect(screen.queryByTestId('unread')).not.toBeInTheDocument();
    const before = listUrls(api.requests).length;
    unread = 1;
    events.send({ conversation_id: 11, message: message(99, { conversation_id: 11 }) });
    expect(await screen.findByTestId('unread')).toHaveTextContent('1 unread');
    expect(listUrls(api.requests).length).toBeGreaterThan(before);
    expect(
      within(screen.getByRole('complementary', { name: 'Dashboard' })).getByRole('link', { name: /^Messages/ }),
    ).toHaveTextContent('1 unread message');
    // One stream for the whole dashboard tab.
    expect(events.connections()).toBe(1);
  });

  it('stops reading the stream when the dashboard is left', async () => {
    const events = eventStream();
    stubFetch(events.route, (_request, url) =>
      url.pathname === '/api/user/conversations' ? boxPage([summary(11)], { inbox: 0, sent: 0 }) : undefined,
    );
    const { unmount } = await open();
    await waitFor(() => expect(events.connections()).toBe(1));
    expect(events.closed()).toBe(0);
    unmount();
    await waitFor(() => expect(events.closed()).toBe(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(events.connections()).toBe(1);
  });
});
