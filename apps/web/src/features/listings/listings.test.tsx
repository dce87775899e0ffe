import { PROPERTY_SUB_TYPES, type Property } from '@baan/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json } from '../../test/http';
import { makeProperty } from '../../test/properties';
import { renderApp } from '../../test/render-app';
import { slidesFor } from './components/TypeCarousel';
import { formatPrice, pad2 } from './lib/format';
import { fromSearchParams, toSearchString } from './lib/search-params';

// The API is stubbed at fetch: these tests are about the screens; apps/api/test covers the server.
function listing(id: number, extra: Partial<Property> = {}): Property {
  return makeProperty(id, {
    price: 25_000 + id,
    cover_image: `/uploads/demo/p${id}-1024.webp`,
    images: [1, 2, 3].map((n) => ({
      id: id * 10 + n,
      image_path: `/uploads/demo/p${id}-${n}-1024.webp`,
      width: 1024,
      height: 683,
      srcset: `/uploads/demo/p${id}-${n}-320.webp 320w, /uploads/demo/p${id}-${n}-1024.webp 1024w`,
    })),
    ...extra,
  });
}

type Handler = (url: URL) => Response | Promise<Response>;
/** Stubs fetch: the pages' loaders call it with a URL (test/route-tree.tsx), RTK Query with a Request. */
function stubApi(handler: Handler) {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string | URL) => {
      const url = new URL(input instanceof Request ? input.url : input);
      calls.push(url);
      return handler(url);
    }),
  );
  return calls;
}

const page = (items: Property[], total: number, pageNo = 1, perPage = 16) =>
  json(200, { success: true, payload: { items, total, page: pageNo, per_page: perPage } });

afterEach(() => vi.unstubAllGlobals());
// Lazy route chunks plus a grid of cards take more than the default second on a busy two-core machine.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

describe('formatting and search parameters', () => {
  it('formats prices with en-US separators and pads page numbers', () => {
    expect(formatPrice(1_234_567)).toBe('฿1,234,567');
    expect(pad2(2)).toBe('02');
    expect(pad2(12)).toBe('12');
  });

  it('round-trips filters through the address and drops malformed values', () => {
    const search = toSearchString({ q: 'สุขุมวิท', min_price: 10_000, sort: 'price_asc', page: 2 });
    expect(fromSearchParams(new URLSearchParams(search))).toMatchObject({
      q: 'สุขุมวิท',
      min_price: 10_000,
      sort: 'price_asc',
      page: 2,
    });
    expect(fromSearchParams(new URLSearchParams('min_price=abc&type=lease&page=0&sub_type=castle'))).toEqual({
      q: undefined,
      type: undefined,
      sub_type: undefined,
      location: undefined,
      min_price: undefined,
      max_price: undefined,
      bedrooms: undefined,
      sort: undefined,
      page: undefined,
    });
  });

  it('shows the spec’s number of carousel slides per width', () => {
    expect([320, 639, 640, 1023, 1024, 1279, 1280, 1920].map(slidesFor)).toEqual([2, 2, 3, 3, 4, 4, 5, 5]);
  });
});

describe('Quick search', () => {
  it('shows 16 cards with badges, prices and responsive images, and pages on the server', async () => {
    const calls = stubApi((url) => {
      const p = Number(url.searchParams.get('page') ?? 1);
      const items = Array.from({ length: 16 }, (_, i) =>
        listing((p - 1) * 16 + i + 1, i === 0 ? { is_featured: 1, type: 'sale', price: 7_900_000 } : {}),
      );
      return page(items, 40, p);
    });
    const user = userEvent.setup();
    const { router } = await renderApp('/Quick?q=sukhumvit');
    const list = await screen.findByRole('list', { name: 'Search results' });
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(16);
    const first = within(cards[0] as HTMLElement);
    expect(first.getByText('For sale')).toHaveClass('bg-green-700');
    expect(first.getByText('Featured')).toBeInTheDocument();
    expect(first.getByText('฿7,900,000')).toBeInTheDocument();
    expect(first.getByText('45 m²')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Listing 1' })).toHaveAttribute('href', '/detail/1');
    expect(within(cards[1] as HTMLElement).getByText('For rent')).toHaveClass('bg-blue-700');
    const img = (cards[3] as HTMLElement).querySelector('img') as HTMLImageElement;
    expect(img).toHaveAttribute('srcset', '/uploads/demo/p4-1-320.webp 320w, /uploads/demo/p4-1-1024.webp 1024w');
    expect(img).toHaveAttribute('sizes');
    expect(img).toHaveAttribute('width', '1024');
    expect(img).toHaveAttribute('height', '683');
    expect(img).toHaveAttribute('loading', 'lazy');
    fireEvent.error(img);
    expect((cards[3] as HTMLElement).querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);

    expect(calls[0]?.searchParams.get('q')).toBe('sukhumvit');
    expect(calls[0]?.searchParams.get('per_page')).toBe('16');
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(nav).getByRole('link', { name: 'Page 01' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Page 02' })).toHaveAttribute('href', '/Quick?q=sukhumvit&page=2');
    // Three pages: all of them, no gap and no "go to page" form.
    expect(within(nav).getByRole('link', { name: 'Page 03' })).toHaveAttribute('href', '/Quick?q=sukhumvit&page=3');
    expect(screen.queryByRole('form', { name: 'Go to a page' })).toBeNull();
    await user.click(within(nav).getByRole('link', { name: 'Page 02' }));
    expect(router.state.location.search).toBe('?q=sukhumvit&page=2');
    expect(await screen.findByRole('link', { name: 'Listing 17' })).toBeInTheDocument();
    expect(calls.at(-1)?.searchParams.get('page')).toBe('2');
  });

  it('puts the filters panel values in the address and resets the page', async () => {
    stubApi(() => page([listing(1)], 60, 3));
    const user = userEvent.setup();
    const { router } = await renderApp('/Quick?page=3');
    await screen.findByRole('link', { name: 'Listing 1' });
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.type(screen.getByLabelText('Minimum price (฿)'), '10,000');
    await user.type(screen.getByLabelText('Maximum price (฿)'), '50000');
    await user.selectOptions(screen.getByLabelText('Bedrooms'), '2');
    await user.selectOptions(screen.getByLabelText('Rent or sale'), 'rent');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'price_asc');
    await user.selectOptions(screen.getByLabelText('Property type'), 'condo');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.search).toBe(
      '?type=rent&sub_type=condo&min_price=10000&max_price=50000&bedrooms=2&sort=price_asc',
    );
  });

  it('offers every property type of the one list, shows the address’s as chosen and keeps it when a place is typed', async () => {
    const calls = stubApi(() => page([listing(1)], 28));
    const user = userEvent.setup();
    const { router } = await renderApp('/Quick?sub_type=villa');
    await screen.findByRole('link', { name: 'Listing 1' });
    const select = screen.getByRole('combobox', { name: 'Property type' }) as HTMLSelectElement;
    expect([...select.options].map((option) => option.value)).toEqual(['', ...PROPERTY_SUB_TYPES]);
    expect(select).toHaveDisplayValue('Villa');
    await user.type(screen.getByRole('combobox', { name: 'Place, location, BTS or MRT' }), 'Phuket');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=Phuket&sub_type=villa'));
    expect(calls.at(-1)?.searchParams.get('sub_type')).toBe('villa');
    expect(calls.at(-1)?.searchParams.get('q')).toBe('Phuket');
  });

  it('keeps a place chosen elsewhere when the search form is sent without JavaScript', async () => {
    stubApi(() => page([listing(1)], 1));
    await renderApp('/Quick?location=Korat&sub_type=house');
    await screen.findByRole('link', { name: 'Listing 1' });
    const form = screen.getByRole('search', { name: 'Search properties' });
    expect(form).toHaveAttribute('method', 'get');
    expect(form.querySelector('input[type=hidden][name=location]')).toHaveValue('Korat');
    expect(within(form).getByRole('combobox', { name: 'Property type' })).toHaveAttribute('name', 'sub_type');
  });

  it('says "1 property found", and "2 properties found"', async () => {
    let total = 1;
    stubApi(() => page([listing(1)], total));
    await renderApp('/Quick?q=one');
    expect(await screen.findByText('1 property found')).toBeInTheDocument();
    total = 2;
    await renderApp('/Quick?q=two');
    expect(await screen.findByText('2 properties found')).toBeInTheDocument();
  });

  it('says "10,000+ properties found" when the server counted no further (total_capped)', async () => {
    stubApi(() =>
      json(200, {
        success: true,
        payload: { items: [listing(1)], total: 10_000, total_capped: 1, page: 1, per_page: 16 },
      }),
    );
    await renderApp('/Quick?q=bangkok');
    expect(await screen.findByText('10,000+ properties found')).toBeInTheDocument();
  });

  it('shows the first and last page with gaps, and goes to a typed page (a GET form that keeps the filters)', async () => {
    const calls = stubApi((url) => page([listing(Number(url.searchParams.get('page') ?? 1))], 320, 1));
    const user = userEvent.setup();
    const { router } = await renderApp('/Quick?q=bangkok&type=sale&page=10');
    await screen.findByRole('link', { name: 'Listing 10' });
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label')),
    ).toEqual(['Previous page', 'Page 01', 'Page 09', 'Page 10', 'Page 11', 'Page 20', 'Next page']);
    expect(within(nav).getByRole('link', { name: 'Page 20' })).toHaveAttribute(
      'href',
      '/Quick?q=bangkok&type=sale&page=20',
    );
    expect(nav).toHaveTextContent('…');
    const jump = screen.getByRole('form', { name: 'Go to a page' });
    expect(jump).toHaveAttribute('method', 'get');
    const hidden = [...jump.querySelectorAll<HTMLInputElement>('input[type=hidden]')].map((i) => [i.name, i.value]);
    expect(hidden).toEqual([
      ['q', 'bangkok'],
      ['type', 'sale'],
    ]);
    await user.type(within(jump).getByRole('textbox', { name: 'Go to page' }), '17');
    await user.click(within(jump).getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=bangkok&type=sale&page=17'));
    expect(calls.at(-1)?.searchParams.get('page')).toBe('17');
  });

  it('refuses a minimum price above the maximum without searching', async () => {
    const calls = stubApi(() => page([listing(1)], 1));
    const user = userEvent.setup();
    const { router } = await renderApp('/Quick');
    await screen.findByRole('link', { name: 'Listing 1' });
    const before = calls.length;
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.type(screen.getByLabelText('Minimum price (฿)'), '900');
    await user.type(screen.getByLabelText('Maximum price (฿)'), '100');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The minimum price cannot be more than the maximum price.');
    expect(router.state.location.search).toBe('');
    expect(calls.length).toBe(before);
  });

  it('shows the empty, failed and invalid-data states', async () => {
    stubApi(() => page([], 0));
    await renderApp('/Quick?q=nothing');
    expect(await screen.findByText('No properties available')).toBeInTheDocument();
  });

  it('shows the error screen, and logs the failure, when the listings cannot be read', async () => {
    stubApi(() => json(500, { success: false, message: 'Something went wrong.' }));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderApp('/Quick');
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Search results' })).toBeNull();
    expect(logged).toHaveBeenCalled();
  });
});

describe('Property detail', () => {
  const owner = { name: 'Siam Prime Realty', phone_number: '+66 2 123 4567', email: 'contact@siamprime.example' };

  it('fetches by id, shows the contact buttons and spec grid, and turns photos with wrap-around', async () => {
    const calls = stubApi(() => json(200, { success: true, payload: { ...listing(7), owner } }));
    const user = userEvent.setup();
    await renderApp('/detail/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Listing 7' })).toBeInTheDocument();
    expect(calls[0]?.pathname).toBe('/api/property/7');
    expect(screen.getByRole('button', { name: 'Show phone number' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'E-mail' })).toHaveAttribute(
      'href',
      'mailto:contact@siamprime.example?subject=Listing%207',
    );
    expect(screen.getByText('฿25,007')).toBeInTheDocument();
    expect(screen.getByText('45 m²')).toBeInTheDocument();
    expect(screen.getByText('Residential')).toBeInTheDocument();
    const photo = () => screen.getByRole('img', { name: /^Photo \d of 3: Listing 7$/ });
    expect(photo()).toHaveAccessibleName('Photo 1 of 3: Listing 7');
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(photo()).toHaveAccessibleName('Photo 3 of 3: Listing 7');
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(photo()).toHaveAccessibleName('Photo 1 of 3: Listing 7');
    await user.keyboard('{ArrowRight}');
    expect(photo()).toHaveAccessibleName('Photo 2 of 3: Listing 7');
    await user.click(screen.getByRole('button', { name: 'Show photo 3' }));
    expect(photo()).toHaveAccessibleName('Photo 3 of 3: Listing 7');
  });

  it('opens a photo full screen: arrows, keys and swipes turn it once, Tab stays inside, Escape closes', async () => {
    stubApi(() => json(200, { success: true, payload: { ...listing(7), owner } }));
    const user = userEvent.setup();
    await renderApp('/detail/7');
    await user.click(await screen.findByRole('button', { name: 'Next photo' }));
    const opener = screen.getByRole('button', { name: 'Open photo 2 of 3 full screen' });
    await user.click(opener);
    const viewer = await screen.findByRole('dialog', { name: 'Photos of Listing 7' });
    const big = () => within(viewer).getByRole('img');
    expect(big()).toHaveAccessibleName('Photo 2 of 3: Listing 7');
    expect(big()).toHaveAttribute('sizes', '100vw');
    expect(within(viewer).getByRole('button', { name: 'Close full-screen photos' })).toHaveFocus();
    expect(within(viewer).getByText('Photo 2 of 3')).toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(big()).toHaveAccessibleName('Photo 3 of 3: Listing 7');
    await user.click(within(viewer).getByRole('button', { name: 'Next photo' }));
    expect(big()).toHaveAccessibleName('Photo 1 of 3: Listing 7');
    await user.click(within(viewer).getByRole('button', { name: 'Previous photo' }));
    expect(big()).toHaveAccessibleName('Photo 3 of 3: Listing 7');
    // A swipe to the left turns to the next photo.
    const stage = big().parentElement as HTMLElement;
    fireEvent.pointerDown(stage, { clientX: 300 });
    fireEvent.pointerUp(stage, { clientX: 200 });
    expect(big()).toHaveAccessibleName('Photo 1 of 3: Listing 7');
    // Focus stays in the dialog.
    for (let i = 0; i < 4; i++) await user.tab();
    expect(viewer).toContainElement(document.activeElement as HTMLElement);
    expect(document.body.style.overflow).toBe('hidden');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
    // Back on the page at the photo reached in the viewer, focus on the photo that opened it.
    const photo = screen.getByRole('button', { name: 'Open photo 1 of 3 full screen' });
    expect(photo).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Photos of Listing 7' })).toBeInTheDocument();
  });

  it('shows the not-found screen for a missing listing', async () => {
    stubApi(() => json(404, { success: false, message: 'This listing does not exist or is no longer available.' }));
    await renderApp('/detail/999');
    expect(await screen.findByRole('heading', { level: 1, name: "We can't find that page" })).toBeInTheDocument();
  });
});

describe('Buy or rent', () => {
  it('filters by tab and location with links and says what was not found', async () => {
    const calls = stubApi(() => page([], 0, 1, 10));
    const user = userEvent.setup();
    const { router } = await renderApp('/Buy-rent');
    await screen.findByText('No matching properties found in Thailand');
    const tabs = screen.getByRole('navigation', { name: 'Property type' });
    expect(within(tabs).getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Condo' })).toHaveAttribute('href', '/Buy-rent?tab=condo');
    await user.click(within(tabs).getByRole('link', { name: 'Condo' }));
    await screen.findByText('No Condo properties found in Thailand');
    expect(screen.getByRole('link', { name: 'Korat' })).toHaveAttribute('href', '/Buy-rent?tab=condo&location=Korat');
    await user.click(screen.getByRole('link', { name: 'Korat' }));
    expect(await screen.findByText('No Condo properties found in Korat')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=condo&location=Korat');
    expect(screen.getByRole('link', { name: 'Korat' })).toHaveAttribute('aria-current', 'true');
    expect(within(tabs).getByRole('link', { name: 'Condo' })).toHaveAttribute('aria-current', 'page');
    const last = calls.at(-1);
    expect(last?.searchParams.get('sub_type')).toBe('condo');
    expect(last?.searchParams.get('location')).toBe('Korat');
    expect(last?.searchParams.get('per_page')).toBe('10');
    expect(screen.getByRole('heading', { name: 'Northeast' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Central Bangkok' })).toBeInTheDocument();
  });

  it('chooses buy or rent with links, and says how many were found', async () => {
    const calls = stubApi((url) => page([listing(3)], url.searchParams.get('type') === 'sale' ? 1 : 11, 1, 10));
    const user = userEvent.setup();
    const { router } = await renderApp('/Buy-rent?tab=condo&location=Korat');
    expect(await screen.findByText('11 properties found')).toBeInTheDocument();
    const deal = screen.getByRole('navigation', { name: 'Buy or rent' });
    expect(within(deal).getByRole('link', { name: 'Buy and rent' })).toHaveAttribute('aria-current', 'page');
    expect(within(deal).getByRole('link', { name: 'Buy' })).toHaveAttribute(
      'href',
      '/Buy-rent?tab=condo&location=Korat&type=sale',
    );
    expect(within(deal).getByRole('link', { name: 'Rent' })).toHaveAttribute(
      'href',
      '/Buy-rent?tab=condo&location=Korat&type=rent',
    );
    await user.click(within(deal).getByRole('link', { name: 'Buy' }));
    expect(await screen.findByText('1 property found')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=condo&location=Korat&type=sale');
    expect(within(deal).getByRole('link', { name: 'Buy' })).toHaveAttribute('aria-current', 'page');
    expect(calls.at(-1)?.searchParams.get('type')).toBe('sale');
    expect(calls.at(-1)?.searchParams.get('sub_type')).toBe('condo');
  });

  it('filters by property type, price and bedrooms under /Quick’s names, keeping buy or rent and the place', async () => {
    const calls = stubApi(() => page([listing(3)], 3, 1, 10));
    const user = userEvent.setup();
    const { router } = await renderApp('/Buy-rent?type=rent&location=Phuket');
    await screen.findByRole('link', { name: 'Listing 3' });
    const form = screen.getByRole('form', { name: 'Filters' });
    expect(form).toHaveAttribute('method', 'get');
    const select = within(form).getByRole('combobox', { name: 'Property type' }) as HTMLSelectElement;
    expect([...select.options].map((option) => option.value)).toEqual(['', ...PROPERTY_SUB_TYPES]);
    await user.selectOptions(select, 'villa');
    await user.type(within(form).getByRole('textbox', { name: 'Minimum price (฿)' }), '20,000');
    await user.type(within(form).getByRole('textbox', { name: 'Maximum price (฿)' }), '90000');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Bedrooms' }), '2');
    await user.click(within(form).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?type=rent&location=Phuket&tab=villa&min_price=20000&max_price=90000&bedrooms=2',
      ),
    );
    await waitFor(() => expect(calls.at(-1)?.searchParams.get('bedrooms')).toBe('2'));
    expect(Object.fromEntries(calls.at(-1)?.searchParams ?? [])).toMatchObject({
      type: 'rent',
      location: 'Phuket',
      sub_type: 'villa',
      min_price: '20000',
      max_price: '90000',
      bedrooms: '2',
    });
    // The chosen type, none of the shortcuts, shows as a tab of its own.
    const tabs = screen.getByRole('navigation', { name: 'Property type' });
    expect(await within(tabs).findByRole('link', { name: 'Villa' })).toHaveAttribute('aria-current', 'page');
    // Sent without JavaScript, the form carries buy or rent and the place, and names its fields as /Quick does.
    const again = screen.getByRole('form', { name: 'Filters' });
    const hidden = [...again.querySelectorAll<HTMLInputElement>('input[type=hidden]')].map((i) => [i.name, i.value]);
    // (The station picker keeps its choice in a hidden field of its own, empty here.)
    expect(hidden).toEqual([
      ['type', 'rent'],
      ['location', 'Phuket'],
      ['station', ''],
    ]);
    for (const name of ['tab', 'min_price', 'max_price', 'bedrooms']) {
      expect(again.querySelector(`[name=${name}]`), name).not.toBeNull();
    }
  });

  it('refuses a minimum price above the maximum, saying so on the fields, without searching', async () => {
    const calls = stubApi(() => page([listing(3)], 3, 1, 10));
    const user = userEvent.setup();
    const { router } = await renderApp('/Buy-rent');
    await screen.findByRole('link', { name: 'Listing 3' });
    const before = calls.length;
    const form = screen.getByRole('form', { name: 'Filters' });
    await user.type(within(form).getByRole('textbox', { name: 'Minimum price (฿)' }), '900000');
    await user.type(within(form).getByRole('textbox', { name: 'Maximum price (฿)' }), '100000');
    await user.click(within(form).getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The minimum price cannot be more than the maximum price.');
    expect(within(form).getByRole('textbox', { name: 'Minimum price (฿)' })).toHaveAccessibleDescription(
      'The minimum price cannot be more than the maximum price.',
    );
    expect(router.state.location.search).toBe('');
    expect(calls.length).toBe(before);
  });

  it('reads the filters a form sent without JavaScript put in the address, prices as typed', async () => {
    const calls = stubApi(() => page([listing(3)], 3, 1, 10));
    await renderApp('/Buy-rent?type=sale&tab=shophouse&min_price=1%2C000%2C000&max_price=&bedrooms=3&q=');
    await screen.findByRole('link', { name: 'Listing 3' });
    const asked = calls.at(-1)?.searchParams;
    expect(asked?.get('type')).toBe('sale');
    expect(asked?.get('sub_type')).toBe('shophouse');
    expect(asked?.get('min_price')).toBe('1000000');
    expect(asked?.has('max_price')).toBe(false);
    expect(asked?.get('bedrooms')).toBe('3');
    expect(screen.getByRole('textbox', { name: 'Minimum price (฿)' })).toHaveValue('1000000');
  });

  it('searches by title with a GET form that keeps the tab and place (it works without JavaScript)', async () => {
    const calls = stubApi(() => page([listing(3)], 11, 1, 10));
    const user = userEvent.setup();
    const { router } = await renderApp('/Buy-rent?tab=house&location=Phuket&page=2');
    await screen.findByRole('link', { name: 'Listing 3' });
    const form = screen.getByRole('search');
    expect(form).toHaveAttribute('method', 'get');
    expect(form.querySelector('input[type=hidden][name=tab]')).toHaveValue('house');
    expect(form.querySelector('input[type=hidden][name=location]')).toHaveValue('Phuket');
    await user.type(within(form).getByRole('combobox', { name: 'Search by title' }), ' sea view {Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=house&location=Phuket&q=sea+view'));
    expect(calls.at(-1)?.searchParams.get('q')).toBe('sea view');
    expect(calls.at(-1)?.searchParams.get('page')).toBe('1');
  });

  it('keeps the station, quota, deed, area and sort in the title search sent without JavaScript; drops malformed ones', async () => {
    stubApi(() => page([listing(3)], 1, 1, 10));
    await renderApp(
      '/Buy-rent?station=bts-asok&within_m=500&foreign_quota=1&title_deed=chanote&min_area=40&max_area=oops&sort=price_per_sqm_asc',
    );
    await screen.findByRole('link', { name: 'Listing 3' });
    const form = screen.getByRole('search');
    const hidden = Object.fromEntries(
      [...form.querySelectorAll<HTMLInputElement>('input[type=hidden]')].map((input) => [input.name, input.value]),
    );
    expect(hidden).toEqual({
      station: 'bts-asok',
      within_m: '500',
      foreign_quota: '1',
      title_deed: 'chanote',
      min_area: '40',
      sort: 'price_per_sqm_asc',
    });
  });
});
