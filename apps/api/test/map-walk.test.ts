import { readFileSync } from 'node:fs';
import { type BBox, cellLevelForZoom, MAP_COUNT_CAP, type MapResult, type PropertyMapQuery } from '@baan/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { properties } from '../src/db/schema.ts';
import { newestMatchGroups } from '../src/services/properties/map-points.ts';
import {
  MAX_WALK_CELLS,
  PRICE_BANDS,
  priceBandOf,
  walkBands,
  walkCells,
} from '../src/services/properties/map-walks.ts';
import { createUser } from './fixtures.ts';
import { build } from './helpers.ts';
import { prng } from './support/prng.ts';

// The map's walk over a box's cells, newest first (ADR 052, migration 0043), against the one ordered read of every
// match it replaces for neighbourhood-sized boxes: the same clusters from generated data, past the cap and below it.
const app = await build();
const owner = await createUser(app, { email: 'walk-owner@baan.example' });

// 15,000 listings off Pattaya: most in a 2.7 km square (more than the cap in a neighbourhood's box), the rest spread
// over 15 km around it; four in five for rent (more than the cap in a rent price range), three sub types, a few
// paused, some priced exactly at a price band's threshold or one baht below; their ages repeat, so many tie on
// created_at and the id decides.
const random = prng(52);
const SUB_TYPES = ['condo', 'house', 'townhouse'] as const;
const start = Date.parse('2026-06-01T00:00:00Z');
const TOTAL = 15_000;
for (let from = 0; from < TOTAL; from += 2_500) {
  await app.db.insert(properties).values(
    Array.from({ length: Math.min(2_500, TOTAL - from) }, (_, j) => {
      const i = from + j;
      const dense = i % 12 !== 0;
      const sale = i % 5 === 0;
      const threshold = PRICE_BANDS[(i >> 3) % PRICE_BANDS.length] as number;
      const random_ = random();
      const price =
        i % 8 === 1
          ? threshold - (i % 16 === 1 ? 1 : 0)
          : sale
            ? 1_000_000 + Math.floor(random_ * 20_000_000)
            : 5_000 + Math.floor(random_ * 30_000);
      return {
        userId: owner.id,
        title: `Walk ${i}`,
        description: 'Generated listing',
        type: sale ? ('sale' as const) : ('rent' as const),
        userType: 'owner' as const,
        propertyType: 'residential' as const,
        propertySubType: SUB_TYPES[i % 3] as string,
        location: 'Pattaya',
        price,
        area: 30,
        bedRooms: 1,
        bathRooms: 1,
        status: i % 23 === 0 ? ('paused' as const) : ('active' as const),
        lat: dense ? 12.9 + random() * 0.025 : 12.85 + random() * 0.13,
        lon: dense ? 100.86 + random() * 0.025 : 100.81 + random() * 0.13,
        createdAt: new Date(start + Math.floor(random() * 4_000) * 60_000),
      };
    }),
  );
}

const query = (bbox: BBox, zoom: number, filters: Partial<PropertyMapQuery> = {}) =>
  ({ bbox, zoom, ...filters }) as PropertyMapQuery;

/** A square of `km` around (lat, lon), as the map sends it. */
function square(lat: number, lon: number, km: number): BBox {
  const dLat = km / 2 / 111.32;
  const dLon = km / 2 / (111.32 * Math.cos((lat * Math.PI) / 180));
  return [lon - dLon, lat - dLat, lon + dLon, lat + dLat].map((x) => Number(x.toFixed(5))) as BBox;
}

const sorted = <T extends { prefix: string }>(groups: T[]) =>
  [...groups].sort((a, b) => (a.prefix < b.prefix ? -1 : a.prefix > b.prefix ? 1 : 0));

/** The walk's groups equal the one ordered read's (cells and counts exactly, averages to 9 digits); answers how many matched. */
async function expectWalkEqualsRead(q: PropertyMapQuery): Promise<number> {
  const level = cellLevelForZoom(q.zoom ?? 0);
  const walk = sorted(await newestMatchGroups(app.db, q, level, true));
  const read = sorted(await newestMatchGroups(app.db, q, level, false));
  expect(walk.map((g) => [g.prefix, g.count])).toEqual(read.map((g) => [g.prefix, g.count]));
  for (const [j, g] of walk.entries()) {
    expect(g.lat).toBeCloseTo(read[j]?.lat as number, 9);
    expect(g.lon).toBeCloseTo(read[j]?.lon as number, 9);
  }
  return read.reduce((sum, g) => sum + g.count, 0);
}

describe("the map's walks over cells and price bands (ADR 052)", () => {
  it('walks boxes of a neighbourhood, and not a street, a city or a search its indexes cannot answer', () => {
    const district = walkCells(query(square(12.915, 100.875, 2), 14));
    expect(district?.level).toBe(15);
    expect(district?.cells.length).toBeGreaterThanOrEqual(4);
    expect(district?.cells.length).toBeLessThanOrEqual(MAX_WALK_CELLS);
    // 7 km: too many cells at level 15, so the coarser level.
    expect(walkCells(query(square(12.915, 100.875, 7), 13))?.level).toBe(14);
    expect(walkCells(query(square(12.915, 100.875, 2), 14, { type: 'rent', max_price: 30_000 }))).not.toBeNull();
    expect(walkCells(query(square(12.915, 100.875, 0.6), 16))).toBeNull();
    expect(walkCells(query(square(13.75, 100.55, 15), 12))).toBeNull();
    expect(walkCells(query(square(12.915, 100.875, 2), 14, { q: 'pool' }))).toBeNull();
    expect(walkCells(query(square(12.915, 100.875, 2), 14, { bedrooms: 2 }))).toBeNull();
    expect(walkCells(query(square(12.915, 100.875, 2), 14, { station: 'bts-siam' }))).toBeNull();
  });

  it('walks the price bands of sale or rent in a price range over a large area, and nothing else', () => {
    const city = square(12.915, 100.875, 20);
    expect(walkBands(query(city, 11, { type: 'sale', min_price: 3_000_000, max_price: 10_000_000 }))).toEqual(
      Array.from(
        { length: priceBandOf(10_000_000) - priceBandOf(3_000_000) + 1 },
        (_, i) => priceBandOf(3_000_000) + i,
      ),
    );
    expect(walkBands(query(city, 11, { type: 'rent', max_price: 30_000 }))?.[0]).toBe(0);
    expect(
      walkBands(query(city, 11, { type: 'rent', min_price: 10_000, max_price: 40_000, sub_type: 'condo' })),
    ).not.toBeNull();
    // No sale or rent, no price, every band, a small box, or a filter the index does not carry.
    expect(walkBands(query(city, 11, { min_price: 3_000_000, max_price: 10_000_000 }))).toBeNull();
    expect(walkBands(query(city, 11, { type: 'sale' }))).toBeNull();
    expect(walkBands(query(city, 11, { type: 'sale', min_price: 1, max_price: 2_000_000_000 }))).toBeNull();
    expect(walkBands(query(square(12.915, 100.875, 4), 13, { type: 'sale', min_price: 3_000_000 }))).toBeNull();
    expect(walkBands(query(city, 11, { type: 'sale', max_price: 3_000_000, q: 'sea view' }))).toBeNull();
  });

  it('puts a price in the band SQL does, at every threshold and one baht on either side, and keeps the migration in step', async () => {
    const prices = [0, 1, 999, ...PRICE_BANDS.flatMap((t) => [t - 1, t, t + 1]), 2_147_483_647];
    const result = (await app.db.execute(
      sql`select p, width_bucket(p, ${sql.raw(`'{${PRICE_BANDS.join(',')}}'::int[]`)}) as band
        from unnest(${sql.param(prices)}::int[]) as p`,
    )) as unknown as { rows: { p: number; band: number }[] };
    expect(result.rows.map((r) => [Number(r.p), Number(r.band)])).toEqual(prices.map((p) => [p, priceBandOf(p)]));
    const migration = readFileSync(new URL('../drizzle/0044_map-price-walk.sql', import.meta.url), 'utf8');
    expect(migration).toContain(`width_bucket("price", '{${PRICE_BANDS.join(',')}}'::int[])`);
  });

  it('counts the same newest matches as the one ordered read, past the cap and below it', async () => {
    const boxes = prng(7);
    const filters: Partial<PropertyMapQuery>[] = [
      {},
      { type: 'rent' },
      { lang: 'th' },
      { type: 'sale', min_price: 3_000_000, max_price: 10_000_000 },
      {},
      { sub_type: 'house' },
      {},
      { type: 'rent', max_price: 30_000 },
    ];
    let walked = 0;
    let capped = 0;
    for (let i = 0; i < 36; i++) {
      const km = 1.5 + boxes() * 4.5;
      const bbox = square(12.9125 + (boxes() - 0.5) * 0.03, 100.8725 + (boxes() - 0.5) * 0.03, km);
      const zoom = 12 + (i % 4);
      const q = query(bbox, zoom, filters[i % filters.length]);
      if (walkCells(q)) walked++;
      if ((await expectWalkEqualsRead(q)) > MAP_COUNT_CAP) capped++;
    }
    // The comparison covered walked boxes, past the cap among them.
    expect(walked).toBeGreaterThanOrEqual(20);
    expect(capped).toBeGreaterThanOrEqual(3);
  });

  it('counts the same newest matches band by band as the one ordered read, thresholds and the cap included', async () => {
    const boxes = prng(11);
    const threshold = (i: number) => PRICE_BANDS[i] as number;
    const filters: Partial<PropertyMapQuery>[] = [
      { type: 'rent', min_price: 4_000, max_price: 40_000 },
      { type: 'rent', max_price: 20_000 },
      { type: 'sale', min_price: 3_000_000, max_price: 10_000_000 },
      { type: 'rent', sub_type: 'condo', min_price: threshold(13), max_price: threshold(16) - 1 },
      { type: 'sale', min_price: threshold(36) - 1, max_price: threshold(40) },
      { type: 'rent', min_price: threshold(12) + 1, max_price: threshold(15), lang: 'th' },
    ];
    let capped = 0;
    for (let i = 0; i < 24; i++) {
      const km = 13 + boxes() * 20;
      const bbox = square(12.915 + (boxes() - 0.5) * 0.1, 100.875 + (boxes() - 0.5) * 0.1, km);
      const zoom = 10 + (i % 3);
      const q = query(bbox, zoom, filters[i % filters.length]);
      expect(walkBands(q), JSON.stringify(q)).not.toBeNull();
      if ((await expectWalkEqualsRead(q)) > MAP_COUNT_CAP) capped++;
    }
    expect(capped).toBeGreaterThanOrEqual(2);
  });

  it('answers a capped neighbourhood through the endpoint: the newest 10,001, in the contract', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/properties/map?bbox=${square(12.9125, 100.8725, 3.5).join(',')}&zoom=14`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().payload as MapResult;
    expect(result.total).toBe(MAP_COUNT_CAP);
    expect(result.total_capped).toBe(1);
    expect(result.clusters.reduce((sum, c) => sum + c.count, 0)).toBe(MAP_COUNT_CAP + 1);
  });
});
