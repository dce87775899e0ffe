// Loaded only by the wizard's location pin (a separate chunk with Leaflet and its stylesheet), in the browser.
import L from 'leaflet';
import { clickOnKeys, createLeafletMap, type TileWatch } from '../../../components/map/leaflet-map';

export interface PinMapOptions extends TileWatch {
  lat: number;
  lon: number;
  zoom: number;
  /** The pin's name. */
  pinLabel: string;
  zoomIn: string;
  zoomOut: string;
  /** The pin was dragged (or moved with the arrow keys) to here. */
  onMove: (lat: number, lon: number) => void;
}

export interface PinMap {
  /** Puts the pin (and the view) on a new place: another place was chosen. */
  moveTo: (lat: number, lon: number) => void;
  destroy: () => void;
}

/** Pixels an arrow key moves the focused pin. */
const KEY_STEP_PX = 10;
const KEY_DELTAS: Record<string, [number, number]> = {
  ArrowUp: [0, -KEY_STEP_PX],
  ArrowDown: [0, KEY_STEP_PX],
  ArrowLeft: [-KEY_STEP_PX, 0],
  ArrowRight: [KEY_STEP_PX, 0],
};

/** A small map with a draggable pin (a focusable button the arrow keys move too); returns its handle. */
export function mountPinMap(container: HTMLElement, options: PinMapOptions): PinMap {
  const { map, destroy } = createLeafletMap(container, {
    view: { lat: options.lat, lon: options.lon, zoom: options.zoom },
    scrollWheelZoom: false,
    zoomLabels: { zoomIn: options.zoomIn, zoomOut: options.zoomOut },
    tiles: options,
  });
  const pin = L.marker([options.lat, options.lon], {
    draggable: true,
    keyboard: true,
    autoPan: true,
    title: options.pinLabel,
    icon: L.divIcon({
      className:
        'grid place-items-center rounded-full border-4 border-white bg-rose-600 shadow-lg focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-slate-900',
      iconSize: [28, 28],
      html: '<span class="block size-2 rounded-full bg-white"></span>',
    }),
  });
  const report = () => {
    const { lat, lng } = pin.getLatLng();
    options.onMove(lat, lng);
  };
  pin.on('dragend', report);
  pin.on('add', () => {
    const element = pin.getElement();
    element?.setAttribute('aria-label', options.pinLabel);
    element?.addEventListener('keydown', (event) => {
      const delta = KEY_DELTAS[event.key];
      if (!delta) return;
      event.preventDefault();
      event.stopPropagation();
      const at = map.latLngToContainerPoint(pin.getLatLng()).add(delta);
      pin.setLatLng(map.containerPointToLatLng(at));
      report();
    });
  });
  clickOnKeys(pin);
  pin.addTo(map);
  return {
    moveTo(lat, lon) {
      pin.setLatLng([lat, lon]);
      map.setView([lat, lon], map.getZoom());
    },
    destroy,
  };
}
