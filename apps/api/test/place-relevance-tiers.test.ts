import { afterAll, describe, expect, it } from 'vitest';
import { properties } from '../src/db/schema.ts';
import {
  type SearchFilters,
  searchConditions,
  searchOrder,
  searchReading,
} from '../src/services/properties/list-properties.ts';
import { placeTiers, relevanceScore } from '../src/services/properties/reading-conditions.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';

/**
 * A search whose `q` names places and no other words reads its page tier by tier (ADR 043): listings stored under the
 * place, then those that only name it, each tier in the default order; and counts the stored tier first. The answer
 * must be the one query ordered by relevance would give: every page of every such search on generated listings is
 * compared with that query, the count with the plain count.
 */
const app = await build();
afterAll(() => app.close());

// A small deterministic generator (the same data on every run and engine).
let seed = 43;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

const LOCATIONS = [
  'Thonglor, Bangkok',
  'Sukhumvit 55, Watthana, Bangkok',
  'ทองหล่อ กรุงเทพ',
  'Silom, Bang Rak, Bangkok',
  'สีลม บางรัก',
  'Ari, Phaya Thai, Bangkok',
  'Nong Prue, Chonburi',
  'Rawai, Phuket',
  'Bangkok',
];
const MENTIONS = [
  'A pleasant place.',
  'Ten minutes by taxi to Thonglor.',
  'Close to Silom and Sathorn offices.',
  'ใกล้ทองหล่อและเอกมัย',
  'Walk to Ari market.',
  'Not far from Sukhumvit.',
];

const owner = await createUser(app, { email: 'tiers@baan.example' });
const disabled = await createUser(app, { email: 'tiers-disabled@baan.example' });
for (let i = 0; i < 160; i++) {
  await makeListing(app, random() < 0.05 ? disabled.id : owner.id, {
    title: `${pick(['Condo', 'House', 'คอนโด', 'Townhouse'])} ${i}`,
    location: pick(LOCATIONS),
    description: pick(MENTIONS),
    propertySubType: pick(['condo', 'condo', 'house', 'townhouse'] as const),
    type: pick(['rent', 'sale'] as const),
    status: random() < 0.1 ? 'paused' : 'active',
    premium: random() < 0.25,
    // Ties in created_at too: the id decides them, in both orders.
    createdAt: new Date(Date.UTC(2026, 0, 1 + Math.floor(random() * 20))),
  });
}
await app.db.execute(`update users set disabled_at = now() where id = ${disabled.id}`);

/** The ids of the one query ordered by relevance (the path without tiers). */
async function reference(params: Record<string, string>) {
  const filters = params as SearchFilters;
  const reading = searchReading(filters);
  const rows = await app.db
    .select({ id: properties.id })
    .from(properties)
    .where(searchConditions(filters, reading))
    .orderBy(...searchOrder(undefined, reading ? relevanceScore(reading) : null));
  return rows.map((r) => r.id);
}

async function allPages(params: Record<string, string>, perPage: number) {
  const ids: number[] = [];
  let total = -1;
  for (let page = 1; page <= 200; page++) {
    app.listingCache.clear();
    const query = new URLSearchParams({ ...params, per_page: String(perPage), page: String(page) });
    const res = await app.inject({ method: 'GET', url: `/api/properties?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    const payload = res.json().payload as { items: { id: number }[]; total: number };
    total = payload.total;
    if (payload.items.length === 0) break;
    ids.push(...payload.items.map((item) => item.id));
  }
  return { ids, total };
}

describe('a place search read tier by tier', () => {
  const searches: Record<string, string>[] = [
    { q: 'Thonglor' },
    { q: 'ทองหล่อ' },
    { q: 'Sukhumvit' },
    { q: 'condo Silom' },
    { q: 'คอนโด สีลม' },
    { q: 'Ari', type: 'rent' },
    { q: 'Silom', sub_type: 'house' },
  ];

  it('takes the tiered path for these searches and not for words, provinces or another sort', () => {
    for (const s of searches)
      expect(placeTiers(searchReading(s as SearchFilters) ?? expect.fail(s.q)), s.q).not.toBeNull();
    expect(placeTiers(searchReading({ q: 'sea view' }) ?? expect.fail())).toBeNull();
    expect(placeTiers(searchReading({ q: 'Phuket' }) ?? expect.fail())).toBeNull();
  });

  it.each(searches)('answers every page of %o as the single relevance query does', async (search) => {
    const expected = await reference(search);
    // Both tiers present, or the comparison would not test the seam between them.
    const reading = searchReading(search as SearchFilters);
    expect(reading && placeTiers(reading)).toBeTruthy();
    expect(expected.length).toBeGreaterThan(3);
    for (const perPage of [1, 3, 7, 50]) {
      const { ids, total } = await allPages(search, perPage);
      expect(ids, `per_page ${perPage}`).toEqual(expected);
      expect(total).toBe(expected.length);
    }
  });

  it('puts the stored listings first and the ones that only name the place after them', async () => {
    const { ids } = await allPages({ q: 'Thonglor' }, 5);
    const rows = await app.db.select({ id: properties.id, place: properties.place }).from(properties);
    const place = new Map(rows.map((r) => [r.id, r.place]));
    const firstOther = ids.findIndex((id) => place.get(id) !== 'neighbourhood:thonglor');
    expect(firstOther).toBeGreaterThan(0);
    expect(ids.slice(firstOther).every((id) => place.get(id) !== 'neighbourhood:thonglor')).toBe(true);
  });
});
