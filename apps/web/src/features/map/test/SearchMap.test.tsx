import { cellBounds, type MapCluster, type MapPoint, type Property } from '@baan/contract';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadNamespaces } from '../../../i18n';
import { AppProviders } from '../../../root';
import { makeStore } from '../../../session/store';
import { jsonResponse, stubFetch } from '../../../test/http';
import { giveElementsASize, tileImages } from '../../../test/leaflet-size';
import { makeProperty } from '../../../test/properties';
import { renderApp } from '../../../test/render-app';
import { SearchMap } from '../components/SearchMap';
import { parseBbox, THAILAND_BBOX } from '../lib/bbox';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 40_000 });
afterEach(() => vi.unstubAllGlobals());
giveElementsASize();

const AREA = '100.5,13.7,100.6,13.8';

const point = (id: number, lat: number, lon: number, extra: Partial<MapPoint> = {}): MapPoint => ({
  id,
  lat,
  lon,
  price: 3_500_000,
  type: 'sale',
  title: `Listing ${id}`,
  ...extra,
});

const POINTS = [
  point(7, 13.72, 100.52, { title: 'Riverside <b>condo</b>' }),
  point(8, 13.78, 100.58, { type: 'rent', price: 25_000 }),
  point(9, 13.75, 100.55),
  point(10, 13.75, 100.55),
];

/** The API: /api/properties answers one listing per call; /api/properties/map the given answer. */
function serve(
  map: { items: MapPoint[]; clusters?: MapCluster[]; total?: number; total_capped?: 0 | 1 } = { items: POINTS },
) {
  const list = (url: URL) => {
    const items: Property[] = [makeProperty(1, { title: 'Listing in the list' })];
    return jsonResponse(200, {
      success: true,
      payload: { items, total: 1, page: Number(url.searchParams.get('page') ?? 1), per_page: 16 },
    });
  };
  return stubFetch((request, url) => {
    if (request.method !== 'GET') return undefined;
    if (url.pathname === '/api/properties') return list(url);
    if (url.pathname === '/api/properties/map') {
      return jsonResponse(200, {
        success: true,
        payload: {
          clusters: map.clusters ?? [],
          items: map.items,
          total: map.total ?? map.items.length,
          total_capped: map.total_capped ?? 0,
        },
      });
    }
    return undefined;
  });
}

const urls = (requests: Request[], path: string) =>
  requests.map((r) => new URL(r.url)).filter((url) => url.pathname === path);

async function firstTiles(): Promise<HTMLImageElement[]> {
  let found: HTMLImageElement[] = [];
  await waitFor(() => {
    found = tileImages();
    expect(found.length).toBeGreaterThan(0);
  });
  return found;
}

/** Lets the first tile arrive: the map is ready. */
async function tilesLoad() {
  const [first] = await firstTiles();
  await act(async () => {
    if (first) fireEvent.load(first);
  });
  await waitFor(() => expect(screen.getByTestId('search-map')).toHaveAttribute('data-state', 'ready'));
}

describe('Quick search map', () => {
  it('opens on the address area, asks for the filters and its area, and clusters the points', async () => {
    const { requests } = serve();
    const { router } = await renderApp(`/Quick?q=condo&type=sale&sort=price_asc&page=2&bbox=${AREA}`);
    expect(screen.getByRole('button', { name: 'Map' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'false');
    const region = screen.getByRole('region', { name: 'Map of search results' });
    expect(region).toHaveAccessibleDescription(/The results list shows the same listings/);
    // The list was read for the address's area.
    expect(urls(requests, '/api/properties').at(-1)?.searchParams.get('bbox')).toBe(AREA);
    await tilesLoad();
    expect(tileImages()[0]?.getAttribute('src')).toMatch(/^https:\/\/tile\.openstreetmap\.org\/\d+\/\d+\/\d+\.png$/);

    await waitFor(() => expect(urls(requests, '/api/properties/map').length).toBeGreaterThan(0));
    const asked = urls(requests, '/api/properties/map')[0]?.searchParams;
    expect(asked?.get('q')).toBe('condo');
    expect(asked?.get('type')).toBe('sale');
    expect(asked?.has('page') || asked?.has('sort')).toBe(false);
    // With the map's zoom: the size of the server's cells.
    expect(Number(asked?.get('zoom'))).toBeGreaterThanOrEqual(10);
    expect(Number(asked?.get('zoom'))).toBeLessThanOrEqual(14);
    // The map's own area: the address's, as the map shows it (it covers the address's area).
    const [w = 0, s = 0, e = 0, n = 0] = parseBbox(asked?.get('bbox')) ?? [];
    expect(w).toBeLessThanOrEqual(100.5);
    expect(e).toBeGreaterThanOrEqual(100.6);
    expect(s).toBeLessThanOrEqual(13.7);
    expect(n).toBeGreaterThanOrEqual(13.8);

    // Two apart, two at one spot: two price markers and a cluster of 2, each a named button.
    const markers = await within(region).findAllByRole('button', { name: /฿/ });
    expect(markers.map((m) => m.textContent).sort()).toEqual(['฿25K', '฿3.5M']);
    expect(
      within(region).getByRole('button', { name: '฿3.5M · Riverside <b>condo</b>, ฿3,500,000' }),
    ).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: '฿25K · Listing 8, ฿25,000 / month' })).toBeInTheDocument();
    const cluster = within(region).getByRole('button', { name: '2 listings here: zoom in' });
    expect(cluster).toHaveTextContent('2');
    // Opening it did not rewrite the address (only a move does).
    await act(() => new Promise((resolve) => setTimeout(resolve, 800)));
    expect(router.state.location.search).toBe(`?q=condo&type=sale&sort=price_asc&page=2&bbox=${AREA}`);
  });

  it('paints the address’s area from its tiles until the map’s own tiles arrive', async () => {
    serve();
    await renderApp(`/Quick?bbox=${AREA}`);
    const preview = screen.getByTestId('tile-preview');
    expect(preview).toHaveAttribute('aria-hidden', 'true');
    const painted = [...preview.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    // The area at the zoom a phone's map fits it to, from the configured tile server; each tile once.
    expect(painted.length).toBeGreaterThan(0);
    for (const src of painted) expect(src).toMatch(/^https:\/\/tile\.openstreetmap\.org\/12\/\d+\/\d+\.png$/);
    // The tile under the area's middle (100.55° E, 13.75° N at zoom 12).
    expect(painted).toContain('https://tile.openstreetmap.org/12/3192/1890.png');
    expect(new Set(painted).size).toBe(painted.length);
    await tilesLoad();
    expect(screen.queryByTestId('tile-preview')).not.toBeInTheDocument();
  });

  it('writes the map area into the address once the map rests, replacing the entry, and the list follows', async () => {
    const { requests } = serve();
    const { router } = await renderApp(`/Quick?q=condo&page=2&bbox=${AREA}`);
    await tilesLoad();
    const listCalls = urls(requests, '/api/properties').length;
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    // Debounced: nothing is written while the map may still move.
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(new URLSearchParams(router.state.location.search).get('bbox')).toBe(AREA);
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('bbox')).not.toBe(AREA));
    const search = new URLSearchParams(router.state.location.search);
    expect(router.state.historyAction).toBe('REPLACE');
    expect(search.get('q')).toBe('condo');
    expect(search.has('page')).toBe(false);
    const written = search.get('bbox') ?? '';
    for (const part of written.split(',')) expect(part).toMatch(/^-?\d+(\.\d{1,5})?$/);
    const [w = 0, s = 0, e = 0, n = 0] = parseBbox(written) ?? [];
    // Zoomed in on the same centre: a smaller area inside the first one.
    expect(w).toBeGreaterThan(100.5);
    expect(e).toBeLessThan(100.6);
    expect(s).toBeGreaterThan(13.7);
    expect(n).toBeLessThan(13.8);
    await waitFor(() => expect(urls(requests, '/api/properties').length).toBeGreaterThan(listCalls));
    expect(urls(requests, '/api/properties').at(-1)?.searchParams.get('bbox')).toBe(written);
    await waitFor(() => expect(urls(requests, '/api/properties/map').at(-1)?.searchParams.get('bbox')).toBe(written));
  });

  it('goes to the address’s area when it changes from outside the map: a link to another area, then Back', async () => {
    // The map's points are those inside the area it asks for: what it shows tells where it is.
    const nimman = point(20, 18.8, 99.0, { title: 'Nimman loft', price: 12_000_000 });
    stubFetch((_request, url) => {
      if (url.pathname === '/api/properties') {
        return jsonResponse(200, { success: true, payload: { items: [], total: 0, page: 1, per_page: 16 } });
      }
      if (url.pathname !== '/api/properties/map') return undefined;
      const [w = 0, s = 0, e = 0, n = 0] = parseBbox(url.searchParams.get('bbox')) ?? [];
      const items = [...POINTS, nimman].filter((p) => p.lon >= w && p.lon <= e && p.lat >= s && p.lat <= n);
      return jsonResponse(200, {
        success: true,
        payload: { clusters: [], items, total: items.length, total_capped: 0 },
      });
    });
    const { router } = await renderApp(`/Quick?bbox=${AREA}`);
    await tilesLoad();
    const region = screen.getByRole('region', { name: 'Map of search results' });
    const shownPrices = () =>
      within(region)
        .queryAllByRole('button', { name: /฿/ })
        .map((m) => m.textContent)
        .sort();
    await waitFor(() => expect(shownPrices()).toEqual(['฿25K', '฿3.5M']));
    await act(() => router.navigate('/Quick?bbox=98.95,18.75,99.05,18.85'));
    await waitFor(() => expect(shownPrices()).toEqual(['฿12M']));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(shownPrices()).toEqual(['฿25K', '฿3.5M']));
    const [w = 0, , e = 0] = parseBbox(new URLSearchParams(router.state.location.search).get('bbox')) ?? [];
    expect(w).toBeGreaterThan(100.3);
    expect(e).toBeLessThan(100.8);
  });

  it('opens a popup with the price, the title and a link in the page language', async () => {
    serve();
    const { router } = await renderApp(`/th/Quick?bbox=${AREA}`);
    await tilesLoad();
    const region = screen.getByRole('region', { name: 'แผนที่ผลการค้นหา' });
    const marker = await within(region).findByRole('button', { name: '฿3.5M · Riverside <b>condo</b>, ฿3,500,000' });
    fireEvent.click(marker);
    const link = await within(region).findByRole('link', { name: 'ดูรายละเอียด: Riverside <b>condo</b>' });
    expect(link).toHaveAttribute('href', '/th/detail/7');
    const popup = link.closest('.leaflet-popup-content') as HTMLElement;
    expect(popup).toHaveTextContent('฿3,500,000');
    expect(popup).toHaveTextContent('Riverside <b>condo</b>');
    expect(popup.querySelector('b')).toBeNull();
    // The cluster of one spot lists both of its listings; Enter on a focused marker opens it.
    const cluster = within(region).getByRole('button', { name: 'มีประกาศ 2 รายการในบริเวณนี้ ซูมเข้าเพื่อดู' });
    fireEvent.keyDown(cluster, { key: 'Enter' });
    await within(region).findByRole('link', { name: 'ดูรายละเอียด: Listing 9' });
    expect(within(region).getByRole('link', { name: 'ดูรายละเอียด: Listing 10' })).toHaveAttribute(
      'href',
      '/th/detail/10',
    );
    // A plain click opens the listing inside the app.
    fireEvent.click(within(region).getByRole('link', { name: 'ดูรายละเอียด: Listing 10' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/th/detail/10'));
  });

  it('says when the map shows only part of the listings', async () => {
    serve({ items: POINTS, total: 2500 });
    await renderApp(`/Quick?bbox=${AREA}`);
    expect(await screen.findByText('Showing 4 of 2,500 — zoom in')).toBeInTheDocument();
  });

  it('draws the server’s clusters as count bubbles; one zooms in to its cell; a capped total reads 10,000+', async () => {
    // Two cells of the zoom's grid (quadkeys at level 13): one small, one past the cap.
    const cells: MapCluster[] = [
      { lat: 13.73, lon: 100.53, count: 12, cell: '3100211323111' },
      { lat: 13.77, lon: 100.57, count: 12_400, cell: '3100211323113' },
    ];
    const { requests } = serve({ items: [], clusters: cells, total: 10_000, total_capped: 1 });
    await renderApp(`/Quick?bbox=${AREA}`);
    await tilesLoad();
    const region = screen.getByRole('region', { name: 'Map of search results' });
    expect(await screen.findByText("10,000+ listings in the map's area — zoom in or add filters")).toBeInTheDocument();
    const small = await within(region).findByRole('button', { name: '12 listings here: zoom in' });
    expect(small).toHaveTextContent('12');
    expect(within(region).getByRole('button', { name: '12,400 listings here: zoom in' })).toHaveTextContent('12K');
    expect(within(region).queryAllByRole('button', { name: /฿/ })).toEqual([]);
    // A click zooms to the cell: the next area asked for lies within the cell (give or take the screen's shape).
    const before = urls(requests, '/api/properties/map').length;
    const zoomBefore = Number(urls(requests, '/api/properties/map').at(-1)?.searchParams.get('zoom'));
    fireEvent.click(small);
    await waitFor(() => expect(urls(requests, '/api/properties/map').length).toBeGreaterThan(before));
    const asked = urls(requests, '/api/properties/map').at(-1)?.searchParams;
    const [cw = 0, cs = 0, ce = 0, cn = 0] = cellBounds('3100211323111') ?? [];
    const [w = 0, s = 0, e = 0, n = 0] = parseBbox(asked?.get('bbox')) ?? [];
    const centre = [(w + e) / 2, (s + n) / 2];
    expect(centre[0]).toBeGreaterThan(cw);
    expect(centre[0]).toBeLessThan(ce);
    expect(centre[1]).toBeGreaterThan(cs);
    expect(centre[1]).toBeLessThan(cn);
    expect(Number(asked?.get('zoom'))).toBeGreaterThan(zoomBefore);
  });

  it('says the capped total in Thai too', async () => {
    serve({
      items: [],
      clusters: [{ lat: 13.75, lon: 100.55, count: 20_000, cell: '3100211323111' }],
      total: 10_000,
      total_capped: 1,
    });
    await renderApp(`/th/Quick?bbox=${AREA}`);
    expect(await screen.findByText('มีประกาศ 10,000+ รายการในพื้นที่แผนที่ ซูมเข้าหรือเพิ่มตัวกรอง')).toBeInTheDocument();
  });

  it('keeps the price markers on a plain background with a notice when no tile loads; the map still drives the list', async () => {
    const { requests } = serve();
    const { router } = await renderApp(`/Quick?q=condo&bbox=${AREA}`);
    const [first] = await firstTiles();
    await act(async () => {
      if (first) fireEvent.error(first);
    });
    expect(
      await screen.findByText('The street map could not be loaded, so the listings are shown on a plain background.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('The map could not be loaded.')).toBeNull();
    const region = screen.getByRole('region', { name: 'Map of search results' });
    expect(screen.getByTestId('search-map')).toHaveAttribute('data-state', 'plain');
    // The markers are there, and open their popups.
    const markers = await within(region).findAllByRole('button', { name: /฿/ });
    expect(markers.map((m) => m.textContent).sort()).toEqual(['฿25K', '฿3.5M']);
    fireEvent.click(within(region).getByRole('button', { name: '฿25K · Listing 8, ฿25,000 / month' }));
    expect(await within(region).findByRole('link', { name: 'View details: Listing 8' })).toHaveAttribute(
      'href',
      '/detail/8',
    );
    // Zooming still writes the area and the list follows it.
    const listCalls = urls(requests, '/api/properties').length;
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('bbox')).not.toBe(AREA));
    await waitFor(() => expect(urls(requests, '/api/properties').length).toBeGreaterThan(listCalls));
    expect(screen.getByRole('link', { name: 'Listing in the list' })).toBeInTheDocument();
  });

  it('gives way to a message only when the map itself cannot load, offering all results', async () => {
    serve();
    await initI18n();
    await loadNamespaces(['map']);
    const user = userEvent.setup();
    const onClearBbox = vi.fn();
    const router = createMemoryRouter([
      {
        path: '/',
        element: (
          <SearchMap
            filters=""
            bbox={AREA}
            onBbox={() => {}}
            onClearBbox={onClearBbox}
            load={() => Promise.reject(new Error('chunk failed'))}
          />
        ),
      },
    ]);
    render(
      <AppProviders store={makeStore()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByText('The map could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Map of search results' })).toBeNull();
    await user.click(screen.getByRole('button', { name: "Show all results, not only the map's area" }));
    expect(onClearBbox).toHaveBeenCalledOnce();
  });

  it('opened from the list, it fits the listings of the filters and writes their area; List drops it', async () => {
    const { requests } = serve();
    const user = userEvent.setup();
    const { router } = await renderApp('/Quick?type=sale');
    expect(screen.queryByRole('region', { name: 'Map of search results' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Map' }));
    expect(screen.getByRole('button', { name: 'Map' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(urls(requests, '/api/properties/map').length).toBeGreaterThan(0));
    const wide = urls(requests, '/api/properties/map')[0]?.searchParams;
    expect(wide?.get('type')).toBe('sale');
    expect(wide?.get('bbox')).toBe(THAILAND_BBOX.join(','));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).has('bbox')).toBe(true));
    const [w = 0, s = 0, e = 0, n = 0] = parseBbox(new URLSearchParams(router.state.location.search).get('bbox')) ?? [];
    // Around the points (13.72–13.78, 100.52–100.58), far inside Thailand.
    expect(w).toBeLessThanOrEqual(100.52);
    expect(e).toBeGreaterThanOrEqual(100.58);
    expect(e - w).toBeLessThan(1);
    expect(n - s).toBeLessThan(1);
    expect(new URLSearchParams(router.state.location.search).get('type')).toBe('sale');
    await user.click(screen.getByRole('button', { name: 'List' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).has('bbox')).toBe(false));
    expect(screen.queryByRole('region', { name: 'Map of search results' })).toBeNull();
  });
});
