// Loaded only by the contact page's map (a separate chunk with Leaflet and its stylesheet).
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { TILE_ATTRIBUTION } from '../../../lib/map-tiles';
import { OFFICE } from './office';

export interface MountOptions {
  /** The tile URL template (MAP_TILE_URL). */
  tileUrl: string;
  timeoutMs: number;
  markerLabel: string;
  /** The first tile arrived: the map works. */
  onReady: () => void;
  /** No tile could load (an error before any tile, or nothing by the timeout). */
  onFailed: () => void;
}

/** Draws the office map into `container`; returns the teardown. The marker is vector, so no image assets. */
export function mountOfficeMap(container: HTMLElement, options: MountOptions): () => void {
  const map = L.map(container, { scrollWheelZoom: false, attributionControl: true }).setView(
    [OFFICE.lat, OFFICE.lon],
    OFFICE.zoom,
  );
  let hasTile = false;
  let isSettled = false;
  const settle = (ok: boolean) => {
    if (isSettled) return;
    isSettled = true;
    clearTimeout(timer);
    if (ok) options.onReady();
    else options.onFailed();
  };
  const timer = setTimeout(() => {
    if (!hasTile) settle(false);
  }, options.timeoutMs);

  const tiles = L.tileLayer(options.tileUrl, { maxZoom: 19, attribution: TILE_ATTRIBUTION });
  tiles.on('tileload', () => {
    hasTile = true;
    settle(true);
  });
  tiles.on('tileerror', () => {
    if (!hasTile) settle(false);
  });
  tiles.addTo(map);

  L.circleMarker([OFFICE.lat, OFFICE.lon], {
    radius: 11,
    color: '#ffffff',
    weight: 3,
    fillColor: '#0f766e',
    fillOpacity: 1,
  })
    .bindTooltip(options.markerLabel, { direction: 'top', offset: [0, -10], permanent: true })
    .addTo(map);

  return () => {
    clearTimeout(timer);
    map.remove();
  };
}
