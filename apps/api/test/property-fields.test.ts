import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { properties, propertyImages, propertyRooms } from '../src/db/schema.ts';
import { activateSubscription, createUser } from './fixtures.ts';
import { build } from './helpers.ts';

// What POST /api/property reads from each listing field: prices as people write them, the house information,
// room blocks, level and floors by sub type, and the spec wizard's sub type names.
const app = await build();
const owner = await createUser(app, { email: 'owner@baan.example' });
await activateSubscription(app, owner.id);

// One small photo keeps each create quick; photo handling itself is tested in property-write.test.ts.
const cover = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#4a8' } })
  .jpeg()
  .toBuffer();

const CONDO: Record<string, string> = {
  type: 'sale',
  user_type: 'owner',
  property_type: 'residential',
  property_sub_type: 'condo',
  location: 'Thong Lo, Watthana, Bangkok',
  title: 'Two-bedroom condo near BTS Thong Lo',
  description: 'High floor, pool, gym.',
  price: '4500000',
  area: '72',
  level: '18',
  bed_rooms: '2',
  bath_rooms: '2',
  kitchen: '1',
  floors: '1',
};

function without(key: string, fields: Record<string, string>) {
  const { [key]: _left, ...rest } = fields;
  return rest;
}

const post = (fields: Record<string, string>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append('cover_image', new Blob([cover]), 'cover.jpg');
  return app.inject({
    method: 'POST',
    url: '/api/property',
    payload: fd,
    headers: { authorization: `Bearer ${owner.token}` },
  });
};

async function create(fields: Record<string, string>) {
  const res = await post(fields);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().payload as { id: number } & Record<string, unknown>;
}

const getPublic = async (id: number) =>
  (await app.inject({ method: 'GET', url: `/api/property/${id}` })).json().payload;

const counts = async () => {
  const [p] = await app.db.select({ n: sql<number>`count(*)::int` }).from(properties);
  const [i] = await app.db.select({ n: sql<number>`count(*)::int` }).from(propertyImages);
  const [r] = await app.db.select({ n: sql<number>`count(*)::int` }).from(propertyRooms);
  return { listings: p?.n ?? 0, images: i?.n ?? 0, rooms: r?.n ?? 0 };
};
const filesIn = (dir: string) => {
  try {
    return readdirSync(path.join(app.dataDir, dir), { recursive: true });
  } catch {
    return [];
  }
};

describe('POST /api/property: what a refused listing leaves', () => {
  it('a half room block is a field error: 400, and no listing, room, photo or temporary file', async () => {
    const before = await counts();
    const res = await post({
      ...CONDO,
      'rooms[0][type]': 'bedroom',
      'rooms[0][quantity]': '2',
      'rooms[1][type]': 'bathroom',
      'rooms[2][quantity]': '1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      'rooms.1.quantity': ['room count is required'],
      'rooms.2.type': ['room type is required'],
    });
    expect(await counts()).toEqual(before);
    expect(filesIn('uploads/listings')).toEqual([]);
    expect(filesIn('tmp/uploads')).toEqual([]);
  });

  it('floors 0 on a condo, a villa or a house is refused; a condo needs its level', async () => {
    for (const sub of ['condo', 'villa', 'house']) {
      const res = await post({ ...CONDO, property_sub_type: sub, floors: '0' });
      expect(res.statusCode, sub).toBe(400);
      expect(res.json().errors.floors).toEqual(['floors must be at least 1']);
    }
    const noLevel = await post(without('level', CONDO));
    expect(noLevel.statusCode).toBe(400);
    expect(noLevel.json().errors).toEqual({ level: ['level is required'] });
    expect((await counts()).listings).toBe(0);
  });
});

describe('POST /api/property: prices', () => {
  it.each([
    ['1234567.89', 1_234_568],
    ['1234567.49', 1_234_567],
    ['฿2,500,000.00', 2_500_000],
    ['2 500 000 THB', 2_500_000],
    ['๒,๕๐๐,๐๐๐ บาท', 2_500_000],
    ['２５０００００', 2_500_000],
  ])('stores %j as %d whole baht', async (price, stored) => {
    const created = await create({ ...CONDO, price });
    expect(created.price).toBe(stored);
    const [row] = await app.db.select().from(properties).where(eq(properties.id, created.id));
    expect(row?.price).toBe(stored);
  });
});

describe('POST /api/property: house information and rooms, end to end', () => {
  it('stores living space, lot area, average utilities, the date and the rooms, and GET /api/property/{id} returns them', async () => {
    const created = await create({
      ...CONDO,
      living_space: '65',
      lot_area: '1,200',
      avg_utilities: '฿3,500.00',
      availability_date: '2026-09-01',
      'rooms[0][type]': 'bedroom',
      'rooms[0][quantity]': '2',
      'rooms[1][type]': 'balcony',
      'rooms[1][quantity]': '๑',
    });
    const expected = {
      living_space: 65,
      lot_area: 1200,
      avg_utilities: 3500,
      availability_date: '2026-09-01',
      level: 18,
      floors: 1,
      rooms: [
        { type: 'bedroom', quantity: 2 },
        { type: 'balcony', quantity: 1 },
      ],
    };
    expect(created).toMatchObject(expected);
    expect(await getPublic(created.id)).toMatchObject(expected);
    const mine = (
      await app.inject({
        method: 'GET',
        url: '/api/user/properties',
        headers: { authorization: `Bearer ${owner.token}` },
      })
    ).json().payload as { id: number }[];
    expect(mine.find((p) => p.id === created.id)).toMatchObject(expected);
  });

  it('answers null for house information left blank', async () => {
    const created = await create({ ...CONDO, living_space: '', avg_utilities: ' ' });
    expect(await getPublic(created.id)).toMatchObject({ living_space: null, lot_area: null, avg_utilities: null });
  });
});

describe('POST /api/property: level and floors by sub type', () => {
  it('a villa needs no level (stored as 0), and keeps one a spec client sends', async () => {
    const villa = await create({ ...without('level', CONDO), property_sub_type: 'villa', floors: '2' });
    expect(villa).toMatchObject({ property_sub_type: 'villa', level: 0, floors: 2 });
    const specClient = await create({ ...CONDO, property_sub_type: 'villa', level: '0', floors: '2' });
    expect(specClient).toMatchObject({ level: 0, floors: 2 });
  });

  it('land may have no floors: 0 or left out, and no level', async () => {
    const land = { ...without('level', CONDO), property_sub_type: 'land', property_type: 'commercial' };
    expect(await create({ ...land, floors: '0' })).toMatchObject({ floors: 0, level: 0 });
    expect(await create(without('floors', land))).toMatchObject({ floors: 0, level: 0 });
  });
});

describe('POST /api/property: the spec wizard sub type names', () => {
  it.each([
    ['Condo', 'condo'],
    ['Apartment', 'apartment'],
    ['Townhome/Townhouse', 'townhouse'],
    ['Villa', 'villa'],
    ['Pent Villa', 'pent_villa'],
    ['Home office', 'home_office'],
    ['CONDO', 'condo'],
    ['pent villa', 'pent_villa'],
    ['home OFFICE', 'home_office'],
    ['townhome/townhouse', 'townhouse'],
  ])('accepts %j and stores %s', async (name, key) => {
    const created = await create({ ...CONDO, property_sub_type: name, floors: '2' });
    expect(created.property_sub_type).toBe(key);
    const [row] = await app.db.select().from(properties).where(eq(properties.id, created.id));
    expect(row?.propertySubType).toBe(key);
  });

  it.each([
    ['house', 'residential', 'house'],
    ['Detached house', 'residential', 'house'],
    ['Twin house', 'residential', 'twinhouse'],
    ['bungalow', 'residential', 'bungalow'],
    ['Shophouse', 'commercial', 'shophouse'],
    ['Shop house', 'commercial', 'shophouse'],
    ['office', 'commercial', 'office'],
  ])('lists every type the site shows: %j under %s is stored as %s and counted', async (name, propertyType, key) => {
    const before = (await app.inject({ method: 'GET', url: '/api/stats/property-types' })).json().payload;
    const created = await create({ ...CONDO, property_sub_type: name, property_type: propertyType, floors: '2' });
    expect(created).toMatchObject({ property_sub_type: key, property_type: propertyType });
    const after = (await app.inject({ method: 'GET', url: '/api/stats/property-types' })).json().payload;
    expect(after[key]).toBe(before[key] + 1);
    // The counts keep the contract's keys, one per sub type.
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
  });

  it('refuses a name it does not know, saying which it knows', async () => {
    const before = await counts();
    const res = await post({ ...CONDO, property_sub_type: 'Castle' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.property_sub_type[0]).toMatch(/must be one of: condo, house, .*Pent Villa, Home office/);
    expect(await counts()).toEqual(before);
  });
});
