// Loaded only by the contact page's map (a separate chunk with Leaflet and its stylesheet).
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { addWatchedTiles, type TileWatch } from '../../../lib/leaflet-tiles';
import { OFFICE } from './office';

/** The tile URL (MAP_TILE_URL), the failure timeout and callbacks (lib/leaflet-tiles.ts), and the marker's label. */
export interface MountOptions extends TileWatch {
  markerLabel: string;
}

/** Draws the office map into `container`; returns the teardown. The marker is vector, so no image assets. */
export function mountOfficeMap(container: HTMLElement, options: MountOptions): () => void {
  const map = L.map(container, { scrollWheelZoom: false, attributionControl: true }).setView(
    [OFFICE.lat, OFFICE.lon],
    OFFICE.zoom,
  );
  const stopWatching = addWatchedTiles(map, options);

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
    stopWatching();
    map.remove();
  };
}
