import type { Property } from '@baan/contract';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { properties } from '../src/db/schema.ts';
import { DEMO_AREAS, demoListings } from '../src/services/seed/demo-listings.ts';
import { nearestStation } from '../src/services/transit/stations.ts';
import { activateSubscription, createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';

const app = await build();
const owner = await createUser(app, { email: 'facts-owner@baan.example' });
await activateSubscription(app, owner.id);

// price / area → price_per_sqm: 10,000/30 = 333.3 → 333; 10,000/60 = 166.7 → 167; 12,345/2 = 6,172.5 → 6,173.
const third = await makeListing(app, owner.id, { title: 'Third', price: 10_000, area: 30 });
const sixtieth = await makeListing(app, owner.id, { title: 'Sixtieth', price: 10_000, area: 60 });
const half = await makeListing(app, owner.id, { title: 'Half up', price: 12_345, area: 2 });
const noArea = await makeListing(app, owner.id, { title: 'No area', price: 9_000, area: 0 });
const quotaCondo = await makeListing(app, owner.id, {
  title: 'Foreign quota condo',
  type: 'sale',
  price: 4_000_000,
  area: 50,
  foreignQuota: true,
  titleDeed: 'chanote',
});
const landNs3 = await makeListing(app, owner.id, {
  title: 'Land with Nor Sor 3',
  type: 'sale',
  propertyType: 'commercial',
  propertySubType: 'land',
  price: 2_000_000,
  area: 1600,
  titleDeed: 'nor_sor_3',
});

const get = (url: string) => app.inject({ method: 'GET', url });
const page = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload.items as Property[];
};
const idsOf = (items: Property[]) => items.map((p) => p.id);

describe('price per m²', () => {
  it('is on the wire, rounded to whole baht, null without an area', async () => {
    const items = await page('/api/properties?per_page=100');
    const ppsqm = (id: number) => items.find((p) => p.id === id)?.price_per_sqm;
    expect(ppsqm(third.id)).toBe(333);
    expect(ppsqm(sixtieth.id)).toBe(167);
    expect(ppsqm(half.id)).toBe(6173);
    expect(ppsqm(noArea.id)).toBeNull();
    expect(ppsqm(quotaCondo.id)).toBe(80_000);
    expect((await get(`/api/property/${noArea.id}`)).json().payload.price_per_sqm).toBeNull();
  });

  it('sorts ascending and descending, listings without an area last both ways', async () => {
    const ascending = await page('/api/properties?sort=price_per_sqm_asc&per_page=100');
    expect(idsOf(ascending)).toEqual([sixtieth.id, third.id, landNs3.id, half.id, quotaCondo.id, noArea.id]);
    const descending = await page('/api/properties?sort=price_per_sqm_desc&per_page=100');
    expect(idsOf(descending)).toEqual([quotaCondo.id, half.id, landNs3.id, third.id, sixtieth.id, noArea.id]);
  });

  it('pages through the sort without repeating or skipping a listing', async () => {
    const seen: number[] = [];
    for (let n = 1; n <= 3; n++) {
      seen.push(...idsOf(await page(`/api/properties?sort=price_per_sqm_desc&per_page=2&page=${n}`)));
    }
    expect(seen).toEqual([quotaCondo.id, half.id, landNs3.id, third.id, sixtieth.id, noArea.id]);
  });

  it('is kept in step by the database when price or area change', async () => {
    await app.db.update(properties).set({ area: 40 }).where(eq(properties.id, third.id));
    const [row] = await app.db
      .select({ ppsqm: properties.pricePerSqm })
      .from(properties)
      .where(eq(properties.id, third.id));
    expect(row?.ppsqm).toBe(250);
    await app.db.update(properties).set({ area: 30 }).where(eq(properties.id, third.id));
  });
});

describe('area filters', () => {
  it('keep listings within min_area and max_area, edges included', async () => {
    expect(idsOf(await page('/api/properties?min_area=50&max_area=60')).sort()).toEqual(
      [quotaCondo.id, sixtieth.id].sort(),
    );
    expect(idsOf(await page('/api/properties?min_area=1000'))).toEqual([landNs3.id]);
    expect(idsOf(await page('/api/properties?max_area=0'))).toEqual([noArea.id]);
  });

  it('answer 400 when the minimum is more than the maximum, or a value is not a whole number', async () => {
    const res = await get('/api/properties?min_area=100&max_area=50');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.min_area).toEqual(['Minimum area cannot be more than the maximum area.']);
    for (const bad of ['min_area=-1', 'max_area=abc', 'min_area=10000001']) {
      const r = await get(`/api/properties?${bad}`);
      expect(r.statusCode, bad).toBe(400);
    }
  });
});

describe('foreign quota and title deed filters', () => {
  it('foreign_quota=1 keeps condos whose quota has room; title_deed keeps that deed', async () => {
    expect(idsOf(await page('/api/properties?foreign_quota=1'))).toEqual([quotaCondo.id]);
    expect(idsOf(await page('/api/properties?title_deed=nor_sor_3'))).toEqual([landNs3.id]);
    expect(idsOf(await page('/api/properties?title_deed=chanote&foreign_quota=1'))).toEqual([quotaCondo.id]);
    expect(idsOf(await page('/api/properties?title_deed=sor_por_kor'))).toEqual([]);
  });

  it('are on the wire', async () => {
    const condo = (await get(`/api/property/${quotaCondo.id}`)).json().payload as Property;
    expect([condo.foreign_quota, condo.title_deed]).toEqual([1, 'chanote']);
    const other = (await get(`/api/property/${third.id}`)).json().payload as Property;
    expect([other.foreign_quota, other.title_deed]).toEqual([0, null]);
  });

  it('answer 400 for values they do not know', async () => {
    const quota = await get('/api/properties?foreign_quota=0');
    expect(quota.statusCode).toBe(400);
    expect(quota.json().errors.foreign_quota).toEqual(['Foreign quota must be 1.']);
    const deed = await get('/api/properties?title_deed=deed');
    expect(deed.statusCode).toBe(400);
    expect(deed.json().errors.title_deed).toBeDefined();
  });
});

const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#4a8' } })
  .jpeg()
  .toBuffer();
const FIELDS: Record<string, string> = {
  type: 'sale',
  user_type: 'owner',
  property_type: 'residential',
  property_sub_type: 'condo',
  location: 'Sathorn, Bangkok',
  title: 'Condo for sale, Sathorn',
  description: 'High floor.',
  price: '5000000',
  area: '45',
  level: '20',
  bed_rooms: '1',
  bath_rooms: '1',
  kitchen: '1',
  floors: '1',
};
const form = (fields: Record<string, string>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append('cover_image', new Blob([new Uint8Array(jpeg)]), 'cover.jpg');
  return fd;
};
const auth = { authorization: `Bearer ${owner.token}` };
const create = (fields: Record<string, string>) =>
  app.inject({ method: 'POST', url: '/api/property', payload: form(fields), headers: auth });
const patch = (id: number, payload: Record<string, string>) =>
  app.inject({ method: 'PATCH', url: `/api/property/${id}`, headers: auth, payload });
const listingCount = async () => (await app.db.select({ n: sql<number>`count(*)::int` }).from(properties))[0]?.n ?? 0;
const stored = async (id: number) => {
  const [row] = await app.db.select().from(properties).where(eq(properties.id, id));
  return { foreignQuota: row?.foreignQuota, titleDeed: row?.titleDeed };
};

describe('foreign quota and title deed on create and edit', () => {
  it('are stored from the form', async () => {
    const res = await create({ ...FIELDS, foreign_quota: '1', title_deed: 'chanote' });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().payload as Property;
    expect([created.foreign_quota, created.title_deed]).toEqual([1, 'chanote']);
    expect(await stored(created.id)).toEqual({ foreignQuota: true, titleDeed: 'chanote' });
  });

  it('default to no quota and no deed; a blank deed is none', async () => {
    const res = await create({ ...FIELDS, title_deed: '' });
    expect(res.statusCode, res.body).toBe(201);
    expect(await stored(res.json().payload.id)).toEqual({ foreignQuota: false, titleDeed: null });
  });

  it('store no foreign quota for anything but a condo', async () => {
    const res = await create({
      ...FIELDS,
      property_sub_type: 'house',
      level: '0',
      floors: '2',
      foreign_quota: '1',
      title_deed: 'nor_sor_3_gor',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await stored(res.json().payload.id)).toEqual({ foreignQuota: false, titleDeed: 'nor_sor_3_gor' });
  });

  it('refuse values they do not know, per field, writing nothing', async () => {
    const before = await listingCount();
    const res = await create({ ...FIELDS, foreign_quota: 'yes', title_deed: 'deed' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.foreign_quota).toEqual(['foreign quota must be 0 or 1']);
    expect(res.json().errors.title_deed).toEqual([
      'title deed must be one of: chanote, nor_sor_3_gor, nor_sor_3, sor_por_kor, other',
    ]);
    expect(await listingCount()).toBe(before);
  });

  it('change on edit: deed set and cleared, quota cleared when the listing stops being a condo', async () => {
    const res = await create({ ...FIELDS, foreign_quota: '1' });
    const id = res.json().payload.id as number;
    expect((await patch(id, { title_deed: 'sor_por_kor' })).statusCode).toBe(200);
    expect(await stored(id)).toEqual({ foreignQuota: true, titleDeed: 'sor_por_kor' });
    expect((await patch(id, { title_deed: '' })).statusCode).toBe(200);
    expect(await stored(id)).toEqual({ foreignQuota: true, titleDeed: null });
    expect((await patch(id, { foreign_quota: '0' })).statusCode).toBe(200);
    expect(await stored(id)).toEqual({ foreignQuota: false, titleDeed: null });
    expect((await patch(id, { foreign_quota: '1' })).statusCode).toBe(200);
    expect(await stored(id)).toEqual({ foreignQuota: true, titleDeed: null });
    const house = await patch(id, { property_sub_type: 'house', level: '0', floors: '2' });
    expect(house.statusCode, house.body).toBe(200);
    expect(await stored(id)).toEqual({ foreignQuota: false, titleDeed: null });
    const bad = await patch(id, { title_deed: 'deed' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.title_deed).toBeDefined();
  });
});

describe('demo listings', () => {
  const listings = demoListings(5, 5, new Date('2026-03-01T00:00:00Z'));

  it('stand within about 1.5 km of their area, on the land side of beach areas', () => {
    for (const listing of listings) {
      // Three Bangkok areas are all "Sukhumvit": the nearest of those named so.
      const area = DEMO_AREAS.filter((a) => listing.location === `${a.en}, ${a.city}`).sort(
        (a, b) =>
          Math.hypot(a.lat - listing.lat, a.lon - listing.lon) - Math.hypot(b.lat - listing.lat, b.lon - listing.lon),
      )[0];
      expect(area, listing.location).toBeDefined();
      if (!area) continue;
      expect(Math.abs(listing.lat - area.lat), listing.location).toBeLessThan(0.015);
      expect(Math.abs(listing.lon - area.lon), listing.location).toBeLessThan(0.015);
      if (area.spread) {
        expect(listing.lat - area.lat).toBeGreaterThanOrEqual(area.spread.lat[0]);
        expect(listing.lat - area.lat).toBeLessThanOrEqual(area.spread.lat[1]);
        expect(listing.lon - area.lon).toBeGreaterThanOrEqual(area.spread.lon[0]);
        expect(listing.lon - area.lon).toBeLessThanOrEqual(area.spread.lon[1]);
      }
    }
    // Phuket's west coast and Pattaya have the sea to the west: no listing west of its beach's centre.
    for (const listing of listings.filter((l) => /^(Kata|Kamala|Bang Tao|Jomtien|Wongamat), /.test(l.location))) {
      const area = DEMO_AREAS.find((a) => listing.location.startsWith(`${a.en},`));
      expect(listing.lon).toBeGreaterThan(area?.lon ?? 0);
    }
  });

  it('give condos a share of foreign quota, sale listings a deed (mostly chanote), rentals none', () => {
    const condos = listings.filter((l) => l.propertySubType === 'condo');
    const quota = condos.filter((l) => l.foreignQuota).length / condos.length;
    expect(quota).toBeGreaterThan(0.25);
    expect(quota).toBeLessThan(0.55);
    expect(listings.filter((l) => l.propertySubType !== 'condo' && l.foreignQuota)).toEqual([]);
    const sales = listings.filter((l) => l.type === 'sale');
    expect(sales.every((l) => l.titleDeed !== null)).toBe(true);
    expect(sales.filter((l) => l.titleDeed === 'chanote').length / sales.length).toBeGreaterThan(0.7);
    expect(listings.filter((l) => l.type === 'rent' && l.titleDeed !== null)).toEqual([]);
  });

  it('near a station in Bangkok (within 1.5 km walking of the one each area is named after)', () => {
    const bangkok = listings.filter((l) => l.location.endsWith(', Bangkok'));
    expect(bangkok.length).toBeGreaterThan(50);
    for (const listing of bangkok) {
      const { stationId, stationDistanceM } = nearestStation(listing.lat, listing.lon);
      expect(stationId, listing.location).not.toBeNull();
      expect(stationDistanceM ?? Infinity, listing.location).toBeLessThan(1_600);
    }
  });
});
