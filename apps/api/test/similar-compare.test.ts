import { MAX_SIMILAR, type Property } from '@baan/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { properties, users } from '../src/db/schema.ts';
import { pageServices } from '../src/plugins/app/page-services.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';

const app = await build();
const owner = await createUser(app, { email: 'similar-owner@baan.example' });
const other = await createUser(app, { email: 'similar-other@baan.example' });

// The listing compared: a 1-bed condo for rent near Asok, 20,000 a month, 40 m².
const base = await makeListing(app, owner.id, {
  title: 'Base condo',
  location: 'Asok, Bangkok',
  price: 20_000,
  area: 40,
  lat: 13.737,
  lon: 100.5604,
});
// Same price and area, 1 km away: the most alike.
const twin = await makeListing(app, other.id, {
  title: 'Twin',
  price: 20_000,
  area: 40,
  lat: 13.746,
  lon: 100.5604,
});
// A bit dearer, same area, nearby.
const dearer = await makeListing(app, other.id, { title: 'Dearer', price: 24_000, area: 40, lat: 13.74, lon: 100.56 });
// Same price and area but in Chiang Mai (place gap capped at 2).
const farAway = await makeListing(app, other.id, {
  title: 'Far away',
  price: 20_000,
  area: 40,
  lat: 18.79,
  lon: 98.98,
});
// No coordinates: compared by location text.
const sameText = await makeListing(app, other.id, {
  title: 'Same text',
  location: 'asok, bangkok',
  price: 22_000,
  area: 44,
});
const otherText = await makeListing(app, other.id, {
  title: 'Other text',
  location: 'Bang Na',
  price: 21_000,
  area: 42,
});
// Never similar: another type, another sub type, not visible.
const forSale = await makeListing(app, other.id, { title: 'For sale', type: 'sale', price: 20_000, area: 40 });
const house = await makeListing(app, other.id, { title: 'House', propertySubType: 'house', price: 20_000, area: 40 });
const paused = await makeListing(app, other.id, { title: 'Paused', status: 'paused', price: 20_000, area: 40 });
const hidden = await makeListing(app, other.id, { title: 'Hidden', status: 'hidden', price: 20_000, area: 40 });
const pending = await makeListing(app, other.id, { title: 'Pending', review: 'pending', price: 20_000, area: 40 });
const sold = await makeListing(app, other.id, { title: 'Rented', status: 'rented', price: 20_000, area: 40 });

const get = (url: string) => app.inject({ method: 'GET', url });
const similar = async (id: number) => {
  const res = await get(`/api/property/${id}/similar`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload as Property[];
};

describe('GET /api/property/{id}/similar', () => {
  it('ranks same type and sub type by price, area and place, never itself or hidden ones', async () => {
    const items = await similar(base.id);
    // Same text is in the base's district (Asok: Watthana), the others only in its province (Bangkok; Bang Na is
    // another district), so it comes first. Then by difference: Twin 0 + 0 + 1 km/10 km = 0.1; Dearer ln 1.2 + 0 +
    // 0.03 = 0.22; Other text ln 1.05 × 2 + 1 = 1.1; Far away 0 + 0 + 2 (capped).
    expect(items.map((p) => p.title)).toEqual(['Same text', 'Twin', 'Dearer', 'Other text', 'Far away']);
    const ids = items.map((p) => p.id);
    for (const never of [base, forSale, house, paused, hidden, pending, sold]) expect(ids).not.toContain(never.id);
    expect(ids).toEqual([sameText.id, twin.id, dearer.id, otherText.id, farAway.id]);
  });

  it(`answers at most ${MAX_SIMILAR}`, async () => {
    for (let i = 0; i < MAX_SIMILAR + 2; i++) {
      await makeListing(app, other.id, { title: `More ${i}`, price: 20_000 + i * 100, area: 40 });
    }
    app.listingCache.clear();
    expect(await similar(base.id)).toHaveLength(MAX_SIMILAR);
  });

  it('is answered for a rented, paused or hidden listing, and 404 for a missing one or one never approved', async () => {
    for (const gone of [sold, paused, hidden]) {
      const items = await similar(gone.id);
      expect(items.length, gone.title).toBeGreaterThan(0);
      // Other listings only: never the one asked about.
      expect(items.map((p) => p.id)).not.toContain(gone.id);
    }
    for (const id of [pending.id, 999_999, 'abc', 0]) {
      const res = await get(`/api/property/${id}/similar`);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json()).toMatchObject({
        success: false,
        message: 'This listing does not exist or is no longer available.',
      });
    }
  });

  it('is what the pages read too ([] for a missing listing)', async () => {
    const services = pageServices(app);
    expect((await services.similarProperties(base.id)).map((p) => p.id)).toEqual(
      (await similar(base.id)).map((p) => p.id),
    );
    expect(await services.similarProperties(pending.id)).toEqual([]);
    expect(await services.similarProperties(999_999)).toEqual([]);
  });
});

describe('similar listings by place', () => {
  it('prefer the same district, then the same province, then the rest, even at a further price', async () => {
    const seller = await createUser(app, { email: 'similar-phuket@baan.example' });
    const sale = { type: 'sale' as const, propertySubType: 'villa', area: 200 };
    const target = await makeListing(app, seller.id, {
      ...sale,
      title: 'Kata villa',
      location: 'Kata, Phuket',
      price: 9_000_000,
    });
    // Alike in price and area, but in other provinces.
    for (const [i, location] of ['Nimman, Chiang Mai', 'Hua Hin Town, Hua Hin', 'Jomtien, Pattaya'].entries()) {
      await makeListing(app, seller.id, { ...sale, title: `Elsewhere ${i}`, location, price: 9_000_000 });
    }
    // The same province, another district (Kathu), a little dearer.
    const kamala = await makeListing(app, seller.id, {
      ...sale,
      title: 'Kamala villa',
      location: 'Kamala, Phuket',
      price: 11_000_000,
    });
    // The same district (Mueang Phuket) at four times the price: outside the first price window.
    const rawai = await makeListing(app, seller.id, {
      ...sale,
      title: 'Rawai villa',
      location: 'Rawai, Phuket',
      price: 36_000_000,
    });
    app.listingCache.clear();
    const titles = (await similar(target.id)).map((p) => p.title);
    expect(titles.slice(0, 2)).toEqual([rawai.title, kamala.title]);
    expect(titles.slice(2).sort()).toEqual(['Elsewhere 0', 'Elsewhere 1', 'Elsewhere 2']);
  });
});

describe('a listing no longer available', () => {
  const detail = (id: number | string) => get(`/api/property/${id}`);

  it('answers 404 with the code listing_unavailable when it is paused, hidden or its owner disabled', async () => {
    for (const gone of [paused, hidden]) {
      const res = await detail(gone.id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        success: false,
        message: 'This listing does not exist or is no longer available.',
        code: 'listing_unavailable',
      });
    }
    const owned = await createUser(app, { email: 'similar-disabled@baan.example' });
    const ofDisabled = await makeListing(app, owned.id, { title: 'Of a disabled owner' });
    await app.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, owned.id));
    app.listingCache.clear();
    expect((await detail(ofDisabled.id)).json().code).toBe('listing_unavailable');
    expect(await pageServices(app).isNoLongerAvailable(ofDisabled.id)).toBe(true);
  });

  it('answers the plain 404 (no code) for a listing that never was public, or does not exist', async () => {
    const rejected = await makeListing(app, other.id, { title: 'Rejected', review: 'rejected' });
    for (const id of [pending.id, rejected.id, 999_999, 'abc']) {
      const res = await detail(id);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json(), String(id)).toEqual({
        success: false,
        message: 'This listing does not exist or is no longer available.',
      });
    }
    const services = pageServices(app);
    for (const id of [pending.id, rejected.id, 999_999, base.id, sold.id]) {
      expect(await services.isNoLongerAvailable(id), String(id)).toBe(false);
    }
    expect(await services.isNoLongerAvailable(paused.id)).toBe(true);
  });
});

describe('GET /api/properties/compare', () => {
  it('answers the visible listings in the order asked, leaving out the others', async () => {
    const res = await get(`/api/properties/compare?ids=${dearer.id},${base.id},${hidden.id},999999,${twin.id}`);
    expect(res.statusCode, res.body).toBe(400); // five ids: more than MAX_COMPARE
    const four = await get(`/api/properties/compare?ids=${dearer.id},${hidden.id},${base.id},999999`);
    expect(four.statusCode, four.body).toBe(200);
    expect((four.json().payload as Property[]).map((p) => p.id)).toEqual([dearer.id, base.id]);
    const three = await get(`/api/properties/compare?ids=${twin.id},${dearer.id},${base.id}`);
    expect((three.json().payload as Property[]).map((p) => p.id)).toEqual([twin.id, dearer.id, base.id]);
  });

  it('takes a repeated id once', async () => {
    const res = await get(`/api/properties/compare?ids=${base.id},${base.id},${twin.id}`);
    expect(res.statusCode).toBe(200);
    expect((res.json().payload as Property[]).map((p) => p.id)).toEqual([base.id, twin.id]);
  });

  it.each([
    ['', 'ids must be listing ids separated by commas (at most 4).'],
    ['1,2,3,4,5', 'Compare at most 4 listings at once.'],
    ['1,,2', 'ids must be listing ids separated by commas (at most 4).'],
    ['a,b', 'ids must be listing ids separated by commas (at most 4).'],
    ['-1', 'ids must be listing ids separated by commas (at most 4).'],
  ])('answers 400 for ids=%s', async (ids, message) => {
    const res = await get(`/api/properties/compare?ids=${ids}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errors: { ids: [message] } });
  });

  it('answers 400 without ids, and for an id out of range', async () => {
    expect((await get('/api/properties/compare')).json().errors.ids).toEqual([
      'ids must be listing ids separated by commas (at most 4).',
    ]);
    for (const ids of ['5,0', '2147483648']) {
      const res = await get(`/api/properties/compare?ids=${ids}`);
      expect(res.statusCode, ids).toBe(400);
      expect(Object.values(res.json().errors).flat(), ids).toEqual([
        'ids must be listing ids separated by commas (at most 4).',
      ]);
    }
  });

  it('drops a listing whose owner is disabled, and the pages read the same', async () => {
    await app.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, other.id));
    app.listingCache.clear();
    const res = await get(`/api/properties/compare?ids=${twin.id},${base.id}`);
    expect((res.json().payload as Property[]).map((p) => p.id)).toEqual([base.id]);
    expect((await pageServices(app).compareProperties([twin.id, base.id, base.id])).map((p) => p.id)).toEqual([
      base.id,
    ]);
    await app.db.update(users).set({ disabledAt: null }).where(eq(users.id, other.id));
    app.listingCache.clear();
  });

  it('is a cached read like the others: a direct database write shows once the cache is dropped', async () => {
    const before = await get(`/api/properties/compare?ids=${dearer.id}`);
    expect((before.json().payload as Property[]).map((p) => p.id)).toEqual([dearer.id]);
    await app.db.update(properties).set({ status: 'paused' }).where(eq(properties.id, dearer.id));
    // A direct database write is not seen until the cache is dropped, as every other cached read.
    expect((await get(`/api/properties/compare?ids=${dearer.id}`)).json().payload).toHaveLength(1);
    app.listingCache.clear();
    expect((await get(`/api/properties/compare?ids=${dearer.id}`)).json().payload).toEqual([]);
  });
});
