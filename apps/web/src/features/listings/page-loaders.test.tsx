import { PROPERTY_SUB_TYPES, type Property } from '@baan/contract';
import { screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import type { LoaderFunctionArgs, MetaDescriptor } from 'react-router';
import { createStaticHandler, createStaticRouter, Outlet, StaticRouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadNamespaces } from '../../i18n';
import { AppProviders } from '../../root';
import { makeStore } from '../../session/store';
import { jsonResponse } from '../../test/http';
import { makeProperty } from '../../test/properties';
import { renderApp } from '../../test/render-app';
import { routeTree, testContext } from '../../test/route-tree';

// The listing pages and home read their data in their loaders, so the server's HTML holds the cards.
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const listing = (id: number, extra: Partial<Property> = {}) =>
  makeProperty(id, {
    images: [
      {
        id: id * 10,
        image_path: `/uploads/demo/p${id}-1024.webp`,
        width: 1024,
        height: 683,
        srcset: `/uploads/demo/p${id}-320.webp 320w, /uploads/demo/p${id}-1024.webp 1024w`,
      },
    ],
    ...extra,
  });

const TYPE_COUNTS = {
  condo: 12,
  house: 52,
  townhouse: 0,
  twinhouse: 18,
  land: 3,
  shophouse: 1,
  villa: 28,
  apartment: 4,
  office: 2,
  bungalow: 5,
  pent_villa: 1,
  home_office: 1_234,
};

/** An API whose every search has `total` listings (ids from `first`), and the type counts. */
function serveApi(total = 30) {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string | URL) => {
      const url = new URL(input instanceof Request ? input.url : input);
      calls.push(url);
      if (url.pathname === '/api/stats/property-types') {
        return jsonResponse(200, {
          success: true,
          payload: TYPE_COUNTS,
        });
      }
      if (url.pathname !== '/api/properties') return jsonResponse(404, { success: false, message: 'Not found' });
      const page = Number(url.searchParams.get('page') ?? 1);
      const perPage = Number(url.searchParams.get('per_page') ?? 16);
      const start = (page - 1) * perPage;
      const items = Array.from({ length: Math.max(0, Math.min(perPage, total - start)) }, (_, i) =>
        listing(start + i + 1, { location: url.searchParams.get('location') ?? 'Sukhumvit, Bangkok' }),
      );
      return jsonResponse(200, { success: true, payload: { items, total, page, per_page: perPage } });
    }),
  );
  return calls;
}

/** The page as the server renders it: the route table's loaders through a static handler, then renderToString. */
async function serverHtml(path: string, status = 200): Promise<string> {
  await initI18n();
  await loadNamespaces(['listings', 'payments', 'contact', 'pages', 'saved', 'guides', 'tools', 'map', 'units']);
  const handler = createStaticHandler(
    routeTree(
      <AppProviders store={makeStore()}>
        <Outlet />
      </AppProviders>,
    ),
  );
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
  expect(context.statusCode).toBe(status);
  return renderToString(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />,
  );
}

const cardsIn = (html: string) => {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return [...doc.querySelectorAll('main article')];
};

/** A route module's head tags for a URL: its loader's data through its meta. */
async function headOf(module: { loader: unknown; meta: unknown }, path: string): Promise<MetaDescriptor[]> {
  await initI18n();
  const request = new Request(`http://localhost${path}`);
  const load = module.loader as (args: Partial<LoaderFunctionArgs>) => unknown;
  const data = await load({ request, params: {}, context: testContext });
  return (module.meta as (args: { data: unknown }) => MetaDescriptor[])({ data });
}

function expectSeo(tags: MetaDescriptor[], canonical: string, title: string | RegExp) {
  const links = tags.filter((tag) => 'tagName' in tag && tag.tagName === 'link') as Record<string, string>[];
  expect(links.find((link) => link.rel === 'canonical')?.href).toBe(canonical);
  const alternates = links.filter((link) => link.rel === 'alternate');
  // Seven languages and x-default.
  expect(alternates).toHaveLength(8);
  expect(alternates.map((link) => link.hrefLang)).toContain('x-default');
  expect(alternates.map((link) => link.href)).toContain(canonical);
  const titleTag = tags.find((tag) => 'title' in tag) as { title: string } | undefined;
  expect(titleTag?.title).toMatch(title);
  expect(tags.some((tag) => 'name' in tag && tag.name === 'description' && String(tag.content).length > 20)).toBe(true);
}

describe('Recommended and Sell at cost: the first 8 from the loader', () => {
  it('renders /recommend with 8 cards (title, price, place, photo with srcset) in the server HTML', async () => {
    serveApi(30);
    const cards = cardsIn(await serverHtml('/recommend'));
    expect(cards).toHaveLength(8);
    const first = cards[0] as Element;
    expect(first.textContent).toContain('Listing 1');
    expect(first.textContent).toContain('฿25,000');
    expect(first.textContent).toContain('Sukhumvit, Bangkok');
    expect(first.querySelector('img')?.getAttribute('srcset')).toBe(
      '/uploads/demo/p1-320.webp 320w, /uploads/demo/p1-1024.webp 1024w',
    );
  });

  it('shows the 8 cards and the title at once in the browser, with the featured first', async () => {
    const calls = serveApi(30);
    await renderApp('/recommend');
    expect(screen.getByRole('heading', { level: 1, name: 'Recommended' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Recommended for you' })).getAllByRole('article')).toHaveLength(8);
    expect(calls.map((url) => url.searchParams.get('featured'))).toEqual(['1', '0']);
    expect(screen.getByText('Showing 8 of 60')).toBeInTheDocument();
  });

  it('renders /cost?type=rent with the rents and both totals on the switch', async () => {
    serveApi(12);
    const html = await serverHtml('/cost?type=rent');
    expect(cardsIn(html)).toHaveLength(8);
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const current = doc.querySelector('nav[aria-label="Sale or rent"] a[aria-current="page"]');
    expect(current?.textContent).toBe('For rent (12)');
    expect(doc.querySelector('nav[aria-label="Sale or rent"] a[href="/cost"]')?.textContent).toBe('For sale (12)');
  });

  it('gives each list page its title, description, canonical and 8 hreflang links', async () => {
    serveApi(3);
    expectSeo(
      await headOf(await import('../../app/routes/recommend'), '/recommend'),
      'http://localhost/recommend',
      /^Recommended \| Baan$/,
    );
    expectSeo(
      await headOf(await import('../../app/routes/cost'), '/cost?type=rent&utm_source=x'),
      'http://localhost/cost?type=rent',
      /^Sell at Cost \| Baan$/,
    );
    expectSeo(
      await headOf(await import('../../app/routes/buy-rent'), '/Buy-rent?location=Korat&page=2'),
      'http://localhost/Buy-rent?location=Korat&page=2',
      /^Buy or Rent \| Baan$/,
    );
  });
});

describe('Buy or rent: the page of results from the loader', () => {
  it('renders 10 cards in the server HTML with link tabs, place links and a link pager', async () => {
    const calls = serveApi(25);
    const html = await serverHtml('/Buy-rent?tab=condo&location=Korat');
    expect(cardsIn(html)).toHaveLength(10);
    const last = calls.at(-1);
    expect(last?.searchParams.get('sub_type')).toBe('condo');
    expect(last?.searchParams.get('location')).toBe('Korat');
    expect(last?.searchParams.get('per_page')).toBe('10');
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelector('nav[aria-label="Property type"] a[aria-current="page"]')?.textContent).toBe('Condo');
    const links = [...doc.querySelectorAll('a')];
    const korat = links.find((a) => a.textContent === 'Korat');
    expect(korat?.getAttribute('href')).toBe('/Buy-rent?tab=condo&location=Korat');
    expect(korat?.getAttribute('aria-current')).toBe('true');
    const pager = [...doc.querySelectorAll('nav[aria-label="Pages"] a')].map((a) => a.getAttribute('href'));
    expect(pager).toContain('/Buy-rent?tab=condo&location=Korat&page=2');
    // The count, and the filters as a GET form, are in the server's HTML (the page works without JavaScript).
    expect(doc.body.textContent).toContain('25 properties found');
    expect(doc.querySelector('form[aria-label="Filters"]')?.getAttribute('method')).toBe('get');
    expect(doc.querySelector('nav[aria-label="Buy or rent"] a[aria-current="page"]')?.textContent).toBe('Buy and rent');
  });
});

describe('Home: every section from the loader', () => {
  it('renders the type counts, the newest listings and the places in the server HTML', async () => {
    serveApi(40);
    const html = await serverHtml('/');
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelector('h1')?.textContent).toBe('Welcome to Our Website');
    expect(doc.querySelectorAll('ul[aria-label="New projects"] article')).toHaveLength(8);
    expect(doc.body.textContent).toContain('12 properties');
    // Every sub type of the one list has its tile, linked to its search, with its count (ADR 024).
    const carousel = doc.querySelector('section[aria-roledescription="carousel"]');
    const tiles = new Map(
      [...(carousel?.querySelectorAll('a') ?? [])].map((a) => [a.getAttribute('href'), a.textContent] as const),
    );
    expect([...tiles.keys()]).toEqual(PROPERTY_SUB_TYPES.map((sub) => `/Quick?sub_type=${sub}`));
    expect(tiles.get('/Quick?sub_type=house')).toBe('House52 properties');
    expect(tiles.get('/Quick?sub_type=twinhouse')).toBe('Twin house18 properties');
    expect(tiles.get('/Quick?sub_type=shophouse')).toBe('Shophouse1 property');
    expect(tiles.get('/Quick?sub_type=townhouse')).toBe('Townhouse0 properties');
    expect(tiles.get('/Quick?sub_type=home_office')).toBe('Home office1,234 properties');
    expect(doc.querySelector('a[href="/Quick?q=Chiang+Mai"]')?.textContent).toContain('40 properties');
    expect(doc.querySelector('a[href="/Quick?q=Chiang+Mai"] img')?.getAttribute('srcset')).toContain('320w');
    // The search works without JavaScript: a GET form to quick search.
    expect(doc.querySelector('form[role="search"]')?.getAttribute('action')).toBe('/Quick');
  });

  it('switches the newest listings between sale and rent without a request', async () => {
    const calls = serveApi(40);
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup();
    await renderApp('/');
    const before = calls.length;
    const grid = () => within(screen.getByRole('list', { name: 'New projects' })).getAllByRole('article');
    expect(grid()).toHaveLength(8);
    await user.click(screen.getByRole('button', { name: 'For rent' }));
    expect(screen.getByRole('button', { name: 'For rent' })).toHaveAttribute('aria-pressed', 'true');
    expect(grid()).toHaveLength(8);
    expect(screen.getByRole('link', { name: /See all/ })).toHaveAttribute('href', '/Quick?type=rent');
    expect(calls.length).toBe(before);
  });

  it("says who Baan is to search engines: the site's title and an Organization with its contact point", async () => {
    serveApi(1);
    const tags = await headOf(await import('../../app/routes/home'), '/th');
    expectSeo(tags, 'http://localhost/th', /^Baan — /);
    const ld = tags.flatMap((tag) =>
      'script:ld+json' in tag ? [tag['script:ld+json'] as Record<string, unknown>] : [],
    );
    expect(ld).toContainEqual(
      expect.objectContaining({
        '@type': 'Organization',
        name: 'Baan',
        url: 'http://localhost/',
        contactPoint: expect.objectContaining({ telephone: '+66 2 123 4567', email: 'support@baan.example' }),
      }),
    );
  });
});

describe('Select package, contact and the info pages', () => {
  const PACKAGES = [
    { id: 1, name: 'Starter', price: 490, duration_days: 30, features: ['unlimitedListings'] },
    { id: 2, name: 'Professional', price: 990, duration_days: 30, features: ['unlimitedListings'] },
  ];

  it('renders the packages in the server HTML, and says so with a 503 when they cannot be read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { success: true, payload: PACKAGES })),
    );
    const doc = new DOMParser().parseFromString(await serverHtml('/select-package'), 'text/html');
    expect([...doc.querySelectorAll('main h2')].map((h) => h.textContent)).toEqual(['Starter', 'Professional']);
    expect(doc.body.textContent).toContain('฿490');

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(500, { success: false, message: 'x' })),
    );
    const failed = new DOMParser().parseFromString(await serverHtml('/select-package', 503), 'text/html');
    expect(failed.querySelector('[role="alert"]')?.textContent).toBe('Failed to load packages.');
  });

  it('gives select-package, contact and each info page its title, canonical and 8 hreflang links', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { success: true, payload: PACKAGES })),
    );
    expectSeo(
      await headOf(await import('../../app/routes/select-package'), '/select-package'),
      'http://localhost/select-package',
      /^Choose your package \| Baan$/,
    );
    expectSeo(
      await headOf(await import('../../app/routes/contact'), '/contact'),
      'http://localhost/contact',
      /^Contact us \| Baan$/,
    );
    expectSeo(
      await headOf(await import('../../app/routes/privacy'), '/privacy'),
      'http://localhost/privacy',
      /^Privacy Policy \| Baan$/,
    );
    const info = await import('../../app/routes/info-page');
    const faq = await headOf(info, '/ja/faq');
    expectSeo(faq, 'http://localhost/ja/faq', /Baan$/);
    const description = faq.find((tag) => 'name' in tag && tag.name === 'description') as { content: string };
    expect(description.content).not.toMatch(/faq\./);
  });

  it('shows the info page its route names (terms, services, faq)', async () => {
    const html = await serverHtml('/faq');
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelector('main h1')?.textContent).toBe('Frequently asked questions');
    expect(doc.querySelectorAll('main dt')).toHaveLength(3);
    await renderApp('/services');
    expect(screen.getByRole('heading', { level: 1, name: 'Our Services' })).toBeInTheDocument();
  });
});

describe('Home: the headline an admin sets, guides instead of news, no filler', () => {
  /** serveApi plus the admin's home settings. */
  function serveWithSettings(heroTitle: Record<string, string | null>) {
    const listings = serveApi(40);
    const search = vi.mocked(fetch);
    const inner = search.getMockImplementation();
    search.mockImplementation(async (input: Request | string | URL) => {
      const url = new URL(input instanceof Request ? input.url : input);
      if (url.pathname === '/api/settings/home') {
        return jsonResponse(200, { success: true, payload: { hero_title: heroTitle } });
      }
      return (inner as (i: typeof input) => Promise<Response>)(input);
    });
    return listings;
  }
  const none = { en: null, th: null, zh: null, ja: null, my: null, ru: null, TW: null };

  it("shows the admin's headline in the page's language, and the translated default where none is set", async () => {
    serveWithSettings({ ...none, th: 'บ้าน คอนโด ที่ดิน ทั่วไทย' });
    const thai = new DOMParser().parseFromString(await serverHtml('/th'), 'text/html');
    expect(thai.querySelector('h1')?.textContent).toBe('บ้าน คอนโด ที่ดิน ทั่วไทย');
    const english = new DOMParser().parseFromString(await serverHtml('/'), 'text/html');
    expect(english.querySelector('h1')?.textContent).toBe('Welcome to Our Website');
  });

  it('keeps the default when the settings cannot be read', async () => {
    serveApi(40);
    const doc = new DOMParser().parseFromString(await serverHtml('/'), 'text/html');
    expect(doc.querySelector('h1')?.textContent).toBe('Welcome to Our Website');
  });

  it('links three guides, shows no used-cars banner and no store links for an app that does not exist', async () => {
    serveApi(40);
    const doc = new DOMParser().parseFromString(await serverHtml('/'), 'text/html');
    const guides = [...doc.querySelectorAll('a[href^="/guides/"]')].map((a) => a.getAttribute('href'));
    expect(guides).toEqual(['/guides/title-deeds', '/guides/foreign-buyers', '/guides/land-units']);
    const section = doc.querySelector('a[href="/guides/title-deeds"]')?.closest('section');
    expect(section?.querySelector('h2')?.textContent).toBe('Guides for buyers');
    expect(doc.body.textContent).not.toMatch(/News and articles|used cars|Need a car/i);
    expect(doc.querySelector('a[href*="apple.com"], a[href*="play.google.com"]')).toBeNull();
    expect(doc.body.textContent).toContain('App StoreComing soon');
  });
});

describe('Guides', () => {
  it('renders a guide on the server: its title, every paragraph and the search it leads to', async () => {
    serveApi(0);
    const doc = new DOMParser().parseFromString(await serverHtml('/guides/title-deeds'), 'text/html');
    expect(doc.querySelector('h1')?.textContent).toBe('Thai title deeds: Chanote, Nor Sor 3 Gor and the others');
    expect(doc.querySelectorAll('article > div p')).toHaveLength(5);
    expect(doc.body.textContent).toContain('Chanote (Nor Sor 4 Jor) is the full title');
    expect(doc.querySelector('a[href="/Quick?title_deed=chanote"]')?.textContent).toBe('Find listings with a Chanote');
    const others = [...doc.querySelectorAll('nav[aria-labelledby="other-guides"] a')].map((a) =>
      a.getAttribute('href'),
    );
    expect(others).toEqual(['/guides/foreign-buyers', '/guides/land-units']);
  });

  it('speaks Thai under /th', async () => {
    serveApi(0);
    const doc = new DOMParser().parseFromString(await serverHtml('/th/guides/land-units'), 'text/html');
    expect(doc.querySelector('h1')?.textContent).toBe('ไร่ งาน ตารางวา: อ่านขนาดที่ดินแบบไทย');
    expect(doc.body.textContent).toContain('1 ไร่ = 4 งาน = 400 ตารางวา = 1,600 ตร.ม.');
    expect(doc.querySelector('a[href="/th/Quick?sub_type=land"]')).not.toBeNull();
  });

  it('answers 404 for a guide that does not exist', async () => {
    serveApi(0);
    const html = await serverHtml('/guides/how-to-get-rich', 404);
    expect(html).toContain('We can&#x27;t find that page');
  });
});

describe('A listing no longer available', () => {
  function serveDetail(code: string | undefined) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request | string | URL) => {
        const url = new URL(input instanceof Request ? input.url : input);
        if (url.pathname === '/api/property/12') {
          return jsonResponse(404, {
            success: false,
            message: 'This listing does not exist or is no longer available.',
            ...(code ? { code } : {}),
          });
        }
        if (url.pathname === '/api/property/12/similar') {
          return code
            ? jsonResponse(200, { success: true, payload: [listing(3, { title: 'Alike in Watthana' }), listing(4)] })
            : jsonResponse(404, { success: false, message: 'x' });
        }
        return jsonResponse(404, { success: false, message: 'Not found' });
      }),
    );
  }

  it('keeps the 404, says the listing is no longer available and offers similar listings and a search', async () => {
    serveDetail('listing_unavailable');
    const doc = new DOMParser().parseFromString(await serverHtml('/detail/12', 404), 'text/html');
    expect(doc.querySelector('h1')?.textContent).toBe('This listing is no longer available');
    expect(doc.body.textContent).toContain('Its owner has taken it off the market, or it was removed.');
    const similar = doc.querySelector('section[aria-labelledby="similar-listings"]');
    expect(similar?.querySelector('h2')?.textContent).toBe('Similar listings');
    expect([...(similar?.querySelectorAll('article h3') ?? [])].map((h) => h.textContent)).toEqual([
      'Alike in Watthana',
      'Listing 4',
    ]);
    expect(doc.querySelector('form[role="search"]')?.getAttribute('action')).toBe('/Quick');
  });

  it('is the plain not-found screen for a listing that never was (or is gone for good)', async () => {
    serveDetail(undefined);
    const doc = new DOMParser().parseFromString(await serverHtml('/detail/12', 404), 'text/html');
    expect(doc.querySelector('h1')?.textContent).toBe("We can't find that page");
    expect(doc.querySelector('section[aria-labelledby="similar-listings"]')).toBeNull();
  });
});
