import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { ErrorEnvelope, HealthResponse, NEWSLETTER_MESSAGES } from '@baan/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { newsletterSubscribers } from '../src/db/schema.ts';
import { build } from './helpers.ts';
import { lastMail } from './support/accounts.ts';
import { newsletterTokenIn } from './support/newsletter.ts';

describe('health and envelope', async () => {
  const app = await build();

  it('GET /api/health answers 200 with db ok, a request id and security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(HealthResponse.parse(res.json()).payload.db).toBe('ok');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    // Without Stripe configured, no third-party script may run.
    expect(res.headers['content-security-policy']).toContain("script-src 'self';");
    expect(res.headers['content-security-policy']).not.toContain('stripe');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('keeps a sane incoming request id and replaces a hostile one', async () => {
    const kept = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-123' } });
    expect(kept.headers['x-request-id']).toBe('lb-123');
    const replaced = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'a b<script>' },
    });
    expect(replaced.headers['x-request-id']).not.toBe('a b<script>');
  });

  it('answers an unknown /api path with a 404 envelope', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope/deeper?x=1'],
      ['DELETE', '/api'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      const parsed = ErrorEnvelope.parse(res.json());
      expect(parsed.message).toContain('No such endpoint');
      // Error answers carry the security headers and the request id too.
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('answers malformed JSON with a 400 envelope and no stack trace', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/newsletter',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'The request body is not valid JSON.' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).not.toMatch(/at .*\.(js|ts):\d+/);
  });

  it('answers an oversized body with 413 and keeps serving', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/newsletter',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', padding: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, message: 'The request body is too large.' });
    const after = await app.inject({ method: 'GET', url: '/api/health' });
    expect(after.statusCode).toBe(200);
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/newsletter',
      headers: { 'content-type': 'application/xml' },
      payload: '<email/>',
    });
    expect(res.statusCode).toBe(415);
    expect(ErrorEnvelope.parse(res.json()).message).toBe(
      'This content type is not accepted. Send JSON (Content-Type: application/json), or multipart/form-data for a form with files.',
    );
  });
});

describe('newsletter', async () => {
  const app = await build();
  const count = async () =>
    (await app.db.select({ n: sql<number>`count(*)::int` }).from(newsletterSubscribers))[0]?.n ?? 0;

  it('validates the e-mail per field and writes nothing', async () => {
    for (const payload of [{}, { email: '' }, { email: 'not-an-email' }, { email: 42 }]) {
      const res = await app.inject({ method: 'POST', url: '/api/newsletter', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const parsed = ErrorEnvelope.parse(res.json());
      expect(parsed.errors?.email?.length).toBeGreaterThan(0);
    }
    expect(await count()).toBe(0);
  });

  it('subscribes once, case-insensitively, after the mailed link, and answers 201 the same again without a duplicate', async () => {
    const first = await app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: ' Nok@Example.com ' } });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ success: true, message: NEWSLETTER_MESSAGES.checkInbox });
    // Double opt-in (ADR 055): on the list only once the mailed link is confirmed.
    expect(await count()).toBe(0);
    const token = newsletterTokenIn((await lastMail(app, 'nok@example.com'))?.text);
    expect((await app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token } })).statusCode).toBe(
      200,
    );
    expect(await count()).toBe(1);
    const again = await app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: 'nok@example.com' } });
    expect(again.statusCode).toBe(201);
    // The same answer as a new subscriber's, so the form tells nobody who is on the list (issue 21, L7).
    expect(again.json()).toEqual(first.json());
    expect(await count()).toBe(1);
  });
});

describe('serving the web app', async () => {
  // The built files only (no server render): pages then say how to build the app (pages.test.ts renders them).
  const webDist = mkdtempSync(path.join(tmpdir(), 'baan-web-'));
  mkdirSync(path.join(webDist, 'client', 'assets'), { recursive: true });
  writeFileSync(path.join(webDist, 'client', 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(webDist, 'client', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const app = await build({ webDist });

  it('serves hashed assets with a long immutable cache, other files briefly', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers a missing asset or upload with a plain 404, not a page', async () => {
    for (const url of ['/assets/missing-123.js', '/uploads/missing.webp']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/plain');
    }
  });

  it('never answers /api paths with a page', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('answers other methods on page paths with the envelope 404', async () => {
    const res = await app.inject({ method: 'POST', url: '/Quick', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false });
  });
});

describe('without a web build', async () => {
  const app = await build({ webDist: path.join(tmpdir(), 'baan-no-such-dist') });
  it('says how to build it instead of a blank page', async () => {
    const res = await app.inject({ method: 'GET', url: '/Quick' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
  });
});

describe('compression', async () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'baan-web-gz-'));
  mkdirSync(path.join(webDist, 'client', 'assets'), { recursive: true });
  const script = `console.log(${JSON.stringify('x'.repeat(4000))})`;
  writeFileSync(path.join(webDist, 'client', 'assets', 'big-abc.js'), script);
  writeFileSync(path.join(webDist, 'client', 'assets', 'big-abc.js.br'), brotliCompressSync(script));
  const app = await build({ webDist });

  it('sends a pre-compressed asset when the browser accepts it', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/big-abc.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    const plain = await app.inject({ method: 'GET', url: '/assets/big-abc.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });
});

describe('the embedded PGlite database', () => {
  it('runs with a 64 MB buffer cache (its WebAssembly heap never shrinks) and pg_trgm', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'baan-pglite-'));
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'db') });
    try {
      const firstRow = async (query: ReturnType<typeof sql>) =>
        ((await database.db.execute(query)) as { rows: unknown[] }).rows[0];
      expect(await firstRow(sql`show shared_buffers`)).toEqual({ shared_buffers: '64MB' });
      expect(await firstRow(sql`select similarity('sukhumvit', 'sukhumvit 24') > 0.5 as close`)).toEqual({
        close: true,
      });
    } finally {
      await database.close();
    }
  });
});
