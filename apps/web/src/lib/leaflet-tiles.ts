// Part of the map chunks: imported only by lazily loaded Leaflet modules (never by a page module itself).
import L from 'leaflet';
import { TILE_ATTRIBUTION } from './map-tiles';

export interface TileWatch {
  tileUrl: string;
  timeoutMs: number;
  /** The first tile arrived: the map works. */
  onReady: () => void;
  /** No tile could load (an error before any tile, or nothing by the timeout). */
  onFailed: () => void;
  /**
   * A map that stays up without its tiles (its markers on a plain background) hears when a tile arrives after all;
   * a map that gave way at onFailed needs none.
   */
  onRecovered?: () => void;
}

/**
 * Adds the tile layer and settles once: ready at the first tile, failed at an error before it or at the timeout.
 * After failing, the first tile that still arrives calls onRecovered.
 */
export function addWatchedTiles(map: L.Map, watch: TileWatch): () => void {
  let hasTile = false;
  let isSettled = false;
  let hasFailed = false;
  const settle = (ok: boolean) => {
    if (isSettled) {
      if (ok && hasFailed) {
        hasFailed = false;
        watch.onRecovered?.();
      }
      return;
    }
    isSettled = true;
    clearTimeout(timer);
    if (ok) watch.onReady();
    else {
      hasFailed = true;
      watch.onFailed();
    }
  };
  const timer = setTimeout(() => {
    if (!hasTile) settle(false);
  }, watch.timeoutMs);
  const tiles = L.tileLayer(watch.tileUrl, { maxZoom: 19, attribution: TILE_ATTRIBUTION });
  tiles.on('tileload', () => {
    hasTile = true;
    settle(true);
  });
  tiles.on('tileerror', () => {
    if (!hasTile) settle(false);
  });
  tiles.addTo(map);
  return () => clearTimeout(timer);
}

/** Enter and Space on a focused marker act as a click (Leaflet makes marker icons focusable buttons). */
export function clickOnKeys(marker: L.Marker): void {
  marker.on('add', () => {
    const element = marker.getElement();
    element?.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      marker.fire('click');
    });
  });
}
