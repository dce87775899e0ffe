import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { properties, propertyImages, propertyRooms, subscriptions } from '../src/db/schema.ts';
import { bangkokDay } from '../src/services/stats/bangkok-day.ts';
import { activateSubscription, createUser } from './fixtures.ts';
import { build } from './helpers.ts';

const app = await build();
const owner = await createUser(app, { email: 'owner@baan.example' });
const other = await createUser(app, { email: 'other@baan.example' });
const admin = await createUser(app, { email: 'admin@baan.example', role: 'admin' });
const unpaid = await createUser(app, { email: 'unpaid@baan.example' });
await activateSubscription(app, owner.id);
await activateSubscription(app, other.id);

const jpeg = await sharp({ create: { width: 1400, height: 900, channels: 3, background: '#4a8' } })
  .jpeg()
  .toBuffer();
const png = await sharp({ create: { width: 500, height: 400, channels: 4, background: '#f80' } })
  .png()
  .toBuffer();
const gif = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#08f' } })
  .gif()
  .toBuffer();

const FIELDS: Record<string, string> = {
  type: 'rent',
  user_type: 'owner',
  property_type: 'residential',
  property_sub_type: 'condo',
  location: 'Thong Lo, Watthana, Bangkok',
  lat: '13.7246',
  lon: '100.5786',
  title: 'Bright 2-bed condo near BTS Thong Lo',
  description: 'Corner unit, city view, fully furnished.',
  price: '35000',
  area: '72',
  level: '18',
  bed_rooms: '2',
  bath_rooms: '2',
  kitchen: '1',
  floors: '1',
  is_featured: '0',
  language: 'en',
  'rooms[0][type]': 'Bedroom',
  'rooms[0][quantity]': '2',
  // The wizard's blank room block: not a room, left out.
  'rooms[1][type]': '',
  'rooms[1][quantity]': '',
};

function form(fields: Record<string, string>, files: [string, Buffer, string][]) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const [field, bytes, name] of files) fd.append(field, new Blob([bytes]), name);
  return fd;
}

const post = (token: string | null, payload: FormData) =>
  app.inject({
    method: 'POST',
    url: '/api/property',
    payload,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

const counts = async () => {
  const [p] = await app.db.select({ n: sql<number>`count(*)::int` }).from(properties);
  const [i] = await app.db.select({ n: sql<number>`count(*)::int` }).from(propertyImages);
  return { listings: p?.n ?? 0, images: i?.n ?? 0 };
};
const storedFiles = () => {
  try {
    return readdirSync(path.join(app.dataDir, 'uploads', 'listings'));
  } catch {
    return [];
  }
};
const tmpFiles = () => readdirSync(path.join(app.dataDir, 'tmp', 'uploads'), { recursive: true });

describe('POST /api/property', () => {
  it('needs a token', async () => {
    const res = await post(null, form(FIELDS, [['cover_image', jpeg, 'cover.jpg']]));
    expect(res.statusCode).toBe(401);
  });

  it('needs an active subscription (403) and writes nothing', async () => {
    const res = await post(unpaid.token, form(FIELDS, [['cover_image', jpeg, 'cover.jpg']]));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/active package/);
    expect(await counts()).toEqual({ listings: 0, images: 0 });
  });

  it.each([
    ['user_type', 'user type is required'],
    ['property_type', 'property type is required'],
    ['property_sub_type', 'property sub type is required'],
    ['location', 'location is required'],
    ['title', 'title is required'],
    ['description', 'description is required'],
    ['price', 'price is required'],
    ['area', 'area is required'],
    ['level', 'level is required'],
    ['bed_rooms', 'bed rooms is required'],
    ['bath_rooms', 'bath rooms is required'],
    ['kitchen', 'kitchen is required'],
    ['floors', 'floors is required'],
  ])('answers 400 "%s" when %s is missing, storing no photo', async (field, message) => {
    const { [field]: _omit, ...rest } = FIELDS;
    const res = await post(owner.token, form(rest, [['cover_image', jpeg, 'cover.jpg']]));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toEqual([message]);
    expect(await counts()).toEqual({ listings: 0, images: 0 });
    expect(storedFiles()).toEqual([]);
    expect(tmpFiles()).toEqual([]);
  });

  it('answers 400 "cover image is required" without a cover photo', async () => {
    const res = await post(owner.token, form(FIELDS, [['images[0]', jpeg, 'a.jpg']]));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.cover_image).toEqual(['cover image is required']);
    expect(await counts()).toEqual({ listings: 0, images: 0 });
    expect(storedFiles()).toEqual([]);
  });

  it('refuses prices and counts it cannot read, per field, writing nothing', async () => {
    for (const [price, message] of [
      ['1.2.3', 'price must be a number, such as 2,500,000'],
      ['abc', 'price must be a number, such as 2,500,000'],
      ['-2,500', 'price cannot be negative'],
      ['', 'price is required'],
      ['0.4', 'price must be at least 1'],
    ] as const) {
      const res = await post(
        owner.token,
        form({ ...FIELDS, price, bed_rooms: '-1' }, [['cover_image', jpeg, 'c.jpg']]),
      );
      expect(res.statusCode, price).toBe(400);
      expect(res.json().errors.price, price).toEqual([message]);
      expect(res.json().errors.bed_rooms).toEqual(['bed rooms must be a whole number']);
    }
    expect(await counts()).toEqual({ listings: 0, images: 0 });
    expect(storedFiles()).toEqual([]);
    expect(tmpFiles()).toEqual([]);
  });

  it('answers 415 for a text file named .jpg, keeping nothing', async () => {
    const res = await post(
      owner.token,
      form(FIELDS, [
        ['cover_image', jpeg, 'cover.jpg'],
        ['images[0]', Buffer.from('I am plain text, honestly, not a photo at all.'), 'holiday.jpg'],
      ]),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toContain('holiday.jpg');
    expect(await counts()).toEqual({ listings: 0, images: 0 });
    expect(storedFiles()).toEqual([]);
    expect(tmpFiles()).toEqual([]);
  });

  it('answers 415 for a WebP cover (only JPEG, PNG or GIF are accepted)', async () => {
    const webp = await sharp(png).webp().toBuffer();
    const res = await post(owner.token, form(FIELDS, [['cover_image', webp, 'cover.webp']]));
    expect(res.statusCode).toBe(415);
  });

  it('answers 413 for a 51 MB photo and leaves no file behind', async () => {
    const huge = Buffer.concat([jpeg, Buffer.alloc(51 * 1024 * 1024)]);
    const res = await post(owner.token, form(FIELDS, [['cover_image', huge, 'huge.jpg']]));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/50 MB/);
    expect(await counts()).toEqual({ listings: 0, images: 0 });
    expect(storedFiles()).toEqual([]);
    expect(tmpFiles()).toEqual([]);
  });

  it('creates the listing with photos by content (a PNG named .jpg), rooms, and WebP files', async () => {
    const res = await post(
      owner.token,
      form(FIELDS, [
        ['cover_image', jpeg, 'cover.jpg'],
        ['images[0]', png, 'really-a-png.jpg'],
        ['images[1]', gif, 'anim.gif'],
      ]),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Property listed successfully!');
    const payload = res.json().payload;
    const id = payload.id as number;
    expect(payload).toMatchObject({
      title: FIELDS.title,
      type: 'rent',
      price: 35000,
      property_sub_type: 'condo',
      status: 'active',
    });
    expect(payload.images).toHaveLength(3);
    expect(payload.cover_image).toMatch(/^\/uploads\/listings\/.+-1024\.webp$/);
    expect(payload.rooms).toEqual([{ type: 'Bedroom', quantity: 2 }]);
    const [row] = await app.db.select().from(properties).where(sql`id = ${id}`);
    expect(row).toMatchObject({
      userId: owner.id,
      type: 'rent',
      price: 35000,
      bedRooms: 2,
      lat: 13.7246,
      isFeatured: false,
    });
    expect(row?.availabilityDate).toBe(bangkokDay(new Date()));
    const images = await app.db
      .select()
      .from(propertyImages)
      .where(sql`property_id = ${id}`)
      .orderBy(propertyImages.sortOrder);
    expect(images.map((i) => i.isCover)).toEqual([true, false, false]);
    expect(images[0]?.widths).toEqual([320, 640, 1024, 1400]);
    const rooms = await app.db.select().from(propertyRooms).where(sql`property_id = ${id}`);
    expect(rooms.map((r) => [r.type, r.quantity])).toEqual([['Bedroom', 2]]);
    expect(storedFiles().every((f) => f.endsWith('.webp'))).toBe(true);
    // 1400 px JPEG: 320, 640, 1024, 1400; 500 px PNG: 320, 500; 300 px GIF: 300.
    expect(storedFiles()).toHaveLength(4 + 2 + 1);
    expect(tmpFiles()).toEqual([]);
  });

  it('defaults the availability date to today in Bangkok, not the UTC date', async () => {
    const early = await createUser(app, { email: 'early@baan.example' });
    await activateSubscription(app, early.id);
    await app.db
      .update(subscriptions)
      .set({ startsAt: new Date('2025-12-01T00:00:00Z') })
      .where(eq(subscriptions.userId, early.id));
    const realNow = app.clock.now;
    app.clock.now = () => new Date('2026-01-01T20:00:00Z'); // 03:00 on 2 January in Bangkok
    try {
      const token = await app.tokens.sign({ id: early.id, sessionVersion: 0 }, false);
      const res = await post(token, form(FIELDS, [['cover_image', jpeg, 'cover.jpg']]));
      expect(res.statusCode, res.body).toBe(201);
      const [row] = await app.db
        .select()
        .from(properties)
        .where(eq(properties.id, res.json().payload.id as number));
      expect(row?.availabilityDate).toBe('2026-01-02');
    } finally {
      app.clock.now = realNow;
    }
  });
});

describe('DELETE /api/property/{id}', () => {
  async function createListing(token: string) {
    const res = await post(token, form(FIELDS, [['cover_image', jpeg, 'cover.jpg']]));
    expect(res.statusCode).toBe(201);
    return res.json().payload.id as number;
  }
  const del = (token: string | null, id: number | string) =>
    app.inject({
      method: 'DELETE',
      url: `/api/property/${id}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('answers 401 without a token, 400 for a bad id, 404 for a missing one', async () => {
    expect((await del(null, 1)).statusCode).toBe(401);
    expect((await del(owner.token, 'abc')).statusCode).toBe(400);
    expect((await del(owner.token, 999_999)).statusCode).toBe(404);
  });

  it("forbids deleting another user's listing, changing nothing", async () => {
    const id = await createListing(owner.token);
    const before = storedFiles().length;
    const res = await del(other.token, id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You can only delete your own listings.');
    expect((await app.db.select().from(properties).where(sql`id = ${id}`)).length).toBe(1);
    expect(storedFiles()).toHaveLength(before);
  });

  it('lets the owner delete, removing rows and files', async () => {
    const id = await createListing(owner.token);
    const before = storedFiles().length;
    const res = await del(owner.token, id);
    expect(res.statusCode).toBe(200);
    expect((await app.db.select().from(properties).where(sql`id = ${id}`)).length).toBe(0);
    expect((await app.db.select().from(propertyImages).where(sql`property_id = ${id}`)).length).toBe(0);
    expect(storedFiles()).toHaveLength(before - 4);
  });

  it('keeps shared demo photos when a demo listing goes', async () => {
    const id = await createListing(owner.token);
    await app.storage.put('demo/shared-scene-320.webp', await sharp(png).webp().toBuffer(), 'image/webp');
    await app.db.insert(propertyImages).values({
      propertyId: id,
      storageKey: 'demo/shared-scene',
      width: 320,
      height: 256,
      widths: [320],
      sortOrder: 5,
    });
    expect((await del(owner.token, id)).statusCode).toBe(200);
    expect(await app.storage.exists('demo/shared-scene-320.webp')).toBe(true);
  });

  it('lets an admin delete any listing', async () => {
    const id = await createListing(other.token);
    const res = await del(admin.token, id);
    expect(res.statusCode).toBe(200);
    expect((await app.db.select().from(properties).where(sql`id = ${id}`)).length).toBe(0);
  });
});

describe('GET /api/user/properties', () => {
  it('answers 401 without a token', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/user/properties' })).statusCode).toBe(401);
  });

  it("lists only the caller's listings, hidden ones included, newest first", async () => {
    const first = await post(
      other.token,
      form({ ...FIELDS, title: 'Older listing' }, [['cover_image', jpeg, 'c.jpg']]),
    );
    const second = await post(
      other.token,
      form({ ...FIELDS, title: 'Newer listing' }, [['cover_image', jpeg, 'c.jpg']]),
    );
    const hiddenId = first.json().payload.id as number;
    await app.db.update(properties).set({ status: 'hidden' }).where(sql`id = ${hiddenId}`);
    const res = await app.inject({
      method: 'GET',
      url: '/api/user/properties',
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(res.statusCode).toBe(200);
    const items = res.json().payload as { id: number; title: string; status: string }[];
    expect(items.slice(0, 2).map((p) => [p.title, p.status])).toEqual([
      ['Newer listing', 'active'],
      ['Older listing', 'hidden'],
    ]);
    expect(items.map((p) => p.id)).toContain(second.json().payload.id);
    const mine = await app.inject({
      method: 'GET',
      url: '/api/user/properties',
      headers: { authorization: `Bearer ${unpaid.token}` },
    });
    expect(mine.json().payload).toEqual([]);
  });
});
