import type { PropertyStatus } from '@baan/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/http';
import { renderApp } from '../../../test/render-app';
import { signedIn } from '../../../test/users';
import type { OwnProperty } from '../api/my-properties-api';

// Issue 14: each card shows its status and review, changes the status, and links to edit, statistics and its page.
vi.setConfig({ testTimeout: 30_000 });

function listing(id: number, title: string, extra: Partial<OwnProperty> = {}): OwnProperty {
  return {
    id,
    title,
    type: 'sale',
    location: `Soi ${id}, Bangkok`,
    price: 3_000_000 + id,
    cover_image: null,
    is_featured: 0,
    status: 'active',
    review: 'approved',
    review_note: null,
    images: [],
    ...extra,
  };
}

/** GET /api/user/properties answers `list` as it stands; PATCH /api/property/{id} changes it (or answers `patch`). */
function serveList(list: OwnProperty[], patch?: () => Response) {
  return stubFetch((request, url) => {
    if (request.method === 'GET' && url.pathname === '/api/user/properties') {
      return jsonResponse(200, { success: true, payload: list });
    }
    const match = /^\/api\/property\/(\d+)$/.exec(url.pathname);
    if (request.method === 'PATCH' && match) {
      if (patch) return patch();
      return request.json().then((body: { status: PropertyStatus }) => {
        const own = list.find((p) => p.id === Number(match[1]));
        if (own) own.status = body.status;
        return jsonResponse(200, { success: true, message: 'Listing updated.', payload: { ...own } });
      });
    }
    return undefined;
  });
}

const card = (title: string) =>
  screen.getAllByRole('article').find((a) => within(a).queryByRole('heading', { name: title })) as HTMLElement;
const cardTitles = () => screen.queryAllByRole('article').map((a) => within(a).getByRole('heading').textContent);

async function open(path = '/dashboard/properties') {
  const view = await renderApp(path, { login: signedIn() });
  await screen.findByRole('heading', { level: 1, name: 'My Properties' }, { timeout: 15_000 });
  return view;
}

beforeEach(() => {
  Object.defineProperty(window, 'innerWidth', { value: 1280, configurable: true, writable: true });
});

describe('My properties: status and review', () => {
  it('shows each listing’s status and review, with the admin’s note on a rejection', async () => {
    serveList([
      listing(1, 'Active home'),
      listing(2, 'Paused home', { status: 'paused' }),
      listing(3, 'Sold home', { status: 'sold' }),
      listing(4, 'Rented flat', { type: 'rent', status: 'rented', price: 20_000 }),
      listing(5, 'Held home', { review: 'pending' }),
      listing(6, 'Rejected home', { review: 'rejected', review_note: 'The photos show another house.' }),
    ]);
    await open();
    await waitFor(() => expect(cardTitles()).toHaveLength(6));
    const badge = (title: string) => within(card(title)).getByTestId('status-badge').textContent;
    expect(['Active home', 'Paused home', 'Sold home', 'Rented flat'].map(badge)).toEqual([
      'Active',
      'Paused',
      'Sold',
      'Rented',
    ]);
    expect(within(card('Active home')).queryByTestId('review-badge')).toBeNull();
    expect(within(card('Held home')).getByTestId('review-badge')).toHaveTextContent('Waiting for review');
    expect(card('Held home')).toHaveTextContent('Baan checks this listing before it goes live.');
    expect(within(card('Rejected home')).getByTestId('review-badge')).toHaveTextContent('Rejected');
    expect(card('Rejected home')).toHaveTextContent('Reason: The photos show another house.');

    // Public pages: active, sold and rented when approved; the others say why they have none.
    const publicLink = (title: string) => within(card(title)).queryByRole('link', { name: `Public page: ${title}` });
    expect(publicLink('Active home')).toHaveAttribute('href', '/detail/1');
    expect(publicLink('Sold home')).toHaveAttribute('href', '/detail/3');
    expect(card('Sold home')).toHaveTextContent('Out of search; its page still opens and shows this status.');
    expect(publicLink('Rented flat')).toHaveAttribute('href', '/detail/4');
    expect(publicLink('Paused home')).toBeNull();
    expect(within(card('Paused home')).getByTestId('not-public')).toHaveTextContent(
      'Paused: visitors cannot open this listing.',
    );
    expect(publicLink('Held home')).toBeNull();
    expect(within(card('Held home')).getByTestId('not-public')).toHaveTextContent('Not public until Baan approves it.');
    expect(within(card('Rejected home')).getByTestId('not-public')).toHaveTextContent(
      'Not public: Baan did not approve it.',
    );
    // The title opens the public page only when there is one.
    expect(within(card('Paused home')).queryByRole('link', { name: 'Paused home' })).toBeNull();
  });

  it('shows a text edit waiting for review, and a refused one with the admin’s note, on a live listing (M5)', async () => {
    const edit = { description: null, submitted_at: '2026-05-01T08:00:00.000Z' };
    serveList([
      listing(1, 'Plain home'),
      listing(2, 'Waiting text', {
        text_edit: { ...edit, state: 'pending', title: 'Waiting text, new', note: null, decided_at: null },
      }),
      listing(3, 'Refused text', {
        text_edit: {
          ...edit,
          state: 'rejected',
          title: 'Call 081-234-5678',
          note: 'No phone numbers in the title.',
          decided_at: '2026-05-02T08:00:00.000Z',
        },
      }),
    ]);
    await open();
    await waitFor(() => expect(cardTitles()).toHaveLength(3));
    expect(within(card('Plain home')).queryByTestId('text-edit')).toBeNull();
    const waiting = within(card('Waiting text')).getByTestId('text-edit');
    expect(waiting).toHaveTextContent(
      'Your changed title or description waits for Baan’s review. Visitors see the approved text until then.',
    );
    const refused = within(card('Refused text')).getByTestId('text-edit');
    expect(refused).toHaveTextContent('Baan did not approve your changed title or description.');
    expect(refused).toHaveTextContent('Reason: No phone numbers in the title.');
    // The listing itself stays live: no review badge, and its public page is linked.
    for (const title of ['Waiting text', 'Refused text']) {
      expect(within(card(title)).queryByTestId('review-badge')).toBeNull();
      expect(within(card(title)).getByRole('link', { name: `Public page: ${title}` })).toBeInTheDocument();
    }
    // The refused text itself is not shown as the listing's title.
    expect(card('Refused text')).not.toHaveTextContent('081-234-5678');
  });

  it('links every card to its edit form and its statistics', async () => {
    serveList([listing(7, 'Garden house', { status: 'paused' })]);
    await open();
    const garden = await waitFor(() => card('Garden house'));
    expect(within(garden).getByRole('link', { name: 'Edit: Garden house' })).toHaveAttribute(
      'href',
      '/edit-property/7',
    );
    expect(within(garden).getByRole('link', { name: 'Statistics: Garden house' })).toHaveAttribute(
      'href',
      '/dashboard/properties/7/stats',
    );
  });

  it('changes the status with PATCH /api/property/{id} {status}, and the badge follows', async () => {
    const api = serveList([listing(1, 'Lake house'), listing(2, 'City flat')]);
    const user = userEvent.setup({ delay: null });
    await open();
    await waitFor(() => expect(cardTitles()).toHaveLength(2));
    const control = within(card('Lake house')).getByRole('combobox', { name: 'Status: Lake house' });
    expect(control).toHaveValue('active');
    expect(
      within(control)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Active', 'Paused', 'Sold', 'Rented']);

    await user.selectOptions(control, 'Sold');
    await waitFor(() => expect(within(card('Lake house')).getByTestId('status-badge')).toHaveTextContent('Sold'));
    const patch = api.requests.find((r) => r.method === 'PATCH');
    expect(new URL(patch?.url ?? '').pathname).toBe('/api/property/1');
    expect(patch?.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(patch?.headers.get('Authorization')).toBe('Bearer test-token');
    expect(api.bodies).toEqual([{ status: 'sold' }]);
    expect(await screen.findByText('“Lake house” is now: Sold.')).toBeInTheDocument();
    // The list is read again (the tag is invalidated) and still says sold.
    const listReads = () =>
      api.requests.filter((r) => r.method === 'GET' && new URL(r.url).pathname === '/api/user/properties');
    await waitFor(() => expect(listReads()).toHaveLength(2));
    expect(within(card('Lake house')).getByTestId('status-badge')).toHaveTextContent('Sold');
    expect(within(card('Lake house')).getByRole('combobox', { name: 'Status: Lake house' })).toHaveValue('sold');
    expect(within(card('City flat')).getByTestId('status-badge')).toHaveTextContent('Active');
  });

  it('says so and keeps the status when the change is refused', async () => {
    serveList([listing(1, 'Lake house')], () =>
      jsonResponse(409, { success: false, message: 'An admin has hidden this listing; its status cannot be changed.' }),
    );
    const user = userEvent.setup({ delay: null });
    await open();
    await waitFor(() => expect(cardTitles()).toHaveLength(1));
    await user.selectOptions(
      within(card('Lake house')).getByRole('combobox', { name: 'Status: Lake house' }),
      'Paused',
    );
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('alert')
          .some((a) => a.textContent === 'The status could not be changed. Please try again.'),
      ).toBe(true),
    );
    expect(within(card('Lake house')).getByTestId('status-badge')).toHaveTextContent('Active');
    expect(within(card('Lake house')).getByRole('combobox', { name: 'Status: Lake house' })).toHaveValue('active');
  });

  it('does not let the owner change a listing hidden by Baan, and says why', async () => {
    const api = serveList([listing(9, 'Hidden villa', { status: 'hidden' })]);
    await open();
    const hidden = await waitFor(() => card('Hidden villa'));
    const control = within(hidden).getByRole('combobox', { name: 'Status: Hidden villa' });
    expect(control).toBeDisabled();
    expect(control).toHaveValue('hidden');
    expect(control).toHaveAccessibleDescription(
      'Hidden by Baan: this listing does not appear in search. Contact support to ask why. Only Baan can show this listing again, so its status cannot be changed here.',
    );
    expect(within(hidden).queryByRole('link', { name: /^Public page/ })).toBeNull();
    expect(api.requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);
  });

  it('filters by the new statuses, in the address', async () => {
    serveList([
      listing(1, 'Active home'),
      listing(2, 'Sold home', { status: 'sold' }),
      listing(3, 'Rented flat', { type: 'rent', status: 'rented' }),
      listing(4, 'Paused home', { status: 'paused' }),
      listing(5, 'Another sold', { status: 'sold' }),
    ]);
    const user = userEvent.setup({ delay: null });
    const { router } = await open();
    await waitFor(() => expect(cardTitles()).toHaveLength(5));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Sold');
    expect(router.state.location.search).toBe('?status=sold');
    expect(cardTitles()).toEqual(['Sold home', 'Another sold']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Paused');
    expect(cardTitles()).toEqual(['Paused home']);
  });

  it('opens pre-filtered at ?status=rented', async () => {
    serveList([listing(1, 'Active home'), listing(3, 'Rented flat', { type: 'rent', status: 'rented' })]);
    await open('/dashboard/properties?status=rented');
    await waitFor(() => expect(cardTitles()).toEqual(['Rented flat']));
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('rented');
  });
});
