import { BUYER_MESSAGES, ErrorEnvelope, FavoriteListResponse, MAX_FAVORITES } from '@baan/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { favorites, properties } from '../src/db/schema.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';

/**
 * GET /api/user/favorites answers every favourite with its photos, rooms and lister in one go (the contract has no
 * pages), and any account — free, needing only a verified address — could heart every listing there is: a few
 * thousand cheap PUTs turned each GET into a read and a serialization of the whole catalogue (docs/benchmarks.md:
 * 68.6 MB, about 10 s at 100,000 listings), asked again and again. An account keeps at most MAX_FAVORITES, counted
 * under a lock on the account (so hearts at once cannot pass the cap together); a repeat stays a 204.
 */
const app = await build();
const owner = await createUser(app, { email: 'cap-owner@fav.test' });
const buyer = await createUser(app, { email: 'cap-buyer@fav.test' });

const mine = { authorization: `Bearer ${buyer.token}` };
const put = (id: number, token = buyer.token) =>
  app.inject({ method: 'PUT', url: `/api/user/favorites/${id}`, headers: { authorization: `Bearer ${token}` } });
const del = (id: number) =>
  app.inject({
    method: 'DELETE',
    url: `/api/user/favorites/${id}`,
    headers: { authorization: `Bearer ${buyer.token}` },
  });
const kept = async () => (await app.db.select().from(favorites).where(eq(favorites.userId, buyer.id))).length;

// MAX_FAVORITES + 2 listings; all but the last two already hearted (written straight to the tables: fast).
const template = await makeListing(app, owner.id, { title: 'Cap listing' });
const { id: _id, createdAt: _at, ...columns } = template;
const more = await app.db
  .insert(properties)
  .values(Array.from({ length: MAX_FAVORITES + 1 }, (_, i) => ({ ...columns, title: `Cap listing ${i}` })))
  .returning({ id: properties.id });
const ids = [template.id, ...more.map((r) => r.id)];
await app.db
  .insert(favorites)
  .values(ids.slice(0, MAX_FAVORITES - 1).map((propertyId) => ({ userId: buyer.id, propertyId })));
const [last1, last2] = ids.slice(MAX_FAVORITES - 1) as [number, number];
const [extra] = ids.slice(MAX_FAVORITES + 1) as [number];

describe(`PUT /api/user/favorites/{id} beyond ${MAX_FAVORITES}`, () => {
  it('takes one of two hearts sent at once for the last place, and refuses the other with 409', async () => {
    const answers = await Promise.all([put(last1), put(last2)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([204, 409]);
    const refused = answers.find((r) => r.statusCode === 409);
    expect(ErrorEnvelope.parse(refused?.json()).message).toBe(BUYER_MESSAGES.tooManyFavorites);
    expect(await kept()).toBe(MAX_FAVORITES);
  });

  it('keeps a repeat idempotent at the cap, refuses a new one, and takes it once one is removed', async () => {
    const hearted = (await app.db.select().from(favorites).where(eq(favorites.userId, buyer.id))).map(
      (f) => f.propertyId,
    );
    const taken = hearted.includes(last1) ? last1 : last2;
    expect((await put(taken)).statusCode).toBe(204);
    expect((await put(extra)).statusCode).toBe(409);
    expect(await kept()).toBe(MAX_FAVORITES);
    expect((await del(ids[0] as number)).statusCode).toBe(204);
    expect((await put(extra)).statusCode).toBe(204);
    const listed = await app.inject({ method: 'GET', url: '/api/user/favorites', headers: mine });
    const list = FavoriteListResponse.parse(listed.json()).payload;
    expect(list).toHaveLength(MAX_FAVORITES);
    expect(list[0]?.id).toBe(extra);
  });

  it('counts per account: another account hearts freely', async () => {
    const other = await createUser(app, { email: 'cap-other@fav.test' });
    expect((await put(extra, other.token)).statusCode).toBe(204);
  });
});
