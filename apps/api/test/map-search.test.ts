import { MAX_MAP_POINTS, type MapResult, type Property, type Station } from '@baan/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { properties } from '../src/db/schema.ts';
import { insideBox, nearStation } from '../src/services/properties/geo-search.ts';
import { stationById } from '../src/services/transit/stations.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';

const app = await build();
const owner = await createUser(app, { email: 'map-owner@baan.example' });

// A box around central Sukhumvit: west 100.55, south 13.72, east 100.58, north 13.74.
const BOX = '100.55,13.72,100.58,13.74';
const inside = await makeListing(app, owner.id, { title: 'Inside', lat: 13.73, lon: 100.565 });
const onWestEdge = await makeListing(app, owner.id, { title: 'On the west edge', lat: 13.73, lon: 100.55 });
const onNorthEastCorner = await makeListing(app, owner.id, { title: 'On the corner', lat: 13.74, lon: 100.58 });
const justOutside = await makeListing(app, owner.id, { title: 'Just outside', lat: 13.7401, lon: 100.565 });
// A hair outside the north-east corner and the east edge: left out on either index (ADR 044).
const hairOutside = await makeListing(app, owner.id, { title: 'A hair outside', lat: 13.7400004, lon: 100.5799996 });
const hairOutsideEast = await makeListing(app, owner.id, { title: 'A hair east', lat: 13.73, lon: 100.5800005 });
const farAway = await makeListing(app, owner.id, { title: 'Chiang Mai', lat: 18.79, lon: 98.98 });
const noCoordinates = await makeListing(app, owner.id, { title: 'No coordinates', lat: null, lon: null });
const pausedInside = await makeListing(app, owner.id, { title: 'Paused', lat: 13.73, lon: 100.566, status: 'paused' });
const saleInside = await makeListing(app, owner.id, {
  title: 'For sale inside',
  type: 'sale',
  price: 5_000_000,
  lat: 13.731,
  lon: 100.567,
  premium: true,
});

const get = (url: string) => app.inject({ method: 'GET', url });
const ids = (items: { id: number }[]) => items.map((p) => p.id).sort((a, b) => a - b);
const sorted = (...list: { id: number }[]) => ids(list);

describe('GET /api/properties?bbox=', () => {
  it('finds listings inside the box and on its edges, never outside or without coordinates', async () => {
    const res = await get(`/api/properties?bbox=${BOX}&per_page=100`);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().payload.items as Property[];
    expect(ids(items)).toEqual(sorted(inside, onWestEdge, onNorthEastCorner, saleInside));
    expect(res.json().payload.total).toBe(4);
    for (const missing of [justOutside, hairOutside, hairOutsideEast, farAway, noCoordinates, pausedInside]) {
      expect(items.map((p) => p.id)).not.toContain(missing.id);
    }
  });

  it('combines with the other filters', async () => {
    const res = await get(`/api/properties?bbox=${BOX}&type=sale`);
    expect(ids(res.json().payload.items)).toEqual([saleInside.id]);
  });

  it('can answer a small area and a station’s surroundings from the point index, a city from the (lat, lon) one', async () => {
    await app.db.execute(sql`set enable_seqscan = off`);
    try {
      // The very condition the search writes (geo-search.ts).
      const plan = (await app.db.execute(
        sql`explain select id from ${properties} where ${insideBox([100.55, 13.72, 100.58, 13.74])}`,
      )) as unknown as { rows: unknown[] };
      expect(JSON.stringify(plan.rows)).toContain('properties_point_idx');
      // So does "within 1 km of Asok": a box around the station first, then the exact distance.
      const near = (await app.db.execute(
        sql`explain select id from ${properties} where ${nearStation(stationById('bts-asok') as Station, 1000)}`,
      )) as unknown as { rows: unknown[] };
      expect(JSON.stringify(near.rows)).toContain('properties_point_idx');
      // All of Bangkok: no geometric test, whose constant estimate would make a city look like a street.
      const city = (await app.db.execute(
        sql`explain select id from ${properties} where ${insideBox([100.3, 13.5, 100.95, 13.96])}`,
      )) as unknown as { rows: unknown[] };
      expect(JSON.stringify(city.rows)).not.toContain('properties_point_idx');
    } finally {
      await app.db.execute(sql`set enable_seqscan = on`);
    }
  });

  it.each([
    ['1,2,3', 'bbox must be four numbers: minLon,minLat,maxLon,maxLat (west, south, east, north).'],
    ['a,b,c,d', 'bbox must be four numbers: minLon,minLat,maxLon,maxLat (west, south, east, north).'],
    ['100.5,13.7,100.6,13.8,1', 'bbox must be four numbers: minLon,minLat,maxLon,maxLat (west, south, east, north).'],
    ['-181,13.7,100.6,13.8', 'bbox is outside the world: longitudes run from -180 to 180, latitudes from -90 to 90.'],
    ['100.5,13.7,100.6,91', 'bbox is outside the world: longitudes run from -180 to 180, latitudes from -90 to 90.'],
    [
      '100.6,13.7,100.5,13.8',
      'bbox must have its west edge before its east edge and its south edge below its north edge.',
    ],
    [
      '100.5,13.8,100.6,13.8',
      'bbox must have its west edge before its east edge and its south edge below its north edge.',
    ],
  ])('answers 400 for bbox=%s, and again the second time (nothing cached)', async (bbox, message) => {
    for (let i = 0; i < 2; i++) {
      const res = await get(`/api/properties?bbox=${bbox}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, errors: { bbox: [message] } });
    }
  });
});

describe('GET /api/properties/map', () => {
  it('answers the single listings inside the box from zoom 16: premium first, then newest, with the total', async () => {
    const res = await get(`/api/properties/map?bbox=${BOX}&zoom=16`);
    expect(res.statusCode, res.body).toBe(200);
    const map = res.json().payload as MapResult;
    expect(map.total).toBe(4);
    expect(map.total_capped).toBe(0);
    expect(map.clusters).toEqual([]);
    expect(map.items.map((p) => p.id)).toEqual([saleInside.id, onNorthEastCorner.id, onWestEdge.id, inside.id]);
    expect(map.items[0]).toEqual({
      id: saleInside.id,
      lat: 13.731,
      lon: 100.567,
      price: 5_000_000,
      type: 'sale',
      title: 'For sale inside',
    });
  });

  it('takes the search filters', async () => {
    const res = await get(`/api/properties/map?bbox=${BOX}&zoom=17&type=rent&max_price=10000`);
    expect(
      res
        .json()
        .payload.items.map((p: { id: number }) => p.id)
        .sort(),
    ).toEqual(sorted(inside, onWestEdge, onNorthEastCorner));
  });

  it('needs a bbox', async () => {
    for (const url of [
      '/api/properties/map?zoom=12',
      '/api/properties/map?bbox=&zoom=12',
      '/api/properties/map?type=rent',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors.bbox).toEqual(['bbox is required for the map.']);
    }
  });

  it('refuses a bad bbox or filter with the contract messages', async () => {
    const bad = await get('/api/properties/map?bbox=100.6,13.7,100.5,13.8&zoom=12');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.bbox).toEqual([
      'bbox must have its west edge before its east edge and its south edge below its north edge.',
    ]);
    const area = await get(`/api/properties/map?bbox=${BOX}&zoom=12&min_area=100&max_area=50`);
    expect(area.statusCode).toBe(400);
    expect(area.json().errors.min_area).toEqual(['Minimum area cannot be more than the maximum area.']);
    const station = await get(`/api/properties/map?bbox=${BOX}&zoom=12&station=bts-nowhere`);
    expect(station.statusCode).toBe(400);
    expect(station.json().message).toBe('There is no station with this id. Choose one from /api/stations.');
  });

  it('picks the same first 1,000 single listings as a sort in JavaScript (ids first, then their rows)', async () => {
    // 2,000 listings in a box of their own: premium or not, created in 300 distinct minutes (ties broken by id), some
    // paused or pending, some for sale; the answer must be exactly the first 1,000 by premium, newest, id.
    let seed = 11;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    await app.db.insert(properties).values(
      Array.from({ length: 2_000 }, (_, i) => ({
        userId: owner.id,
        title: `Order ${i}`,
        description: 'Order listing',
        type: (next() < 0.7 ? 'rent' : 'sale') as 'rent' | 'sale',
        userType: 'owner' as const,
        propertyType: 'residential' as const,
        propertySubType: 'condo',
        location: 'Lat Krabang, Bangkok',
        price: 9_000 + Math.floor(next() * 20_000),
        area: 30,
        bedRooms: 1,
        bathRooms: 1,
        premium: next() < 0.2,
        status: (next() < 0.1 ? 'paused' : 'active') as 'paused' | 'active',
        review: (next() < 0.05 ? 'pending' : 'approved') as 'pending' | 'approved',
        createdAt: new Date(Date.UTC(2026, 5, 1, 0, Math.floor(next() * 300))),
        lat: 13.72 + next() * 0.02,
        lon: 100.75 + next() * 0.02,
      })),
    );
    app.listingCache.clear();
    const res = await get('/api/properties/map?bbox=100.75,13.72,100.77,13.74&zoom=16&type=rent');
    expect(res.statusCode, res.body).toBe(200);
    const map = res.json().payload as MapResult;
    const all = await app.db
      .select({
        id: properties.id,
        lat: properties.lat,
        lon: properties.lon,
        price: properties.price,
        type: properties.type,
        title: properties.title,
        premium: properties.premium,
        createdAt: properties.createdAt,
        status: properties.status,
        review: properties.review,
      })
      .from(properties)
      .where(sql`${properties.description} = 'Order listing'`);
    const expected = all
      .filter((r) => r.status === 'active' && r.review === 'approved' && r.type === 'rent')
      .sort(
        (a, b) =>
          Number(b.premium) - Number(a.premium) ||
          (b.createdAt?.getTime() ?? 0) - (a.createdAt?.getTime() ?? 0) ||
          b.id - a.id,
      );
    expect(expected.length).toBeGreaterThan(MAX_MAP_POINTS);
    expect(map.total).toBe(expected.length);
    expect(map.items).toEqual(
      expected
        .slice(0, MAX_MAP_POINTS)
        .map(({ id, lat, lon, price, type, title }) => ({ id, lat, lon, price, type, title })),
    );
  });

  it(`answers at most ${MAX_MAP_POINTS} single listings from zoom 16, with the full total`, async () => {
    const many = MAX_MAP_POINTS + 5;
    await app.db.insert(properties).values(
      Array.from({ length: many }, (_, i) => ({
        userId: owner.id,
        title: `Bulk ${i}`,
        description: 'Bulk listing',
        type: 'rent' as const,
        userType: 'owner' as const,
        propertyType: 'residential' as const,
        propertySubType: 'condo',
        location: 'Bang Na, Bangkok',
        price: 8_000 + i,
        area: 30,
        bedRooms: 1,
        bathRooms: 1,
        lat: 13.66 + (i % 50) * 0.0001,
        lon: 100.6 + Math.floor(i / 50) * 0.0001,
      })),
    );
    app.listingCache.clear();
    const res = await get('/api/properties/map?bbox=100.59,13.65,100.62,13.68&zoom=16');
    expect(res.statusCode).toBe(200);
    const map = res.json().payload as MapResult;
    expect(map.items).toHaveLength(MAX_MAP_POINTS);
    expect(map.total).toBe(many);
    expect(map.total_capped).toBe(0);
    expect(map.clusters).toEqual([]);
    // A smaller box: everything fits.
    const small = (await get('/api/properties/map?bbox=100.59,13.65,100.60045,13.68&zoom=16')).json()
      .payload as MapResult;
    expect(small.items.length).toBe(small.total);
    expect(small.total).toBe(250);
  });
});
