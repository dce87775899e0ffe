import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { TtlCache } from '../src/lib/ttl-cache.ts';
import { activateSubscription, createUser } from './fixtures.ts';
import { build } from './helpers.ts';

describe('TtlCache', () => {
  it('serves a value until its time is up on its clock, then loads again', async () => {
    let now = 1_000;
    const cache = new TtlCache(500, () => now);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    now = 1_499;
    expect(await cache.get('a', load)).toBe(1);
    now = 1_501;
    expect(await cache.get('a', load)).toBe(2);
  });

  it("follows the app's clock, not the system's", async () => {
    const app = await build({ listingCacheTtlMs: 5_000 });
    let loads = 0;
    const load = async () => ++loads;
    const realNow = app.clock.now;
    await app.listingCache.get('k', load);
    app.clock.now = () => new Date(realNow().getTime() + 4_000);
    await app.listingCache.get('k', load);
    expect(loads).toBe(1);
    app.clock.now = () => new Date(realNow().getTime() + 6_000);
    await app.listingCache.get('k', load);
    expect(loads).toBe(2);
    app.clock.now = realNow;
  });

  it('shares one load between concurrent misses', async () => {
    const cache = new TtlCache(1000);
    let loads = 0;
    let release: (v: string) => void = () => {};
    const load = () => {
      loads += 1;
      return new Promise<string>((r) => {
        release = r;
      });
    };
    const both = Promise.all([cache.get('k', load), cache.get('k', load)]);
    release('v');
    expect(await both).toEqual(['v', 'v']);
    expect(loads).toBe(1);
  });

  it('forgets a failed load', async () => {
    const cache = new TtlCache(1000);
    await expect(cache.get('k', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('k', async () => 'ok')).toBe('ok');
  });

  it('loads afresh after clear(), even when a load was under way', async () => {
    const cache = new TtlCache(1000);
    let release: (v: string) => void = () => {};
    const stale = cache.get('k', () => new Promise<string>((r) => (release = r)));
    cache.clear();
    release('stale');
    expect(await stale).toBe('stale');
    expect(await cache.get('k', async () => 'fresh')).toBe('fresh');
  });

  describe('stale while revalidate (issue 27: no stampede)', () => {
    /** A load whose answers the test releases one by one. */
    function loads() {
      const made: { release: (v: string) => void; reject: (e: Error) => void }[] = [];
      const load = () =>
        new Promise<string>((resolve, reject) => {
          made.push({ release: resolve, reject });
        });
      return { made, load };
    }
    const settle = () => new Promise((r) => setTimeout(r, 0));

    it('serves the old value at once past its lifetime and refreshes it once in the background', async () => {
      let now = 0;
      const cache = new TtlCache(1_000, () => now, 100, {}, { staleMs: 5_000 });
      const { made, load } = loads();
      const first = cache.get('k', load);
      made[0]?.release('v1');
      expect(await first).toBe('v1');
      now = 1_000; // expired, within the stale time
      expect(await cache.get('k', load)).toBe('v1');
      expect(await cache.get('k', load)).toBe('v1');
      expect(made).toHaveLength(2); // one refresh for both stale reads
      expect(cache.stats()).toMatchObject({ hits: 2, misses: 1, refreshes: 1 });
      made[1]?.release('v2');
      await settle();
      expect(await cache.get('k', load)).toBe('v2');
      now = 1_999; // the refreshed value's own lifetime started when it arrived
      expect(await cache.get('k', load)).toBe('v2');
      expect(made).toHaveLength(2);
    });

    it('makes the reader wait for a new load once the stale time is up', async () => {
      let now = 0;
      const cache = new TtlCache(1_000, () => now, 100, {}, { staleMs: 5_000 });
      expect(await cache.get('k', async () => 'v1')).toBe('v1');
      now = 5_999;
      expect(await cache.get('k', async () => 'v2')).toBe('v1');
      await settle();
      now = 5_999 + 1_000 + 5_000; // past the refreshed entry's lifetime and stale time
      expect(cache.has('k')).toBe(false);
      expect(await cache.get('k', async () => 'v3')).toBe('v3');
    });

    it('never serves a stale value after clear(), and drops a refresh that was under way', async () => {
      let now = 0;
      const cache = new TtlCache(1_000, () => now, 100, {}, { staleMs: 5_000 });
      const { made, load } = loads();
      const first = cache.get('k', load);
      made[0]?.release('before the write');
      await first;
      now = 1_500;
      expect(await cache.get('k', load)).toBe('before the write'); // starts a refresh
      cache.clear(); // a write
      made[1]?.release('read before the write');
      await settle();
      expect(cache.has('k')).toBe(false);
      expect(await cache.get('k', async () => 'after the write')).toBe('after the write');
    });

    it('keeps the stale value when a refresh fails, says so, and tries again on the next read', async () => {
      let now = 0;
      const failures: string[] = [];
      const cache = new TtlCache(
        1_000,
        () => now,
        100,
        {},
        { staleMs: 5_000, onRefreshError: (key) => failures.push(key) },
      );
      expect(await cache.get('k', async () => 'v1')).toBe('v1');
      now = 2_000;
      expect(await cache.get('k', async () => Promise.reject(new Error('db down')))).toBe('v1');
      await settle();
      expect(failures).toEqual(['k']);
      expect(await cache.get('k', async () => 'v2')).toBe('v1'); // a second try
      await settle();
      expect(await cache.get('k', async () => 'v3')).toBe('v2');
    });

    it('does not serve a load still under way as stale: a second reader past its lifetime loads again', async () => {
      let now = 0;
      const cache = new TtlCache(1_000, () => now, 100, {}, { staleMs: 5_000 });
      const { made, load } = loads();
      void cache.get('k', load);
      now = 1_000;
      void cache.get('k', load);
      expect(made).toHaveLength(2);
    });

    it('spreads lifetimes over 90–100 % of the TTL with a jitter of 0.1', async () => {
      let now = 0;
      let random = 0.999;
      const cache = new TtlCache(1_000, () => now, 100, {}, { jitter: 0.1, random: () => random });
      await cache.get('short', async () => 1);
      random = 0;
      await cache.get('long', async () => 1);
      now = 900;
      expect(cache.has('short')).toBe(true);
      now = 901;
      expect(cache.has('short')).toBe(false);
      expect(cache.has('long')).toBe(true);
      now = 1_000;
      expect(cache.has('long')).toBe(false);
    });
  });

  it('is off with a TTL of 0', async () => {
    const cache = new TtlCache(0);
    let loads = 0;
    await cache.get('a', async () => ++loads);
    await cache.get('a', async () => ++loads);
    expect(loads).toBe(2);
  });
});

describe('cached listing reads', async () => {
  const app = await build({ listingCacheTtlMs: 60_000 });
  const owner = await createUser(app, { email: 'cache-owner@baan.example' });
  await activateSubscription(app, owner.id);
  const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#48a' } })
    .jpeg()
    .toBuffer();

  const total = async () => (await app.inject({ method: 'GET', url: '/api/properties?q=cache' })).json().payload.total;

  it('shows a new listing at once and forgets a deleted one at once', async () => {
    expect(await total()).toBe(0);
    const fd = new FormData();
    for (const [k, v] of Object.entries({
      type: 'sale',
      user_type: 'owner',
      property_type: 'residential',
      property_sub_type: 'house',
      location: 'Hua Hin',
      title: 'Cache test house',
      description: 'By the sea',
      price: '4500000',
      area: '180',
      level: '0',
      bed_rooms: '3',
      bath_rooms: '2',
      kitchen: '1',
      floors: '2',
    }))
      fd.append(k, v);
    fd.append('cover_image', new Blob([jpeg]), 'c.jpg');
    const created = await app.inject({
      method: 'POST',
      url: '/api/property',
      payload: fd,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(created.statusCode).toBe(201);
    expect(await total()).toBe(1);
    const id = created.json().payload.id;
    expect((await app.inject({ method: 'GET', url: `/api/property/${id}` })).statusCode).toBe(200);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/property/${id}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await total()).toBe(0);
    expect((await app.inject({ method: 'GET', url: `/api/property/${id}` })).statusCode).toBe(404);
  });
});
