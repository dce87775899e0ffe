import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../../../i18n';
import { giveElementsASize } from '../../../test/leaflet-size';
import { OfficeMap } from '../components/OfficeMap';

vi.setConfig({ testTimeout: 30_000 });

// Real Leaflet in jsdom, every element with a size; a tile loads or fails when the test fires that event on it.
giveElementsASize();

beforeEach(async () => {
  await initI18n();
  await changeLanguage('en');
});

async function tiles(): Promise<HTMLImageElement[]> {
  let found: HTMLImageElement[] = [];
  await waitFor(
    () => {
      found = [...document.querySelectorAll<HTMLImageElement>('img.leaflet-tile')];
      expect(found.length).toBeGreaterThan(0);
    },
    { timeout: 10_000 },
  );
  return found;
}

describe('Office map', () => {
  it('draws OpenStreetMap tiles with the attribution and a vector marker', async () => {
    render(<OfficeMap timeoutMs={60_000} />);
    const [first] = await tiles();
    expect(first?.getAttribute('src')).toMatch(/^https:\/\/tile\.openstreetmap\.org\/16\/\d+\/\d+\.png$/);
    await act(async () => {
      if (first) fireEvent.load(first);
    });
    expect(screen.getByTestId('office-map')).toHaveAttribute('data-state', 'ready');
    expect(screen.getByRole('region', { name: 'Map of the Baan office' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'OpenStreetMap' })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/copyright',
    );
    expect(screen.getByText('Baan office')).toBeInTheDocument();
    expect(document.querySelector('.leaflet-marker-icon')).toBeNull();
    expect(document.querySelector('path.leaflet-interactive')).not.toBeNull();
    // A later tile error (one tile of many) does not take a working map away.
    const [, second] = await tiles();
    await act(async () => {
      if (second) fireEvent.error(second);
    });
    expect(screen.queryByTestId('map-fallback')).not.toBeInTheDocument();
  });

  it('gives way to the address card when a tile fails before any loads', async () => {
    render(<OfficeMap timeoutMs={60_000} />);
    const [first] = await tiles();
    await act(async () => {
      if (first) fireEvent.error(first);
    });
    const card = await screen.findByTestId('map-fallback');
    expect(card).toHaveTextContent('Sukhumvit Road, Khlong Toei, Bangkok 10110');
    expect(screen.getByRole('link', { name: /Open in maps/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/www\.openstreetmap\.org\/\?mlat=/),
    );
    expect(screen.queryByTestId('office-map')).not.toBeInTheDocument();
    expect(document.querySelector('.leaflet-container')).toBeNull();
  });

  it('gives way to the address card when no tile arrives in time', async () => {
    render(<OfficeMap timeoutMs={200} />);
    await tiles();
    expect(await screen.findByTestId('map-fallback', {}, { timeout: 5_000 })).toBeInTheDocument();
  });

  it('shows the address card when Leaflet itself cannot load', async () => {
    render(<OfficeMap load={() => Promise.reject(new Error('chunk failed'))} />);
    expect(await screen.findByTestId('map-fallback')).toHaveTextContent('Open in maps');
  });
});
