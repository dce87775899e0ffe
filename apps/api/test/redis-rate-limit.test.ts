import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ErrorEnvelope, HealthResponse } from '@baan/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { contactMessages, mailOutbox } from '../src/db/schema.ts';
import { RATE_LIMITS } from '../src/lib/rate-limit.ts';
import {
  createRedisRateLimitStore,
  RATE_LIMIT_KEY_PREFIX,
  type StoreLogger,
} from '../src/lib/redis-rate-limit-store.ts';
import { freshDatabase } from './helpers.ts';
import { type RedisServer, startRedisServer } from './support/redis-server.ts';
import { nextIp, rowCount, send, visitorEmail } from './support/visitors.ts';

// Real redis-server processes on free 127.0.0.1 ports (Debian's redis-server; missing → this file fails).
const servers: RedisServer[] = [];
async function redisServer(port?: number): Promise<RedisServer> {
  const server = await startRedisServer(port);
  servers.push(server);
  return server;
}
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  for (const server of servers) await server.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A logger that keeps what the store says. */
function recordingLogger() {
  const lines: { level: 'info' | 'error'; msg: string; obj: Record<string, unknown> }[] = [];
  const log: StoreLogger = {
    info: (obj, msg) => lines.push({ level: 'info', msg, obj: obj as Record<string, unknown> }),
    error: (obj, msg) => lines.push({ level: 'error', msg, obj: obj as Record<string, unknown> }),
  };
  return { log, lines, errors: () => lines.filter((l) => l.level === 'error') };
}

function store(url: string, log = recordingLogger().log) {
  const s = createRedisRateLimitStore({ url, log });
  cleanups.push(() => s.close());
  return s;
}

function inspector(url: string): Redis {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  // Some tests kill the server under it; its reconnect errors are expected there.
  client.on('error', () => undefined);
  cleanups.push(async () => {
    client.disconnect();
  });
  return client;
}

/** Waits (bounded) until Redis has expired a counter key: no fixed sleep that a slow machine outruns. */
async function untilExpired(url: string, key: string) {
  const peek = inspector(url);
  const deadline = Date.now() + 10_000;
  while ((await peek.pttl(`${RATE_LIMIT_KEY_PREFIX}${key}`)) !== -2) {
    if (Date.now() > deadline) throw new Error(`${key} did not expire`);
    await sleep(50);
  }
}

let keySeq = 0;
const newKey = () => `test:ip:key-${++keySeq}`;
/** A point in time no real clock shows: resetAt must be reported on the caller's clock. */
const FAKE_NOW = Date.UTC(2001, 0, 1);

describe('REDIS_URL', () => {
  const load = (value: string | undefined) => loadConfig({ NODE_ENV: 'test', REDIS_URL: value });

  it('is optional and accepts redis:// and rediss:// URLs with a database number', () => {
    expect(load(undefined).redisUrl).toBeUndefined();
    expect(load('').redisUrl).toBeUndefined();
    expect(load('redis://127.0.0.1:6379').redisUrl).toBe('redis://127.0.0.1:6379');
    expect(load(' rediss://:secret@cache.example:6380/2 ').redisUrl).toBe('rediss://:secret@cache.example:6380/2');
  });

  it('refuses anything else at start-up with a clear error that never repeats a password', () => {
    expect(() => load('http://127.0.0.1:6379')).toThrow(/^REDIS_URL must start with redis:\/\/ or rediss:\/\//);
    expect(() => load('127.0.0.1:6379')).toThrow(/^REDIS_URL is not a URL; expected redis:\/\//);
    expect(() => load('not a url')).toThrow(/^REDIS_URL is not a URL; expected redis:\/\//);
    expect(() => load('redis://:hunter2@cache.example/zero')).toThrow(/database number/);
    expect(() => load('redis://:hunter2@cache.example/zero')).not.toThrow(/hunter2/);
    expect(() => load('redis://')).toThrow(/^REDIS_URL has no host/);
  });
});

describe('Redis rate-limit store', async () => {
  const server = await redisServer();
  const peek = inspector(server.url);

  it('counts hits in one fixed window and reports when it ends on the caller clock', async () => {
    const s = store(server.url);
    expect(await s.connect(3_000)).toBe(true);
    const key = newKey();
    const first = await s.hit(key, 60_000, FAKE_NOW);
    expect(first).toEqual({ count: 1, resetAt: FAKE_NOW + 60_000 });
    const second = await s.hit(key, 60_000, FAKE_NOW + 1_000);
    expect(second.count).toBe(2);
    // Same window: it ends where Redis's expiry says, however far the caller's clock moved.
    expect(second.resetAt).toBeGreaterThan(FAKE_NOW + 1_000 + 59_000);
    expect(second.resetAt).toBeLessThanOrEqual(FAKE_NOW + 1_000 + 60_000);
    const third = await s.hit(key, 60_000, FAKE_NOW);
    expect(third.count).toBe(3);
    expect(third.resetAt).toBeLessThanOrEqual(first.resetAt);

    // The counter is one prefixed key with an expiry in Redis; another key counts on its own.
    expect(await peek.get(`${RATE_LIMIT_KEY_PREFIX}${key}`)).toBe('3');
    const pttl = await peek.pttl(`${RATE_LIMIT_KEY_PREFIX}${key}`);
    expect(pttl).toBeGreaterThan(50_000);
    expect(pttl).toBeLessThanOrEqual(60_000);
    expect((await s.hit(newKey(), 60_000, FAKE_NOW)).count).toBe(1);
  });

  it('peeks without counting, and takes a hit back without going below 0 or making a key (ADR 019)', async () => {
    const s = store(server.url);
    await s.connect(3_000);
    const key = newKey();
    expect(await s.peek(key, FAKE_NOW)).toEqual({ count: 0, resetAt: FAKE_NOW });
    await s.refund(key, FAKE_NOW);
    expect(await peek.exists(`${RATE_LIMIT_KEY_PREFIX}${key}`)).toBe(0);
    await s.hit(key, 60_000, FAKE_NOW);
    await s.hit(key, 60_000, FAKE_NOW);
    const seen = await s.peek(key, FAKE_NOW);
    expect(seen.count).toBe(2);
    expect(seen.resetAt).toBeGreaterThan(FAKE_NOW + 50_000);
    expect(seen.resetAt).toBeLessThanOrEqual(FAKE_NOW + 60_000);
    expect((await s.peek(key, FAKE_NOW)).count).toBe(2);
    await s.refund(key, FAKE_NOW);
    expect(await peek.get(`${RATE_LIMIT_KEY_PREFIX}${key}`)).toBe('1');
    await s.refund(key, FAKE_NOW);
    await s.refund(key, FAKE_NOW);
    expect(await peek.get(`${RATE_LIMIT_KEY_PREFIX}${key}`)).toBe('0');
    // The window keeps its end: a refund never stretches or removes the expiry.
    expect(await peek.pttl(`${RATE_LIMIT_KEY_PREFIX}${key}`)).toBeGreaterThan(50_000);
    expect((await s.hit(key, 60_000, FAKE_NOW)).count).toBe(1);
  });

  it('starts a new window once the old one has expired in Redis (real time)', async () => {
    const s = store(server.url);
    await s.connect(3_000);
    const key = newKey();
    // A window long enough that two hits always land in it, even on a busy machine.
    expect((await s.hit(key, 1_500, Date.now())).count).toBe(1);
    expect((await s.hit(key, 1_500, Date.now())).count).toBe(2);
    await untilExpired(server.url, key);
    const now = Date.now();
    const fresh = await s.hit(key, 1_500, now);
    expect(fresh).toEqual({ count: 1, resetAt: now + 1_500 });
  });

  it('sets the expiry only when the window starts, so later hits never stretch it', async () => {
    const s = store(server.url);
    await s.connect(3_000);
    const key = newKey();
    await s.hit(key, 1_500, FAKE_NOW);
    // A later hit asking for a longer window leaves the running one as it is.
    const later = await s.hit(key, 60_000, FAKE_NOW);
    expect(later.count).toBe(2);
    expect(later.resetAt - FAKE_NOW).toBeLessThanOrEqual(1_500);
    await untilExpired(server.url, key);
    expect((await s.hit(key, 1_500, FAKE_NOW)).count).toBe(1);
  });

  it('counts every hit exactly once when two stores (two nodes) hit the same key at once', async () => {
    const a = store(server.url);
    const b = store(server.url);
    await Promise.all([a.connect(3_000), b.connect(3_000)]);
    const key = newKey();
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).hit(key, 60_000, FAKE_NOW)));
    expect(results.map((r) => r.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('keeps counting after Redis forgot the script (restart, SCRIPT FLUSH)', async () => {
    const rec = recordingLogger();
    const s = store(server.url, rec.log);
    await s.connect(3_000);
    const key = newKey();
    await s.hit(key, 60_000, FAKE_NOW);
    await peek.script('FLUSH');
    expect((await s.hit(key, 60_000, FAKE_NOW)).count).toBe(2);
    expect(rec.errors()).toEqual([]);
  });

  it('never hangs and counts in memory when Redis is unreachable from the start, logging once', async () => {
    const gone = await redisServer();
    await gone.stop();
    const rec = recordingLogger();
    const s = createRedisRateLimitStore({ url: gone.url, log: rec.log });
    const started = Date.now();
    expect(await s.connect(3_000)).toBe(false);
    const key = newKey();
    const counts: number[] = [];
    for (let i = 0; i < 4; i++) counts.push((await s.hit(key, 60_000, FAKE_NOW)).count);
    expect(counts).toEqual([1, 2, 3, 4]);
    expect(await s.ping()).toBe(false);
    await s.close();
    expect(Date.now() - started).toBeLessThan(2_500);
    const errors = rec.errors();
    expect(errors).toHaveLength(1);
    expect(errors[0]?.msg).toBe('rate-limit store: Redis failed; counting in this process until it answers again');
    expect(errors[0]?.obj.redis).toBe(`${gone.url}`);
  });

  it('keeps reconnecting after a failed start, and uses Redis once it is up', async () => {
    const gone = await redisServer();
    await gone.stop();
    const rec = recordingLogger();
    const s = store(gone.url, rec.log);
    expect(await s.connect(3_000)).toBe(false);
    const back = await redisServer(gone.port);
    const deadline = Date.now() + 5_000;
    while (!(await s.ping()) && Date.now() < deadline) await sleep(100);
    const key = newKey();
    expect((await s.hit(key, 60_000, FAKE_NOW)).count).toBe(1);
    expect(await inspector(back.url).get(`${RATE_LIMIT_KEY_PREFIX}${key}`)).toBe('1');
    expect(rec.lines.map((l) => l.msg)).toContain('rate-limit store: Redis answers again');
  });

  it('gives up on a hung Redis after the command timeout and closes without waiting for it', async () => {
    const hung = await redisServer();
    const rec = recordingLogger();
    const s = createRedisRateLimitStore({ url: hung.url, log: rec.log, commandTimeoutMs: 300 });
    expect(await s.connect(3_000)).toBe(true);
    const key = newKey();
    expect((await s.hit(key, 60_000, FAKE_NOW)).count).toBe(1);
    hung.pause();
    try {
      const started = Date.now();
      // Counted in memory: this process has not seen the key before.
      expect((await s.hit(key, 60_000, FAKE_NOW)).count).toBe(1);
      const took = Date.now() - started;
      expect(took).toBeGreaterThanOrEqual(250);
      expect(took).toBeLessThan(1_500);
      // The next hits do not wait for the hung Redis again: they count in memory at once.
      const next = Date.now();
      expect((await s.hit(key, 60_000, FAKE_NOW)).count).toBe(2);
      expect(Date.now() - next).toBeLessThan(250);
      expect(rec.errors()).toHaveLength(1);
      expect(String(rec.errors()[0]?.obj.err)).toMatch(/timed out/i);
      const closing = Date.now();
      await s.close();
      expect(Date.now() - closing).toBeLessThan(1_500);
    } finally {
      hung.resume();
    }
  });
});

/** Parsed JSON log lines of one app. */
function logSink() {
  const lines: Record<string, unknown>[] = [];
  return { lines, stream: { write: (line: string) => lines.push(JSON.parse(line)) } };
}

/** One API node: the real app on its own fresh database, closed after the file. */
async function node(overrides: Partial<Config>, logs?: ReturnType<typeof logSink>): Promise<FastifyInstance> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'baan-data-'));
  const config: Config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), ...overrides };
  const database = await freshDatabase();
  const app = await buildApp({ config, database, logStream: logs?.stream });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return app;
}

const contact = (email = visitorEmail('redis')) => ({
  name: 'Somchai Jaidee',
  email,
  subject: 'Viewing a condo',
  message: 'Hello, I would like to view the condo next week.',
});

function expect429(res: LightMyRequestResponse, windowMs: number) {
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(windowMs / 1000 - 60);
  expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
  expect(ErrorEnvelope.parse(res.json()).message).toBe(
    `Too many attempts. Please try again in ${Math.ceil(retryAfter / 60)} minutes.`,
  );
}

describe('two API nodes with one REDIS_URL', async () => {
  const server = await redisServer();
  const a = await node({ redisUrl: server.url });
  const b = await node({ redisUrl: server.url });
  const rule = RATE_LIMITS.contact;
  const messagesOn = (app: FastifyInstance) => rowCount(app, contactMessages);

  it('reports the shared store in /api/health next to the fields it always had', async () => {
    const res = await a.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(HealthResponse.parse(res.json()).payload).toEqual({ db: 'ok', version: expect.any(String), redis: 'ok' });
    expect(a.rateLimit.store).toBe('redis');
  });

  it('share the per-address limit: node B answers 429 once node A used it up', async () => {
    const ip = nextIp();
    for (let i = 0; i < rule.perIp; i++) {
      const res = await send(a, '/api/contact-us', contact(), { ip });
      expect(res.statusCode, res.body).toBe(201);
    }
    const before = await messagesOn(b);
    const limited = await send(b, '/api/contact-us', contact(), { ip });
    expect429(limited, rule.windowMs);
    expect(await messagesOn(b)).toBe(before);
    expect429(await send(a, '/api/contact-us', contact(), { ip }), rule.windowMs);
    // Another address is not affected on either node.
    expect((await send(b, '/api/contact-us', contact())).statusCode).toBe(201);
  });

  it("share the limit of a typed address per network across nodes, and never count one network's against another", async () => {
    const email = visitorEmail('shared');
    // One IPv6 /64, a different address each time: one network.
    const from = (host: number) => `2001:db8:59:1::${host.toString(16)}`;
    for (let i = 0; i < rule.perEmailNetwork; i++) {
      const res = await send(i % 2 ? a : b, '/api/contact-us', contact(email), { ip: from(i + 1) });
      expect(res.statusCode, res.body).toBe(201);
    }
    const before = [await messagesOn(a), await messagesOn(b)];
    expect429(await send(b, '/api/contact-us', contact(email), { ip: from(99) }), rule.windowMs);
    expect429(await send(a, '/api/contact-us', contact(email.toUpperCase()), { ip: from(100) }), rule.windowMs);
    expect([await messagesOn(a), await messagesOn(b)]).toEqual(before);
    // Anyone may type anyone's address (ADR 059): another network, the next /64 or an IPv4 address, is accepted.
    expect((await send(a, '/api/contact-us', contact(email), { ip: '2001:db8:59:2::1' })).statusCode).toBe(201);
    expect((await send(b, '/api/contact-us', contact(email))).statusCode).toBe(201);
    expect(
      await inspector(server.url).get(`${RATE_LIMIT_KEY_PREFIX}contact:email-net:${email}:2001:db8:59:1::/64`),
    ).toBe(String(rule.perEmailNetwork));
  });

  it("share the newsletter's typed-address pair and its mail cap per address across nodes (ADR 055, 059)", async () => {
    const email = visitorEmail('newsletter');
    const subscribe = (node: FastifyInstance, ip: string) => send(node, '/api/newsletter', { email }, { ip });
    const mailed = async () => {
      let n = 0;
      for (const node of [a, b]) {
        await node.mailer.drain();
        n += (await node.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).length;
      }
      return n;
    };
    // Many networks, on both nodes: none is refused, and the address is mailed the cap, not one more.
    for (let i = 0; i < RATE_LIMITS.newsletter.perEmailNetwork + 2; i++) {
      expect((await subscribe(i % 2 ? a : b, nextIp())).statusCode).toBe(201);
    }
    expect(await mailed()).toBe(RATE_LIMITS.newsletterMail.perEmail);
    // One network's pair, used up across the two nodes, is refused on either.
    const ip = nextIp();
    for (let i = 0; i < RATE_LIMITS.newsletter.perEmailNetwork; i++) {
      expect((await subscribe(i % 2 ? a : b, ip)).statusCode).toBe(201);
    }
    expect429(await subscribe(a, ip), RATE_LIMITS.newsletter.windowMs);
    expect429(await subscribe(b, ip), RATE_LIMITS.newsletter.windowMs);
    expect(await mailed()).toBe(RATE_LIMITS.newsletterMail.perEmail);
  });

  it('share the wrong-password limit of an (e-mail, network) pair, an IPv6 network counted by its /64', async () => {
    const email = visitorEmail('pair');
    const login = (node: FastifyInstance, host: number) =>
      node.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email, password: 'Wrong#Pass1' },
        remoteAddress: `2001:db8:77:1::${host.toString(16)}`,
      });
    for (let i = 0; i < RATE_LIMITS.login.perEmailNetwork; i++) {
      expect((await login(i % 2 ? a : b, i + 1)).statusCode).toBe(401);
    }
    expect((await login(a, 99)).statusCode).toBe(429);
    expect((await login(b, 100)).statusCode).toBe(429);
    expect(await inspector(server.url).get(`${RATE_LIMIT_KEY_PREFIX}login:fail:${email}:2001:db8:77:1::/64`)).toBe(
      String(RATE_LIMITS.login.perEmailNetwork),
    );
    // Another network (the next /64) has its own tries.
    const elsewhere = await a.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: 'Wrong#Pass1' },
      remoteAddress: '2001:db8:77:2::1',
    });
    expect(elsewhere.statusCode).toBe(401);
  });

  it("windows follow Redis's clock: moving a node's clock does not end them", async () => {
    const email = visitorEmail('clock');
    const ip = nextIp();
    for (let i = 0; i < rule.perEmailNetwork; i++) await send(a, '/api/contact-us', contact(email), { ip });
    const realNow = b.clock.now;
    b.clock.now = () => new Date(realNow().getTime() + rule.windowMs + 60_000);
    try {
      expect429(await send(b, '/api/contact-us', contact(email), { ip }), rule.windowMs);
    } finally {
      b.clock.now = realNow;
    }
  });
});

describe('a node whose Redis hangs or dies', async () => {
  const server = await redisServer();
  const logs = logSink();
  const app = await node({ redisUrl: server.url, logLevel: 'info' }, logs);
  const storeErrors = () =>
    logs.lines.filter((l) => l.level === 50 && String(l.msg).startsWith('rate-limit store: Redis failed'));
  const timed = async (request: () => Promise<LightMyRequestResponse>) => {
    const started = Date.now();
    const res = await request();
    return { res, ms: Date.now() - started };
  };
  const health = async () => HealthResponse.parse((await app.inject({ method: 'GET', url: '/api/health' })).json());

  it('logged its connection at start-up without the URL password', () => {
    const connected = logs.lines.find((l) => l.msg === 'rate-limit store: connected to Redis');
    expect(connected?.redis).toBe(`${server.url}`);
  });

  it('answers within the command timeout while Redis hangs, then uses Redis again', async () => {
    server.pause();
    try {
      const first = await timed(() => send(app, '/api/contact-us', contact()));
      expect(first.res.statusCode).toBe(201);
      // The first limit waits out the 500 ms command timeout; the request's second limit and the
      // next requests skip Redis for a while instead of waiting again.
      expect(first.ms).toBeGreaterThanOrEqual(450);
      expect(first.ms).toBeLessThan(3_000);
      expect((await send(app, '/api/contact-us', contact())).statusCode).toBe(201);
      expect(storeErrors()).toHaveLength(1);
      expect((await health()).payload.redis).toBe('down');
    } finally {
      server.resume();
    }
    expect((await health()).payload).toMatchObject({ db: 'ok', redis: 'ok' });
    expect(logs.lines.some((l) => l.msg === 'rate-limit store: Redis answers again')).toBe(true);
    // Counting in Redis again: the key of a new address is there.
    const ip = nextIp();
    expect((await send(app, '/api/contact-us', contact(), { ip })).statusCode).toBe(201);
    expect(await inspector(server.url).get(`${RATE_LIMIT_KEY_PREFIX}contact:ip:${ip}`)).toBe('1');
  });

  it('fails open to per-process counters when Redis is killed: no 5xx, no wait, one error line', async () => {
    await server.stop();
    const errorsBefore = storeErrors().length;
    const ip = nextIp();
    for (let i = 0; i < RATE_LIMITS.contact.perIp; i++) {
      const { res, ms } = await timed(() => send(app, '/api/contact-us', contact(), { ip }));
      expect(res.statusCode, res.body).toBe(201);
      expect(ms).toBeLessThan(2_000);
    }
    // The limit still holds on this node: counted in memory while Redis is away.
    expect429(await send(app, '/api/contact-us', contact(), { ip }), RATE_LIMITS.contact.windowMs);
    expect(storeErrors().length - errorsBefore).toBe(1);
    const h = await health();
    expect(h.payload).toMatchObject({ db: 'ok', redis: 'down' });
  });
});
