import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/http';
import { renderApp } from '../../../test/render-app';
import { signedIn } from '../../../test/users';
import type { OwnProperty } from '../api/my-properties-api';

vi.setConfig({ testTimeout: 30_000 });

const SESSION = { login: signedIn() };

function listing(id: number, type: 'rent' | 'sale', title: string, price = 1_000_000 + id): OwnProperty {
  return {
    id,
    title,
    type,
    location: `Soi ${id}, Bangkok`,
    price,
    cover_image: `/uploads/p${id}-800.webp`,
    is_featured: 0,
    status: 'active',
    images: [
      {
        id: id * 10,
        image_path: `/uploads/p${id}-800.webp`,
        width: 800,
        height: 600,
        srcset: `/uploads/p${id}-400.webp 400w, /uploads/p${id}-800.webp 800w`,
      },
    ],
  };
}

const SALES = Array.from({ length: 8 }, (_, i) => listing(i + 1, 'sale', `Sale home ${i + 1}`));
const RENTALS = [listing(20, 'rent', 'Riverside condo', 25_000), listing(21, 'rent', 'Ari loft', 18_000)];

type Handler = (request: Request) => Response | Promise<Response>;

/** The only network the screen uses: GET /api/user/properties and DELETE /api/property/{id}. */
function stubApi({ list, remove }: { list?: Handler; remove?: Handler } = {}) {
  const requests: Request[] = [];
  const fetchMock = vi.fn(async (input: Request) => {
    requests.push(input);
    const { pathname } = new URL(input.url);
    if (input.method === 'GET' && pathname === '/api/user/properties') {
      return list ? list(input) : jsonResponse(200, { success: true, payload: [...SALES, ...RENTALS] });
    }
    if (input.method === 'DELETE' && pathname.startsWith('/api/property/')) {
      return remove
        ? remove(input)
        : jsonResponse(200, { success: true, payload: { id: Number(pathname.split('/').pop()) } });
    }
    return jsonResponse(404, { success: false, message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return requests;
}

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true, writable: true });
}

const cardTitles = () => screen.queryAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

async function open(path = '/dashboard/sellproperty') {
  const view = await renderApp(path, SESSION);
  await screen.findByRole('heading', { level: 1, name: 'My Properties' }, { timeout: 15_000 });
  return view;
}

beforeEach(() => setWidth(1280));

describe('My properties', () => {
  it('lists the sale listings for /dashboard/sellproperty, 6 a page, with the bearer token', async () => {
    const requests = stubApi();
    await open();
    await waitFor(() => expect(cardTitles()).toHaveLength(6));
    expect(cardTitles()).toEqual(SALES.slice(0, 6).map((p) => p.title));
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer test-token');

    const card = screen.getAllByRole('article')[0] as HTMLElement;
    expect(within(card).getByText('฿1,000,001')).toBeInTheDocument();
    expect(within(card).getByText('Sale')).toHaveClass('bg-green-700');
    expect(within(card).getByText('Soi 1, Bangkok')).toBeInTheDocument();
    const image = card.querySelector('img');
    expect(image).toHaveAttribute('src', '/uploads/p1-800.webp');
    expect(image).toHaveAttribute('srcset', '/uploads/p1-400.webp 400w, /uploads/p1-800.webp 800w');

    const user = userEvent.setup({ delay: null });
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    await user.click(within(pages).getByRole('button', { name: 'Page 2' }));
    expect(cardTitles()).toEqual(['Sale home 7', 'Sale home 8']);
    expect(within(pages).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows rent listings (blue badge, per month) for buyproperty and rentedproperty', async () => {
    stubApi();
    await open('/dashboard/rentedproperty');
    await waitFor(() => expect(cardTitles()).toEqual(['Riverside condo', 'Ari loft']));
    const card = screen.getAllByRole('article')[0] as HTMLElement;
    expect(within(card).getByText('Rent')).toHaveClass('bg-blue-700');
    expect(card).toHaveTextContent('฿25,000 / month');
  });

  it('tells the owner when Baan has hidden a listing from search', async () => {
    const hidden = { ...listing(22, 'rent', 'Hidden loft', 15_000), status: 'hidden' as const };
    stubApi({ list: () => jsonResponse(200, { success: true, payload: [RENTALS[0], hidden] }) });
    await open('/dashboard/rentedproperty');
    await waitFor(() => expect(cardTitles()).toEqual(['Riverside condo', 'Hidden loft']));
    const [visibleCard, hiddenCard] = screen.getAllByRole('article') as HTMLElement[];
    expect(hiddenCard).toHaveTextContent('Hidden by Baan: this listing does not appear in search.');
    expect(visibleCard).not.toHaveTextContent('Hidden by Baan');
  });

  it('searches titles case-insensitively and goes back to page 1', async () => {
    stubApi();
    await open();
    const user = userEvent.setup({ delay: null });
    await waitFor(() => expect(cardTitles()).toHaveLength(6));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(cardTitles()).toEqual(['Sale home 7', 'Sale home 8']);

    await user.type(screen.getByRole('searchbox', { name: 'Search by title' }), 'HOME');
    expect(cardTitles()).toHaveLength(6);
    expect(cardTitles()[0]).toBe('Sale home 1');

    await user.clear(screen.getByRole('searchbox', { name: 'Search by title' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search by title' }), 'me 8');
    expect(cardTitles()).toEqual(['Sale home 8']);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search by title' }), 'zzz');
    expect(screen.getByRole('status')).toHaveTextContent('No properties found');
  });

  it('shows 4 a page under 1250 px and returns to page 1 on resize', async () => {
    setWidth(1000);
    stubApi();
    await open();
    const user = userEvent.setup({ delay: null });
    await waitFor(() => expect(cardTitles()).toHaveLength(4));
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(cardTitles()).toEqual(['Sale home 5', 'Sale home 6', 'Sale home 7', 'Sale home 8']);

    act(() => {
      setWidth(1300);
      window.dispatchEvent(new Event('resize'));
    });
    expect(cardTitles()).toEqual(SALES.slice(0, 6).map((p) => p.title));
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    act(() => {
      setWidth(1290);
      window.dispatchEvent(new Event('resize'));
    });
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  });

  it('deletes after confirmation in an accessible dialog, then shows page 1 without the card', async () => {
    const requests = stubApi();
    await open();
    const user = userEvent.setup({ delay: null });
    await waitFor(() => expect(cardTitles()).toHaveLength(6));
    await user.click(screen.getByRole('button', { name: 'Page 2' }));

    const trigger = screen.getByRole('button', { name: 'Delete Sale home 8' });
    await user.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Delete this property?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('“Sale home 8” and its photos will be removed. This cannot be undone.');
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    expect(cancel).toHaveFocus();
    // Focus stays inside.
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveFocus();

    // Escape cancels and gives focus back to the card's button; nothing was deleted.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);

    await user.click(trigger);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const deletion = requests.find((r) => r.method === 'DELETE');
    expect(new URL(deletion?.url ?? '').pathname).toBe('/api/property/8');
    expect(deletion?.headers.get('Authorization')).toBe('Bearer test-token');
    expect(cardTitles()).toEqual(SALES.slice(0, 6).map((p) => p.title));
    expect(screen.getByText('1–6 of 7')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'My Properties' })).toHaveFocus();
    // Removed locally: no second fetch of the list.
    expect(requests.filter((r) => r.method === 'GET')).toHaveLength(1);
  });

  it("says 'Failed to delete property' when the delete fails and keeps the card", async () => {
    stubApi({ remove: () => jsonResponse(403, { success: false, message: 'Not yours' }) });
    await open();
    const user = userEvent.setup({ delay: null });
    await waitFor(() => expect(cardTitles()).toHaveLength(6));
    await user.click(screen.getByRole('button', { name: 'Delete Sale home 1' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').some((a) => a.textContent === 'Failed to delete property')).toBe(true),
    );
    expect(cardTitles()).toContain('Sale home 1');
  });

  it('shows the loading, error and empty states', async () => {
    let answer: (response: Response) => void = () => {};
    stubApi({ list: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const first = await open();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your properties…');
    act(() => answer(jsonResponse(500, { success: false, message: 'Internal error' })));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch properties');
    first.unmount();

    stubApi({ list: () => jsonResponse(200, { success: true, payload: RENTALS }) });
    await open('/dashboard/sellproperty');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No properties found'));
  });
});
