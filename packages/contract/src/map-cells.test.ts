import { describe, expect, it } from 'vitest';
import { cellBounds, cellLevelForZoom, MAP_CELL_LEVEL, mapCellOf, quadkeyOf } from './map-cells.ts';

describe('map cells (ADR 041)', () => {
  it('puts every position inside the bounds of its cell at every level', () => {
    const places = [
      [13.7563, 100.5018],
      [18.7883, 98.9853],
      [7.8804, 98.3923],
      [-33.8688, 151.2093],
      [64.1466, -21.9426],
      [0, 0],
    ] as const;
    for (const [lat, lon] of places) {
      const code = mapCellOf(lat, lon);
      for (let level = 0; level <= MAP_CELL_LEVEL; level++) {
        const key = quadkeyOf(Math.floor(code / 4 ** (MAP_CELL_LEVEL - level)), level);
        expect(key).toHaveLength(level);
        const [w, s, e, n] = cellBounds(key) as [number, number, number, number];
        expect(lon >= w && lon < e && lat >= s && lat < n, `${lat},${lon} at ${level}`).toBe(true);
      }
    }
  });

  it('gives a cell one quadkey digit more than its parent, and nests them', () => {
    const code = mapCellOf(13.7563, 100.5018);
    const parent = quadkeyOf(Math.floor(code / 4 ** 8), 12);
    const child = quadkeyOf(Math.floor(code / 4 ** 7), 13);
    expect(child.startsWith(parent)).toBe(true);
  });

  it('sizes cells to about 64 screen pixels at each zoom, within 0–20', () => {
    expect(cellLevelForZoom(0)).toBe(2);
    expect(cellLevelForZoom(10)).toBe(12);
    expect(cellLevelForZoom(20)).toBe(20);
    // 256·2^z pixels for 360°, cells of 360° / 2^(z+2): 64 pixels.
    const [w, , e] = cellBounds('0'.repeat(cellLevelForZoom(10))) as number[];
    expect((((e as number) - (w as number)) / 360) * 256 * 2 ** 10).toBe(64);
  });

  it('knows no bounds for what is not a quadkey', () => {
    for (const bad of ['4', 'a', '0'.repeat(21), '01 2']) expect(cellBounds(bad)).toBeNull();
    expect(cellBounds('')).toEqual([-180, -180, 180, 180]);
  });
});
