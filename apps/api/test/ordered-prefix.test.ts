import type { BBox, PropertyListQuery } from '@baan/contract';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { properties, users } from '../src/db/schema.ts';
import { searchConditions, searchOrder } from '../src/services/properties/list-properties.ts';
import { PREFIX_COLUMNS, PREFIX_ROWS, prefixable, prefixPageIds } from '../src/services/properties/ordered-prefix.ts';
import { STATIONS } from '../src/services/transit/stations.ts';
import { createUser } from './fixtures.ts';
import { build } from './helpers.ts';
import { prng } from './support/prng.ts';

// A station's or a box's page from the head of the default order (ADR 054) against the ordered read of every match
// it replaces: the same ids on generated data, for pages the head holds, and no answer for those it does not.
const app = await build();
const owner = await createUser(app, { email: 'prefix-owner@baan.example' });
const banned = await createUser(app, { email: 'prefix-banned@baan.example' });
await app.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, banned.id));

const station = (name: string) => {
  const found = STATIONS.find((s) => s.name_en === name);
  if (!found) throw new Error(`no station ${name}`);
  return found;
};
const CENTRAL = station('Chit Lom');
const SUBURB = station('Khu Khot');

// 6,000 listings: most within 1.5 km of Chit Lom (a central station's crowd), the rest spread over 25 km of Bangkok
// and a few near Khu Khot; one in seven premium, so the order's first key matters; paused, pending and a disabled
// owner's among them; ages repeat, so many tie on created_at and the id decides.
const random = prng(54);
const start = Date.parse('2026-06-01T00:00:00Z');
const TOTAL = 6_000;
for (let from = 0; from < TOTAL; from += 2_000) {
  await app.db.insert(properties).values(
    Array.from({ length: 2_000 }, (_, j) => {
      const i = from + j;
      const place = i % 10 < 7 ? CENTRAL : i % 10 === 7 ? SUBURB : null;
      const sale = i % 3 === 0;
      return {
        userId: i % 41 === 0 ? banned.id : owner.id,
        title: `Prefix ${i}`,
        description: 'Generated listing',
        type: sale ? ('sale' as const) : ('rent' as const),
        userType: 'owner' as const,
        propertyType: i % 17 === 0 ? ('commercial' as const) : ('residential' as const),
        propertySubType: (['condo', 'house', 'townhouse'] as const)[i % 3] as string,
        location: 'Bangkok',
        price: sale ? 1_000_000 + Math.floor(random() * 20_000_000) : 5_000 + Math.floor(random() * 60_000),
        area: 30,
        bedRooms: 1 + (i % 4),
        bathRooms: 1,
        premium: i % 7 === 0,
        status: i % 23 === 0 ? ('paused' as const) : ('active' as const),
        review: i % 29 === 0 ? ('pending' as const) : ('approved' as const),
        stationDistanceM: Math.floor(random() * 2_000),
        lat: place ? place.lat + (random() - 0.5) * 0.027 : 13.62 + random() * 0.23,
        lon: place ? place.lon + (random() - 0.5) * 0.027 : 100.4 + random() * 0.23,
        createdAt: new Date(start + Math.floor(random() * 3_000) * 60_000),
      };
    }),
  );
}

const defaultOrder = searchOrder(undefined, null);

/** The page every match gives, in the default order. */
async function orderedRead(where: SQL, limit: number, offset: number): Promise<number[]> {
  const rows = await app.db
    .select({ id: properties.id })
    .from(properties)
    .where(where)
    .orderBy(...defaultOrder)
    .limit(limit)
    .offset(offset);
  return rows.map((r) => r.id);
}

/** A square of `km` around (lat, lon). */
function square(lat: number, lon: number, km: number): BBox {
  const dLat = km / 2 / 111.32;
  const dLon = km / 2 / (111.32 * Math.cos((lat * Math.PI) / 180));
  return [lon - dLon, lat - dLat, lon + dLon, lat + dLat];
}

describe("a place's page from the head of the default order (ADR 054)", () => {
  it('reads a station or a box in the default order with the filters its head carries, and nothing else', () => {
    const near = { station: CENTRAL.id, within_m: 1000 } as PropertyListQuery;
    expect(prefixable(near)).toBe(true);
    expect(prefixable({ ...near, type: 'rent', sub_type: 'condo', min_price: 10_000, bedrooms: 2, page: 3 })).toBe(
      true,
    );
    expect(prefixable({ bbox: square(13.74, 100.54, 2), sort: 'relevance', lang: 'th' } as PropertyListQuery)).toBe(
      true,
    );
    // Another order, a text, a filter the head has no column for, or no place at all.
    expect(prefixable({ ...near, sort: 'newest' })).toBe(false);
    expect(prefixable({ ...near, q: 'pool' })).toBe(false);
    expect(prefixable({ ...near, pets: '1' })).toBe(false);
    expect(prefixable({ ...near, project: 'the-line' } as PropertyListQuery)).toBe(false);
    expect(prefixable({ within_m: 500, type: 'rent' } as PropertyListQuery)).toBe(false);
  });

  it("reads the head from the default order's index alone: every column it carries is in the index (migration 0046)", async () => {
    const result = await app.db.execute(
      sql`select indexdef from pg_indexes where indexname = 'properties_status_premium_created_idx'`,
    );
    const def = String((result as unknown as { rows: { indexdef: string }[] }).rows[0]?.indexdef);
    expect(def).toMatch(/\(status, premium DESC NULLS LAST, created_at DESC NULLS LAST, id DESC NULLS LAST\) INCLUDE/);
    for (const column of PREFIX_COLUMNS) expect(def, column.name).toMatch(new RegExp(`[(, ]${column.name}[,) ]`));
  });

  it('gives the same page as the ordered read whenever the head holds it, and no page when it does not', async () => {
    const picks = prng(5);
    const searches: PropertyListQuery[] = [
      { station: CENTRAL.id, within_m: 1000 },
      { station: CENTRAL.id, within_m: 400, type: 'rent' },
      { station: CENTRAL.id, within_m: 1000, type: 'sale', sub_type: 'condo', min_price: 5_000_000 },
      { station: CENTRAL.id, within_m: 800, bedrooms: 3, property_type: 'residential' },
      { station: CENTRAL.id, within_m: 1000, type: 'rent', max_price: 20_000, lang: 'th' },
      { station: SUBURB.id, within_m: 1000 },
      { station: SUBURB.id, within_m: 600, type: 'rent' },
      { bbox: square(CENTRAL.lat, CENTRAL.lon, 1.2) },
      { bbox: square(CENTRAL.lat + 0.005, CENTRAL.lon - 0.004, 0.8), type: 'sale' },
      { bbox: square(13.74, 100.52, 20), min_price: 30_000, max_price: 8_000_000 },
    ] as PropertyListQuery[];
    let held = 0;
    let missed = 0;
    for (const search of searches) {
      const where = searchConditions(search);
      for (const rows of [150, 900, PREFIX_ROWS]) {
        for (const [limit, offset] of [
          [16, 0],
          [16, 16],
          [24, 72],
          [1 + Math.floor(picks() * 30), Math.floor(picks() * 200)],
        ] as const) {
          const read = await orderedRead(where, limit, offset);
          const head = await prefixPageIds(app.db, where, defaultOrder, limit, offset, rows);
          const label = JSON.stringify({ search, rows, limit, offset });
          if (head) {
            held++;
            expect(head, label).toEqual(read);
          } else {
            missed++;
            // Only a page the head cannot hold is left to the ordered read: its last match lies past the head.
            const matchesInHead = await app.db.execute(sql`select count(*)::int as n from (select ${properties.id}
              from ${properties} where ${properties.status} = 'active' order by ${sql.join(defaultOrder, sql`, `)}
              limit ${rows}) as head where head.id in (select ${properties.id} from ${properties} where ${where})`);
            const n = Number((matchesInHead as unknown as { rows: { n: number }[] }).rows[0]?.n);
            expect(n, label).toBeLessThan(limit + offset);
          }
        }
      }
    }
    // Both ways were taken, many times each.
    expect(held).toBeGreaterThanOrEqual(40);
    expect(missed).toBeGreaterThanOrEqual(20);
  });

  it("answers a station's pages through the endpoint as the ordered read does, to the last page", async () => {
    const search = `station=${CENTRAL.id}&within_m=700&type=rent`;
    const where = searchConditions({ station: CENTRAL.id, within_m: 700, type: 'rent' } as PropertyListQuery);
    const total = (await orderedRead(where, 100_000, 0)).length;
    expect(total).toBeGreaterThan(100);
    const lastPage = Math.ceil(total / 24);
    for (const page of [1, 2, 5, lastPage]) {
      const res = await app.inject({ method: 'GET', url: `/api/properties?${search}&per_page=24&page=${page}` });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json().payload as { items: { id: number; premium?: boolean }[]; total: number };
      expect(body.total).toBe(total);
      expect(body.items.map((p) => p.id)).toEqual(await orderedRead(where, 24, (page - 1) * 24));
    }
    // The premium listings lead the first page, and no hidden listing is on it.
    const first = await orderedRead(where, 24, 0);
    const rows = await app.db
      .select({ premium: properties.premium, userId: properties.userId, status: properties.status })
      .from(properties)
      .where(inArray(properties.id, first));
    expect(rows.every((r) => r.premium && r.userId !== banned.id && r.status === 'active')).toBe(true);
  });
});
