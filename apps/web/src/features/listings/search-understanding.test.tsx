import type { Property, Suggestion, Understood } from '@baan/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { changeLanguage } from '../../i18n';
import th from '../../locales/th/listings.json';
import { emptyCatalogue, jsonResponse as json, type Route, stubFetch } from '../../test/http';
import { makeProperty } from '../../test/properties';
import { renderApp } from '../../test/render-app';
import { toSearchString } from './lib/search-params';

// Issue 23 on the web: suggestions as one types (hero, Quick search, Buy or rent), the hero's Buy | Rent search, the
// readings of `q` as removable chips, the correction line and the relevance sort. The API is stubbed at fetch with the
// contract's answers (packages/contract/src/search.ts); the server's reading of a query is the search-api branch's.
// Lazy route chunks on a busy two-core machine: pages may take seconds to show after a navigation.
configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.unstubAllGlobals());
beforeEach(async () => {
  if (i18n.isInitialized && i18n.language !== 'en') await changeLanguage('en');
});

const place = (label: string, secondary: string, q: string): Suggestion => ({
  kind: 'place',
  label,
  secondary,
  query: new URLSearchParams({ q }).toString(),
  url: null,
});
const SUKHUMVIT_TH = place('สุขุมวิท', 'กรุงเทพมหานคร', 'สุขุมวิท');
const SUKHUMVIT = place('Sukhumvit', 'Bangkok', 'Sukhumvit');
const ASOK: Suggestion = {
  kind: 'station',
  label: 'Asok',
  secondary: 'BTS Sukhumvit line',
  query: 'station=bts-asok',
  url: null,
};
const PROJECT: Suggestion = {
  kind: 'project',
  label: 'โนเบิล เดโม อโศก',
  secondary: 'วัฒนา, กรุงเทพมหานคร',
  query: 'project=noble-demo-asok',
  url: '/project/noble-demo-asok',
};
const LISTING: Suggestion = {
  kind: 'listing',
  label: 'Condo by Asok',
  secondary: '฿25,000',
  query: null,
  url: '/detail/12',
};

/** GET /api/search/suggest: the same suggestions for any text; every question kept. */
function suggestions(list: Suggestion[], asked: URL[] = []): Route {
  return (_request, url) => {
    if (url.pathname !== '/api/search/suggest') return undefined;
    asked.push(url);
    return json(200, { success: true, payload: list });
  };
}

type Reading = { understood?: Understood[]; corrected?: string | null };

/** GET /api/properties: one listing, with the reading `read` gives for the asked query; every search kept. */
function properties(searched: URL[], read: (params: URLSearchParams) => Reading = () => ({})): Route {
  return (_request, url) => {
    if (url.pathname !== '/api/properties') return undefined;
    searched.push(url);
    const perPage = Number(url.searchParams.get('per_page') ?? 16);
    const items: Property[] = [makeProperty(1, { title: 'Quiet condo' })];
    return json(200, {
      success: true,
      payload: { items, total: 1, page: 1, per_page: perPage, ...read(url.searchParams) },
    });
  };
}

/** The listing a suggestion opens, so its page renders. */
const listingPage: Route = (_request, url) => {
  if (url.pathname === '/api/property/12') return json(200, { success: true, payload: makeProperty(12) });
  if (url.pathname === '/api/property/12/similar') return json(200, { success: true, payload: [] });
  return undefined;
};

const reading = (kind: Understood['kind'], value: string, label = value): Understood => ({ kind, value, label });
const chipsList = () => screen.getByRole('list', { name: 'Your search' });
const chipNames = () =>
  within(chipsList())
    .getAllByRole('button')
    .map((button) => button.getAttribute('aria-label'));
/** The address a chip's GET form sends (what it leads to without JavaScript, too). */
const chipTarget = (name: string) => {
  const form = screen.getByRole('button', { name }).closest('form') as HTMLFormElement;
  return `?${new URLSearchParams(new FormData(form) as unknown as Record<string, string>)}`;
};
const optionValues = (select: HTMLElement) => [...(select as HTMLSelectElement).options].map((option) => option.value);
const optionTexts = (select: HTMLElement) => [...(select as HTMLSelectElement).options].map((option) => option.text);

describe('the hero search: Buy | Rent, type, price range and bedrooms', () => {
  it('is a GET form to Quick search with every choice named as the address names it (works without JavaScript)', async () => {
    stubFetch(suggestions([]), emptyCatalogue);
    await renderApp('/th');
    const hero = await screen.findByRole('search', { name: th.home.searchLabel });
    expect(hero).toHaveAttribute('method', 'get');
    expect(hero).toHaveAttribute('action', '/th/Quick');
    const names = [...(hero as HTMLFormElement).elements]
      .map((element) => element.getAttribute('name'))
      .filter(Boolean);
    expect(new Set(names)).toEqual(new Set(['type', 'q', 'sub_type', 'bedrooms', 'min_price', 'max_price']));
    const deal = within(hero).getByRole('group', { name: th.buyRent.dealLabel });
    expect(within(deal).getByRole('radio', { name: th.buyRent.deal.sale })).toBeChecked();
    expect(within(deal).getByRole('radio', { name: th.buyRent.deal.rent })).not.toBeChecked();
    // Thai readers see millions as ล้าน.
    expect(optionTexts(within(hero).getByRole('combobox', { name: th.filters.maxPrice }))).toContain('฿3 ล้าน');
  });

  it('Rent swaps the price presets to monthly rents, and the search lands on Quick search with every choice in the address and as a chip that removes it', async () => {
    const searched: URL[] = [];
    stubFetch(suggestions([]), properties(searched), emptyCatalogue);
    const user = userEvent.setup();
    const { router } = await renderApp('/');
    const hero = await screen.findByRole('search', { name: 'Search for a place' });
    const deal = within(hero).getByRole('group', { name: 'Buy or rent' });
    const maxPrice = () => within(hero).getByRole('combobox', { name: 'Maximum price (฿)' });
    expect(optionTexts(maxPrice())).toEqual([
      'No limit',
      '฿1M',
      '฿2M',
      '฿3M',
      '฿5M',
      '฿7M',
      '฿10M',
      '฿15M',
      '฿20M',
      '฿30M',
      '฿50M',
    ]);

    await user.click(within(deal).getByRole('radio', { name: 'Rent' }));
    expect(within(deal).getByRole('radio', { name: 'Rent' })).toBeChecked();
    expect(optionTexts(maxPrice())).toContain('฿30,000');
    expect(optionTexts(maxPrice())).not.toContain('฿3M');
    await user.selectOptions(within(hero).getByRole('combobox', { name: 'Property type' }), 'condo');
    await user.selectOptions(within(hero).getByRole('combobox', { name: 'Bedrooms' }), '2');
    await user.selectOptions(maxPrice(), '30000');
    await user.click(within(hero).getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/Quick'));
    expect(router.state.location.search).toBe('?type=rent&sub_type=condo&max_price=30000&bedrooms=2');
    const asked = searched.at(-1)?.searchParams;
    expect(asked?.get('type')).toBe('rent');
    expect(asked?.get('sub_type')).toBe('condo');
    expect(asked?.get('max_price')).toBe('30000');
    expect(asked?.get('bedrooms')).toBe('2');
    // The results page renders a moment after the address changes.
    await screen.findByRole('list', { name: 'Your search' });
    expect(chipNames()).toEqual(['Remove For rent', 'Remove Condo', 'Remove Up to 30,000 THB', 'Remove 2+ bedrooms']);

    await user.click(screen.getByRole('button', { name: 'Remove 2+ bedrooms' }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=rent&sub_type=condo&max_price=30000'));
    expect(searched.at(-1)?.searchParams.has('bedrooms')).toBe(false);
    // The pressed chip is gone: the keyboard goes on from the chips left.
    await waitFor(() => expect(chipsList()).toHaveFocus());
    await waitFor(() => expect(chipNames()).not.toContain('Remove 2+ bedrooms'));
    await user.click(screen.getByRole('button', { name: 'Remove Up to 30,000 THB' }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=rent&sub_type=condo'));
    await waitFor(() => expect(chipNames()).toEqual(['Remove For rent', 'Remove Condo']));
    await user.click(screen.getByRole('button', { name: 'Remove For rent' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sub_type=condo'));
    expect(searched.at(-1)?.searchParams.has('type')).toBe(false);
    await waitFor(() => expect(chipNames()).toEqual(['Remove Condo']));
  });

  it('says so instead of searching when the minimum price is over the maximum', async () => {
    const searched: URL[] = [];
    stubFetch(suggestions([]), properties(searched), emptyCatalogue);
    const user = userEvent.setup();
    const { router } = await renderApp('/');
    const hero = await screen.findByRole('search', { name: 'Search for a place' });
    const before = searched.length;
    await user.selectOptions(within(hero).getByRole('combobox', { name: 'Minimum price (฿)' }), '5000000');
    await user.selectOptions(within(hero).getByRole('combobox', { name: 'Maximum price (฿)' }), '3000000');
    await user.click(within(hero).getByRole('button', { name: 'Search' }));
    expect(await within(hero).findByRole('alert')).toHaveTextContent(
      'The minimum price cannot be more than the maximum price.',
    );
    expect(within(hero).getByRole('combobox', { name: 'Maximum price (฿)' })).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/');
    expect(searched.length).toBe(before);
  });
});

describe('suggestions as one types', () => {
  it('offers สุขุมวิท for "สุขุม" in the Thai hero, announces how many, moves with the arrows and runs the place with Buy', async () => {
    const asked: URL[] = [];
    const searched: URL[] = [];
    stubFetch(suggestions([SUKHUMVIT_TH, ASOK, LISTING], asked), properties(searched), emptyCatalogue);
    const user = userEvent.setup();
    const { router } = await renderApp('/th');
    const hero = await screen.findByRole('search', { name: th.home.searchLabel });
    const box = within(hero).getByRole('combobox', { name: th.home.searchLabel });
    expect(box).toHaveAttribute('name', 'q');
    await user.type(box, 'สุขุม');

    const list = await screen.findByRole('listbox', { name: th.suggest.list });
    const options = within(list).getAllByRole('option');
    expect(options).toHaveLength(3);
    expect(options[0]).toHaveAccessibleName(`สุขุมวิท, กรุงเทพมหานคร, ${th.suggest.kinds.place}`);
    expect(options[1]).toHaveAccessibleName(`Asok, BTS Sukhumvit line, ${th.suggest.kinds.station}`);
    expect(options[2]).toHaveAccessibleName(`Condo by Asok, ฿25,000, ${th.suggest.kinds.listing}`);
    // One question, after typing stopped, in the page's language.
    expect(asked).toHaveLength(1);
    expect(Object.fromEntries(asked[0]?.searchParams ?? [])).toEqual({ q: 'สุขุม', lang: 'th', limit: '8' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(within(hero).getByRole('status')).toHaveTextContent(th.suggest.found_other.replace('{{count}}', '3'));

    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]?.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(router.state.location.pathname).toBe('/th');

    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/th/Quick'));
    expect(router.state.location.search).toBe(toSearchString({ q: 'สุขุมวิท', type: 'sale' }));
    await waitFor(() => expect(searched.at(-1)?.searchParams.get('q')).toBe('สุขุมวิท'));
    await screen.findByRole('list', { name: th.reading.label });
  });

  it('opens a listing suggestion’s page in the page’s language', async () => {
    stubFetch(suggestions([SUKHUMVIT_TH, LISTING]), listingPage, properties([]), emptyCatalogue);
    const user = userEvent.setup();
    const { router } = await renderApp('/th');
    const hero = await screen.findByRole('search', { name: th.home.searchLabel });
    await user.type(within(hero).getByRole('combobox', { name: th.home.searchLabel }), 'Condo');
    await user.click(
      await screen.findByRole('option', { name: `Condo by Asok, ฿25,000, ${th.suggest.kinds.listing}` }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/th/detail/12'));
    await screen.findByRole('heading', { level: 1, name: 'Listing 12' });
  });

  it('offers a project typed by its Thai name among places and listings, and opens its page in the page’s language', async () => {
    const asked: URL[] = [];
    stubFetch(suggestions([SUKHUMVIT_TH, PROJECT, LISTING], asked), properties([]), emptyCatalogue);
    const user = userEvent.setup();
    const { router } = await renderApp('/th');
    const hero = await screen.findByRole('search', { name: th.home.searchLabel });
    await user.type(within(hero).getByRole('combobox', { name: th.home.searchLabel }), 'โนเบิล');
    const list = await screen.findByRole('listbox', { name: th.suggest.list });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(3));
    const project = await screen.findByRole('option', {
      name: `โนเบิล เดโม อโศก, วัฒนา, กรุงเทพมหานคร, ${th.suggest.kinds.project}`,
    });
    expect(asked.at(-1)?.searchParams.get('lang')).toBe('th');
    await user.click(project);
    await waitFor(() => expect(router.state.location.pathname).toBe('/th/project/noble-demo-asok'));
  });

  it('sends the typed text with the other choices when Enter is pressed with no suggestion highlighted', async () => {
    stubFetch(suggestions([SUKHUMVIT]), properties([]), emptyCatalogue);
    const user = userEvent.setup();
    const { router } = await renderApp('/');
    const hero = await screen.findByRole('search', { name: 'Search for a place' });
    await user.click(within(hero).getByRole('radio', { name: 'Rent' }));
    const box = within(hero).getByRole('combobox', { name: 'Search for a place' });
    await user.type(box, 'Sukhu');
    await screen.findByRole('option', { name: 'Sukhumvit, Bangkok, Place' });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/Quick'));
    expect(router.state.location.search).toBe('?q=Sukhu&type=rent');
    await screen.findByRole('list', { name: 'Your search' });
  });

  it('Quick search: a chosen station runs with the filters already chosen', async () => {
    const asked: URL[] = [];
    const searched: URL[] = [];
    stubFetch(suggestions([ASOK, SUKHUMVIT], asked), properties(searched));
    const user = userEvent.setup();
    const { router } = await renderApp('/Quick?type=rent&bedrooms=2');
    await screen.findByRole('link', { name: 'Quiet condo' });
    const box = screen.getByRole('combobox', { name: 'Place, location, BTS or MRT' });
    await user.type(box, 'aso');
    await user.click(await screen.findByRole('option', { name: 'Asok, BTS Sukhumvit line, Station' }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=rent&bedrooms=2&station=bts-asok'));
    expect(asked[0]?.searchParams.get('lang')).toBe('en');
    await waitFor(() => expect(searched.at(-1)?.searchParams.get('station')).toBe('bts-asok'));
    expect(searched.at(-1)?.searchParams.get('type')).toBe('rent');
    await screen.findByRole('button', { name: /^Remove Within 1,000 m of station/ });
  });

  it('Buy or rent: a chosen place replaces the text and keeps the tab and buy or rent', async () => {
    stubFetch(suggestions([SUKHUMVIT]), properties([]));
    const user = userEvent.setup();
    const { router } = await renderApp('/Buy-rent?tab=house&type=rent&q=garden');
    await screen.findByRole('link', { name: 'Quiet condo' });
    const box = screen.getByRole('combobox', { name: 'Search by title' });
    expect(box).toHaveValue('garden');
    await user.clear(box);
    await user.type(box, 'sukh');
    await screen.findByRole('option', { name: 'Sukhumvit, Bangkok, Place' });
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=house&type=rent&q=Sukhumvit'));
  });
});

describe('what the search was read as: removable chips', () => {
  // "quiet condo sukhumvit 2 bedrooms", as the server reads it: a sub type, a place, bedrooms and the words left.
  const READINGS = [
    reading('sub_type', 'condo', 'Condo'),
    reading('place', 'district:watthana', 'Sukhumvit'),
    reading('bedrooms', '2', '2 bedrooms'),
    reading('text', 'quiet'),
  ];
  const QUERY = 'quiet condo sukhumvit 2 bedrooms';

  it('Quick search shows each reading and each address filter as a "Remove …" button; removing one rebuilds the address from the rest', async () => {
    const searched: URL[] = [];
    stubFetch(
      suggestions([]),
      properties(searched, (p) => ({ understood: p.get('q') === QUERY ? READINGS : [] })),
    );
    const user = userEvent.setup();
    const { router } = await renderApp(`/Quick${toSearchString({ q: QUERY, type: 'rent' })}`);
    await screen.findByRole('link', { name: 'Quiet condo' });
    // The readings stand for the text: no chip for the whole text.
    expect(chipNames()).toEqual([
      'Remove Condo',
      'Remove Sukhumvit',
      'Remove 2 bedrooms',
      'Remove quiet',
      'Remove For rent',
    ]);
    // The readings left with a parameter of their own become it; a place and the words stay text.
    expect(chipTarget('Remove Sukhumvit')).toBe(
      toSearchString({ q: 'quiet', type: 'rent', sub_type: 'condo', bedrooms: 2 }),
    );
    expect(chipTarget('Remove quiet')).toBe(
      toSearchString({ q: 'Sukhumvit', type: 'rent', sub_type: 'condo', bedrooms: 2 }),
    );
    expect(chipTarget('Remove Condo')).toBe(toSearchString({ q: 'Sukhumvit quiet', type: 'rent', bedrooms: 2 }));
    expect(chipTarget('Remove For rent')).toBe(toSearchString({ q: QUERY }));

    await user.click(screen.getByRole('button', { name: 'Remove 2 bedrooms' }));
    const expected = toSearchString({ q: 'Sukhumvit quiet', type: 'rent', sub_type: 'condo' });
    await waitFor(() => expect(router.state.location.search).toBe(expected));
    await waitFor(() => expect(searched.at(-1)?.searchParams.get('q')).toBe('Sukhumvit quiet'));
    expect(searched.at(-1)?.searchParams.get('sub_type')).toBe('condo');
    expect(searched.at(-1)?.searchParams.has('bedrooms')).toBe(false);
  });

  it('Buy or rent keeps its tab for a sub type, and its tab is a chip of its own', async () => {
    const understood = [reading('place', 'district:watthana', 'Sukhumvit'), reading('bedrooms', '2', '2 bedrooms')];
    stubFetch(
      suggestions([]),
      properties([], (p) => ({ understood: p.get('q') ? understood : [] })),
    );
    const user = userEvent.setup();
    const { router } = await renderApp('/Buy-rent?tab=condo&q=sukhumvit+2+bedrooms');
    await screen.findByRole('link', { name: 'Quiet condo' });
    expect(chipNames()).toEqual(['Remove Sukhumvit', 'Remove 2 bedrooms', 'Remove Condo']);
    expect(chipTarget('Remove Condo')).toBe('?q=sukhumvit+2+bedrooms');
    await user.click(screen.getByRole('button', { name: 'Remove Sukhumvit' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=condo&bedrooms=2'));
  });

  it('shows a reading the address also sets once, as the address’s chip', async () => {
    const understood = [reading('sub_type', 'condo', 'Condo'), reading('bedrooms', '2', '2 bedrooms')];
    stubFetch(
      suggestions([]),
      properties([], (p) => ({ understood: p.get('q') ? understood : [] })),
    );
    await renderApp('/Buy-rent?tab=condo&bedrooms=3&q=condo+2+bedrooms');
    await screen.findByRole('link', { name: 'Quiet condo' });
    expect(chipNames()).toEqual(['Remove 2 bedrooms', 'Remove Condo', 'Remove 3+ bedrooms']);
  });

  it('shows the text as one chip when the answer has no readings', async () => {
    stubFetch(suggestions([]), properties([]));
    const user = userEvent.setup();
    const { router } = await renderApp('/Quick?q=sea+view');
    await screen.findByRole('link', { name: 'Quiet condo' });
    expect(chipNames()).toEqual(['Remove “sea view”']);
    await user.click(screen.getByRole('button', { name: 'Remove “sea view”' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Your search' })).toBeNull());
  });
});

describe('the correction line', () => {
  it('says what was searched instead and links to the text exactly as typed (exact=1), which the search then sends', async () => {
    const searched: URL[] = [];
    stubFetch(
      suggestions([]),
      properties(searched, (p) =>
        p.get('exact') === '1'
          ? { understood: [reading('text', 'Sukumvit')], corrected: null }
          : { understood: [reading('place', 'district:khlong-toei', 'Sukhumvit')], corrected: 'Sukhumvit' },
      ),
    );
    const user = userEvent.setup();
    const { router } = await renderApp('/Quick?q=Sukumvit');
    await screen.findByRole('link', { name: 'Quiet condo' });
    const line = screen.getByText(
      (_, element) => element?.tagName === 'P' && /^Showing results for/.test(element.textContent ?? ''),
    );
    expect(line).toHaveTextContent('Showing results for Sukhumvit. Search instead for “Sukumvit”');
    expect(within(line).getByText('Sukhumvit').tagName).toBe('STRONG');
    const instead = within(line).getByRole('link', { name: 'Search instead for “Sukumvit”' });
    expect(instead).toHaveAttribute('href', '/Quick?q=Sukumvit&exact=1');
    expect(searched.at(-1)?.searchParams.has('exact')).toBe(false);

    await user.click(instead);
    await waitFor(() => expect(router.state.location.search).toBe('?q=Sukumvit&exact=1'));
    await waitFor(() => expect(searched.at(-1)?.searchParams.get('exact')).toBe('1'));
    await waitFor(() => expect(screen.queryByText(/Showing results for/)).toBeNull());
    expect(chipNames()).toEqual(['Remove Sukumvit']);

    // A new text is searched with the spelling retry again.
    const box = screen.getByRole('combobox', { name: 'Place, location, BTS or MRT' });
    await user.clear(box);
    await user.type(box, 'Silom');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=Silom'));
  });

  it('Buy or rent: the same line and link, and no line without a correction', async () => {
    stubFetch(
      suggestions([]),
      properties([], (p) => ({ corrected: p.get('q') === 'Sukumvit' ? 'Sukhumvit' : null })),
    );
    await renderApp('/Buy-rent?tab=condo&q=Sukumvit');
    await screen.findByRole('link', { name: 'Quiet condo' });
    expect(screen.getByRole('link', { name: 'Search instead for “Sukumvit”' })).toHaveAttribute(
      'href',
      '/Buy-rent?tab=condo&q=Sukumvit&exact=1',
    );
    await renderApp('/Buy-rent?q=Silom');
    await screen.findAllByRole('link', { name: 'Quiet condo' });
    expect(screen.getAllByText(/Showing results for/)).toHaveLength(1);
  });
});

describe('relevance', () => {
  it('is the default order with a text on Quick search, "Newest first" without one', async () => {
    const searched: URL[] = [];
    stubFetch(suggestions([]), properties(searched));
    const user = userEvent.setup();
    const { router } = await renderApp('/Quick?q=condo');
    await screen.findByRole('link', { name: 'Quiet condo' });
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveDisplayValue('Relevance');
    expect(optionValues(sort)).toEqual([
      '',
      'newest',
      'price_asc',
      'price_desc',
      'price_per_sqm_asc',
      'price_per_sqm_desc',
    ]);
    // The default is the API's: no sort in the address or the search.
    expect(searched.at(-1)?.searchParams.has('sort')).toBe(false);
    await user.selectOptions(sort, 'newest');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=condo&sort=newest'));

    await renderApp('/Quick?type=rent');
    await screen.findAllByRole('link', { name: 'Quiet condo' });
    const sorts = screen.getAllByRole('combobox', { name: 'Sort by' });
    const plain = sorts.at(-1) as HTMLElement;
    expect(plain).toHaveDisplayValue('Newest first');
    expect(optionValues(plain)).toEqual(['', 'price_asc', 'price_desc', 'price_per_sqm_asc', 'price_per_sqm_desc']);
  });

  it('is the default order with a text on Buy or rent', async () => {
    stubFetch(suggestions([]), properties([]));
    await renderApp('/Buy-rent?q=condo');
    await screen.findByRole('link', { name: 'Quiet condo' });
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveDisplayValue('Relevance');
    expect(optionValues(sort)[1]).toBe('newest');
  });
});
