import {
  ErrorEnvelope,
  type Property,
  PropertyListResponse,
  PropertyPageResponse,
  PropertyResponse,
  PropertyTypeCountsResponse,
} from '@baan/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { properties, propertyImages, propertyRooms, users } from '../src/db/schema.ts';
import { makeListing } from './fixtures.ts';
import { build } from './helpers.ts';

const app = await build();

let userSeq = 0;
async function makeUser(opts: { disabled?: boolean; phone?: string | null } = {}) {
  userSeq += 1;
  const [user] = await app.db
    .insert(users)
    .values({
      name: `Owner ${userSeq}`,
      email: `owner${userSeq}@example.test`,
      passwordHash: 'x',
      phoneNumber: opts.phone === undefined ? `+66 81 000 00${userSeq}` : opts.phone,
      emailVerifiedAt: new Date(),
      disabledAt: opts.disabled ? new Date() : null,
    })
    .returning();
  if (!user) throw new Error('no user');
  return user;
}

const owner = await makeUser();
const agent = await makeUser({ phone: null });
const disabledOwner = await makeUser({ disabled: true });

const sukhumvitCondo = await makeListing(app, owner.id, {
  title: 'Bright condo near BTS Asok',
  location: 'Sukhumvit 21, Bangkok',
  price: 25_000,
  bedRooms: 1,
  isFeatured: true,
  lat: 13.7375,
  lon: 100.5603,
  availabilityDate: '2026-02-01',
});
const thaiCondo = await makeListing(app, owner.id, {
  title: 'คอนโดหรู ใกล้ BTS',
  location: 'สุขุมวิท 24, กรุงเทพมหานคร',
  description: 'ห้องกว้าง วิวสวย',
  price: 45_000,
  bedRooms: 2,
  language: 'th',
});
const silomOffice = await makeListing(app, agent.id, {
  title: 'Grade A office, Silom',
  location: 'Silom, Bangkok',
  type: 'rent',
  userType: 'agent',
  propertyType: 'commercial',
  propertySubType: 'office',
  price: 120_000,
  area: 250,
  bedRooms: 0,
});
const chiangMaiHouse = await makeListing(app, agent.id, {
  title: 'Family house with garden',
  location: 'Hang Dong, Chiang Mai',
  description: 'Quiet street; 50% down payment accepted (negotiable_terms).',
  type: 'sale',
  propertySubType: 'house',
  price: 6_500_000,
  area: 220,
  bedRooms: 4,
  bathRooms: 3,
});
const phuketVilla = await makeListing(app, owner.id, {
  title: 'Пляжная вилла с бассейном',
  location: 'Kamala, Phuket',
  description: 'Sea view VILLA',
  type: 'sale',
  propertySubType: 'villa',
  price: 32_000_000,
  bedRooms: 5,
  isFeatured: true,
  language: 'ru',
});
const hiddenListing = await makeListing(app, owner.id, {
  title: 'Hidden Sukhumvit penthouse',
  location: 'Sukhumvit 11, Bangkok',
  status: 'hidden',
  price: 30_000,
});
const disabledOwnersListing = await makeListing(app, disabledOwner.id, {
  title: 'Sukhumvit studio of a disabled owner',
  location: 'Sukhumvit 50, Bangkok',
  price: 9_000,
});
// The newest: made last.
const khonKaenLand = await makeListing(app, agent.id, {
  title: 'ที่ดินเปล่า ขอนแก่น',
  location: 'Mueang Khon Kaen, Khon Kaen',
  type: 'sale',
  propertyType: 'commercial',
  propertySubType: 'land',
  price: 1_500_000,
  area: 1600,
  bedRooms: 0,
  bathRooms: 0,
});

const visibleIds = [
  sukhumvitCondo.id,
  thaiCondo.id,
  silomOffice.id,
  chiangMaiHouse.id,
  phuketVilla.id,
  khonKaenLand.id,
];

await app.db.insert(propertyImages).values([
  {
    propertyId: sukhumvitCondo.id,
    storageKey: 'listings/aaa',
    width: 1024,
    height: 768,
    widths: [320, 640, 1024],
    sortOrder: 1,
  },
  {
    propertyId: sukhumvitCondo.id,
    storageKey: 'listings/cover',
    width: 1600,
    height: 1200,
    widths: [320, 640, 1024, 1600],
    isCover: true,
    sortOrder: 0,
  },
]);
await app.db.insert(propertyRooms).values([
  { propertyId: sukhumvitCondo.id, type: 'bedroom', quantity: 1 },
  { propertyId: sukhumvitCondo.id, type: 'balcony', quantity: 2 },
]);

async function search(query: string) {
  const res = await app.inject({ method: 'GET', url: `/api/properties${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return PropertyPageResponse.parse(res.json()).payload;
}
const ids = (items: Property[]) => items.map((p) => p.id);
const sorted = (list: number[]) => [...list].sort((a, b) => a - b);

async function badRequest(query: string) {
  const res = await app.inject({ method: 'GET', url: `/api/properties${query}` });
  expect(res.statusCode, res.body).toBe(400);
  return ErrorEnvelope.parse(res.json());
}

describe('GET /api/properties', () => {
  it('answers the first page of visible listings, newest first, with the defaults', async () => {
    const page = await search('');
    expect(page.total).toBe(visibleIds.length);
    expect(page.page).toBe(1);
    expect(page.per_page).toBe(16);
    expect(ids(page.items)).toEqual([...visibleIds].reverse());
  });

  it('never shows hidden listings or those of disabled owners, whatever the query', async () => {
    for (const query of [
      '',
      '?q=sukhumvit',
      '?location=sukhumvit',
      '?sort=price_asc',
      '?per_page=100',
      '?max_price=30000',
    ]) {
      const page = await search(query);
      expect(ids(page.items)).not.toContain(hiddenListing.id);
      expect(ids(page.items)).not.toContain(disabledOwnersListing.id);
    }
  });

  it('puts a listing on the wire as docs/api.md describes, cover first with srcset', async () => {
    const page = await search('?q=asok');
    expect(page.items).toHaveLength(1);
    const item = page.items[0] as Property;
    expect(item).toMatchObject({
      id: sukhumvitCondo.id,
      title: 'Bright condo near BTS Asok',
      type: 'rent',
      user_type: 'owner',
      property_type: 'residential',
      property_sub_type: 'condo',
      location: 'Sukhumvit 21, Bangkok',
      lat: 13.7375,
      lon: 100.5603,
      price: 25_000,
      area: 30,
      area_unit: 'sqm',
      bed_rooms: 1,
      bath_rooms: 1,
      availability_date: '2026-02-01',
      language: 'en',
      is_featured: 1,
      status: 'active',
      cover_image: '/uploads/listings/cover-1024.webp',
      rooms: [
        { type: 'bedroom', quantity: 1 },
        { type: 'balcony', quantity: 2 },
      ],
    });
    expect(item.images.map((i) => i.image_path)).toEqual([
      '/uploads/listings/cover-1024.webp',
      '/uploads/listings/aaa-1024.webp',
    ]);
    expect(item.images[0]).toMatchObject({ width: 1600, height: 1200 });
    expect(item.images[0]?.srcset).toBe(
      '/uploads/listings/cover-320.webp 320w, /uploads/listings/cover-640.webp 640w, /uploads/listings/cover-1024.webp 1024w, /uploads/listings/cover-1600.webp 1600w',
    );
    expect(new Date(item.created_at).toISOString()).toBe(item.created_at);
    expect(item.owner).toBeUndefined();
    // A listing without photos has no cover.
    const land = (await search('?sub_type=land')).items[0];
    expect(land?.cover_image).toBeNull();
    expect(land?.images).toEqual([]);
  });

  it('matches q case-insensitively in title, location and description, in any script', async () => {
    // A place is found by any of its names (ADR 027): Sukhumvit in Latin and Thai script gives one set.
    const sukhumvit = sorted([sukhumvitCondo.id, thaiCondo.id]);
    expect(sorted(ids((await search('?q=SUKHUMVIT')).items))).toEqual(sukhumvit);
    expect(sorted(ids((await search(`?q=${encodeURIComponent('สุขุมวิท')}`)).items))).toEqual(sukhumvit);
    expect(ids((await search(`?q=${encodeURIComponent('วิวสวย')}`)).items)).toEqual([thaiCondo.id]);
    expect(ids((await search(`?q=${encodeURIComponent('ขอนแก่น')}`)).items)).toEqual([khonKaenLand.id]);
    // Cyrillic folds case too.
    expect(ids((await search(`?q=${encodeURIComponent('ПЛЯЖНАЯ')}`)).items)).toEqual([phuketVilla.id]);
    expect(ids((await search('?q=sea%20view%20villa')).items)).toEqual([phuketVilla.id]);
    expect(ids((await search('?q=chiang%20mai')).items)).toEqual([chiangMaiHouse.id]);
    expect(sorted(ids((await search('?q=bts')).items))).toEqual(sorted([sukhumvitCondo.id, thaiCondo.id]));
    expect((await search('?q=nowhere-at-all')).total).toBe(0);
  });

  it('never lets LIKE wildcards in q widen a match: punctuation is not searched (ADR 027)', async () => {
    expect(ids((await search('?q=50%25')).items)).toEqual([chiangMaiHouse.id]);
    expect(ids((await search('?q=negotiable_terms')).items)).toEqual([chiangMaiHouse.id]);
    expect(ids((await search('?q=50_')).items)).toEqual([chiangMaiHouse.id]);
    expect((await search('?q=zq_%25')).total).toBe(0);
    // Nothing readable is left: the search is the whole list, and says it read nothing.
    for (const wildcards of ['%25%25', '__']) {
      const page = await search(`?q=${wildcards}`);
      expect([page.total, page.understood]).toEqual([6, []]);
    }
  });

  it('filters by type, property_type, sub_type and location', async () => {
    expect(sorted(ids((await search('?type=sale')).items))).toEqual(
      sorted([chiangMaiHouse.id, phuketVilla.id, khonKaenLand.id]),
    );
    expect(sorted(ids((await search('?type=rent')).items))).toEqual(
      sorted([sukhumvitCondo.id, thaiCondo.id, silomOffice.id]),
    );
    expect(sorted(ids((await search('?property_type=commercial')).items))).toEqual(
      sorted([silomOffice.id, khonKaenLand.id]),
    );
    expect(sorted(ids((await search('?sub_type=condo')).items))).toEqual(sorted([sukhumvitCondo.id, thaiCondo.id]));
    expect(ids((await search('?sub_type=villa')).items)).toEqual([phuketVilla.id]);
    expect((await search('?sub_type=bungalow')).total).toBe(0);
    // location matches the location only, case-insensitively.
    expect(ids((await search('?location=chiang%20MAI')).items)).toEqual([chiangMaiHouse.id]);
    expect((await search('?location=garden')).total).toBe(0);
    expect(ids((await search(`?location=${encodeURIComponent('กรุงเทพ')}`)).items)).toEqual([thaiCondo.id]);
  });

  it('filters by price range, bedrooms minimum and featured', async () => {
    const inRange = await search('?min_price=20000&max_price=120000');
    expect(sorted(ids(inRange.items))).toEqual(sorted([sukhumvitCondo.id, thaiCondo.id, silomOffice.id]));
    for (const item of inRange.items) expect(item.price).toBeGreaterThanOrEqual(20_000);
    expect(ids((await search('?min_price=32000000')).items)).toEqual([phuketVilla.id]);
    expect(ids((await search('?max_price=25000')).items)).toEqual([sukhumvitCondo.id]);
    expect(ids((await search('?min_price=45000&max_price=45000')).items)).toEqual([thaiCondo.id]);
    expect(sorted(ids((await search('?bedrooms=4')).items))).toEqual(sorted([chiangMaiHouse.id, phuketVilla.id]));
    expect((await search('?bedrooms=0')).total).toBe(visibleIds.length);
    expect(sorted(ids((await search('?featured=1')).items))).toEqual(sorted([sukhumvitCondo.id, phuketVilla.id]));
    expect((await search('?featured=0')).total).toBe(visibleIds.length - 2);
  });

  it('combines filters', async () => {
    expect(ids((await search('?type=sale&bedrooms=4&q=villa&featured=1')).items)).toEqual([phuketVilla.id]);
    expect((await search('?type=rent&sub_type=villa')).total).toBe(0);
    // An empty value counts as absent, as a cleared form field sends it.
    expect((await search('?q=&type=&min_price=&sort=&page=')).total).toBe(visibleIds.length);
  });

  it('sorts newest, price ascending and price descending, ties broken by id', async () => {
    const byPrice = [...visibleIds].sort((a, b) => {
      const price = (id: number) =>
        [sukhumvitCondo, thaiCondo, silomOffice, chiangMaiHouse, phuketVilla, khonKaenLand].find((l) => l.id === id)
          ?.price ?? 0;
      return price(a) - price(b);
    });
    expect(ids((await search('?sort=price_asc')).items)).toEqual(byPrice);
    expect(ids((await search('?sort=price_desc')).items)).toEqual([...byPrice].reverse());
    expect(ids((await search('?sort=newest')).items)).toEqual([...visibleIds].reverse());
    const asc = (await search('?sort=price_asc')).items.map((p) => p.price);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
  });

  it('pages on the server; past the end is an empty page with the real total', async () => {
    const first = await search('?per_page=4');
    const second = await search('?per_page=4&page=2');
    expect(first).toMatchObject({ total: 6, page: 1, per_page: 4 });
    expect(second).toMatchObject({ total: 6, page: 2, per_page: 4 });
    expect(first.items).toHaveLength(4);
    expect(second.items).toHaveLength(2);
    expect([...ids(first.items), ...ids(second.items)]).toEqual([...visibleIds].reverse());
    const past = await search('?per_page=4&page=3');
    const read = { understood: [], corrected: null };
    expect(past).toEqual({ items: [], total: 6, page: 3, per_page: 4, ...read });
    expect(await search('?page=999999')).toEqual({ items: [], total: 6, page: 999999, per_page: 16, ...read });
    expect((await search('?per_page=100')).items).toHaveLength(6);
    expect((await search('?per_page=1&page=6')).items.map((p) => p.id)).toEqual([visibleIds[0]]);
  });

  it('answers 400 with errors per field for per_page over 100 and bad numbers', async () => {
    const over = await badRequest('?per_page=101');
    expect(over.message).toBe('Please correct the search filters.');
    expect(over.errors?.per_page?.[0]).toMatch(/Per page must be a whole number from 1 to 100/);
    expect(Object.keys((await badRequest('?per_page=0')).errors ?? {})).toEqual(['per_page']);
    expect(Object.keys((await badRequest('?page=0')).errors ?? {})).toEqual(['page']);
    expect(Object.keys((await badRequest('?page=-1')).errors ?? {})).toEqual(['page']);
    expect(Object.keys((await badRequest('?page=1.5')).errors ?? {})).toEqual(['page']);
    expect(Object.keys((await badRequest('?min_price=abc')).errors ?? {})).toEqual(['min_price']);
    expect(Object.keys((await badRequest('?max_price=1e6')).errors ?? {})).toEqual(['max_price']);
    expect(Object.keys((await badRequest('?bedrooms=two')).errors ?? {})).toEqual(['bedrooms']);
    expect(Object.keys((await badRequest('?min_price=99999999999999')).errors ?? {})).toEqual(['min_price']);
    const several = await badRequest('?min_price=x&max_price=y&per_page=500');
    expect(Object.keys(several.errors ?? {}).sort()).toEqual(['max_price', 'min_price', 'per_page']);
  });

  it('answers 400 for unknown choices, a reversed price range, repeated and over-long values', async () => {
    expect((await badRequest('?type=lease')).errors?.type?.[0]).toBe('Type must be one of: rent, sale.');
    expect(Object.keys((await badRequest('?sort=cheapest')).errors ?? {})).toEqual(['sort']);
    expect(Object.keys((await badRequest('?sub_type=castle')).errors ?? {})).toEqual(['sub_type']);
    expect(Object.keys((await badRequest('?property_type=industrial')).errors ?? {})).toEqual(['property_type']);
    expect(Object.keys((await badRequest('?featured=yes')).errors ?? {})).toEqual(['featured']);
    expect((await badRequest('?min_price=500&max_price=100')).errors?.min_price?.[0]).toBe(
      'Minimum price cannot be more than the maximum price.',
    );
    expect(Object.keys((await badRequest('?page=1&page=2')).errors ?? {})).toEqual(['page']);
    expect(Object.keys((await badRequest(`?q=${'a'.repeat(201)}`)).errors ?? {})).toEqual(['q']);
  });
});

describe('GET /api/all/properties', () => {
  it('answers every visible listing, newest first, with images', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/all/properties' });
    expect(res.statusCode).toBe(200);
    const list = PropertyListResponse.parse(res.json()).payload;
    expect(ids(list)).toEqual([...visibleIds].reverse());
    expect(list.find((p) => p.id === sukhumvitCondo.id)?.images).toHaveLength(2);
  });
});

describe('GET /api/property/{id}', () => {
  it('answers the listing with images, rooms and the owner public contact', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/property/${sukhumvitCondo.id}` });
    expect(res.statusCode).toBe(200);
    const property = PropertyResponse.parse(res.json()).payload;
    expect(property).toMatchObject({
      id: sukhumvitCondo.id,
      cover_image: '/uploads/listings/cover-1024.webp',
      owner: { id: owner.id, name: owner.name, phone_number: owner.phoneNumber, line_id: null, email: owner.email },
    });
    expect(property.images).toHaveLength(2);
    expect(property.rooms).toHaveLength(2);
    // Nothing private about the owner.
    expect(JSON.stringify(res.json())).not.toContain('password');
    const agentsListing = PropertyResponse.parse(
      (await app.inject({ method: 'GET', url: `/api/property/${silomOffice.id}` })).json(),
    ).payload;
    expect(agentsListing.owner).toEqual({
      id: agent.id,
      name: agent.name,
      phone_number: null,
      phone_verified: 0,
      line_id: null,
      email: agent.email,
    });
  });

  it('answers 404 for a missing, hidden, disabled owner’s or non-numeric id', async () => {
    const missing = (await app.db.select({ n: sql<number>`max(id)::int + 1000` }).from(properties))[0]?.n;
    for (const id of [missing, hiddenListing.id, disabledOwnersListing.id, 'abc', '0', '-3', '1.5', '99999999999']) {
      const res = await app.inject({ method: 'GET', url: `/api/property/${id}` });
      expect(res.statusCode, String(id)).toBe(404);
      expect(ErrorEnvelope.parse(res.json()).message).toBe('This listing does not exist or is no longer available.');
    }
  });
});

describe('GET /api/stats/property-types', () => {
  it('counts visible listings per normalised sub type, every key present', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/stats/property-types' });
    expect(res.statusCode).toBe(200);
    expect(PropertyTypeCountsResponse.parse(res.json()).payload).toEqual({
      condo: 2,
      house: 1,
      townhouse: 0,
      twinhouse: 0,
      land: 1,
      shophouse: 0,
      villa: 1,
      apartment: 0,
      office: 1,
      bungalow: 0,
      pent_villa: 0,
      home_office: 0,
    });
  });

  it('follows status changes at once', async () => {
    await app.db.update(properties).set({ status: 'hidden' }).where(eq(properties.id, phuketVilla.id));
    // Writers clear the listing cache; this test writes behind the API's back, so it clears it.
    app.listingCache.clear();
    try {
      const counts = PropertyTypeCountsResponse.parse(
        (await app.inject({ method: 'GET', url: '/api/stats/property-types' })).json(),
      ).payload;
      expect(counts.villa).toBe(0);
      expect((await search('?q=villa')).total).toBe(0);
    } finally {
      await app.db.update(properties).set({ status: 'active' }).where(eq(properties.id, phuketVilla.id));
      app.listingCache.clear();
    }
  });
});

describe('listing read cache', () => {
  it('answers identical reads from the cache for its lifetime, and fresh ones once cleared', async () => {
    // The app's start-up jobs (the area figures clear the cache when they store something) end first, so nothing but
    // this test's own clear() ends the cached answer within its lifetime.
    await app.jobs.drain();
    const before = (await search('?q=khon')).items[0]?.title;
    expect(before).toBe('ที่ดินเปล่า ขอนแก่น');
    await app.db.update(properties).set({ title: 'ที่ดินเปล่า ขอนแก่น (ลดราคา)' }).where(eq(properties.id, khonKaenLand.id));
    try {
      // Within the lifetime (5 s by default) the same search answers what it answered.
      expect((await search('?q=khon')).items[0]?.title).toBe(before);
      app.listingCache.clear();
      expect((await search('?q=khon')).items[0]?.title).toBe('ที่ดินเปล่า ขอนแก่น (ลดราคา)');
    } finally {
      await app.db.update(properties).set({ title: 'ที่ดินเปล่า ขอนแก่น' }).where(eq(properties.id, khonKaenLand.id));
      app.listingCache.clear();
    }
  });

  it('shares one count between the pages of a search', async () => {
    const first = await search('?type=sale&per_page=1');
    await app.db.update(properties).set({ status: 'hidden' }).where(eq(properties.id, khonKaenLand.id));
    try {
      // Page 2 is a new page (not cached) but reuses the search's count from page 1.
      const second = await search('?type=sale&per_page=1&page=2');
      expect(second.total).toBe(first.total);
    } finally {
      await app.db.update(properties).set({ status: 'active' }).where(eq(properties.id, khonKaenLand.id));
      app.listingCache.clear();
    }
  });
});

describe('search indexes', () => {
  it('has trigram GIN indexes whose expressions match the search query', async () => {
    const result = await app.db.execute(
      sql`select indexname, indexdef from pg_indexes where tablename = 'properties' order by indexname`,
    );
    const rows = (result as unknown as { rows: { indexname: string; indexdef: string }[] }).rows;
    const defs = Object.fromEntries(rows.map((r) => [r.indexname, r.indexdef]));
    expect(defs.properties_search_trgm_idx).toMatch(/USING gin .*lower.*title.*location.*description.*gin_trgm_ops/);
    expect(defs.properties_location_trgm_idx).toMatch(/USING gin .*lower.*location.*gin_trgm_ops/);
    for (const name of [
      'properties_status_price_idx',
      'properties_status_type_created_idx',
      'properties_status_sub_type_idx',
    ])
      expect(defs[name]).toBeDefined();
  });
});
