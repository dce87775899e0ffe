/**
 * The map's grid cells (ADR 041): a quadtree over longitude and latitude, both scaled by 360° (so a cell is square in
 * degrees, near square on the map in Thailand). Each listing stores the cell of its position at MAP_CELL_LEVEL as a
 * Morton code (the generated column `map_cell`, migration 0036); a coarser cell is that code shifted right, so one
 * `group by map_cell >> k` clusters a map. On the wire a cell is its quadkey: one digit 0–3 per level.
 */

/** The finest level stored: cells of 360° / 2^20 (about 38 m). */
export const MAP_CELL_LEVEL = 20;
/** From this zoom up the map gets single listings (`items`), never clusters. */
export const MAP_ITEMS_ZOOM = 16;
/** At most this many matches in the area: they come as single listings at any zoom (the map groups overlaps). */
export const MAP_FEW_ITEMS = 100;
/** The map's zoom levels (Leaflet's, OpenStreetMap's tiles). */
export const MAP_MAX_ZOOM = 20;

/**
 * The cell level that clusters a map at `zoom`: cells of about 64 screen pixels (a zoom-z map is 256·2^z pixels for
 * 360°, a level-L cell 360° / 2^L wide).
 */
export function cellLevelForZoom(zoom: number): number {
  return Math.max(0, Math.min(MAP_CELL_LEVEL, Math.floor(zoom) + 2));
}

const SIDE = 2 ** MAP_CELL_LEVEL;

/** The column and row of a position at MAP_CELL_LEVEL (the same arithmetic as the migration's SQL). */
export function cellXY(lat: number, lon: number): { x: number; y: number } {
  const clamp = (v: number) => Math.max(0, Math.min(SIDE - 1, v));
  return {
    x: clamp(Math.floor(((lon + 180) * SIDE) / 360)),
    y: clamp(Math.floor(((lat + 180) * SIDE) / 360)),
  };
}

/** The Morton code of the cell in column x and row y of a level: bit 2i is x's bit i, bit 2i+1 is y's. */
export function mortonCode(x: number, y: number, level: number): number {
  let code = 0;
  for (let i = level - 1; i >= 0; i--) code = code * 4 + ((x >> i) & 1) + 2 * ((y >> i) & 1);
  return code;
}

/** The Morton code of a position at MAP_CELL_LEVEL (what each listing stores as `map_cell`). */
export function mapCellOf(lat: number, lon: number): number {
  const { x, y } = cellXY(lat, lon);
  return mortonCode(x, y, MAP_CELL_LEVEL);
}

/** The quadkey of the level-`level` cell holding a stored code (the code shifted right by 2·(20 − level) bits). */
export function quadkeyOf(prefix: number, level: number): string {
  let key = '';
  let rest = prefix;
  for (let i = 0; i < level; i++) {
    key = String(rest % 4) + key;
    rest = Math.floor(rest / 4);
  }
  return key;
}

/** A quadkey's area as west, south, east, north; null for anything that is not one. */
export function cellBounds(quadkey: string): [number, number, number, number] | null {
  if (!/^[0-3]{0,20}$/.test(quadkey)) return null;
  let x = 0;
  let y = 0;
  for (const digit of quadkey) {
    const d = Number(digit);
    x = x * 2 + (d & 1);
    y = y * 2 + (d >> 1);
  }
  const size = 360 / 2 ** quadkey.length;
  return [x * size - 180, y * size - 180, (x + 1) * size - 180, (y + 1) * size - 180];
}
