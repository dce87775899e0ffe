// The Leaflet part every map shares. Imported only by the features' lazily loaded map modules (never by a page
// module itself), so Leaflet and its stylesheet stay in a chunk of their own that only a map loads.
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { TILE_ATTRIBUTION } from '../../lib/map-tiles';

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

export interface LeafletMapOptions {
  /** Where the map opens: a centre and a zoom, or an area to fit. */
  view: { lat: number; lon: number; zoom: number } | { bounds: L.LatLngBounds };
  /** The wheel zooms the map (a full map); off where the map sits in a page that scrolls past it. */
  scrollWheelZoom: boolean;
  /** The zoom buttons' names in the page's language; without them Leaflet's own control (English titles). */
  zoomLabels?: { zoomIn: string; zoomOut: string };
  /** The tiles and what to tell when they load or fail (useLeafletMap gives these). */
  tiles: TileWatch;
}

export interface LeafletMap {
  map: L.Map;
  /** Stops watching the tiles and removes the map (its layers, listeners and DOM). */
  destroy: () => void;
}

/** Creates a map in `container`: its view, the zoom buttons, the attribution and the watched tile layer. */
export function createLeafletMap(container: HTMLElement, options: LeafletMapOptions): LeafletMap {
  const map = L.map(container, {
    scrollWheelZoom: options.scrollWheelZoom,
    attributionControl: true,
    zoomControl: !options.zoomLabels,
  });
  if ('bounds' in options.view) map.fitBounds(options.view.bounds);
  else map.setView([options.view.lat, options.view.lon], options.view.zoom);
  if (options.zoomLabels) {
    L.control.zoom({ zoomInTitle: options.zoomLabels.zoomIn, zoomOutTitle: options.zoomLabels.zoomOut }).addTo(map);
  }
  const stopWatch = addWatchedTiles(map, options.tiles);
  return {
    map,
    destroy() {
      stopWatch();
      map.remove();
    },
  };
}

/**
 * Adds the tile layer and settles once: ready at the first tile, failed at an error before it or at the timeout.
 * After failing, the first tile that still arrives calls onRecovered.
 */
function addWatchedTiles(map: L.Map, watch: TileWatch): () => void {
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
