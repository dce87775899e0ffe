import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, type Db, openDatabase } from '../src/db/client.ts';
import { ListingCache, lsnValue, type ReplicaProbe } from '../src/services/properties/listing-cache.ts';
import { activateSubscription, createUser } from './fixtures.ts';
import { freshDatabase } from './helpers.ts';
import { type RedisServer, startRedisServer } from './support/redis-server.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const quietLog = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/** Stand-ins for the two pools: `read` only hands them to the query, which reports where it ran. */
const PRIMARY = { name: 'primary' } as unknown as Db;
const REPLICA = { name: 'replica' } as unknown as Db;
const where = (db: Db) => Promise.resolve((db as unknown as { name: string }).name);

/** A replica whose replay position the test moves by hand. */
function fakeReplication(primaryAt = '0/100') {
  const state = { primary: primaryAt, replayed: '0/100', down: false, probes: 0 };
  const probe: ReplicaProbe = {
    primaryLsn: async () => state.primary,
    replayed: async (lsn) => {
      state.probes += 1;
      if (state.down) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5433'), { code: 'ECONNREFUSED' });
      return lsnValue(state.replayed) >= lsnValue(lsn);
    },
  };
  return { state, probe };
}

function cacheWith(opts: Partial<ConstructorParameters<typeof ListingCache>[0]> = {}) {
  const cache = new ListingCache({
    ttlMs: 60_000,
    now: Date.now,
    primary: PRIMARY,
    replica: REPLICA,
    log: quietLog,
    maxCatchUpPollMs: 5,
    ...opts,
  });
  cleanups.push(async () => cache.close());
  return cache;
}

describe('ListingCache: reads on the replica, never older than a write this node knows of', () => {
  it('reads from the primary when there is no replica, and asks no WAL position on a write', async () => {
    const { state, probe } = fakeReplication();
    const cache = cacheWith({ replica: undefined, probe });
    expect(cache.hasReplica).toBe(false);
    expect(await cache.read(where)).toBe('primary');
    await cache.invalidate('test');
    expect(state.probes).toBe(0);
    expect(await cache.read(where)).toBe('primary');
  });

  it('reads from the replica; after a write, from the primary until the replica has replayed it', async () => {
    const { state, probe } = fakeReplication();
    const cache = cacheWith({ probe });
    expect(await cache.read(where)).toBe('replica');
    state.primary = '0/2000';
    await cache.invalidate('listing created');
    expect(cache.readTarget()).toBe('primary');
    expect(await cache.read(where)).toBe('primary');
    await sleep(30);
    expect(await cache.read(where)).toBe('primary');
    state.replayed = '0/1FFF';
    await sleep(30);
    expect(cache.readTarget()).toBe('primary');
    state.replayed = '0/2000';
    await expect.poll(() => cache.readTarget(), { timeout: 2_000, interval: 5 }).toBe('replica');
  });

  it('does the same for a write another node announces, and compares positions across the 4 GB boundary', async () => {
    const { state, probe } = fakeReplication();
    const cache = cacheWith({ probe });
    cache.receive(JSON.stringify({ reason: 'listing hidden', from: 'another node', lsn: '1/10' }));
    expect(cache.readTarget()).toBe('primary');
    // As text "0/FFFFFFFF" sorts after "1/10"; as a position it is before.
    state.replayed = '0/FFFFFFFF';
    await sleep(30);
    expect(cache.readTarget()).toBe('primary');
    state.replayed = '1/10';
    await expect.poll(() => cache.readTarget(), { timeout: 2_000, interval: 5 }).toBe('replica');
  });

  it('forgets cached reads on every invalidation, also a malformed one', async () => {
    const cache = cacheWith({ replica: undefined });
    let loads = 0;
    const load = async () => ++loads;
    await cache.get('k', load);
    await cache.get('k', load);
    expect(loads).toBe(1);
    cache.receive('not json');
    await cache.get('k', load);
    expect(loads).toBe(2);
    cache.receive(JSON.stringify({ reason: 'x', from: 'y', lsn: 'DROP TABLE' }));
    await cache.get('k', load);
    expect(loads).toBe(3);
  });

  it('runs a read on the primary when the replica cannot answer, and leaves the replica alone for a while', async () => {
    const cache = cacheWith({ replicaRetryMs: 200 });
    let replicaCalls = 0;
    const query = async (db: Db) => {
      if (db === REPLICA) {
        replicaCalls += 1;
        throw Object.assign(new Error('the database system is shutting down'), { code: '57P03' });
      }
      return 'from primary';
    };
    expect(await cache.read(query)).toBe('from primary');
    expect(await cache.read(query)).toBe('from primary');
    expect(replicaCalls).toBe(1);
    await sleep(250);
    expect(cache.readTarget()).toBe('replica');
    expect(await cache.read(where)).toBe('replica');
  });

  it('passes a mistake in the query through instead of hiding it on the primary', async () => {
    const cache = cacheWith();
    const broken = async () => {
      throw Object.assign(new Error('column "nope" does not exist'), { code: '42703' });
    };
    await expect(cache.read(broken)).rejects.toThrow('nope');
  });

  it('keeps reads on the primary while the catch-up check itself fails', async () => {
    const { state, probe } = fakeReplication();
    const cache = cacheWith({ probe, replicaRetryMs: 50 });
    state.down = true;
    state.primary = '0/500';
    await cache.invalidate('listing deleted');
    await sleep(100);
    expect(cache.readTarget()).toBe('primary');
    state.down = false;
    state.replayed = '0/500';
    await expect.poll(() => cache.readTarget(), { timeout: 2_000, interval: 5 }).toBe('replica');
  });
});

describe('DATABASE_READ_URL', () => {
  it('is refused at start without a PostgreSQL DATABASE_URL (PGlite has no replicas)', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'baan-data-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const env = { NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_READ_URL: 'postgres://reader@127.0.0.1:5433/baan' };
    const message = /DATABASE_READ_URL is set but DATABASE_URL is not/;
    // Refused while the configuration is read, or (a Config made some other way) when the database opens.
    await expect(async () => buildApp({ config: loadConfig(env) })).rejects.toThrow(message);
    const config: Config = {
      ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }),
      databaseReadUrl: env.DATABASE_READ_URL,
    };
    await expect(buildApp({ config })).rejects.toThrow(message);
  });

  const target = inject('dbTarget');
  // Against a PostgreSQL server only (the suite's second run); the cluster test uses a real standby.
  describe.runIf(target.kind === 'postgres')('on PostgreSQL', () => {
    it('opens a second pool, named baan-read, that the public reads use; migrations stay on the primary', async () => {
      if (target.kind !== 'postgres') return;
      const primary = await freshDatabase();
      cleanups.push(() => primary.close());
      const url = (
        (await primary.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }
      ).rows[0]?.name;
      const dbUrl = new URL(target.url);
      dbUrl.pathname = `/${url}`;
      const database: Database = await openDatabase({
        kind: 'postgres',
        url: dbUrl.toString(),
        readUrl: dbUrl.toString(),
        poolSize: 2,
      });
      cleanups.push(() => database.close());
      expect(database.readDb).not.toBe(database.db);
      const names = async (db: Db) =>
        (
          (await db.execute(
            sql`select application_name as name from pg_stat_activity where pid = pg_backend_pid()`,
          )) as unknown as { rows: { name: string }[] }
        ).rows[0]?.name;
      expect(await names(database.db)).toBe('baan');
      expect(await names(database.readDb)).toBe('baan-read');
      // The primary is no standby: after a write, it "has replayed" at once.
      const cache = new ListingCache({
        ttlMs: 60_000,
        now: Date.now,
        primary: database.db,
        replica: database.readDb,
        log: quietLog,
      });
      cleanups.push(async () => cache.close());
      await cache.invalidate('test');
      await expect.poll(() => cache.readTarget(), { timeout: 5_000 }).toBe('replica');
      expect(await cache.read(names)).toBe('baan-read');
    });
  });
});

describe('listing invalidation between two nodes through Redis', async () => {
  const redis: RedisServer = await startRedisServer();
  cleanups.push(() => redis.stop());
  const database = await freshDatabase();
  cleanups.push(() => database.close());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'baan-data-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));

  /** One "node": its own app instance (its own cache and Redis connections), on the shared database. */
  async function node(redisUrl: string | undefined) {
    const logs: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _enc, done) {
        logs.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const config: Config = {
      ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }),
      // Ten minutes: within a test only an invalidation can make a cached read fresh.
      listingCacheTtlMs: 10 * 60_000,
      redisUrl,
      logLevel: 'info',
    };
    const app = await buildApp({ config, database, logStream });
    await app.ready();
    cleanups.push(() => app.close());
    return { app, logs };
  }
  const a = await node(redis.url);
  const b = await node(redis.url);
  // The same setup without Redis: its cache only hears its own writes.
  const alone = await node(undefined);

  const owner = await createUser(a.app, { email: 'two-nodes@baan.example' });
  await activateSubscription(a.app, owner.id);
  const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();

  const total = async (app: FastifyInstance, q: string) =>
    (await app.inject({ method: 'GET', url: `/api/properties?q=${q}` })).json().payload.total as number;

  async function createListing(app: FastifyInstance, title: string): Promise<number> {
    const fd = new FormData();
    for (const [k, v] of Object.entries({
      type: 'rent',
      user_type: 'owner',
      property_type: 'residential',
      property_sub_type: 'condo',
      location: 'Ari, Bangkok',
      title,
      description: 'Near the BTS',
      price: '18000',
      area: '35',
      level: '8',
      bed_rooms: '1',
      bath_rooms: '1',
      kitchen: '1',
      floors: '1',
    }))
      fd.append(k, v);
    fd.append('cover_image', new Blob([new Uint8Array(jpeg)]), 'c.jpg');
    const res = await app.inject({
      method: 'POST',
      url: '/api/property',
      payload: fd,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(res.statusCode).toBe(201);
    return res.json().payload.id;
  }

  /** How long until `check` holds, failing after `limitMs` (far below the cache's ten minutes). */
  async function within(limitMs: number, check: () => Promise<boolean>): Promise<number> {
    const started = Date.now();
    while (!(await check())) {
      if (Date.now() - started > limitMs) throw new Error(`not fresh within ${limitMs} ms`);
      await sleep(10);
    }
    return Date.now() - started;
  }

  it("makes a write on A show on B at once, where B's cached read alone would stay stale for ten minutes", async () => {
    expect(await total(b.app, 'Ratchada')).toBe(0);
    expect(await total(alone.app, 'Ratchada')).toBe(0);
    const id = await createListing(a.app, 'Ratchada loft');
    // A answers its own write at once (it cleared before answering).
    expect(await total(a.app, 'Ratchada')).toBe(1);
    const took = await within(2_000, async () => (await total(b.app, 'Ratchada')) === 1);
    expect(took).toBeLessThan(2_000);
    expect((await b.app.inject({ method: 'GET', url: `/api/property/${id}` })).statusCode).toBe(200);
    // Without Redis nothing told the other cache: it still answers what it had.
    expect(await total(alone.app, 'Ratchada')).toBe(0);

    // And back: a delete on B is forgotten by A.
    expect((await a.app.inject({ method: 'GET', url: `/api/property/${id}` })).statusCode).toBe(200);
    const deleted = await b.app.inject({
      method: 'DELETE',
      url: `/api/property/${id}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(deleted.statusCode).toBe(200);
    await within(
      2_000,
      async () => (await a.app.inject({ method: 'GET', url: `/api/property/${id}` })).statusCode === 404,
    );
    expect(await total(a.app, 'Ratchada')).toBe(0);
  });

  it('subscribes again after Redis comes back, and forgets what it may have missed meanwhile', async () => {
    expect(await total(b.app, 'Thonglor')).toBe(0);
    const port = redis.port;
    await redis.stop();
    // Written while Redis is down: A cannot tell B (logged, the write itself succeeds).
    await createListing(a.app, 'Thonglor studio');
    expect(await total(a.app, 'Thonglor')).toBe(1);
    await sleep(300);
    expect(await total(b.app, 'Thonglor')).toBe(0);
    expect(a.logs.join('\n')).toMatch(/redis channel: (PUBLISH failed|the publisher connection failed)/);

    const again = await startRedisServer(port);
    cleanups.push(() => again.stop());
    await within(10_000, async () => b.logs.some((line) => line.includes('redis channel: subscribed again')));
    // Subscribed again, B dropped what it had cached while it could not hear (its cached 0 would last ten minutes).
    // Polled for up to 3 s: once in a loaded CI run a read right after the log line still answered 0 (not explained).
    await within(3_000, async () => (await total(b.app, 'Thonglor')) === 1);
    // And it hears new writes again.
    await within(10_000, async () => a.logs.some((line) => line.includes('redis channel: publisher connected again')));
    expect(await total(b.app, 'Siam')).toBe(0);
    await createListing(a.app, 'Siam penthouse');
    await within(2_000, async () => (await total(b.app, 'Siam')) === 1);
  });
});
