import type { MapPoint } from '@baan/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { giveElementsASize } from '../../../test/leaflet-size';
import { mountSearchMap, type SearchMap } from '../lib/leaflet-search-map';

// Issue 21: on a phone, a price pin's popup closed by itself about 1.5 s after it opened. Opening it pans the map
// to show it; the moved map asks for its area's points, and drawing them again removed every marker, the one with
// the open popup too. These tests draw the points again as that answer would.
giveElementsASize(375, 500);

const point = (id: number, lat: number, lon: number, extra: Partial<MapPoint> = {}): MapPoint => ({
  id,
  lat,
  lon,
  price: 89_000,
  type: 'rent',
  title: `Listing ${id}`,
  ...extra,
});

const POINTS = [point(1, 13.74, 100.55), point(2, 13.76, 100.57), point(3, 13.7, 100.5)];

let map: SearchMap | undefined;
let container: HTMLElement | undefined;
afterEach(() => {
  map?.destroy();
  container?.remove();
});

function mount(): SearchMap {
  container = document.createElement('div');
  document.body.append(container);
  map = mountSearchMap(container, {
    bbox: [100.45, 13.65, 100.62, 13.8],
    tileUrl: 'https://tile.example/{z}/{x}/{y}.png',
    timeoutMs: 60_000,
    onReady: () => {},
    onFailed: () => {},
    labels: {
      marker: (p) => `฿89K · ${p.title}`,
      cluster: (count) => `${count} listings here: zoom in`,
      clusterCount: (count) => String(count),
      open: 'View details',
      zoomIn: 'Zoom in',
      zoomOut: 'Zoom out',
    },
    shortPrice: () => '฿89K',
    fullPrice: () => '฿89,000 / month',
    hrefFor: (id) => `/detail/${id}`,
    onNavigate: () => {},
    onMove: () => {},
  });
  return map;
}

const popupLinks = () => [...document.querySelectorAll('.leaflet-popup a[href^="/detail/"]')];
const marker = (title: string) => document.querySelector<HTMLElement>(`[aria-label="฿89K · ${title}"]`);

describe('the search map keeps an open popup while its points are drawn again', () => {
  it('keeps the popup and its marker when the same points come back (a fresh copy, as from a new request)', () => {
    const search = mount();
    search.setPoints(POINTS);
    const pin = marker('Listing 1');
    pin?.click();
    expect(popupLinks().map((a) => a.getAttribute('href'))).toEqual(['/detail/1']);
    search.setPoints(POINTS.map((p) => ({ ...p })));
    expect(popupLinks().map((a) => a.getAttribute('href'))).toEqual(['/detail/1']);
    // The very same marker element: nothing was drawn twice.
    expect(marker('Listing 1')).toBe(pin);
  });

  it('keeps it when other points come and go around it', () => {
    const search = mount();
    search.setPoints(POINTS);
    marker('Listing 1')?.click();
    search.setPoints([POINTS[0] as MapPoint, point(4, 13.78, 100.6)]);
    expect(popupLinks().map((a) => a.getAttribute('href'))).toEqual(['/detail/1']);
    expect(marker('Listing 2')).toBeNull();
    expect(marker('Listing 4')).not.toBeNull();
  });

  it('closes it when its listing is no longer among the points, and redraws one whose price changed', () => {
    const search = mount();
    search.setPoints(POINTS);
    marker('Listing 1')?.click();
    search.setPoints(POINTS.slice(1));
    expect(popupLinks()).toEqual([]);
    expect(marker('Listing 1')).toBeNull();
    const before = marker('Listing 2');
    search.setPoints([point(2, 13.76, 100.57, { title: 'Listing 2', price: 95_000 }), POINTS[2] as MapPoint]);
    expect(marker('Listing 2')).not.toBe(before);
    expect(document.querySelectorAll('.leaflet-marker-icon')).toHaveLength(2);
  });
});
