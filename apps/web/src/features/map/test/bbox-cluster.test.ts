import { describe, expect, it } from 'vitest';
import { bboxParam, parseBbox, roundBbox } from '../lib/bbox';
import { gridCluster } from '../lib/cluster';
import { fullPrice, shortPrice } from '../lib/price-label';

describe('map areas and clusters', () => {
  it('rounds an area outwards to 5 decimals and keeps it inside the world', () => {
    expect(bboxParam([100.123456789, 13.987654321, 100.2000001, 14.0000004])).toBe(
      '100.12345,13.98765,100.20001,14.00001',
    );
    expect(roundBbox([-200, -95, 200, 95])).toEqual([-180, -90, 180, 90]);
    expect(parseBbox('100.5,13.7,100.6,13.8')).toEqual([100.5, 13.7, 100.6, 13.8]);
    for (const bad of ['', '1,2,3', '100.6,13.7,100.5,13.8', 'a,b,c,d', '100,95,101,96'])
      expect(parseBbox(bad)).toBeUndefined();
  });

  it('groups points by screen cell and places a cluster at their mean', () => {
    const points = [
      { id: 1, lat: 10, lon: 10 },
      { id: 2, lat: 20, lon: 20 },
      { id: 3, lat: 100, lon: 100 },
    ];
    const clusters = gridCluster(points, (p) => ({ x: p.lon, y: p.lat }), 64);
    expect(clusters.map((c) => c.points.map((p) => p.id))).toEqual([[1, 2], [3]]);
    expect(clusters[0]).toMatchObject({ lat: 15, lon: 15 });
  });

  it('writes prices short on markers and whole in popups', () => {
    expect(shortPrice(3_500_000)).toBe('฿3.5M');
    expect(shortPrice(25_000)).toBe('฿25K');
    expect(fullPrice({ price: 25_000, type: 'rent' }, '/ month')).toBe('฿25,000 / month');
    expect(fullPrice({ price: 3_500_000, type: 'sale' }, '/ month')).toBe('฿3,500,000');
  });
});
