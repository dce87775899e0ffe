import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { OWNER_MESSAGES } from '@baan/contract';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { properties, propertyImages, propertyRooms } from '../src/db/schema.ts';
import { PHOTO_MESSAGES } from '../src/services/properties/update-property.ts';
import { activateSubscription, createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';
import { filesUnder } from './support/uploads.ts';

// New owners' listings go live at once here (the moderation gate has its own tests).
const app = await build({ moderationNewOwnerDays: 0 });
const owner = await createUser(app, { email: 'edit-owner@baan.example' });
const other = await createUser(app, { email: 'edit-other@baan.example' });
const admin = await createUser(app, { email: 'edit-admin@baan.example', role: 'admin' });
await activateSubscription(app, owner.id);
await activateSubscription(app, other.id);

/** A photo no other test photo looks like (random pixels), so no two listings share a picture. */
const photo = (width = 240, height = 160) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();

const FIELDS: Record<string, string> = {
  type: 'rent',
  user_type: 'owner',
  property_type: 'residential',
  property_sub_type: 'condo',
  location: 'Thong Lo, Watthana, Bangkok',
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
  language: 'th',
  'rooms[0][type]': 'Bedroom',
  'rooms[0][quantity]': '2',
};

type Files = [string, Buffer, string][];
function form(fields: Record<string, string>, files: Files = []) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const [field, bytes, name] of files) fd.append(field, new Blob([new Uint8Array(bytes)]), name);
  return fd;
}
const auth = (token: string | null) => (token ? { authorization: `Bearer ${token}` } : {});

const create = (token: string, fields: Record<string, string>, files: Files) =>
  app.inject({ method: 'POST', url: '/api/property', payload: form(fields, files), headers: auth(token) });

async function listing(token = owner.token, fields: Record<string, string> = {}, extraPhotos = 1) {
  const files: Files = [['cover_image', await photo(), 'cover.jpg']];
  for (let i = 0; i < extraPhotos; i++) files.push([`images[${i}]`, await photo(), `p${i}.jpg`]);
  const res = await create(token, { ...FIELDS, ...fields }, files);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().payload as { id: number; images: { id: number }[] };
}

const patch = (token: string | null, id: number | string, payload: Record<string, unknown> | FormData) =>
  app.inject({
    method: 'PATCH',
    url: `/api/property/${id}`,
    headers: auth(token),
    ...(payload instanceof FormData ? { payload } : { payload: payload as Record<string, never> }),
  });

/** Everything an edit could change: the row, its photos and rooms, and the stored files. */
async function snapshot(id: number) {
  const [row] = await app.db.select().from(properties).where(eq(properties.id, id));
  const images = await app.db
    .select()
    .from(propertyImages)
    .where(eq(propertyImages.propertyId, id))
    .orderBy(asc(propertyImages.id));
  const rooms = await app.db
    .select()
    .from(propertyRooms)
    .where(eq(propertyRooms.propertyId, id))
    .orderBy(asc(propertyRooms.id));
  return {
    row,
    images,
    rooms,
    files: filesUnder(path.join(app.dataDir, 'uploads')).sort(),
    tmp: filesUnder(path.join(app.dataDir, 'tmp', 'uploads')),
  };
}

const publicDetail = (id: number) => app.inject({ method: 'GET', url: `/api/property/${id}` });

describe('PATCH /api/property/{id}: who may edit', () => {
  it('answers 401 without a token, 404 for a missing or malformed id, 403 for someone else', async () => {
    const { id } = await listing();
    const before = await snapshot(id);
    expect((await patch(null, id, { price: '1' })).statusCode).toBe(401);
    const missing = await patch(owner.token, 999_999, { price: '1' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('This listing does not exist.');
    expect((await patch(owner.token, 'abc', { price: '1' })).statusCode).toBe(404);
    const theirs = await patch(other.token, id, { price: '1' });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json()).toMatchObject({ success: false, message: OWNER_MESSAGES.notYours });
    // A photo sent by someone else is not even read.
    const withPhoto = await patch(other.token, id, form({ price: '1' }, [['images[0]', await photo(), 'x.jpg']]));
    expect(withPhoto.statusCode).toBe(403);
    expect(await snapshot(id)).toEqual(before);
  });

  it("lets an admin edit anyone's listing", async () => {
    const { id } = await listing(other.token);
    const res = await patch(admin.token, id, { title: 'Checked by the admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json().payload).toMatchObject({ id, title: 'Checked by the admin' });
  });
});

describe('PATCH /api/property/{id}: fields', () => {
  it('changes the fields given, keeps the others (defaults are not re-applied), and the public page shows it', async () => {
    const { id } = await listing();
    // Warm the public read cache: the edit must drop it.
    expect((await publicDetail(id)).json().payload.price).toBe(35000);
    const before = await snapshot(id);
    const res = await patch(owner.token, id, { price: '฿42,500', title: '  Renovated 2-bed condo  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(OWNER_MESSAGES.updated);
    const payload = res.json().payload;
    expect(payload).toMatchObject({
      id,
      price: 42500,
      title: 'Renovated 2-bed condo',
      language: 'th',
      area_unit: 'sqm',
      is_featured: 0,
      level: 18,
      rooms: [{ type: 'Bedroom', quantity: 2 }],
      status: 'active',
      review: 'approved',
      review_reasons: [],
      review_note: null,
      inquiry_count: 0,
    });
    const after = await snapshot(id);
    expect(after.row).toEqual({
      ...before.row,
      price: 42500,
      // The generated price per m² follows the price (72 m²).
      pricePerSqm: Math.round(42500 / (before.row?.area ?? 1)),
      title: 'Renovated 2-bed condo',
      updatedAt: after.row?.updatedAt,
      // The price change is kept (ADR 028): the price before it and when.
      priceBefore: before.row?.price,
      priceChangedAt: after.row?.updatedAt,
    });
    expect(after.rooms).toEqual(before.rooms);
    expect(after.images).toEqual(before.images);
    const detail = await publicDetail(id);
    expect(detail.json().payload).toMatchObject({ price: 42500, title: 'Renovated 2-bed condo' });
  });

  it('takes multipart fields too; rooms are replaced only when some room is sent', async () => {
    const { id } = await listing();
    const keep = await patch(owner.token, id, form({ bed_rooms: '3' }));
    expect(keep.statusCode, keep.body).toBe(200);
    expect(keep.json().payload).toMatchObject({ bed_rooms: 3, rooms: [{ type: 'Bedroom', quantity: 2 }] });
    const replaced = await patch(
      owner.token,
      id,
      form({
        'rooms[0][type]': 'Study',
        'rooms[0][quantity]': '1',
        'rooms[1][type]': 'Balcony',
        'rooms[1][quantity]': '2',
      }),
    );
    expect(replaced.json().payload.rooms).toEqual([
      { type: 'Study', quantity: 1 },
      { type: 'Balcony', quantity: 2 },
    ]);
    const cleared = await patch(owner.token, id, { rooms: [] });
    expect(cleared.json().payload.rooms).toEqual([]);
  });

  it('clears optional fields sent blank, as a create leaves them out', async () => {
    const { id } = await listing(owner.token, {
      living_space: '60',
      avg_utilities: '2,000',
      lat: '13.72',
      lon: '100.57',
    });
    const res = await patch(owner.token, id, { living_space: '', avg_utilities: '', lat: '', lon: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toMatchObject({ living_space: null, avg_utilities: null, lat: null, lon: null });
  });

  it('answers with the same messages as a create, and changes nothing', async () => {
    const { id } = await listing();
    const before = await snapshot(id);
    const bad: Record<string, string> = {
      price: 'abc',
      bed_rooms: '-1',
      title: '',
      is_featured: '2',
      property_sub_type: 'castle',
      availability_date: '2026-13-01',
      area: '0',
      language: 'xx',
      'rooms[0][type]': 'Bedroom',
      'rooms[0][quantity]': '',
    };
    const created = await create(owner.token, { ...FIELDS, ...bad }, [['cover_image', await photo(), 'c.jpg']]);
    expect(created.statusCode).toBe(400);
    // Multipart (with a photo that must not be stored) and JSON alike.
    const edited = await patch(owner.token, id, form(bad, [['images[0]', await photo(), 'new.jpg']]));
    expect(edited.statusCode).toBe(400);
    expect(edited.json().message).toBe(created.json().message);
    expect(edited.json().errors).toEqual(created.json().errors);
    expect(Object.keys(edited.json().errors).sort()).toEqual(
      [...Object.keys(bad).filter((k) => !k.startsWith('rooms')), 'rooms.0.quantity'].sort(),
    );
    const { 'rooms[0][type]': _t, 'rooms[0][quantity]': _q, ...jsonBad } = bad;
    const json = await patch(owner.token, id, { ...jsonBad, rooms: [{ type: 'Bedroom', quantity: '' }] });
    expect(json.statusCode).toBe(400);
    expect(json.json().errors).toEqual(created.json().errors);
    expect(await snapshot(id)).toEqual(before);
  });

  it('answers a price of 100,000 spaces (the ReDoS probe) with a fast 400, and the server stays free meanwhile', async () => {
    const { id } = await listing();
    const before = await snapshot(id);
    const spaces = ' '.repeat(100_000);
    const started = performance.now();
    // The probe's request, and a health check sent beside it that once waited ten seconds.
    const [edited, health] = await Promise.all([
      patch(owner.token, id, { price: `1${spaces}x`, avg_utilities: `${spaces}1` }),
      app.inject({ method: 'GET', url: '/api/health' }),
    ]);
    const elapsed = performance.now() - started;
    expect(edited.statusCode).toBe(400);
    expect(edited.json().errors).toEqual({
      price: ['price must be a number, such as 2,500,000'],
      avg_utilities: ['avg utilities must be a number, such as 2,500,000'],
    });
    expect(health.statusCode).toBe(200);
    // Quadratic, it took ~10 s; bounded, a few ms (the rest is the app's own request handling).
    expect(elapsed).toBeLessThan(1000);
    // A create's multipart field (64 KB allowed) is refused the same way, before its photo is read.
    const created = await create(owner.token, { ...FIELDS, price: `1${' '.repeat(65_000)}x` }, [
      ['cover_image', await photo(), 'c.jpg'],
    ]);
    expect(created.statusCode).toBe(400);
    expect(created.json().errors.price).toEqual(['price must be a number, such as 2,500,000']);
    expect(await snapshot(id)).toEqual(before);
  });

  it('checks level and floors on the listing as it will be after the edit', async () => {
    const { id } = await listing(owner.token, { property_sub_type: 'land', level: '', floors: '0' });
    const before = await snapshot(id);
    // Land has no floors; a villa must have at least one: the stored 0 counts.
    const villa = await patch(owner.token, id, { property_sub_type: 'villa' });
    expect(villa.statusCode).toBe(400);
    expect(villa.json()).toMatchObject({
      message: 'Please correct the highlighted fields.',
      errors: { floors: ['floors must be at least 1'] },
    });
    const created = await create(owner.token, { ...FIELDS, property_sub_type: 'villa', floors: '0' }, [
      ['cover_image', await photo(), 'c.jpg'],
    ]);
    expect(created.json().errors).toEqual(villa.json().errors);
    // A condo must say its level; sent blank it is missing.
    const condo = await patch(owner.token, id, { property_sub_type: 'condo', floors: '1', level: '' });
    expect(condo.json().errors).toEqual({ level: ['level is required'] });
    expect(await snapshot(id)).toEqual(before);
    const ok = await patch(owner.token, id, { property_sub_type: 'villa', floors: '2' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().payload).toMatchObject({ property_sub_type: 'villa', floors: 2 });
  });
});

describe('PATCH /api/property/{id}: photos', () => {
  it('adds, removes, reorders and picks the cover; removed files are deleted, new ones stored', async () => {
    const created = await listing(owner.token, {}, 2);
    const id = created.id;
    const [a, b, c] = created.images.map((image) => image.id) as [number, number, number];
    const before = await snapshot(id);
    const removedKeys = before.images.filter((image) => image.id === b).map((image) => image.storageKey);
    const res = await patch(
      owner.token,
      id,
      form(
        {
          'remove_image_ids[0]': String(b),
          cover_image_id: String(c),
          'image_order[0]': String(c),
          'image_order[1]': String(a),
        },
        [
          ['images[0]', await photo(), 'new-1.jpg'],
          ['images', await photo(), 'new-2.jpg'],
        ],
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const images = res.json().payload.images as { id: number; image_path: string }[];
    expect(images).toHaveLength(4);
    expect(images.slice(0, 2).map((i) => i.id)).toEqual([c, a]);
    expect(images.map((i) => i.id)).not.toContain(b);
    expect(res.json().payload.cover_image).toBe(images[0]?.image_path);
    const after = await snapshot(id);
    expect(after.images.filter((i) => i.isCover).map((i) => i.id)).toEqual([c]);
    expect(after.files.some((f) => removedKeys.some((key) => f.includes(path.basename(key))))).toBe(false);
    expect(after.files.length).toBeGreaterThan(before.files.length - 4);
    for (const image of images) {
      const key = image.image_path.replace(/^\/uploads\//, '');
      expect(await app.storage.exists(key), key).toBe(true);
    }
    expect(after.tmp).toEqual([]);

    // JSON: the cover alone, and ids as one comma-separated multipart field.
    const cover = await patch(owner.token, id, { cover_image_id: a });
    expect((cover.json().payload.images as { id: number }[])[0]?.id).toBe(a);
    const [, , third, fourth] = cover.json().payload.images as { id: number }[];
    const removed = await patch(owner.token, id, form({ remove_image_ids: `${third?.id}, ${fourth?.id}` }));
    expect(removed.statusCode, removed.body).toBe(200);
    expect((removed.json().payload.images as { id: number }[]).map((i) => i.id)).toEqual([a, c]);
  });

  it('removing the cover makes the next photo the cover', async () => {
    const created = await listing(owner.token, {}, 1);
    const [cover, next] = created.images.map((image) => image.id);
    const res = await patch(owner.token, created.id, { remove_image_ids: [cover] });
    expect(res.statusCode).toBe(200);
    expect(res.json().payload.images.map((i: { id: number }) => i.id)).toEqual([next]);
  });

  it("refuses ids that are not this listing's, a listing without photos and more than 20, storing nothing", async () => {
    const mine = await listing(owner.token, {}, 1);
    const theirs = await listing(other.token, {}, 0);
    const foreign = theirs.images[0]?.id as number;
    const [first, second] = mine.images.map((image) => image.id) as [number, number];
    const before = await snapshot(mine.id);
    const cases: [Record<string, unknown> | FormData, Record<string, string[]>][] = [
      [{ remove_image_ids: [foreign] }, { remove_image_ids: [PHOTO_MESSAGES.notHers('remove_image_ids', foreign)] }],
      [{ cover_image_id: foreign }, { cover_image_id: [PHOTO_MESSAGES.notHers('cover_image_id', foreign)] }],
      [{ image_order: [second, foreign] }, { image_order: [PHOTO_MESSAGES.notHers('image_order', foreign)] }],
      [{ remove_image_ids: [first], cover_image_id: first }, { cover_image_id: [PHOTO_MESSAGES.removedCover(first)] }],
      [{ remove_image_ids: [first, second] }, { images: [PHOTO_MESSAGES.atLeastOne] }],
      [
        form({ 'remove_image_ids[0]': String(foreign) }, [['images[0]', await photo(), 'n.jpg']]),
        { remove_image_ids: [PHOTO_MESSAGES.notHers('remove_image_ids', foreign)] },
      ],
      [{ remove_image_ids: ['x'] }, { 'remove_image_ids.0': ['The id must be a positive whole number.'] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await patch(owner.token, mine.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors, res.body).toEqual(errors);
    }
    // 20 photos at most: 18 more rows (files not needed for the count) and 1 new photo would make 21.
    await app.db.insert(propertyImages).values(
      Array.from({ length: 18 }, (_, i) => ({
        propertyId: theirs.id,
        storageKey: `listings/fake-${i}`,
        width: 10,
        height: 10,
        widths: [10],
        sortOrder: i + 1,
      })),
    );
    const theirsBefore = await snapshot(theirs.id);
    const tooMany = await patch(
      other.token,
      theirs.id,
      form({}, [
        ['images[0]', await photo(), 'a.jpg'],
        ['images[1]', await photo(), 'b.jpg'],
      ]),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual({ images: [PHOTO_MESSAGES.atMost] });
    expect(await snapshot(theirs.id)).toEqual(theirsBefore);
    expect(await snapshot(mine.id)).toEqual({ ...before, files: theirsBefore.files });
  });

  it('answers 415 for a file that is not a photo, keeping nothing', async () => {
    const { id } = await listing();
    const before = await snapshot(id);
    const res = await patch(
      owner.token,
      id,
      form({ title: 'New title' }, [
        ['images[0]', await photo(), 'fine.jpg'],
        ['images[1]', Buffer.from('plain text pretending to be a photo, long enough'), 'holiday.jpg'],
      ]),
    );
    expect(res.statusCode).toBe(415);
    expect(await snapshot(id)).toEqual(before);
  });
});

describe('PATCH /api/property/{id}: status', () => {
  it('moves between active, paused, sold and rented; the public sees what each means', async () => {
    const { id } = await listing(owner.token, { title: 'Status walk' });
    const search = async () =>
      (await app.inject({ method: 'GET', url: '/api/properties?q=Status%20walk' })).json().payload.total as number;
    expect(await search()).toBe(1);
    for (const [status, detail, inSearch] of [
      ['paused', 404, 0],
      ['sold', 200, 0],
      ['rented', 200, 0],
      ['active', 200, 1],
    ] as const) {
      const res = await patch(owner.token, id, { status });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().payload.status).toBe(status);
      const page = await publicDetail(id);
      expect(page.statusCode, status).toBe(detail);
      if (detail === 200) expect(page.json().payload.status).toBe(status);
      expect(await search(), status).toBe(inSearch);
    }
    const wrong = await patch(owner.token, id, { status: 'hidden' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.status).toEqual(['status must be one of: active, paused, sold, rented']);
  });

  it("an older listing without photos whose floors break today's rules can still be marked sold", async () => {
    const old = await makeListing(app, owner.id, { propertySubType: 'villa', floors: 0 });
    const res = await patch(owner.token, old.id, { status: 'sold' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toMatchObject({ status: 'sold', images: [], floors: 0 });
    // Naming the floors checks them.
    expect((await patch(owner.token, old.id, { floors: '0' })).json().errors).toEqual({
      floors: ['floors must be at least 1'],
    });
  });

  it('an owner cannot change the status of a listing an admin hid (409); other fields still change', async () => {
    const { id } = await listing();
    await app.db.update(properties).set({ status: 'hidden' }).where(eq(properties.id, id));
    const before = await snapshot(id);
    for (const payload of [
      { status: 'active' },
      { status: 'sold', price: '1' },
      form({ status: 'active' }, [['images[0]', await photo(), 'n.jpg']]),
    ]) {
      const res = await patch(owner.token, id, payload);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(OWNER_MESSAGES.hiddenByAdmin);
    }
    expect(await snapshot(id)).toEqual(before);
    const title = await patch(owner.token, id, { title: 'Still hidden' });
    expect(title.statusCode).toBe(200);
    expect(title.json().payload).toMatchObject({ status: 'hidden', title: 'Still hidden' });
    const shown = await patch(admin.token, id, { status: 'active' });
    expect(shown.json().payload.status).toBe('active');
  });
});
