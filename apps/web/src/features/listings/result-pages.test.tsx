import type { Property } from '@baan/contract';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/http';
import { makeProperty } from '../../test/properties';
import { renderApp } from '../../test/render-app';
import { CHUNK, FIRST, restChunks } from './components/ListingCollection';

// Lazy route chunks plus grids of cards take more than the default second on a busy two-core machine.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 40_000 });
afterEach(() => vi.unstubAllGlobals());

/**
 * GET /api/properties as the server answers it, over a fixed catalogue: type and featured filters, price_asc sort,
 * page and per_page (an empty page past the last one, with the real total). Returns the requests' URLs.
 */
function serveCatalogue(catalogue: Property[]) {
  const calls: URL[] = [];
  // The pages' loaders fetch with a URL (test/route-tree.tsx), RTK Query (the rest of a collection) with a Request.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string | URL) => {
      const url = new URL(input instanceof Request ? input.url : input);
      if (url.pathname !== '/api/properties') return jsonResponse(404, { success: false, message: 'Not found' });
      calls.push(url);
      const q = url.searchParams;
      let items = catalogue.filter(
        (p) =>
          (!q.get('type') || p.type === q.get('type')) &&
          (!q.get('featured') || String(p.is_featured) === q.get('featured')),
      );
      if (q.get('sort') === 'price_asc') items = [...items].sort((a, b) => a.price - b.price || a.id - b.id);
      const page = Number(q.get('page') ?? 1);
      const perPage = Number(q.get('per_page') ?? 16);
      return jsonResponse(200, {
        success: true,
        payload: {
          items: items.slice((page - 1) * perPage, page * perPage),
          total: items.length,
          page,
          per_page: perPage,
        },
      });
    }),
  );
  return calls;
}

const catalogue = (count: number, extra: (i: number) => Partial<Property> = () => ({})) =>
  Array.from({ length: count }, (_, i) => makeProperty(i + 1, extra(i + 1)));

const resultCards = (name: string | RegExp) => within(screen.getByRole('list', { name })).getAllByRole('article');
const allCards = () => screen.getByRole('main').querySelectorAll('article');

describe('Quick search paging', () => {
  it('shows the 5 listings of the last partial page (37 at 16 a page) with no next page', async () => {
    const calls = serveCatalogue(catalogue(37));
    await renderApp('/Quick?page=3');
    await screen.findByRole('link', { name: 'Listing 33' });
    expect(resultCards('Search results')).toHaveLength(5);
    expect(screen.getByRole('link', { name: 'Listing 37' })).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).queryByRole('link', { name: 'Next page' })).toBeNull();
    expect(within(pages).getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/Quick?page=2');
    expect(within(pages).getByRole('link', { name: 'Page 03' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).queryByRole('link', { name: 'Page 04' })).toBeNull();
    expect(pages).toHaveTextContent('Page 3 of 3');
    expect(calls.at(-1)?.searchParams.get('page')).toBe('3');
  });

  it('never says "Page 21 of 20": past the last page it says so and offers the last page', async () => {
    serveCatalogue(catalogue(320));
    const user = userEvent.setup();
    const { router } = await renderApp('/Quick?q=&page=21');
    const state = await screen.findByText('There is no page 21: these results end at page 20.');
    expect(screen.queryByText(/Page 21 of 20/)).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    expect(screen.queryByText('No properties available')).toBeNull();
    await user.click(within(state.parentElement as HTMLElement).getByRole('link', { name: 'Go to page 20' }));
    expect(router.state.location.search).toBe('?page=20');
    expect(await screen.findByRole('link', { name: 'Listing 305' })).toBeInTheDocument();
    expect(resultCards('Search results')).toHaveLength(16);
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('Page 20 of 20');
  });

  it('keeps the results in view when paging: scrolls to the results heading and focuses it, not the page top', async () => {
    serveCatalogue(catalogue(40));
    const scrolledTo: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolledTo.push(this);
    });
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const user = userEvent.setup();
    await renderApp('/Quick');
    await screen.findByRole('link', { name: 'Listing 1' });
    scrollTo.mockClear();
    await user.click(screen.getByRole('link', { name: 'Page 02' }));
    const heading = screen.getByRole('heading', { level: 2, name: 'Search results' });
    expect(heading).toHaveFocus();
    expect(scrolledTo).toEqual([heading]);
    expect(scrollTo).not.toHaveBeenCalled();
    expect(await screen.findByRole('link', { name: 'Listing 17' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Previous page' }));
    expect(heading).toHaveFocus();
    expect(scrolledTo).toEqual([heading, heading]);
    expect(await screen.findByRole('link', { name: 'Listing 1' })).toBeInTheDocument();
  });
});

describe('Buy or rent paging', () => {
  it('offers the last page past the end, and pages with the results heading in view and focused', async () => {
    serveCatalogue(catalogue(25));
    const scrolledTo: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolledTo.push(this);
    });
    const user = userEvent.setup();
    const { router } = await renderApp('/Buy-rent?page=9');
    expect(await screen.findByText('There is no page 9: these results end at page 3.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to page 3' })).toHaveAttribute('href', '/Buy-rent?page=3');
    await user.click(screen.getByRole('link', { name: 'Go to page 3' }));
    expect(router.state.location.search).toBe('?page=3');
    expect(await screen.findByRole('link', { name: 'Listing 21' })).toBeInTheDocument();
    expect(resultCards('Properties')).toHaveLength(5);
    expect(screen.queryByText(/There is no page/)).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Page 02' }));
    const heading = screen.getByRole('heading', { level: 2, name: 'Properties' });
    expect(heading).toHaveFocus();
    expect(scrolledTo.at(-1)).toBe(heading);
    expect(await screen.findByRole('link', { name: 'Listing 11' })).toBeInTheDocument();
  });

  it('offers the locations as one select too (the narrow-screen control), in the address', async () => {
    serveCatalogue(catalogue(3));
    const user = userEvent.setup();
    const { router } = await renderApp('/Buy-rent');
    await screen.findByRole('link', { name: 'Listing 1' });
    const select = screen.getByRole('combobox', { name: 'Locations' });
    expect(within(select).getByRole('group', { name: 'Northeast' })).toBeInTheDocument();
    await user.selectOptions(select, 'Korat');
    await waitFor(() => expect(router.state.location.search).toBe('?location=Korat'));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Korat' })).toHaveAttribute('aria-current', 'true'));
    expect(select).toHaveValue('Korat');
  });
});

describe('Recommended: the first 8, then the rest', () => {
  it('fills the first 8 with featured listings first, then shows all the others with one click', async () => {
    // 3 featured, 30 others.
    const calls = serveCatalogue(catalogue(33, (id) => ({ is_featured: id <= 3 ? 1 : 0 })));
    const user = userEvent.setup();
    await renderApp('/recommend');
    await waitFor(() => expect(resultCards('Recommended for you')).toHaveLength(FIRST));
    const firstTitles = resultCards('Recommended for you').map((card) => within(card).getByRole('link').textContent);
    expect(firstTitles).toEqual([
      'Listing 1',
      'Listing 2',
      'Listing 3',
      'Listing 4',
      'Listing 5',
      'Listing 6',
      'Listing 7',
      'Listing 8',
    ]);
    expect(screen.getByText('Showing 8 of 33')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show the other 25 listings' }));
    expect(screen.getByRole('heading', { level: 3, name: '25 more listings' })).toHaveFocus();
    await waitFor(() => expect(allCards()).toHaveLength(33));
    const titles = [...allCards()].map((card) => within(card).getByRole('link').textContent);
    expect(new Set(titles).size).toBe(33);
    expect(titles.at(-1)).toBe('Listing 33');
    expect(screen.queryByRole('button', { name: /Show the other/ })).toBeNull();
    // The rest came in the large pages, not 8 at a time.
    expect(calls.some((url) => url.searchParams.get('per_page') === String(CHUNK))).toBe(true);
  });

  it('loads every page of a long rest, in order and without repeats', async () => {
    // 10 featured, 140 others: the rest is featured page 1 minus its first 8, then others pages 1 and 2.
    serveCatalogue(catalogue(150, (id) => ({ is_featured: id <= 10 ? 1 : 0 })));
    const user = userEvent.setup();
    await renderApp('/recommend');
    await user.click(await screen.findByRole('button', { name: 'Show the other 142 listings' }));
    await waitFor(() => expect(allCards()).toHaveLength(150), { timeout: 20_000 });
    const ids = [...allCards()].map((card) => Number(within(card).getByRole('link').textContent?.split(' ')[1]));
    expect(ids).toEqual(Array.from({ length: 150 }, (_, i) => i + 1));
  });

  it('shows no button when everything fits in the first 8', async () => {
    serveCatalogue(catalogue(5, (id) => ({ is_featured: id === 1 ? 1 : 0 })));
    await renderApp('/recommend');
    await waitFor(() => expect(resultCards('Recommended for you')).toHaveLength(5));
    expect(screen.queryByRole('button', { name: /Show/ })).toBeNull();
  });

  it('splits the rest into server pages that skip what the first 8 showed', () => {
    expect(restChunks([{}], [5])).toEqual([]);
    expect(restChunks([{}], [9])).toEqual([{ params: {}, page: 1, skip: 8 }]);
    expect(restChunks([{}], [CHUNK + 1])).toEqual([
      { params: {}, page: 1, skip: 8 },
      { params: {}, page: 2, skip: 0 },
    ]);
    const a = { featured: '1' as const };
    const b = { featured: '0' as const };
    expect(restChunks([a, b], [3, 30])).toEqual([{ params: b, page: 1, skip: 5 }]);
    expect(restChunks([a, b], [8, 1])).toEqual([{ params: b, page: 1, skip: 0 }]);
    expect(restChunks([a, b], [0, 0])).toEqual([]);
  });
});

describe('Sell at cost', () => {
  const SALE = "For sale at or below the area's typical price: cheapest first";
  const RENT = "For rent at or below the area's typical rent: lowest first";
  const mixed = catalogue(24, (id) =>
    id % 2 === 0 ? { type: 'rent', price: 10_000 + id * 100 } : { type: 'sale', price: 1_000_000 + id * 1000 },
  );

  it('lists sales and rents apart, cheapest first, rents per month, the choice in the address', async () => {
    const calls = serveCatalogue(mixed);
    const user = userEvent.setup();
    const { router } = await renderApp('/cost');
    const saleHeading = await screen.findByRole('heading', { level: 2, name: SALE });
    await waitFor(() => expect(resultCards(SALE)).toHaveLength(8));
    const switcher = screen.getByRole('navigation', { name: 'Sale or rent' });
    const forSale = within(switcher).getByRole('link', { name: /For sale/ });
    const forRent = within(switcher).getByRole('link', { name: /For rent/ });
    expect(forSale).toHaveAttribute('aria-current', 'page');
    expect(forRent).not.toHaveAttribute('aria-current');
    expect(forRent).toHaveAttribute('href', '/cost?type=rent');
    expect(forRent).toHaveTextContent('For rent (12)');
    expect(forSale).toHaveTextContent('For sale (12)');
    const saleCards = resultCards(SALE);
    expect(saleCards.every((card) => within(card).queryByText('For sale'))).toBe(true);
    expect(saleCards.some((card) => card.textContent?.includes('/ month'))).toBe(false);
    expect(within(saleCards[0] as HTMLElement).getByText('฿1,001,000')).toBeInTheDocument();
    expect(within(saleCards[1] as HTMLElement).getByText('฿1,003,000')).toBeInTheDocument();
    expect(calls.every((url) => ['sale', 'rent'].includes(url.searchParams.get('type') ?? ''))).toBe(true);
    // "At cost" is the server's rule (at or below the area's median price per m²), and the page says what it is.
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((url) => url.searchParams.get('at_or_below_median') === '1')).toBe(true);
    expect(
      screen.getByText(/at or below the median of comparable listings open on Baan in its area/),
    ).toHaveTextContent(/fewer than 5 comparable ones are not included/);
    expect(saleHeading).toBeInTheDocument();

    await user.click(forRent);
    expect(router.state.location.search).toBe('?type=rent');
    await waitFor(() => expect(resultCards(RENT)).toHaveLength(8));
    const rentCards = resultCards(RENT);
    expect(rentCards.every((card) => card.textContent?.includes('/ month'))).toBe(true);
    expect(rentCards.every((card) => within(card).queryByText('For rent'))).toBe(true);
    expect(rentCards[0]).toHaveTextContent('฿10,200 / month');

    await user.click(screen.getByRole('button', { name: 'Show the other 4 listings' }));
    await waitFor(() => expect(allCards()).toHaveLength(12));
    expect([...allCards()].every((card) => card.textContent?.includes('/ month'))).toBe(true);
    expect(allCards()[11]).toHaveTextContent('฿12,400 / month');

    await act(() => router.navigate(-1));
    await waitFor(() => expect(resultCards(SALE)).toHaveLength(8));
    expect(screen.getByRole('link', { name: /For sale/ })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('link', { name: /For rent/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=rent'));
    // The router's location moves before React has drawn the rents: a "For sale" link found before that belongs to the
    // sales' switch, which the rents replace, and a click on it would land on a removed element.
    await waitFor(() => expect(screen.getByRole('link', { name: /For rent/ })).toHaveAttribute('aria-current', 'page'));
    await user.click(await screen.findByRole('link', { name: /For sale/ }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('heading', { level: 2, name: SALE })).toBeInTheDocument();
  });
});
