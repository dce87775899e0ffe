import type { ListingStats, OwnerStats, StatsDay } from '@baan/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, type Route, stubFetch } from '../../../test/http';
import { renderApp } from '../../../test/render-app';
import { signedIn } from '../../../test/users';
import { formatDay } from '../lib/format';

vi.setConfig({ testTimeout: 30_000 });

const SESSION = { login: signedIn() };

const ok = (payload: unknown) => jsonResponse(200, { success: true, payload });
const get =
  (path: string, payload: (url: URL) => unknown): Route =>
  (request, url) =>
    request.method === 'GET' && url.pathname === path ? ok(payload(url)) : undefined;

/** `count` Bangkok days ending 2026-03-31, oldest first; `figures(i)` gives day i's numbers. */
function daysOf(count: number, figures: (i: number) => Partial<StatsDay> = () => ({})): StatsDay[] {
  const end = Date.UTC(2026, 2, 31);
  return Array.from({ length: count }, (_, i) => ({
    date: new Date(end - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10),
    views: 0,
    visitors: 0,
    contact_clicks: 0,
    inquiries: 0,
    favorites: 0,
    viewings: 0,
    ...figures(i),
  }));
}

/** A listing's statistics whose totals are the sums of its days. */
function statsOf(days: StatsDay[], clicks = { phone: 0, email: 0, line: 0 }): ListingStats {
  const sum = (key: keyof Omit<StatsDay, 'date'>) => days.reduce((n, day) => n + day[key], 0);
  return {
    totals: {
      views: sum('views'),
      visitors: sum('visitors'),
      contact_clicks: sum('contact_clicks'),
      inquiries: sum('inquiries'),
      favorites: sum('favorites'),
      viewings: sum('viewings'),
      clicks,
    },
    days,
  };
}

/** Busy days: views 2·i, visitors i, a click every third day, an inquiry on the last day. */
const busy = (count: number) =>
  statsOf(
    daysOf(count, (i) => ({
      views: 2 * i,
      visitors: i,
      contact_clicks: i % 3 === 0 ? 1 : 0,
      inquiries: i === count - 1 ? 1 : 0,
      viewings: i === count - 2 ? 3 : 0,
    })),
    { phone: 3, email: 1, line: Math.ceil(count / 3) - 4 },
  );

const OWN_LISTINGS = get('/api/user/properties', () => [
  {
    id: 5,
    title: 'Riverside condo',
    type: 'rent',
    location: 'Bangkok',
    price: 25_000,
    cover_image: null,
    is_featured: 0,
    images: [],
    status: 'active',
  },
]);

/** The figure a total shows, by its label (the totals come first; the overview's listings repeat the labels). */
const total = (label: string) => screen.getAllByText(label, { selector: 'dt' })[0]?.parentElement as HTMLElement;

beforeEach(() => {
  Object.defineProperty(window, 'innerWidth', { value: 1280, configurable: true, writable: true });
});

describe('listing statistics', () => {
  it('shows the totals and the daily charts of the period in the address, then switches to 7 days', async () => {
    const { requests } = stubFetch(
      get('/api/user/properties/5/stats', (url) => busy(Number(url.searchParams.get('days')))),
      OWN_LISTINGS,
    );
    const { router } = await renderApp('/dashboard/properties/5/stats?days=90', SESSION);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Statistics: Riverside condo' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    // 90 days: views 0+2+…+178, visitors 0+1+…+89.
    await waitFor(() => expect(total('Views')).toHaveTextContent('8,010'));
    expect(total('Visitors')).toHaveTextContent('4,005');
    expect(total('Contact clicks')).toHaveTextContent('30');
    expect(total('Contact clicks')).toHaveTextContent('Phone 3 · E-mail 1 · LINE 26');
    expect(total('Inquiries')).toHaveTextContent('1');
    expect(total('Favourites')).toHaveTextContent('0');
    // Viewing requests (ADR 035): three on the day before the last.
    expect(total('Viewing requests')).toHaveTextContent('3');

    const traffic = screen.getByRole('img', { name: 'Views and visitors per day' });
    expect(traffic).toHaveAccessibleDescription(
      `Last 90 days in all: views 8,010, visitors 4,005. Busiest day: ${formatDay('2026-03-31', 'en', 'long')} (views: 178).`,
    );
    const lines = traffic.querySelectorAll('polyline');
    expect(lines).toHaveLength(2);
    expect(lines[0]?.getAttribute('points')?.split(' ')).toHaveLength(90);
    expect(screen.getByRole('img', { name: 'Contact clicks and inquiries per day' })).toBeInTheDocument();
    // The same figures as a table, newest day first, dates in the reader's language.
    const table = screen.getByRole('table', { name: 'Figures per day, last 90 days, newest first' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(91);
    expect(rows[1]).toHaveTextContent(formatDay('2026-03-31', 'en', 'long'));
    expect(rows[1]).toHaveTextContent('178');
    expect(within(table).getByRole('columnheader', { name: 'Viewing requests' })).toBeInTheDocument();
    expect(
      within(rows[2] as HTMLElement)
        .getAllByRole('cell')
        .at(-1),
    ).toHaveTextContent('3');
    expect(
      within(rows[1] as HTMLElement)
        .getAllByRole('cell')
        .at(-1),
    ).toHaveTextContent('0');

    const periods = screen.getByRole('navigation', { name: 'Period' });
    expect(within(periods).getByRole('link', { name: '90 days' })).toHaveAttribute('aria-current', 'true');
    const user = userEvent.setup({ delay: null });
    await user.click(within(periods).getByRole('link', { name: '7 days' }));
    await waitFor(() => expect(total('Views')).toHaveTextContent('42'));
    expect(router.state.location.search).toBe('?days=7');
    expect(within(periods).getByRole('link', { name: '7 days' })).toHaveAttribute('aria-current', 'true');
    const asked = requests
      .map((request) => new URL(request.url))
      .filter((url) => url.pathname === '/api/user/properties/5/stats')
      .map((url) => url.searchParams.get('days'));
    expect(asked).toEqual(['90', '7']);
    expect(
      requests.find((r) => new URL(r.url).pathname === '/api/user/properties/5/stats')?.headers.get('Authorization'),
    ).toBe('Bearer test-token');
    expect(screen.getByRole('link', { name: 'Back to my listings' })).toHaveAttribute('href', '/dashboard/properties');
  });

  it('asks for 30 days when the address names no period, and says so when nothing happened', async () => {
    const { requests } = stubFetch(
      get('/api/user/properties/5/stats', () => statsOf(daysOf(30))),
      OWN_LISTINGS,
    );
    await renderApp('/dashboard/properties/5/stats', SESSION);
    expect(
      await screen.findByText(
        'Nothing recorded in the last 30 days yet. Figures appear here as soon as visitors open the listing.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
    expect(total('Views')).toHaveTextContent('0');
    expect(screen.queryByRole('img', { name: 'Views and visitors per day' })).not.toBeInTheDocument();
    const stats = requests.find((r) => new URL(r.url).pathname === '/api/user/properties/5/stats');
    expect(new URL(stats?.url ?? '').searchParams.get('days')).toBe('30');
  });

  it('shows a listing that is not the owner’s as not found, in the reader’s language, with a retry', async () => {
    stubFetch((request, url) =>
      url.pathname === '/api/user/properties/8/stats'
        ? jsonResponse(404, { success: false, message: 'Listing not found.' })
        : request.method === 'GET' && url.pathname === '/api/user/properties'
          ? ok([])
          : undefined,
    );
    await renderApp('/th/dashboard/properties/8/stats?days=7', SESSION);
    expect(await screen.findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent(
      'ไม่พบประกาศนี้ หรือประกาศนี้ไม่ใช่ของคุณ',
    );
    expect(screen.getByRole('button', { name: 'ลองอีกครั้ง' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'สถิติประกาศ' })).toBeInTheDocument();
  });
});

describe('dashboard overview', () => {
  const listing = (id: number, views: number): OwnerStats['listings'][number] => ({
    id,
    title: `Listing ${id}`,
    status: id === 3 ? 'sold' : 'active',
    views,
    contact_clicks: id,
    inquiries: 0,
  });

  it('sums up every listing, charts the days and links the most viewed to their statistics', async () => {
    const { requests } = stubFetch(
      get('/api/user/stats', (url) => {
        const days = Number(url.searchParams.get('days'));
        return {
          ...busy(days),
          listings: [listing(1, 5), listing(2, 40), listing(3, 90), listing(4, 0), listing(5, 12), listing(6, 7)],
        } satisfies OwnerStats;
      }),
    );
    await renderApp('/dashboard', SESSION);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Your listings at a glance' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(total('Views')).toHaveTextContent('870'));
    expect(total('Inquiries')).toHaveTextContent('1');
    expect(screen.getByRole('img', { name: 'Views and visitors per day' })).toBeInTheDocument();

    const top = screen.getByRole('heading', { name: 'Most viewed listings' }).parentElement as HTMLElement;
    const items = within(top).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('link').getAttribute('aria-label'))).toEqual([
      'Statistics for Listing 3',
      'Statistics for Listing 2',
      'Statistics for Listing 5',
      'Statistics for Listing 6',
      'Statistics for Listing 1',
    ]);
    expect(items[0]).toHaveTextContent('Sold');
    expect(within(top).getByRole('link', { name: 'Statistics for Listing 3' })).toHaveAttribute(
      'href',
      '/dashboard/properties/3/stats?days=30',
    );

    const user = userEvent.setup({ delay: null });
    const periods = screen.getByRole('navigation', { name: 'Period' });
    expect(
      within(periods)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['7 days', '30 days']);
    await user.click(within(periods).getByRole('link', { name: '7 days' }));
    await waitFor(() => expect(total('Views')).toHaveTextContent('42'));
    expect(within(top).getByRole('link', { name: 'Statistics for Listing 3' })).toHaveAttribute(
      'href',
      '/dashboard/properties/3/stats?days=7',
    );
    const asked = requests
      .map((request) => new URL(request.url))
      .filter((url) => url.pathname === '/api/user/stats')
      .map((url) => url.searchParams.get('days'));
    expect(asked).toEqual(['30', '7']);
    // What was there already stays.
    expect(screen.getByRole('heading', { level: 1, name: /Somchai Jaidee/ })).toBeInTheDocument();
  });

  it('invites an owner without listings to add one', async () => {
    stubFetch(get('/api/user/stats', () => ({ ...statsOf(daysOf(30)), listings: [] })));
    await renderApp('/dashboard', SESSION);
    expect(
      await screen.findByText(
        'You have no listings yet. Statistics start with your first listing.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a listing' })).toHaveAttribute('href', '/add-property');
  });
});
