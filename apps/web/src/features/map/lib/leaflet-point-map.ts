// Loaded only by a listing's location map (a separate chunk with Leaflet and its stylesheet), in the browser.
import L from 'leaflet';
import { createLeafletMap, type TileWatch } from '../../../components/map/leaflet-map';

export interface PointMapOptions extends TileWatch {
  lat: number;
  lon: number;
  zoom: number;
  /** The marker's name (the listing's title). */
  markerLabel: string;
  zoomIn: string;
  zoomOut: string;
}

/** A small map centred on one place with a vector marker (no image assets); returns the teardown. */
export function mountPointMap(container: HTMLElement, options: PointMapOptions): () => void {
  const { map, destroy } = createLeafletMap(container, {
    view: { lat: options.lat, lon: options.lon, zoom: options.zoom },
    scrollWheelZoom: false,
    zoomLabels: { zoomIn: options.zoomIn, zoomOut: options.zoomOut },
    tiles: options,
  });
  L.circleMarker([options.lat, options.lon], {
    radius: 10,
    color: '#ffffff',
    weight: 3,
    fillColor: '#0f766e',
    fillOpacity: 1,
  })
    // A DOM node, never a string: Leaflet writes a string tooltip as HTML, and the label is the owner's title.
    .bindTooltip(Object.assign(document.createElement('span'), { textContent: options.markerLabel }), {
      direction: 'top',
      offset: [0, -10],
    })
    .addTo(map);
  return destroy;
}
