/** A map area: west, south, east, north in degrees (the contract's `bbox=minLon,minLat,maxLon,maxLat`). */
export type BBox = [minLon: number, minLat: number, maxLon: number, maxLat: number];

/** Thailand with a margin: where the map opens when it has nothing else to show, and what a refit searches. */
export const THAILAND_BBOX: BBox = [97.3, 5.6, 105.7, 20.5];

/** Digits an address keeps: 5 decimals is about a metre, plenty for a viewport. */
export const BBOX_DIGITS = 5;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The area rounded outwards to `digits` decimals (so it still covers the whole view) and kept inside the world; an
 * area too small to survive the rounding grows by one step.
 */
export function roundBbox([w, s, e, n]: BBox, digits = BBOX_DIGITS): BBox {
  const f = 10 ** digits;
  const step = 1 / f;
  const down = (v: number) => Math.floor(v * f + 1e-9) / f;
  const up = (v: number) => Math.ceil(v * f - 1e-9) / f;
  let west = clamp(down(w), -180, 180);
  let east = clamp(up(e), -180, 180);
  let south = clamp(down(s), -90, 90);
  let north = clamp(up(n), -90, 90);
  if (east <= west) [west, east] = east >= 180 ? [180 - step, 180] : [west, Number((west + step).toFixed(digits))];
  if (north <= south) [south, north] = north >= 90 ? [90 - step, 90] : [south, Number((south + step).toFixed(digits))];
  return [west, south, east, north];
}

/** `minLon,minLat,maxLon,maxLat` as an address writes it (rounded). */
export function bboxParam(bbox: BBox): string {
  return roundBbox(bbox)
    .map((v) => String(Number(v.toFixed(BBOX_DIGITS))))
    .join(',');
}

/** The area of a `bbox` parameter, or undefined when it is missing or malformed. */
export function parseBbox(text: string | undefined | null): BBox | undefined {
  if (!text) return undefined;
  const parts = text.split(',').map((part) => Number(part.trim()));
  if (parts.length !== 4 || parts.some((v) => !Number.isFinite(v))) return undefined;
  const [w = 0, s = 0, e = 0, n = 0] = parts;
  if (w < -180 || e > 180 || s < -90 || n > 90 || w >= e || s >= n) return undefined;
  return [w, s, e, n];
}
