// Loaded only by the search map (a separate chunk with Leaflet and its stylesheet), in the browser.
import { cellBounds, type MapCluster, type MapPoint } from '@baan/contract';
import L from 'leaflet';
import { clickOnKeys, createLeafletMap, type TileWatch } from '../../../components/map/leaflet-map';
import type { BBox } from './bbox';
import { THAILAND_BBOX } from './bbox';
import { type Cluster, gridCluster } from './cluster';

export interface SearchMapOptions extends TileWatch {
  /** Where the map opens; Thailand when absent. */
  bbox?: BBox;
  /** Texts in the page's language. */
  labels: {
    /** A marker's name: "Sea view condo, ฿3,500,000". */
    marker: (point: MapPoint) => string;
    /** A cluster's name: "12 listings here: zoom in". */
    cluster: (count: number) => string;
    /** A server cluster's text on its bubble (1.2K). */
    clusterCount: (count: number) => string;
    /** The popup's link text. */
    open: string;
    /** The zoom buttons' names. */
    zoomIn: string;
    zoomOut: string;
  };
  /** The short price on a marker (฿3.5M) and the full one in its popup. */
  shortPrice: (point: MapPoint) => string;
  fullPrice: (point: MapPoint) => string;
  /** The listing page's address in the page's language. */
  hrefFor: (id: number) => string;
  /** A plain click on a popup's link: the app opens that listing without reloading. */
  onNavigate: (id: number) => void;
  /** The map came to rest at a new area and zoom (after a drag, a zoom, a fit). */
  onMove: (bbox: BBox, zoom: number) => void;
}

export interface SearchMap {
  /** Shows the server's clusters (count bubbles) and these single listings (clustered where they overlap). */
  setPoints: (points: MapPoint[], clusters?: MapCluster[]) => void;
  /** Fits the view to these positions (or Thailand when there are none). */
  fitPoints: (points: { lat: number; lon: number }[]) => void;
  /** Shows this area (the address's, after Back or Forward). */
  showBbox: (bbox: BBox) => void;
  /** The area in view. */
  bbox: () => BBox;
  /** The zoom level in view. */
  zoom: () => number;
  destroy: () => void;
}

const MAX_FIT_ZOOM = 15;

/** Markers are focusable buttons (Leaflet's keyboard option): readable text and a visible focus ring. */
const MARKER_CLASS =
  'font-bold whitespace-nowrap shadow-md focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-slate-900';

/** The marker's text, centred (Leaflet's own stylesheet sets the marker element's display). */
const centred = (text: string) => `<span class="flex size-full items-center justify-center">${text}</span>`;

const toBbox = (bounds: L.LatLngBounds): BBox => [
  bounds.getWest(),
  bounds.getSouth(),
  bounds.getEast(),
  bounds.getNorth(),
];

const toBounds = ([w, s, e, n]: BBox) => L.latLngBounds([s, w], [n, e]);

function popupFor(points: MapPoint[], options: SearchMapOptions): HTMLElement {
  const root = document.createElement('div');
  root.className = 'flex max-h-64 min-w-48 flex-col gap-3 overflow-y-auto';
  for (const point of points) {
    const item = document.createElement('div');
    const price = document.createElement('p');
    price.className = 'text-base font-bold text-teal-800';
    price.textContent = options.fullPrice(point);
    const title = document.createElement('p');
    title.className = 'text-sm text-slate-800';
    title.style.margin = '2px 0';
    title.textContent = point.title;
    const link = document.createElement('a');
    const href = options.hrefFor(point.id);
    link.href = href;
    link.className = 'text-sm font-semibold text-teal-700 underline';
    link.textContent = options.labels.open;
    link.setAttribute('aria-label', `${options.labels.open}: ${point.title}`);
    link.addEventListener('click', (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      options.onNavigate(point.id);
    });
    price.style.margin = '0';
    item.append(price, title, link);
    root.append(item);
  }
  return root;
}

/** Draws the search map into `container`: tiles, clustered price markers with popups, and its moves reported. */
export function mountSearchMap(container: HTMLElement, options: SearchMapOptions): SearchMap {
  const { map, destroy } = createLeafletMap(container, {
    view: { bounds: toBounds(options.bbox ?? THAILAND_BBOX) },
    scrollWheelZoom: true,
    zoomLabels: { zoomIn: options.labels.zoomIn, zoomOut: options.labels.zoomOut },
    tiles: options,
  });
  const layer = L.layerGroup().addTo(map);
  let points: MapPoint[] = [];
  let cells: MapCluster[] = [];
  /** The markers on the map by what they show (markerKey): a redraw keeps those still wanted, popup and all. */
  let shown = new Map<string, L.Marker>();

  /** A popup fits the map with room to spare, so panning to it can show it whole on a phone (Leaflet's is 300 px). */
  const popupOptions = (): L.PopupOptions => ({
    autoPanPadding: [16, 16],
    maxWidth: Math.max(160, Math.min(300, map.getSize().x - 72)),
  });

  const markerFor = (cluster: Cluster<MapPoint>, zoom: number): L.Marker => {
    const [only] = cluster.points;
    if (cluster.points.length === 1 && only) {
      const marker = L.marker([only.lat, only.lon], {
        keyboard: true,
        title: options.labels.marker(only),
        icon: L.divIcon({
          className: `${MARKER_CLASS} rounded-full border-2 border-white bg-teal-700 px-1 text-xs text-white`,
          iconSize: [68, 26],
          iconAnchor: [34, 30],
          popupAnchor: [0, -28],
          html: centred(escapeHtml(options.shortPrice(only))),
        }),
      });
      marker.bindPopup(popupFor([only], options), popupOptions());
      marker.on('add', () => marker.getElement()?.setAttribute('aria-label', options.labels.marker(only)));
      clickOnKeys(marker);
      return marker;
    }
    const count = cluster.points.length;
    const bounds = L.latLngBounds(cluster.points.map((p) => [p.lat, p.lon] as [number, number]));
    const size = count < 10 ? 36 : count < 100 ? 44 : 52;
    const marker = L.marker([cluster.lat, cluster.lon], {
      keyboard: true,
      title: options.labels.cluster(count),
      icon: L.divIcon({
        className: `${MARKER_CLASS} rounded-full border-4 border-white/80 bg-amber-400 text-sm text-slate-950`,
        iconSize: [size, size],
        html: centred(String(count)),
      }),
    });
    marker.on('add', () => marker.getElement()?.setAttribute('aria-label', options.labels.cluster(count)));
    // All at one spot (or as close as the map goes): list them in a popup; otherwise zoom to them.
    const isOneSpot = bounds.getNorthEast().equals(bounds.getSouthWest(), 1e-6) || zoom >= map.getMaxZoom() - 1;
    if (isOneSpot) marker.bindPopup(popupFor(cluster.points, options), popupOptions());
    else marker.on('click', () => map.fitBounds(bounds, { padding: [48, 48], maxZoom: map.getMaxZoom() }));
    clickOnKeys(marker);
    return marker;
  };

  /** A cluster of the server's grid (ADR 041): a count bubble; a click zooms in to its cell. */
  const cellMarkerFor = (cell: MapCluster): L.Marker => {
    const size = cell.count < 10 ? 36 : cell.count < 100 ? 44 : cell.count < 1000 ? 52 : 60;
    const marker = L.marker([cell.lat, cell.lon], {
      keyboard: true,
      title: options.labels.cluster(cell.count),
      icon: L.divIcon({
        className: `${MARKER_CLASS} rounded-full border-4 border-white/80 bg-amber-400 text-sm text-slate-950`,
        iconSize: [size, size],
        html: centred(escapeHtml(options.labels.clusterCount(cell.count))),
      }),
    });
    marker.on('add', () => marker.getElement()?.setAttribute('aria-label', options.labels.cluster(cell.count)));
    const bounds = cellBounds(cell.cell);
    marker.on('click', () => {
      if (bounds) map.fitBounds(toBounds(bounds), { maxZoom: map.getMaxZoom() });
      else map.setView([cell.lat, cell.lon], map.getZoom() + 2);
    });
    clickOnKeys(marker);
    return marker;
  };

  /**
   * Shows the points, clustered at the current zoom. Markers that stay the same are kept, not drawn again: a popup
   * opened on one stays open when the points come back for a moved map (opening a popup pans the map to show it,
   * which asks for the new area's points, and redrawing every marker used to close the popup at once on a phone).
   */
  const draw = () => {
    const zoom = map.getZoom();
    const next = new Map<string, L.Marker>();
    for (const cluster of gridCluster(points, (p) => map.project([p.lat, p.lon], zoom))) {
      const key = markerKey(cluster, zoom);
      const marker = shown.get(key) ?? next.get(key) ?? markerFor(cluster, zoom);
      next.set(key, marker);
      if (!layer.hasLayer(marker)) layer.addLayer(marker);
    }
    for (const cell of cells) {
      const key = `cell:${cell.cell}:${cell.count}:${cell.lat}:${cell.lon}`;
      const marker = shown.get(key) ?? next.get(key) ?? cellMarkerFor(cell);
      next.set(key, marker);
      if (!layer.hasLayer(marker)) layer.addLayer(marker);
    }
    for (const [key, marker] of shown) if (!next.has(key)) layer.removeLayer(marker);
    shown = next;
  };

  map.on('zoomend', draw);
  map.on('moveend', () => options.onMove(toBbox(map.getBounds()), map.getZoom()));

  return {
    setPoints(next, clusters = []) {
      points = next;
      cells = clusters;
      draw();
    },
    fitPoints(next) {
      if (next.length === 0) {
        map.fitBounds(toBounds(THAILAND_BBOX));
        return;
      }
      const bounds = L.latLngBounds(next.map((p) => [p.lat, p.lon] as [number, number]));
      map.fitBounds(bounds, { padding: [32, 32], maxZoom: MAX_FIT_ZOOM });
    },
    showBbox: (bbox) => map.fitBounds(toBounds(bbox)),
    bbox: () => toBbox(map.getBounds()),
    zoom: () => map.getZoom(),
    destroy,
  };
}

/**
 * What a marker shows, as a key: a listing's marker is the same at every zoom while its place, price and title are;
 * a cluster's depends on the zoom too (whether it zooms in or lists its listings).
 */
export function markerKey(cluster: Cluster<MapPoint>, zoom: number): string {
  const points = [...cluster.points]
    .sort((a, b) => a.id - b.id)
    .map((p) => [p.id, p.lat, p.lon, p.price, p.type, p.title]);
  return JSON.stringify(points.length === 1 ? points : [zoom, points]);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
