import type { SavedSearch } from '@baan/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetStations } from '../../../lib/stations';
import { emptyCatalogue, jsonResponse, type Route, stubFetch } from '../../../test/http';
import { renderApp } from '../../../test/render-app';
import { makeUser, signedIn } from '../../../test/users';

vi.setConfig({ testTimeout: 30_000 });

const saved = (overrides: Partial<SavedSearch>): SavedSearch => ({
  id: 1,
  name: 'Condos in Bangkok',
  query: 'location=Bangkok&sub_type=condo&type=sale',
  frequency: 'daily',
  notify_price_drops: false,
  created_at: '2026-11-01T08:00:00.000Z',
  last_sent_at: null,
  ...overrides,
});

/** POST /api/user/saved-searches answers `answer`; GET lists `list`; DELETE /{id} answers 204 and drops it. */
function savedSearches(list: SavedSearch[], answer?: () => Response) {
  const current = [...list];
  const route: Route = (request, url) => {
    if (url.pathname === '/api/user/saved-searches') {
      if (request.method === 'GET') return jsonResponse(200, { success: true, payload: current });
      if (request.method === 'POST') {
        return answer?.() ?? jsonResponse(201, { success: true, payload: saved({ id: 99 }) });
      }
    }
    const match = /^\/api\/user\/saved-searches\/(\d+)$/.exec(url.pathname);
    if (match && request.method === 'DELETE') {
      const at = current.findIndex((s) => s.id === Number(match[1]));
      if (at < 0) return jsonResponse(404, { success: false, message: 'This saved search does not exist.' });
      current.splice(at, 1);
      return new Response(null, { status: 204 });
    }
    return undefined;
  };
  return { route, current };
}

const ASOK = {
  id: 'bts-asok',
  name_en: 'Asok',
  name_th: 'อโศก',
  line: 'bts-sukhumvit',
  lines: ['bts-sukhumvit'],
  system: 'BTS',
  lat: 13.7371,
  lon: 100.5603,
};

/** GET /api/stations: the gazetteer, here one station. */
const stationList: Route = (request, url) =>
  request.method === 'GET' && url.pathname === '/api/stations'
    ? jsonResponse(200, { success: true, payload: [ASOK] })
    : undefined;

// Every station is loaded once per page load: each test starts without them.
beforeEach(() => forgetStations());

const SEARCH = '/Quick?type=sale&location=Bangkok&min_price=2000000&page=2&sort=price_asc';

describe('Save this search', () => {
  it('posts the page’s filters (no page or sort) with the name and frequency, then offers the list', async () => {
    const api = savedSearches([]);
    const { bodies, posts } = stubFetch(api.route, emptyCatalogue);
    await renderApp(SEARCH, { login: signedIn() });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Save this search' }, { timeout: 15_000 }));

    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    const name = within(dialog).getByRole('textbox', { name: 'Name of the search' });
    expect(name).toHaveValue('For sale, in Bangkok, from 2,000,000 THB');
    expect(within(dialog).getByRole('group', { name: 'How often should we e-mail you?' })).toBeVisible();
    expect(within(dialog).getByRole('radio', { name: 'Once a day' })).toBeChecked();
    await user.clear(name);
    await user.type(name, 'Bangkok homes');
    await user.click(within(dialog).getByRole('radio', { name: 'Once a week' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));

    expect(await screen.findByText('Search saved. We will e-mail you new matches.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Manage saved searches' })).toHaveAttribute(
      'href',
      '/dashboard/saved-searches',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts().map((r) => new URL(r.url).pathname)).toEqual(['/api/user/saved-searches']);
    expect(bodies).toEqual([
      {
        name: 'Bangkok homes',
        query: 'type=sale&location=Bangkok&min_price=2000000',
        frequency: 'weekly',
        notify_price_drops: false,
      },
    ]);
  });

  it('asks to be told of price drops when the person ticks it, with the price-drop filter kept in the search', async () => {
    const api = savedSearches([]);
    const { bodies } = stubFetch(api.route, emptyCatalogue);
    await renderApp('/Quick?type=sale&price_drop=1&project=noble-ploenchit-demo', { login: signedIn() });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Save this search' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Also tell me about price drops' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    expect(await screen.findByText('Search saved. We will e-mail you new matches.')).toBeVisible();
    expect(bodies).toEqual([
      expect.objectContaining({
        query: 'type=sale&project=noble-ploenchit-demo&price_drop=1',
        frequency: 'daily',
        notify_price_drops: true,
      }),
    ]);
  });

  it('proposes a name with the station’s name once the stations arrive; what the person types stays', async () => {
    const api = savedSearches([]);
    const { bodies } = stubFetch(api.route, stationList, emptyCatalogue);
    await renderApp('/Quick?station=bts-asok&within_m=500', { login: signedIn() });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Save this search' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    const name = within(dialog).getByRole('textbox', { name: 'Name of the search' });
    await waitFor(() => expect(name).toHaveValue('Within 500 m of station BTS Asok'));
    await user.type(name, ' (work)');
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ name: 'Within 500 m of station BTS Asok (work)' });
  });

  it('shows the API’s refusal in the page’s language, and keeps the dialog open', async () => {
    const api = savedSearches([], () =>
      jsonResponse(409, {
        success: false,
        message: 'You can keep at most 20 saved searches. Delete one to save another.',
      }),
    );
    stubFetch(api.route, emptyCatalogue);
    await renderApp('/th/Quick?type=rent', { login: signedIn() });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'บันทึกการค้นหานี้' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'บันทึกการค้นหานี้' });
    expect(within(dialog).getByRole('textbox', { name: 'ชื่อการค้นหา' })).toHaveValue('ให้เช่า');
    await user.click(within(dialog).getByRole('button', { name: 'บันทึกการค้นหา' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'คุณบันทึกการค้นหาได้สูงสุด 20 รายการ โปรดลบรายการหนึ่งก่อนบันทึกใหม่',
    );
  });

  it('asks for a name before posting anything', async () => {
    const { posts } = stubFetch(savedSearches([]).route, emptyCatalogue);
    await renderApp('/Quick', { login: signedIn() });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Save this search' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    expect(within(dialog).getByRole('textbox', { name: 'Name of the search' })).toHaveValue('All listings');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Name of the search' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Give the search a name.');
    expect(posts()).toEqual([]);
  });

  it('sends a visitor to log in, and back on the same search opens the dialog again', async () => {
    const login: Route = (request, url) =>
      request.method === 'POST' && url.pathname === '/api/login'
        ? jsonResponse(200, {
            success: true,
            message: 'Login successful!',
            payload: { user: makeUser(), token: 'jwt-1' },
          })
        : undefined;
    const { posts } = stubFetch(login, savedSearches([]).route, emptyCatalogue);
    const { router } = await renderApp(SEARCH);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Save this search' }, { timeout: 15_000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(posts()).toEqual([]);

    await user.type(await screen.findByLabelText('E-mail', {}, { timeout: 15_000 }), 'somchai@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret#Pass1');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' }, { timeout: 15_000 });
    expect(router.state.location.pathname + router.state.location.search).toBe(SEARCH);
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    await waitFor(() => expect(posts().map((r) => new URL(r.url).pathname)).toContain('/api/user/saved-searches'));
  });
});

describe('/dashboard/saved-searches', () => {
  it('lists the searches with their filters in words, runs one and deletes one after confirming', async () => {
    const api = savedSearches([
      saved({}),
      saved({
        id: 2,
        name: 'Near BTS',
        query: 'station=bts-asok&within_m=500',
        frequency: 'instant',
        last_sent_at: '2026-11-20T09:30:00.000Z',
      }),
    ]);
    const { requests } = stubFetch(api.route, stationList);
    await renderApp('/dashboard/saved-searches', { login: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Saved searches' }, { timeout: 15_000 })).toBeVisible();
    const list = await screen.findByRole('list', { name: 'Saved searches' });
    const first = within(list).getByRole('article', { name: 'Condos in Bangkok' });
    expect(first).toHaveTextContent('For sale · Condo · in Bangkok');
    expect(first).toHaveTextContent('Daily');
    expect(first).toHaveTextContent('None yet');
    expect(within(first).getByRole('link', { name: 'Run the search “Condos in Bangkok”' })).toHaveAttribute(
      'href',
      '/Quick?location=Bangkok&sub_type=condo&type=sale',
    );
    const second = within(list).getByRole('article', { name: 'Near BTS' });
    // The saved query holds the station's id; the page names it.
    await waitFor(() => expect(second).toHaveTextContent('within 500 m of station BTS Asok'));
    expect(second).not.toHaveTextContent('bts-asok');
    expect(second).toHaveTextContent('Instant');
    expect(second).not.toHaveTextContent('None yet');

    const user = userEvent.setup({ delay: null });
    await user.click(within(first).getByRole('button', { name: 'Delete the search “Condos in Bangkok”' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete this saved search?' });
    expect(confirm).toHaveTextContent('“Condos in Bangkok” will send you no more e-mails.');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(list).queryByRole('article', { name: 'Condos in Bangkok' })).toBeNull());
    expect(within(list).getByRole('article', { name: 'Near BTS' })).toBeVisible();
    expect(
      requests
        .filter((r) => r.method === 'DELETE')
        .map((r) => `${new URL(r.url).pathname} ${r.headers.get('Authorization')}`),
    ).toEqual(['/api/user/saved-searches/1 Bearer test-token']);
    expect(api.current.map((s) => s.id)).toEqual([2]);
  });

  it('shows the id when the station list cannot load, and names the station in Thai for a Thai reader', async () => {
    const query = 'station=bts-asok&within_m=1000';
    const { requests } = stubFetch(savedSearches([saved({ id: 3, name: 'Near BTS', query })]).route);
    await renderApp('/dashboard/saved-searches', { login: signedIn() });
    const article = await screen.findByRole('article', { name: 'Near BTS' }, { timeout: 15_000 });
    await waitFor(() => expect(requests.some((r) => new URL(r.url).pathname === '/api/stations')).toBe(true));
    expect(article).toHaveTextContent('within 1,000 m of station bts-asok');
    cleanup();

    // The failed load is not kept: the next page asks again.
    stubFetch(savedSearches([saved({ id: 3, name: 'ใกล้ BTS', query })]).route, stationList);
    await renderApp('/th/dashboard/saved-searches', { login: signedIn() });
    const thai = await screen.findByRole('article', { name: 'ใกล้ BTS' }, { timeout: 15_000 });
    await waitFor(() => expect(thai).toHaveTextContent('ภายใน 1,000 ม. จากสถานี BTS อโศก'));
  });

  it('cancelling the confirmation deletes nothing; an empty list points to the search', async () => {
    const { requests } = stubFetch(savedSearches([saved({})]).route);
    await renderApp('/dashboard/saved-searches', { login: signedIn() });
    const user = userEvent.setup({ delay: null });
    await user.click(
      await screen.findByRole('button', { name: 'Delete the search “Condos in Bangkok”' }, { timeout: 15_000 }),
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE')).toEqual([]);
  });

  it('says when there are none', async () => {
    stubFetch(savedSearches([]).route);
    await renderApp('/dashboard/saved-searches', { login: signedIn() });
    expect(await screen.findByText('You have no saved searches yet.', {}, { timeout: 15_000 })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Search listings' })).toHaveAttribute('href', '/Quick');
  });
});
