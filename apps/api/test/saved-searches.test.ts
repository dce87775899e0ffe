import { BUYER_MESSAGES, MAX_SAVED_SEARCHES, SavedSearchListResponse, SavedSearchResponse } from '@baan/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { savedSearches } from '../src/db/schema.ts';
import { createUser } from './fixtures.ts';
import { build } from './helpers.ts';
import { rowCount } from './support/visitors.ts';

const app = await build();
let now = new Date('2031-06-01T03:00:00Z');
app.clock.now = () => now;

const anna = await createUser(app, { email: 'anna@saved.test' });
const ben = await createUser(app, { email: 'ben@saved.test' });

const auth = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});
const save = (payload: Record<string, unknown>, token?: string) =>
  app.inject({ method: 'POST', url: '/api/user/saved-searches', payload, headers: auth(token) });
const list = async (token: string) => {
  const res = await app.inject({ method: 'GET', url: '/api/user/saved-searches', headers: auth(token) });
  expect(res.statusCode).toBe(200);
  return SavedSearchListResponse.parse(res.json()).payload;
};
const remove = (id: number | string, token?: string) =>
  app.inject({ method: 'DELETE', url: `/api/user/saved-searches/${id}`, headers: auth(token) });

describe('saved searches need a login', () => {
  it('answers 401 to every call without a valid token, and stores nothing', async () => {
    const calls = [
      () => app.inject({ method: 'GET', url: '/api/user/saved-searches' }),
      () => save({ name: 'Condos', query: 'type=rent', frequency: 'daily' }),
      () => save({ name: 'Condos', query: 'type=rent', frequency: 'daily' }, 'forged.token.here'),
      () => remove(1),
    ];
    for (const call of calls) expect((await call()).statusCode).toBe(401);
    expect(await rowCount(app, savedSearches)).toBe(0);
  });
});

describe('POST /api/user/saved-searches', () => {
  it('stores the search with its query normalized (paging, sort and unknown keys dropped) and answers 201', async () => {
    const res = await save(
      {
        name: '  Rentals in Bang Na  ',
        query: '?type=rent&sort=newest&page=3&per_page=50&location=Bang+Na&bogus=1&max_price=20000',
        frequency: 'instant',
      },
      anna.token,
    );
    expect(res.statusCode).toBe(201);
    const saved = SavedSearchResponse.parse(res.json()).payload;
    expect(saved).toEqual({
      id: expect.any(Number),
      name: 'Rentals in Bang Na',
      query: 'location=Bang%20Na&max_price=20000&type=rent',
      frequency: 'instant',
      notify_price_drops: false,
      created_at: now.toISOString(),
      last_sent_at: null,
    });
    expect(await list(anna.token)).toEqual([saved]);
    expect(await list(ben.token)).toEqual([]);
  });

  it('accepts an empty query (every listing) and lists the newest first', async () => {
    now = new Date('2031-06-01T04:00:00Z');
    const res = await save({ name: 'Anything', query: '', frequency: 'weekly' }, anna.token);
    expect(res.statusCode).toBe(201);
    expect((await list(anna.token)).map((s) => s.name)).toEqual(['Anything', 'Rentals in Bang Na']);
  });

  it('refuses a query that is not a valid search with 400 and errors.query, storing nothing', async () => {
    const before = await rowCount(app, savedSearches);
    for (const [query, message] of [
      ['min_price=abc', 'Minimum price must be a whole number from 0 to 2,000,000,000.'],
      ['min_price=500&max_price=100', 'Minimum price cannot be more than the maximum price.'],
      ['%E0%A4%A', 'query must be a /api/properties query string.'],
      // Well formed, but the search itself refuses it (no such station).
      ['station=no-such-station', BUYER_MESSAGES.stationNotFound],
    ]) {
      const res = await save({ name: 'Bad', query, frequency: 'daily' }, anna.token);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message, errors: { query: [message] } });
    }
    expect(await rowCount(app, savedSearches)).toBe(before);
  });

  it('refuses a missing name, a bad frequency and a missing query with their messages', async () => {
    const before = await rowCount(app, savedSearches);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: ' ', query: 'type=rent', frequency: 'daily' }, 'name', 'Give the search a name.'],
      [
        { name: 'x'.repeat(81), query: '', frequency: 'daily' },
        'name',
        'The name is too long (at most 80 characters).',
      ],
      [
        { name: 'Weekly', query: 'type=rent', frequency: 'hourly' },
        'frequency',
        'frequency must be instant, daily or weekly.',
      ],
      [{ name: 'Weekly', query: 'type=rent' }, 'frequency', 'frequency must be instant, daily or weekly.'],
      [{ name: 'No query', frequency: 'daily' }, 'query', 'query must be a /api/properties query string.'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await save(payload, anna.token);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors?.[field]).toEqual([message]);
    }
    expect(await rowCount(app, savedSearches)).toBe(before);
  });

  it(`keeps at most ${MAX_SAVED_SEARCHES} per user: the next is a 409, other users are not affected`, async () => {
    const kept = (await list(anna.token)).length;
    for (let i = kept; i < MAX_SAVED_SEARCHES; i++) {
      expect(
        (await save({ name: `Search ${i}`, query: `min_price=${i}`, frequency: 'daily' }, anna.token)).statusCode,
      ).toBe(201);
    }
    const res = await save({ name: 'One too many', query: '', frequency: 'daily' }, anna.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, message: BUYER_MESSAGES.tooManySavedSearches });
    expect(await list(anna.token)).toHaveLength(MAX_SAVED_SEARCHES);
    expect((await save({ name: 'Ben’s', query: 'type=sale', frequency: 'daily' }, ben.token)).statusCode).toBe(201);
  });
});

describe('DELETE /api/user/saved-searches/{id}', () => {
  it('deletes only your own: another user’s or a missing one is the same 404, and nothing changes', async () => {
    const [bens] = await list(ben.token);
    if (!bens) throw new Error('no saved search');
    const before = await rowCount(app, savedSearches);
    for (const id of [bens.id, 999_999]) {
      const res = await remove(id, anna.token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: BUYER_MESSAGES.savedSearchNotFound });
    }
    for (const id of ['abc', '0']) expect((await remove(id, anna.token)).statusCode).toBe(404);
    expect(await rowCount(app, savedSearches)).toBe(before);

    const res = await remove(bens.id, ben.token);
    expect(res.statusCode).toBe(204);
    expect(await list(ben.token)).toEqual([]);
    expect((await remove(bens.id, ben.token)).statusCode).toBe(404);
  });

  it('frees a place under the limit', async () => {
    const [newest] = await list(anna.token);
    if (!newest) throw new Error('no saved search');
    expect((await remove(newest.id, anna.token)).statusCode).toBe(204);
    expect((await save({ name: 'Room again', query: '', frequency: 'daily' }, anna.token)).statusCode).toBe(201);
    const rows = await app.db.select().from(savedSearches).where(eq(savedSearches.userId, anna.id));
    expect(rows).toHaveLength(MAX_SAVED_SEARCHES);
  });
});
