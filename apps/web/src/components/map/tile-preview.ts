/**
 * The tiles of a map's first view, worked out without Leaflet: the page sends them with its HTML, so the area is
 * painted while the map's scripts are still on their way (and stays, without markers, when scripts never run).
 * Web Mercator, as every slippy-map tile server and Leaflet use it; 256-pixel tiles.
 */

/** [west, south, east, north] in degrees. */
export type PreviewArea = readonly [number, number, number, number];

export interface PreviewTile {
  /** The tile's address on the tile server. */
  src: string;
  /** Its offset from the middle of the map, in pixels (the map's size is not known on the server). */
  left: number;
  top: number;
  /** Only needed where the map is wider than a phone's: loaded lazily and hidden on narrow screens. */
  wide: boolean;
}

const TILE = 256;
/** Zoom levels the preview may use: the search map's fit stops at 15; below 5 Thailand is a speck. */
const MIN_ZOOM = 5;
const MAX_ZOOM = 15;
/** Leaflet's tile subdomains when a template has `{s}`: the same choice, so the browser's cache is shared. */
const SUBDOMAINS = 'abc';

/**
 * The map's smallest likely size: a 375-pixel phone less the page's margins, the map's height there. The zoom is the
 * one Leaflet's fit gives such a map; a larger map fits one level closer, and its own tiles then cover the preview.
 */
export const PHONE_MAP = { width: 343, height: 440 };
/** How far from the middle a phone's map reaches, and a desktop's (the wider tiles load lazily). */
const PHONE_REACH = { x: 200, y: 250 };
const WIDE_REACH = { x: 640, y: 280 };

const worldX = (lon: number, zoom: number) => ((lon + 180) / 360) * TILE * 2 ** zoom;

function worldY(lat: number, zoom: number): number {
  const clamped = Math.max(-85.05112878, Math.min(85.05112878, lat));
  const sin = Math.sin((clamped * Math.PI) / 180);
  return (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * TILE * 2 ** zoom;
}

/** The closest zoom at which the whole area fits a map of this size (Leaflet's fitBounds without padding). */
export function fitZoom(area: PreviewArea, size = PHONE_MAP): number {
  const [west, south, east, north] = area;
  for (let zoom = MAX_ZOOM; zoom > MIN_ZOOM; zoom -= 1) {
    const width = worldX(east, zoom) - worldX(west, zoom);
    const height = worldY(south, zoom) - worldY(north, zoom);
    if (width <= size.width && height <= size.height) return zoom;
  }
  return MIN_ZOOM;
}

/** A tile's address from the server's template ({z}/{x}/{y}, optionally {s} and {r}, as Leaflet reads them). */
export function tileSrc(template: string, zoom: number, x: number, y: number): string {
  return template
    .replaceAll('{z}', String(zoom))
    .replaceAll('{x}', String(x))
    .replaceAll('{y}', String(y))
    .replaceAll('{s}', SUBDOMAINS[Math.abs(x + y) % SUBDOMAINS.length] ?? 'a')
    .replaceAll('{r}', '');
}

/** The tiles around the area's middle at its fitting zoom, nearest first; those only a wide map shows marked. */
export function previewTiles(area: PreviewArea, template: string): { zoom: number; tiles: PreviewTile[] } {
  const zoom = fitZoom(area);
  const [west, south, east, north] = area;
  const centerX = (worldX(west, zoom) + worldX(east, zoom)) / 2;
  const centerY = (worldY(north, zoom) + worldY(south, zoom)) / 2;
  const count = 2 ** zoom;
  const tiles: PreviewTile[] = [];
  const first = (reach: number, center: number) => Math.floor((center - reach) / TILE);
  const last = (reach: number, center: number) => Math.floor((center + reach) / TILE);
  for (let y = first(WIDE_REACH.y, centerY); y <= last(WIDE_REACH.y, centerY); y += 1) {
    if (y < 0 || y >= count) continue;
    for (let x = first(WIDE_REACH.x, centerX); x <= last(WIDE_REACH.x, centerX); x += 1) {
      const phone =
        y >= first(PHONE_REACH.y, centerY) &&
        y <= last(PHONE_REACH.y, centerY) &&
        x >= first(PHONE_REACH.x, centerX) &&
        x <= last(PHONE_REACH.x, centerX);
      const wrapped = ((x % count) + count) % count;
      tiles.push({
        src: tileSrc(template, zoom, wrapped, y),
        left: Math.round(x * TILE - centerX),
        top: Math.round(y * TILE - centerY),
        wide: !phone,
      });
    }
  }
  return { zoom, tiles };
}
