import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/http';
import { renderApp } from '../../../test/render-app';
import { signedIn } from '../../../test/users';
import type { OwnProperty } from '../api/my-properties-api';
import { pageSizeFor, usePageSize } from '../hooks/use-page-size';

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
    review: 'approved',
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
const HIDDEN_RENTAL = { ...listing(22, 'rent', 'Hidden loft', 15_000), status: 'hidden' as const };
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

const listOf = (payload: OwnProperty[]) => () => jsonResponse(200, { success: true, payload });

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true, writable: true });
}

const cardTitles = () => screen.queryAllByRole('article').map((card) => within(card).getByRole('heading').textContent);
const typeButton = (name: RegExp) =>
  within(screen.getByRole('group', { name: 'Listing type' })).getByRole('button', { name });
const address = (router: { state: { location: { pathname: string; search: string } } }) =>
  `${router.state.location.pathname}${router.state.location.search}`;

async function open(path = '/dashboard/properties') {
  const view = await renderApp(path, SESSION);
  await screen.findByRole('heading', { level: 1, name: 'My Properties' }, { timeout: 15_000 });
  return view;
}

beforeEach(() => setWidth(1280));

describe('My properties: one list of all the owner’s listings', () => {
  it('lists sales and rentals together, 6 a page, counted per type, with the bearer token', async () => {
    const requests = stubApi();
    await open();
    await waitFor(() => expect(cardTitles()).toHaveLength(6));
    expect(cardTitles()).toEqual(SALES.slice(0, 6).map((p) => p.title));
    const listRequest = requests.find((r) => new URL(r.url).pathname === '/api/user/properties');
    expect(listRequest?.headers.get('Authorization')).toBe('Bearer test-token');
    expect(typeButton(/^All/)).toHaveAccessibleName('All (10)');
    expect(typeButton(/^All/)).toHaveAttribute('aria-pressed', 'true');
    expect(typeButton(/^For sale/)).toHaveAccessibleName('For sale (8)');
    expect(typeButton(/^For rent/)).toHaveAccessibleName('For rent (2)');
    expect(screen.getByText('1–6 of 10')).toBeInTheDocument();

    const card = screen.getAllByRole('article')[0] as HTMLElement;
    expect(within(card).getByText('฿1,000,001')).toBeInTheDocument();
    expect(within(card).getByText('Sale')).toHaveClass('bg-green-700');
    expect(within(card).getByText('Soi 1, Bangkok')).toBeInTheDocument();
    const image = card.querySelector('img');
    expect(image).toHaveAttribute('src', '/uploads/p1-800.webp');
    expect(image).toHaveAttribute('srcset', '/uploads/p1-400.webp 400w, /uploads/p1-800.webp 800w');

    // The rentals are on page 2 of the same list.
    const user = userEvent.setup({ delay: null });
    await user.click(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', { name: 'Page 2' }));
    expect(cardTitles()).toEqual(['Sale home 7', 'Sale home 8', 'Riverside condo', 'Ari loft']);
  });

  it('links each card to its public page; a listing hidden by Baan has no public page and says so', async () => {
    stubApi({ list: listOf([RENTALS[0] as OwnProperty, HIDDEN_RENTAL]) });
    await open();
    await waitFor(() => expect(cardTitles()).toEqual(['Riverside condo', 'Hidden loft']));
    const [visibleCard, hiddenCard] = screen.getAllByRole('article') as HTMLElement[];
    expect(within(visibleCard as HTMLElement).getByRole('link', { name: 'Riverside condo' })).toHaveAttribute(
      'href',
      '/detail/20',
    );
    expect(visibleCard).not.toHaveTextContent('Hidden by Baan');
    expect(hiddenCard).toHaveTextContent('Hidden by Baan: this listing does not appear in search.');
    expect(within(hiddenCard as HTMLElement).queryByRole('link', { name: 'Hidden loft' })).toBeNull();
  });

  it.each([
    ['/dashboard/sellproperty', 'sale', /^For sale/, SALES.slice(0, 6).map((p) => p.title)],
    ['/dashboard/rentedproperty', 'rent', /^For rent/, ['Riverside condo', 'Ari loft']],
    ['/dashboard/buyproperty', 'rent', /^For rent/, ['Riverside condo', 'Ari loft']],
  ])('keeps the spec route %s as the list pre-set to %s', async (path, type, button, titles) => {
    stubApi();
    const { router } = await open(path);
    expect(address(router)).toBe(`/dashboard/properties?type=${type}`);
    await waitFor(() => expect(cardTitles()).toEqual(titles));
    expect(typeButton(button)).toHaveAttribute('aria-pressed', 'true');
    if (type === 'rent') {
      const card = screen.getAllByRole('article')[0] as HTMLElement;
      expect(within(card).getByText('Rent')).toHaveClass('bg-blue-700');
      expect(card).toHaveTextContent('฿25,000 / month');
    }
  });

  it('keeps a spec route’s other filters when it pre-sets the type', async () => {
    stubApi();
    const { router } = await open('/dashboard/sellproperty?q=home+8&type=rent');
    expect(address(router)).toBe('/dashboard/properties?type=sale&q=home+8');
    await waitFor(() => expect(cardTitles()).toEqual(['Sale home 8']));
  });

  it('keeps the type and status filters in the address: reload and back restore them', async () => {
    stubApi({ list: listOf([...SALES, ...RENTALS, HIDDEN_RENTAL]) });
    const user = userEvent.setup({ delay: null });
    const { router, unmount } = await open();
    await waitFor(() => expect(cardTitles()).toHaveLength(6));

    await user.click(typeButton(/^For rent/));
    expect(address(router)).toBe('/dashboard/properties?type=rent');
    expect(cardTitles()).toEqual(['Riverside condo', 'Ari loft', 'Hidden loft']);
    expect(typeButton(/^For rent/)).toHaveAttribute('aria-pressed', 'true');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Hidden by Baan');
    expect(address(router)).toBe('/dashboard/properties?type=rent&status=hidden');
    expect(cardTitles()).toEqual(['Hidden loft']);
    // The counts follow the other filters: one hidden listing, and it is a rental.
    expect(typeButton(/^All/)).toHaveAccessibleName('All (1)');
    expect(typeButton(/^For sale/)).toHaveAccessibleName('For sale (0)');

    await act(() => router.navigate(-1));
    expect(address(router)).toBe('/dashboard/properties?type=rent');
    expect(cardTitles()).toEqual(['Riverside condo', 'Ari loft', 'Hidden loft']);
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('');
    await act(() => router.navigate(-1));
    expect(cardTitles()).toHaveLength(6);
    unmount();

    // A reload is a fresh start at the same address.
    await open('/dashboard/properties?type=rent&status=active');
    await waitFor(() => expect(cardTitles()).toEqual(['Riverside condo', 'Ari loft']));
    expect(typeButton(/^For rent/)).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('active');
  });

  it('offers every status of the contract, and ignores a malformed filter in the address', async () => {
    stubApi();
    await open('/dashboard/properties?type=lease&status=gone&page=abc');
    await waitFor(() => expect(cardTitles()).toHaveLength(6));
    expect(typeButton(/^All/)).toHaveAttribute('aria-pressed', 'true');
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All statuses', 'Active', 'Paused', 'Sold', 'Rented', 'Hidden by Baan']);
    expect(status).toHaveValue('');
  });

  it('searches titles case-insensitively, in the address, and goes back to page 1', async () => {
    stubApi();
    const { router } = await open('/dashboard/properties?type=sale');
    const user = userEvent.setup({ delay: null });
    await waitFor(() => expect(cardTitles()).toHaveLength(6));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(cardTitles()).toEqual(['Sale home 7', 'Sale home 8']);
    expect(address(router)).toBe('/dashboard/properties?type=sale&page=2');

    const box = screen.getByRole('searchbox', { name: 'Search by title' });
    await user.type(box, 'HOME');
    expect(box).toHaveFocus();
    expect(box).toHaveValue('HOME');
    expect(address(router)).toBe('/dashboard/properties?type=sale&q=HOME');
    expect(cardTitles()).toHaveLength(6);
    expect(cardTitles()[0]).toBe('Sale home 1');

    await user.clear(box);
    await user.type(box, 'me 8');
    expect(cardTitles()).toEqual(['Sale home 8']);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();

    await user.type(box, 'zzz');
    expect(screen.getByRole('status')).toHaveTextContent('No properties found');
    // Typing replaced the address instead of stacking one entry per key: back leaves the search.
    await act(() => router.navigate(-1));
    expect(address(router)).toBe('/dashboard/properties?type=sale');
  });

  it('clears the filters from an empty result', async () => {
    stubApi({ list: listOf(RENTALS) });
    const user = userEvent.setup({ delay: null });
    const { router } = await open('/dashboard/properties?type=sale');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No properties found'));
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(address(router)).toBe('/dashboard/properties');
    expect(cardTitles()).toEqual(['Riverside condo', 'Ari loft']);
  });

  it('pages with the list heading in view and focused, keeping the page in the address', async () => {
    stubApi();
    const scrolledTo: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolledTo.push(this);
    });
    const user = userEvent.setup({ delay: null });
    const { router } = await open();
    await waitFor(() => expect(cardTitles()).toHaveLength(6));
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    const heading = screen.getByRole('heading', { level: 1, name: 'My Properties' });
    expect(heading).toHaveFocus();
    expect(scrolledTo).toEqual([heading]);
    expect(address(router)).toBe('/dashboard/properties?page=2');
  });
});

describe('My properties paging', () => {
  const many = Array.from({ length: 37 }, (_, i) => listing(i + 1, i % 3 === 0 ? 'rent' : 'sale', `Home ${i + 1}`));

  it('shows the last partial page: 37 listings at 6 a page end with 1 on page 7, and no next page', async () => {
    stubApi({ list: listOf(many) });
    await open('/dashboard/properties?page=7');
    await waitFor(() => expect(cardTitles()).toEqual(['Home 37']));
    expect(screen.getByText('37–37 of 37')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('button', { name: 'Page 7' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).queryByRole('button', { name: 'Page 8' })).toBeNull();
    expect(within(pages).getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('shows the last partial page at 4 a page under 1250 px: page 10 holds 1', async () => {
    setWidth(1249);
    stubApi({ list: listOf(many) });
    await open('/dashboard/properties?page=10');
    await waitFor(() => expect(cardTitles()).toEqual(['Home 37']));
    expect(screen.getByText('37–37 of 37')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('turns a page past the last one into the last page, in the address too', async () => {
    stubApi({ list: listOf(many) });
    const { router } = await open('/dashboard/properties?type=rent&page=99');
    // 13 rentals: 6, 6, 1.
    await waitFor(() => expect(address(router)).toBe('/dashboard/properties?type=rent&page=3'));
    expect(cardTitles()).toEqual(['Home 37']);
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows 4 a page under 1250 px and returns to page 1 on resize', async () => {
    setWidth(1000);
    stubApi();
    const { router } = await open('/dashboard/properties?type=sale');
    const user = userEvent.setup({ delay: null });
    await waitFor(() => expect(cardTitles()).toHaveLength(4));
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(cardTitles()).toEqual(['Sale home 5', 'Sale home 6', 'Sale home 7', 'Sale home 8']);

    act(() => {
      setWidth(1300);
      window.dispatchEvent(new Event('resize'));
    });
    await waitFor(() => expect(address(router)).toBe('/dashboard/properties?type=sale'));
    expect(cardTitles()).toEqual(SALES.slice(0, 6).map((p) => p.title));
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    act(() => {
      setWidth(1290);
      window.dispatchEvent(new Event('resize'));
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page'));
  });
});

describe('the page size at the 1250 px boundary', () => {
  it('is 4 below 1250 px and 6 from 1250 px on', () => {
    expect([320, 1249, 1250, 1251, 1920].map(pageSizeFor)).toEqual([4, 4, 6, 6, 6]);
  });

  it.each([
    [1249, 4],
    [1250, 6],
    [1251, 6],
  ])('usePageSize at %i px wide gives %i', (width, size) => {
    setWidth(width);
    const { result } = renderHook(() => usePageSize(() => {}));
    expect(result.current).toBe(size);
  });

  it('follows resizes across the boundary and reports each one', () => {
    setWidth(1251);
    const onResize = vi.fn();
    const { result } = renderHook(() => usePageSize(onResize));
    const resizeTo = (width: number) =>
      act(() => {
        setWidth(width);
        window.dispatchEvent(new Event('resize'));
      });
    resizeTo(1250);
    expect(result.current).toBe(6);
    resizeTo(1249);
    expect(result.current).toBe(4);
    resizeTo(1250);
    expect(result.current).toBe(6);
    expect(onResize).toHaveBeenCalledTimes(3);
  });
});

describe('My properties: deleting', () => {
  it('deletes after confirmation in an accessible dialog, then shows page 1 without the card', async () => {
    const requests = stubApi();
    const { router } = await open('/dashboard/properties?type=sale');
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
    await waitFor(() => expect(cardTitles()).toEqual(SALES.slice(0, 6).map((p) => p.title)));
    expect(address(router)).toBe('/dashboard/properties?type=sale');
    expect(screen.getByText('1–6 of 7')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'My Properties' })).toHaveFocus();
    // Removed locally: no second fetch of the list.
    expect(
      requests.filter((r) => r.method === 'GET' && new URL(r.url).pathname === '/api/user/properties'),
    ).toHaveLength(1);
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

    stubApi({ list: listOf([]) });
    await open();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No properties found'));
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });
});

describe('the dashboard navigation', () => {
  it('opens the one list from the sidebar and the overview, and marks it as the current page', async () => {
    stubApi();
    const user = userEvent.setup({ delay: null });
    const { router } = await renderApp('/dashboard', SESSION);
    const sidebar = await screen.findByRole('complementary', { name: 'Dashboard' });
    expect(screen.getByRole('link', { name: 'Manage my listings' })).toHaveAttribute('href', '/dashboard/properties');
    await user.click(within(sidebar).getByRole('link', { name: 'My Property' }));
    await screen.findByRole('heading', { level: 1, name: 'My Properties' });
    expect(address(router)).toBe('/dashboard/properties');
    expect(within(sidebar).getByRole('link', { name: 'My Property' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(cardTitles()).toHaveLength(6));
    await user.click(typeButton(/^For rent/));
    // Still the current page with a filter on.
    expect(within(sidebar).getByRole('link', { name: 'My Property' })).toHaveAttribute('aria-current', 'page');
  });
});
