import L from 'leaflet';
import { afterEach, describe, expect, it } from 'vitest';
import { giveElementsASize } from '../../test/leaflet-size';
import { fitZoom, PHONE_MAP, type PreviewArea, previewTiles, tileSrc } from './tile-preview';

// Leaflet is the reference: the preview must paint the tiles the map will ask for on a phone, at the same places.
giveElementsASize(PHONE_MAP.width, PHONE_MAP.height);

const AREAS: Record<string, PreviewArea> = {
  'central Bangkok': [100.48, 13.68, 100.62, 13.79],
  'a few streets of Sukhumvit': [100.555, 13.725, 100.575, 13.74],
  'all of Thailand': [97.3, 5.6, 105.7, 20.5],
  Phuket: [98.25, 7.75, 98.45, 8.1],
  'a single building': [100.5601, 13.7301, 100.5603, 13.7302],
};

const maps: L.Map[] = [];
afterEach(() => {
  // Files share a document (vitest isolate: false): no container may stay behind for the next file's queries.
  for (const map of maps.splice(0)) {
    const element = map.getContainer();
    map.remove();
    element.remove();
  }
});

function leafletFit(area: PreviewArea): L.Map {
  const element = document.createElement('div');
  document.body.append(element);
  const [west, south, east, north] = area;
  const map = L.map(element).fitBounds(L.latLngBounds([south, west], [north, east]), { maxZoom: 15 });
  maps.push(map);
  return map;
}

describe('the map preview’s tiles', () => {
  it.each(Object.entries(AREAS))(
    'for %s: Leaflet’s zoom and the tile under the middle, at the same offset',
    (_, area) => {
      const map = leafletFit(area);
      const { zoom, tiles } = previewTiles(area, 'https://t.example/{z}/{x}/{y}.png');
      expect(zoom).toBe(Math.max(5, map.getZoom()));
      expect(fitZoom(area)).toBe(zoom);
      // Leaflet's middle, in its world pixels at that zoom; the tile holding it and where that tile's corner lies.
      const middle = map.project(map.getCenter(), zoom);
      const x = Math.floor(middle.x / 256);
      const y = Math.floor(middle.y / 256);
      const under = tiles.find((tile) => tile.src === `https://t.example/${zoom}/${x}/${y}.png`);
      expect(under).toBeDefined();
      expect(under?.wide).toBe(false);
      expect(Math.abs((under?.left ?? 0) - (x * 256 - middle.x))).toBeLessThanOrEqual(1);
      expect(Math.abs((under?.top ?? 0) - (y * 256 - middle.y))).toBeLessThanOrEqual(1);
    },
  );

  it('covers a phone’s map with tiles that load at once, and a desktop’s with lazy ones', () => {
    const { tiles } = previewTiles(AREAS['central Bangkok'] as PreviewArea, '/{z}/{x}/{y}.png');
    const covers = (list: typeof tiles, halfWidth: number, halfHeight: number) => {
      for (let px = -halfWidth; px <= halfWidth; px += 16) {
        for (let py = -halfHeight; py <= halfHeight; py += 16) {
          const hit = list.some((t) => t.left <= px && px < t.left + 256 && t.top <= py && py < t.top + 256);
          if (!hit) return false;
        }
      }
      return true;
    };
    const phone = tiles.filter((tile) => !tile.wide);
    expect(covers(phone, PHONE_MAP.width / 2, PHONE_MAP.height / 2)).toBe(true);
    // A 375-pixel phone loads a handful of tiles, not the desktop's whole spread.
    expect(phone.length).toBeLessThanOrEqual(9);
    expect(covers(tiles, 620, 256)).toBe(true);
    expect(covers(phone, 620, 256)).toBe(false);
    expect(new Set(tiles.map((tile) => tile.src)).size).toBe(tiles.length);
  });

  it('fills a template as Leaflet does: {s} by the tile, {r} empty', () => {
    expect(tileSrc('https://{s}.tile.example/{z}/{x}/{y}{r}.png', 11, 1596, 944)).toBe(
      `https://${'abc'[(1596 + 944) % 3]}.tile.example/11/1596/944.png`,
    );
    expect(tileSrc('/tiles/{z}/{x}/{y}.png', 5, 0, 1)).toBe('/tiles/5/0/1.png');
  });

  it('asks for no tile beyond the world’s edge', () => {
    const { zoom, tiles } = previewTiles([-10, 80, 10, 85], '/{z}/{x}/{y}.png');
    for (const tile of tiles) {
      const [, y] = tile.src.split('/').slice(-2);
      expect(Number.parseInt(y ?? '', 10)).toBeLessThan(2 ** zoom);
      expect(Number.parseInt(y ?? '', 10)).toBeGreaterThanOrEqual(0);
    }
  });
});
