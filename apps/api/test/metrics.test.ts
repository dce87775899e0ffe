import { describe, expect, it } from 'vitest';
import { TtlCache } from '../src/lib/ttl-cache.ts';
import { build } from './helpers.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';

describe('GET /metrics without METRICS_TOKEN', async () => {
  const app = await build();

  it('is not there (404), with or without a token', async () => {
    expect((await app.inject('/metrics')).statusCode).toBe(404);
    expect((await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
    expect(app.metrics).toBeUndefined();
  });
});

describe('GET /metrics with METRICS_TOKEN', async () => {
  const app = await build({ metricsToken: TOKEN });
  const scrape = (authorization?: string) =>
    app.inject({ url: '/metrics', headers: authorization === undefined ? {} : { authorization } });

  it('answers 401 without the right bearer token, and never echoes it', async () => {
    for (const authorization of [
      undefined,
      '',
      'Bearer',
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Bearer ${'x'.repeat(TOKEN.length)}`,
      `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}`,
      TOKEN,
    ]) {
      const res = await scrape(authorization);
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.json()).toEqual({ success: false, message: 'A valid metrics token is required.' });
      expect(res.body).not.toContain(TOKEN);
    }
  });

  it('serves the Prometheus text format with route patterns (never raw URLs), status codes, loop lag, cache and jobs', async () => {
    // A parametric route, twice the same listing read (a cache miss, then a hit), and an unknown path.
    expect((await app.inject('/api/admin/users/987654')).statusCode).toBe(401);
    expect((await app.inject('/api/properties?page=1&per_page=5')).statusCode).toBe(200);
    expect((await app.inject('/api/properties?page=1&per_page=5')).statusCode).toBe(200);
    expect((await app.inject('/api/no-such-call-424242')).statusCode).toBe(404);

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;

    for (const name of [
      'baan_http_request_duration_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'baan_listing_cache_hits_total',
      'baan_listing_cache_misses_total',
      'baan_jobs_queued',
      'baan_jobs_failed',
    ])
      expect(text, name).toContain(`# TYPE ${name} `);

    expect(text).toMatch(
      /^baan_http_request_duration_seconds_count\{method="GET",route="\/api\/admin\/users\/:id",status_code="401"\} 1$/m,
    );
    expect(text).toMatch(
      /^baan_http_request_duration_seconds_bucket\{method="GET",route="\/api\/properties",status_code="200",le="\+Inf"\} 2$/m,
    );
    expect(text).toMatch(/^baan_http_request_duration_seconds_count\{method="GET",route="\*",status_code="404"\} 1$/m);
    expect(text).not.toContain('987654');
    expect(text).not.toContain('424242');
    expect(text).not.toContain('per_page');
    // 401 scrapes are measured too; the token never appears.
    expect(text).toMatch(/route="\/metrics",status_code="401"/);
    expect(text).not.toContain(TOKEN);

    const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
    expect(value('baan_listing_cache_hits_total')).toBeGreaterThanOrEqual(1);
    expect(value('baan_listing_cache_misses_total')).toBeGreaterThanOrEqual(1);
    expect(value('baan_jobs_failed')).toBe(0);
    expect(value('nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);

    // Every sample line is `name{labels} number`.
    for (const line of text.split('\n').filter((l) => l && !l.startsWith('#')))
      expect(line).toMatch(/^[a-zA-Z_:][a-zA-Z0-9_:]*(\{[^}]*\})? (-?[0-9.e+-]+|NaN|[+-]Inf)$/);
  });
});

describe('listing cache hit and miss counts', () => {
  it('counts hits (a load in flight too) and misses, and keeps them across clear()', async () => {
    let now = 0;
    const cache = new TtlCache(1_000, () => now);
    await cache.get('a', async () => 1);
    await cache.get('a', async () => 1);
    const [x, y] = [cache.get('b', async () => 2), cache.get('b', async () => 2)];
    await Promise.all([x, y]);
    now = 5_000;
    await cache.get('a', async () => 1);
    cache.clear();
    expect(cache.stats()).toEqual({ hits: 2, misses: 3, refreshes: 0, size: 0, bytes: 0 });
    const off = new TtlCache(0);
    await off.get('a', async () => 1);
    expect(off.stats()).toMatchObject({ hits: 0, misses: 1 });
  });
});
