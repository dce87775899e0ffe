import {
  cellBounds,
  cellLevelForZoom,
  MAP_CELL_LEVEL,
  MAP_COUNT_CAP,
  MAP_FEW_ITEMS,
  type MapResult,
  mapCellOf,
  quadkeyOf,
} from '@baan/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { properties } from '../src/db/schema.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';
import { prng } from './support/prng.ts';

// The map's clusters (ADR 041) on the real database: grid cells stored with each listing (migration 0036).
const app = await build();
const owner = await createUser(app, { email: 'cluster-owner@baan.example' });

// 400 listings over greater Bangkok (west 100.3, south 13.5, east 100.9, north 14.0), some bunched around Siam, a few
// paused or for sale; plus one far away in Chiang Mai.
const random = prng(41);
const generated = Array.from({ length: 400 }, (_, i) => {
  const bunched = i % 3 === 0;
  return {
    userId: owner.id,
    title: `Generated ${i}`,
    description: 'Generated listing',
    type: (i % 5 === 0 ? 'sale' : 'rent') as 'sale' | 'rent',
    userType: 'owner' as const,
    propertyType: 'residential' as const,
    propertySubType: 'condo',
    location: 'Bangkok',
    price: i % 5 === 0 ? 3_000_000 : 10_000 + i,
    area: 30,
    bedRooms: 1,
    bathRooms: 1,
    status: (i % 17 === 0 ? 'paused' : 'active') as 'paused' | 'active',
    lat: bunched ? 13.745 + (random() - 0.5) * 0.02 : 13.5 + random() * 0.5,
    lon: bunched ? 100.535 + (random() - 0.5) * 0.02 : 100.3 + random() * 0.6,
  };
});
await app.db.insert(properties).values(generated);
await makeListing(app, owner.id, { title: 'Chiang Mai', lat: 18.79, lon: 98.98 });

const BANGKOK = '100.3,13.5,100.9,14.0';
const get = (url: string) => app.inject({ method: 'GET', url });
const map = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload as MapResult;
};

/** The clusters as a brute-force grouping in JS: the visible matches by the quadkey of their cell at the zoom's level. */
function bruteForce(listings: { lat: number; lon: number }[], zoom: number) {
  const level = cellLevelForZoom(zoom);
  const cells = new Map<string, { lat: number; lon: number; count: number }>();
  for (const l of listings) {
    const cell = quadkeyOf(Math.floor(mapCellOf(l.lat, l.lon) / 4 ** (MAP_CELL_LEVEL - level)), level);
    const c = cells.get(cell) ?? { lat: 0, lon: 0, count: 0 };
    cells.set(cell, { lat: c.lat + l.lat, lon: c.lon + l.lon, count: c.count + 1 });
  }
  return [...cells].map(([cell, c]) => ({ cell, count: c.count, lat: c.lat / c.count, lon: c.lon / c.count }));
}
const byCell = <T extends { cell: string }>(xs: T[]) => [...xs].sort((a, b) => a.cell.localeCompare(b.cell));

describe('GET /api/properties/map clusters', () => {
  const active = generated.filter((l) => l.status === 'active');

  it.each([6, 9, 11, 13, 15])(
    'at zoom %i: the cells of a brute-force grouping, counts summing to the total',
    async (zoom) => {
      const result = await map(`/api/properties/map?bbox=${BANGKOK}&zoom=${zoom}`);
      expect(result.total).toBe(active.length);
      expect(result.total_capped).toBe(0);
      expect(result.items).toEqual([]);
      expect(result.clusters.reduce((sum, c) => sum + c.count, 0)).toBe(active.length);
      const expected = byCell(bruteForce(active, zoom));
      const got = byCell(result.clusters);
      expect(got.map((c) => [c.cell, c.count])).toEqual(expected.map((c) => [c.cell, c.count]));
      for (const [i, c] of got.entries()) {
        expect(c.lat).toBeCloseTo(expected[i]?.lat as number, 9);
        expect(c.lon).toBeCloseTo(expected[i]?.lon as number, 9);
        // Each cluster sits inside its cell; a single-member one on its listing.
        const [w, s, e, n] = cellBounds(c.cell) as number[];
        expect(c.lon >= (w as number) && c.lon < (e as number) && c.lat >= (s as number) && c.lat < (n as number)).toBe(
          true,
        );
      }
      for (const single of got.filter((c) => c.count === 1)) {
        expect(active.some((l) => l.lat === single.lat && l.lon === single.lon)).toBe(true);
      }
      if (zoom === 15) expect(got.some((c) => c.count === 1)).toBe(true);
    },
  );

  it('takes the list filters', async () => {
    const rent = active.filter((l) => l.type === 'rent');
    const result = await map(`/api/properties/map?bbox=${BANGKOK}&zoom=10&type=rent`);
    expect(result.total).toBe(rent.length);
    expect(byCell(result.clusters).map((c) => [c.cell, c.count])).toEqual(
      byCell(bruteForce(rent, 10)).map((c) => [c.cell, c.count]),
    );
  });

  it('answers single listings from zoom 16, and at any zoom when few match', async () => {
    // A small box around Siam with more than MAP_FEW_ITEMS matches: clusters at 15, listings at 16.
    const box = '100.52,13.73,100.55,13.76';
    const inBox = active.filter((l) => l.lon >= 100.52 && l.lon <= 100.55 && l.lat >= 13.73 && l.lat <= 13.76);
    expect(inBox.length).toBeGreaterThan(MAP_FEW_ITEMS);
    const at15 = await map(`/api/properties/map?bbox=${box}&zoom=15`);
    expect(at15.items).toEqual([]);
    expect(at15.clusters.length).toBeGreaterThan(0);
    const at16 = await map(`/api/properties/map?bbox=${box}&zoom=16`);
    expect(at16.clusters).toEqual([]);
    expect(at16.items).toHaveLength(inBox.length);
    expect(at16.total).toBe(inBox.length);
    // Only the sales (a fifth): few, so single listings even at zoom 6.
    const sales = active.filter((l) => l.type === 'sale');
    expect(sales.length).toBeLessThanOrEqual(MAP_FEW_ITEMS);
    const few = await map(`/api/properties/map?bbox=${BANGKOK}&zoom=6&type=sale`);
    expect(few.clusters).toEqual([]);
    expect(few.items.map((i) => i.title).sort()).toEqual(sales.map((l) => l.title).sort());
  });

  it('moves a listing to its new cell when its position is edited', async () => {
    const listing = await makeListing(app, owner.id, { title: 'Moving', lat: 13.7, lon: 100.5 });
    const cellOf = async () =>
      Number(
        (
          (await app.db.execute(
            sql`select map_cell::text as c from ${properties} where id = ${listing.id}`,
          )) as unknown as {
            rows: { c: string }[];
          }
        ).rows[0]?.c,
      );
    expect(await cellOf()).toBe(mapCellOf(13.7, 100.5));
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/property/${listing.id}`,
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { lat: '7.89', lon: '98.39' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await cellOf()).toBe(mapCellOf(7.89, 98.39));
    await app.db.update(properties).set({ lat: null, lon: null }).where(eq(properties.id, listing.id));
    expect(
      (
        (await app.db.execute(sql`select map_cell from ${properties} where id = ${listing.id}`)) as unknown as {
          rows: { map_cell: unknown }[];
        }
      ).rows[0]?.map_cell,
    ).toBeNull();
    await app.db.delete(properties).where(eq(properties.id, listing.id));
  });

  it.each([
    ['zoom=21', 'zoom must be a whole number from 0 to 20.'],
    ['zoom=-1', 'zoom must be a whole number from 0 to 20.'],
    ['zoom=1.5', 'zoom must be a whole number from 0 to 20.'],
    ['zoom=abc', 'zoom must be a whole number from 0 to 20.'],
    [`zoom=${'9'.repeat(400)}`, 'zoom must be a whole number from 0 to 20.'],
    ['zoom=', 'zoom is required for the map.'],
    ['type=rent', 'zoom is required for the map.'],
  ])('answers 400 for %s, with the message in the envelope and nothing cached', async (param, message) => {
    for (let i = 0; i < 2; i++) {
      const res = await get(`/api/properties/map?bbox=${BANGKOK}&${param}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, errors: { zoom: [message] } });
    }
  });

  it(`caps the total at ${MAP_COUNT_CAP} (total_capped) and reads no more than one past it`, async () => {
    // 10,050 listings in a box of their own, off Hua Hin.
    const many = MAP_COUNT_CAP + 50;
    for (let start = 0; start < many; start += 2_000) {
      await app.db.insert(properties).values(
        Array.from({ length: Math.min(2_000, many - start) }, (_, j) => ({
          userId: owner.id,
          title: `Bulk ${start + j}`,
          description: 'Bulk listing',
          type: 'rent' as const,
          userType: 'owner' as const,
          propertyType: 'residential' as const,
          propertySubType: 'condo',
          location: 'Hua Hin',
          price: 8_000,
          area: 30,
          bedRooms: 1,
          bathRooms: 1,
          lat: 12.5 + ((start + j) % 100) * 0.001,
          lon: 99.9 + Math.floor((start + j) / 100) * 0.001,
        })),
      );
    }
    const capped = await map('/api/properties/map?bbox=99.8,12.4,100.1,12.7&zoom=10');
    expect(capped.total).toBe(MAP_COUNT_CAP);
    expect(capped.total_capped).toBe(1);
    expect(capped.clusters.reduce((sum, c) => sum + c.count, 0)).toBe(MAP_COUNT_CAP + 1);
    // Below the cap: exact.
    const part = await map('/api/properties/map?bbox=99.8,12.4,99.9095,12.7&zoom=12');
    expect(part.total).toBe(1_000);
    expect(part.total_capped).toBe(0);
    expect(part.clusters.reduce((sum, c) => sum + c.count, 0)).toBe(1_000);
  });
});
