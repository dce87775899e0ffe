import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';

/**
 * "Within 500 m, rent ≤ ฿30,000" (bench:buyers at a million listings): migration 0041 adds
 * properties_status_type_station_idx (status, type, station_distance_m) INCLUDE (price, review, user_id), so the count
 * of `within_m` with sale or rent reads that index only. An index changes no answer: this test checks the answers
 * against a count in JavaScript over generated listings (every distance, type and price around the limits), and that
 * the index is there as the plan needs it (the INCLUDE columns, without which the count fetches table rows again).
 */
const app = await build();
afterAll(() => app.close());
const owner = await createUser(app, { email: 'station-count@baan.example' });

type Made = { id: number; type: 'rent' | 'sale'; price: number; distance: number | null };
const made: Made[] = [];
let seed = 7;
const next = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
for (let i = 0; i < 60; i++) {
  const type = next() < 0.6 ? 'rent' : 'sale';
  // Distances on both sides of 500 and 1,000 (and exactly on them), some listings without a station.
  const distance = i % 11 === 0 ? null : ([0, 499, 500, 501, 999, 1_000, 1_001, 2_400][i % 8] ?? 0);
  const price = type === 'rent' ? ([29_999, 30_000, 30_001, 45_000][i % 4] ?? 0) : 3_000_000 + i * 10_000;
  const row = await makeListing(app, owner.id, {
    type,
    price,
    stationId: distance === null ? null : 'bts-sala-daeng',
    stationDistanceM: distance,
  });
  made.push({ id: row.id, type, price, distance });
}

async function search(query: string) {
  app.listingCache.clear();
  const res = await app.inject({ method: 'GET', url: `/api/properties?${query}&per_page=100` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload as { total: number; total_capped?: number; items: { id: number }[] };
}

describe('within_m with sale or rent and a price (migration 0041)', () => {
  it('answers the listings a count in JavaScript finds', async () => {
    const cases: [string, (m: Made) => boolean][] = [
      ['within_m=500&type=rent&max_price=30000', (m) => m.type === 'rent' && m.price <= 30_000],
      ['within_m=500&type=rent', (m) => m.type === 'rent'],
      ['within_m=1000&type=sale&min_price=3200000', (m) => m.type === 'sale' && m.price >= 3_200_000],
      ['within_m=500', () => true],
    ];
    for (const [query, keep] of cases) {
      const within = Number(/within_m=(\d+)/.exec(query)?.[1]);
      const expected = made
        .filter((m) => m.distance !== null && m.distance <= within && keep(m))
        .map((m) => m.id)
        .sort((a, b) => a - b);
      const found = await search(query);
      expect(found.total, query).toBe(expected.length);
      expect(found.total_capped, query).toBeUndefined();
      expect(
        found.items.map((i) => i.id).sort((a, b) => a - b),
        query,
      ).toEqual(expected);
      expect(expected.length, query).toBeGreaterThan(0);
    }
  });

  it('has the index the count reads, with the columns that keep it in the index', async () => {
    const { rows } = (await app.db.execute(
      sql`select indexdef from pg_indexes where indexname = 'properties_status_type_station_idx'`,
    )) as unknown as { rows: { indexdef: string }[] };
    expect(rows).toHaveLength(1);
    expect(rows[0]?.indexdef).toMatch(/\(status, type, station_distance_m\) INCLUDE \(price, review, user_id\)/);
  });
});
