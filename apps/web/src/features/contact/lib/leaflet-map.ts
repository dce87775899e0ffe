// Loaded only by the contact page's map (a separate chunk with Leaflet and its stylesheet).
import L from 'leaflet';
import { createLeafletMap, type LeafletMap, type TileWatch } from '../../../components/map/leaflet-map';
import { OFFICE } from './office';

/** The tile URL (MAP_TILE_URL), the failure timeout and callbacks (components/map/leaflet-map.ts), and the marker's label. */
export interface MountOptions extends TileWatch {
  markerLabel: string;
}

/** Draws the office map into `container`; returns its handle. The marker is vector, so no image assets. */
export function mountOfficeMap(container: HTMLElement, options: MountOptions): LeafletMap {
  const drawn = createLeafletMap(container, {
    view: { lat: OFFICE.lat, lon: OFFICE.lon, zoom: OFFICE.zoom },
    scrollWheelZoom: false,
    tiles: options,
  });
  L.circleMarker([OFFICE.lat, OFFICE.lon], {
    radius: 11,
    color: '#ffffff',
    weight: 3,
    fillColor: '#0f766e',
    fillOpacity: 1,
  })
    .bindTooltip(options.markerLabel, { direction: 'top', offset: [0, -10], permanent: true })
    .addTo(drawn.map);
  return drawn;
}
