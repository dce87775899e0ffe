import type { Property } from '@baan/contract';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n, { changeLanguage, initI18n, loadNamespaces } from '../../../i18n';
import { loader as rootLoader } from '../../../root';
import { jsonResponse, stubFetch } from '../../../test/http';
import { giveElementsASize, tileImages } from '../../../test/leaflet-size';
import { makeProperty } from '../../../test/properties';
import { renderApp } from '../../../test/render-app';
import { ListingMap } from '../components/ListingMap';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());
giveElementsASize();

function serveListing(property: Property) {
  stubFetch((_request, url) => {
    if (url.pathname === `/api/property/${property.id}`) return jsonResponse(200, { success: true, payload: property });
    if (url.pathname === `/api/property/${property.id}/similar`)
      return jsonResponse(200, { success: true, payload: [] });
    return undefined;
  });
}

describe("A listing's location map", () => {
  it('shows the place on a small map with tiles from the configured template', async () => {
    serveListing(makeProperty(5, { title: 'Silom loft', lat: 13.7246, lon: 100.5309 }));
    await renderApp('/detail/5');
    await screen.findByRole('heading', { level: 1, name: 'Silom loft' });
    expect(screen.getByRole('heading', { level: 2, name: 'Location' })).toBeInTheDocument();
    const region = screen.getByRole('region', { name: "Map of this listing's location" });
    await waitFor(() => expect(tileImages(region).length).toBeGreaterThan(0));
    const [first] = tileImages(region);
    expect(first?.getAttribute('src')).toMatch(/^https:\/\/tile\.openstreetmap\.org\/15\/\d+\/\d+\.png$/);
    await act(async () => {
      if (first) fireEvent.load(first);
    });
    expect(screen.getByTestId('listing-map')).toHaveAttribute('data-state', 'ready');
    expect(region.querySelector('path.leaflet-interactive')).not.toBeNull();
  });

  it('keeps the pin on a plain background with a notice when no tile loads, and takes the tiles when one comes', async () => {
    serveListing(makeProperty(6, { title: 'Ari condo', lat: 13.78, lon: 100.54 }));
    await renderApp('/detail/6');
    await waitFor(() => expect(tileImages().length).toBeGreaterThan(0));
    await act(async () => {
      const [first] = tileImages();
      if (first) fireEvent.error(first);
    });
    expect(
      await screen.findByText('The street map could not be loaded, so the listings are shown on a plain background.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('The map could not be loaded.')).toBeNull();
    const region = screen.getByRole('region', { name: "Map of this listing's location" });
    expect(screen.getByTestId('listing-map')).toHaveAttribute('data-state', 'plain');
    expect(region.querySelector('path.leaflet-interactive')).not.toBeNull();
    expect(screen.getByRole('link', { name: /Open in maps/ })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=13.78&mlon=100.54#map=17/13.78/100.54',
    );
    // A tile that arrives after all: the street map is back, and the notice goes.
    await act(async () => {
      const [, second] = tileImages();
      if (second) fireEvent.load(second);
    });
    await waitFor(() => expect(screen.getByTestId('listing-map')).toHaveAttribute('data-state', 'ready'));
    expect(screen.queryByText(/plain background/)).toBeNull();
  });

  it('gives the address and a link to open it in a full map in a new tab, always, in the page language', async () => {
    serveListing(makeProperty(8, { title: 'Thai loft', location: 'Sukhumvit, Bangkok', lat: 13.7373, lon: 100.5606 }));
    await renderApp('/th/detail/8');
    await screen.findByRole('heading', { level: 1, name: 'Thai loft' });
    const section = screen.getByRole('region', { name: 'ทำเลที่ตั้ง' });
    expect(section).toHaveTextContent('สุขุมวิท');
    const link = within(section).getByRole('link', { name: 'เปิดในแผนที่ (เปิดในแท็บใหม่)' });
    expect(link).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=13.7373&mlon=100.5606#map=17/13.7373/100.5606',
    );
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('has no map without coordinates, but the address and a search for it in a full map', async () => {
    serveListing(makeProperty(7, { title: 'Somewhere', location: 'Hua Hin Town, Prachuap', lat: null, lon: null }));
    await renderApp('/detail/7');
    await screen.findByRole('heading', { level: 1, name: 'Somewhere' });
    expect(screen.getByRole('heading', { level: 2, name: 'Location' })).toBeInTheDocument();
    expect(document.querySelector('.leaflet-container')).toBeNull();
    expect(screen.getByRole('link', { name: /Open in maps/ })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/search?query=Hua%20Hin%20Town%2C%20Prachuap',
    );
  });

  it('gives way to a message only when the map itself cannot load; the address stays', async () => {
    await initI18n();
    await loadNamespaces(['map']);
    const router = createMemoryRouter([
      {
        path: '/',
        element: <ListingMap lat={13.7} lon={100.5} title="X" load={() => Promise.reject(new Error('chunk failed'))} />,
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('The map could not be loaded.')).toBeInTheDocument();
  });

  it('loads Leaflet only once the map comes near the viewport', async () => {
    await initI18n();
    await loadNamespaces(['map']);
    // A browser's observer, driven by the test: the map starts two screens below the viewport.
    let report: (isIntersecting: boolean) => void = () => {};
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          report = (isIntersecting) =>
            callback([{ isIntersecting } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
        }
        observe() {}
        disconnect() {}
      },
    );
    const load = vi.fn(() => Promise.reject(new Error('not this time')));
    const router = createMemoryRouter([
      { path: '/', element: <ListingMap lat={13.7} lon={100.5} title="X" load={load} /> },
    ]);
    render(<RouterProvider router={router} />);
    await screen.findByText('Loading map…');
    act(() => report(false));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(load).not.toHaveBeenCalled();
    act(() => report(true));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('The map could not be loaded.')).toBeInTheDocument();
  });

  it('renders on the server as a placeholder of the map height, without Leaflet', async () => {
    await initI18n();
    await changeLanguage('en');
    await loadNamespaces(['map']);
    const router = createMemoryRouter([{ path: '/', element: <ListingMap lat={13.7} lon={100.5} title="X" /> }]);
    const html = renderToString(
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );
    expect(html).toContain('h-64');
    expect(html).toContain('Loading map…');
    expect(html).not.toContain('leaflet');
  });

  it('takes its tiles from the server configuration (MAP_TILE_URL, through the root loader)', async () => {
    await initI18n();
    await loadNamespaces(['map']);
    const template = 'https://tiles.example.test/osm/{z}/{x}/{y}.png';
    const data = rootLoader({ context: { mapTileUrl: template } } as unknown as Parameters<typeof rootLoader>[0]);
    expect(data).toEqual({ mapTileUrl: template });
    const router = createMemoryRouter([
      { id: 'root', path: '/', loader: () => data, element: <ListingMap lat={13.7} lon={100.5} title="X" /> },
    ]);
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(tileImages().length).toBeGreaterThan(0));
    expect(tileImages()[0]?.getAttribute('src')).toMatch(/^https:\/\/tiles\.example\.test\/osm\/15\/\d+\/\d+\.png$/);
  });
});
