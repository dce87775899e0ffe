import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PropertyListResponse } from '@baan/contract';
import { describe, expect, it } from 'vitest';
import { properties } from '../src/db/schema.ts';
import { LARGE_BODY_BYTES } from '../src/lib/encoded-body.ts';
import { invalidateListings } from '../src/services/reads/listing-reads.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';

/**
 * GET /api/all/properties answers every visible listing in one go (the spec keeps it; docs/benchmarks.md: 68.6 MB and
 * about 10 s at 100,000 listings). Anyone may call it, without an account: each call that builds the answer again
 * reads the whole catalogue, holds it in memory, serializes and compresses it, so a handful of calls at once (or one
 * after the other) pin the server. The answer is built once and shared — by the calls that arrive while it is being
 * built and by those within the read cache's lifetime — and a listing write still shows at once. The sitemap (one
 * file of up to 50,000 entries, each with its eight language links: some 45 MB) is the same kind of answer, and is
 * shared the same way; answers that large are compressed once, off the event loop.
 */
const app = await build({ jobsWorker: false });

/** Every statement drizzle sends (its Logger hook: the same on PGlite and PostgreSQL), while `statements` is set. */
let statements: string[] | null = null;
(app.db as unknown as { session: { logger: { logQuery: (query: string) => void } } }).session.logger = {
  logQuery: (query) => statements?.push(query),
};
const get = () => app.inject({ method: 'GET', url: '/api/all/properties' });

const owner = await createUser(app, { email: 'all-flood-owner@example.test' });
for (let i = 0; i < 5; i++) await makeListing(app, owner.id, { title: `Flood condo ${i}` });

describe('GET /api/all/properties under a flood', () => {
  it('reads the catalogue once for many calls at once and for the calls after them', async () => {
    statements = [];
    const answers = await Promise.all(Array.from({ length: 8 }, get));
    const afterBurst = statements.length;
    const later = await get();
    const total = statements.length;
    statements = null;

    for (const res of [...answers, later]) {
      expect(res.statusCode).toBe(200);
      expect(PropertyListResponse.parse(res.json()).payload).toHaveLength(5);
    }
    // One build: the statements of a single answer (its rows and their details), not eight times as many.
    expect(afterBurst).toBeGreaterThan(0);
    expect(afterBurst).toBeLessThanOrEqual(6);
    expect(total).toBe(afterBurst);
  });

  it('shows a new listing at once: a listing write drops the shared answer', async () => {
    await makeListing(app, owner.id, { title: 'Flood condo late' });
    await invalidateListings(app, 'test: listing created');
    const list = PropertyListResponse.parse((await get()).json()).payload;
    expect(list).toHaveLength(6);
    expect(list[0]?.title).toBe('Flood condo late');
  });
});

describe('the sitemap under a flood', () => {
  const paths = ['/sitemap.xml', '/sitemaps/listings-1.xml'];
  it.each(paths)('%s: reads the catalogue once for many calls at once and for the calls after them', async (path) => {
    await invalidateListings(app, 'test: a fresh start');
    statements = [];
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => app.inject({ method: 'GET', url: path, headers: { 'accept-encoding': 'br' } })),
    );
    const afterBurst = statements.length;
    const later = await app.inject({ method: 'GET', url: path });
    const total = statements.length;
    statements = null;
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
    }
    expect(later.statusCode).toBe(200);
    expect(later.body).toContain('/detail/');
    expect(afterBurst).toBeGreaterThan(0);
    expect(afterBurst).toBeLessThanOrEqual(path === '/sitemap.xml' ? 8 : 2);
    expect(total).toBe(afterBurst);
  });
});

describe('a catalogue-sized answer', () => {
  it('is compressed off the event loop, once, and decodes to the same listings', async () => {
    const template = await makeListing(app, owner.id, { title: 'Bulk condo', description: 'd'.repeat(1500) });
    const { id: _id, createdAt: _at, ...columns } = template;
    await app.db.insert(properties).values(Array.from({ length: 700 }, (_, i) => ({ ...columns, title: `Bulk ${i}` })));
    await invalidateListings(app, 'test: bulk listings');
    const plain = await get();
    expect(Buffer.byteLength(plain.body)).toBeGreaterThan(LARGE_BODY_BYTES);
    const ask = (encoding: string) =>
      app.inject({ method: 'GET', url: '/api/all/properties', headers: { 'accept-encoding': encoding } });
    const [br, brAgain, gz] = await Promise.all([ask('br'), ask('br'), ask('gzip')]);
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(brAgain.rawPayload.equals(br.rawPayload)).toBe(true);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(PropertyListResponse.parse(JSON.parse(plain.body)).payload.length).toBeGreaterThan(700);
  });
});
