import { BUYER_MESSAGES, ErrorEnvelope, FavoriteListResponse, ListingStatsResponse } from '@baan/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { favorites, listingDailyStats, users } from '../src/db/schema.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';
import { rowCount } from './support/visitors.ts';

const app = await build();
/** The app's clock: 23:30 UTC is already the next day (06:30) in Bangkok. */
let now = new Date('2031-05-01T23:30:00Z');
app.clock.now = () => now;

const owner = await createUser(app, { email: 'owner@fav.test' });
const buyer = await createUser(app, { email: 'buyer@fav.test' });
const other = await createUser(app, { email: 'other@fav.test' });
const condo = await makeListing(app, owner.id, { title: 'Condo by the river' });
const house = await makeListing(app, owner.id, { title: 'House with garden', type: 'sale', price: 4_500_000 });
const paused = await makeListing(app, owner.id, { title: 'Paused', status: 'paused' });
const held = await makeListing(app, owner.id, { title: 'Held', review: 'pending', reviewReasons: ['new_owner'] });

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, token?: string) =>
  app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {} });
const favoritesOf = async (token: string) => {
  const res = await call('GET', '/api/user/favorites', token);
  expect(res.statusCode).toBe(200);
  return FavoriteListResponse.parse(res.json()).payload;
};
const favoritesOn = async (propertyId: number, day: string) => {
  const [row] = await app.db
    .select({ n: listingDailyStats.favorites })
    .from(listingDailyStats)
    .where(and(eq(listingDailyStats.propertyId, propertyId), eq(listingDailyStats.day, day)));
  return row?.n ?? 0;
};

describe('favourites need a login', () => {
  it('answers 401 to every call without a valid token, and stores nothing', async () => {
    for (const [method, url] of [
      ['GET', '/api/user/favorites'],
      ['PUT', `/api/user/favorites/${condo.id}`],
      ['DELETE', `/api/user/favorites/${condo.id}`],
    ] as const) {
      const res = await call(method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(ErrorEnvelope.safeParse(res.json()).success).toBe(true);
      expect((await call(method, url, 'not-a-token')).statusCode).toBe(401);
    }
    expect(await rowCount(app, favorites)).toBe(0);
  });
});

describe('PUT /api/user/favorites/{id}', () => {
  it('answers 404 for a listing that does not exist or is not public, and stores nothing', async () => {
    for (const id of [999_999, paused.id, held.id]) {
      const res = await call('PUT', `/api/user/favorites/${id}`, buyer.token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: BUYER_MESSAGES.favoriteNotFound });
    }
    for (const id of ['abc', '0', '-1', '99999999999']) {
      const res = await call('PUT', `/api/user/favorites/${id}`, buyer.token);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message).toBe(BUYER_MESSAGES.favoriteNotFound);
    }
    expect(await rowCount(app, favorites)).toBe(0);
    expect(await rowCount(app, listingDailyStats)).toBe(0);
  });

  it('keeps a favourite once however often it is sent, and counts it once on the Bangkok day', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await call('PUT', `/api/user/favorites/${condo.id}`, buyer.token);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
    }
    expect(await rowCount(app, favorites)).toBe(1);
    expect(await favoritesOn(condo.id, '2031-05-02')).toBe(1);
    expect(await favoritesOn(condo.id, '2031-05-01')).toBe(0);
  });

  it("shows in the owner's statistics", async () => {
    const res = await call('GET', `/api/user/properties/${condo.id}/stats?days=7`, owner.token);
    expect(res.statusCode).toBe(200);
    const stats = ListingStatsResponse.parse(res.json()).payload;
    expect(stats.totals.favorites).toBe(1);
    expect(stats.days.find((d) => d.date === '2031-05-02')?.favorites).toBe(1);
  });
});

describe('GET /api/user/favorites', () => {
  it('lists only the caller’s favourites a visitor may still see, the newest favourite first', async () => {
    now = new Date('2031-05-02T01:00:00Z');
    expect((await call('PUT', `/api/user/favorites/${house.id}`, buyer.token)).statusCode).toBe(204);
    expect((await call('PUT', `/api/user/favorites/${house.id}`, other.token)).statusCode).toBe(204);
    const list = await favoritesOf(buyer.token);
    expect(list.map((p) => p.id)).toEqual([house.id, condo.id]);
    expect(list[0]).toMatchObject({ title: 'House with garden', price: 4_500_000, type: 'sale' });
    expect((await favoritesOf(other.token)).map((p) => p.id)).toEqual([house.id]);
    expect(await favoritesOf(owner.token)).toEqual([]);
    // Two users on the same day: two favourites.
    expect(await favoritesOn(house.id, '2031-05-02')).toBe(2);
  });

  it('leaves out a favourite whose listing was paused or whose owner was disabled, and shows it again later', async () => {
    const { properties } = await import('../src/db/schema.ts');
    await app.db.update(properties).set({ status: 'paused' }).where(eq(properties.id, house.id));
    expect((await favoritesOf(buyer.token)).map((p) => p.id)).toEqual([condo.id]);
    await app.db.update(properties).set({ status: 'active' }).where(eq(properties.id, house.id));
    await app.db.update(users).set({ disabledAt: now }).where(eq(users.id, owner.id));
    expect(await favoritesOf(buyer.token)).toEqual([]);
    await app.db.update(users).set({ disabledAt: null }).where(eq(users.id, owner.id));
    expect((await favoritesOf(buyer.token)).map((p) => p.id)).toEqual([house.id, condo.id]);
  });
});

describe('DELETE /api/user/favorites/{id}', () => {
  it('removes the favourite (idempotent), never another user’s, and does not lower the day’s count', async () => {
    for (let i = 0; i < 2; i++) {
      expect((await call('DELETE', `/api/user/favorites/${house.id}`, buyer.token)).statusCode).toBe(204);
    }
    // Never a favourite, but the listing exists (paused): 204 too. An id that names no listing: 404.
    expect((await call('DELETE', `/api/user/favorites/${paused.id}`, buyer.token)).statusCode).toBe(204);
    const missing = await call('DELETE', '/api/user/favorites/999999', buyer.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(BUYER_MESSAGES.favoriteNotFound);
    expect((await favoritesOf(buyer.token)).map((p) => p.id)).toEqual([condo.id]);
    expect((await favoritesOf(other.token)).map((p) => p.id)).toEqual([house.id]);
    expect(await favoritesOn(house.id, '2031-05-02')).toBe(2);
    expect((await call('DELETE', '/api/user/favorites/abc', buyer.token)).statusCode).toBe(404);
  });

  it('counts a removed and re-added favourite once a day, and again on another day', async () => {
    expect((await call('PUT', `/api/user/favorites/${house.id}`, buyer.token)).statusCode).toBe(204);
    expect(await favoritesOn(house.id, '2031-05-02')).toBe(2);
    expect((await favoritesOf(buyer.token)).map((p) => p.id)).toEqual([house.id, condo.id]);
    await call('DELETE', `/api/user/favorites/${house.id}`, buyer.token);
    now = new Date('2031-05-02T20:00:00Z'); // 03:00 on 3 May in Bangkok (the token is still valid)
    expect((await call('PUT', `/api/user/favorites/${house.id}`, buyer.token)).statusCode).toBe(204);
    expect(await favoritesOn(house.id, '2031-05-03')).toBe(1);
  });
});
