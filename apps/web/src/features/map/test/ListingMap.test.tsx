import type { Property } from '@baan/contract';
import { act, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n, { changeLanguage, initI18n, loadNamespaces } from '../../../i18n';
import { loader as rootLoader } from '../../../root';
import { jsonResponse, stubFetch } from '../../../test/http';
import { makeProperty } from '../../../test/properties';
import { renderApp } from '../../../test/render-app';
import { ListingMap } from '../components/ListingMap';
import { giveElementsASize, tileImages } from './leaflet-size';

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

  it('gives way to a message when no tile loads; the page stays', async () => {
    serveListing(makeProperty(6, { title: 'Ari condo', lat: 13.78, lon: 100.54 }));
    await renderApp('/detail/6');
    await waitFor(() => expect(tileImages().length).toBeGreaterThan(0));
    await act(async () => {
      const [first] = tileImages();
      if (first) fireEvent.error(first);
    });
    expect(await screen.findByText('The map could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: "Map of this listing's location" })).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Ari condo' })).toBeInTheDocument();
  });

  it('has no map without coordinates', async () => {
    serveListing(makeProperty(7, { title: 'Somewhere', lat: null, lon: null }));
    await renderApp('/detail/7');
    await screen.findByRole('heading', { level: 1, name: 'Somewhere' });
    expect(screen.queryByRole('heading', { level: 2, name: 'Location' })).toBeNull();
    expect(document.querySelector('.leaflet-container')).toBeNull();
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
