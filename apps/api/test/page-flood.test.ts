import { existsSync } from 'node:fs';
import { type AddressInfo, connect } from 'node:net';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { clientNetwork } from '../src/lib/client-network.ts';
import { RenderLimiter } from '../src/lib/render-limiter.ts';
import { TtlCache } from '../src/lib/ttl-cache.ts';
import { DEFAULT_WEB_DIST } from '../src/paths.ts';
import { isPageCached } from '../src/services/reads/listing-reads.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';

if (!existsSync(path.join(DEFAULT_WEB_DIST, 'server', 'index.js'))) {
  throw new Error('The web app is not built: run `npm run build` before the API tests (npm test does).');
}

// Issue 21 (M7): one client varying query strings (?page=N&min_price=N) cut a node to 34 pages/s, p99 5.9 s, RSS
// 0.79 → 1.14 GB, because the page cache was keyed by the raw URL, every render ran to the end whoever was waiting,
// and nothing limited renders per client.

describe('page addresses: one cache entry per page as its loader reads it', async () => {
  const app = await build();
  const owner = await createUser(app, { email: 'addresses@example.test' });
  for (let i = 1; i <= 3; i++) await makeListing(app, owner.id, { title: `Address condo ${i}`, price: 10_000 * i });
  const get = (url: string) => app.inject({ method: 'GET', url });

  it.each([
    ['/Quick?page=1', '/Quick'],
    ['/Quick?utm_source=line&fbclid=x', '/Quick'],
    ['/Quick?page=2&min_price=5000', '/Quick?min_price=5000&page=2'],
    ['/th/Quick?min_price=abc&page=3&zzz=1', '/th/Quick?page=3'],
    ['/Quick?q=%20condo%20&type=&sub_type=villa', '/Quick?q=condo&sub_type=villa'],
    ['/Quick?min_area=2&area_in=rai', '/Quick?min_area=3200'],
    ['/Buy-rent?tab=all&page=1&foo=bar', '/Buy-rent'],
    ['/Buy-rent?location=Korat&tab=condo', '/Buy-rent?tab=condo&location=Korat'],
    ['/cost?type=sale', '/cost'],
    ['/cost?type=rent&x=1', '/cost?type=rent'],
    ['/compare?ids=3,1,3&x=1', '/compare?ids=3,1'],
    ['/ja/recommend?page=9', '/ja/recommend'],
    ['/detail/1?ref=mail', '/detail/1'],
    ['/?q=1', '/'],
    ['/th?utm_campaign=x', '/th'],
    ['/unsubscribe?t=abc&u=7&x=1', '/unsubscribe?u=7&t=abc'],
  ])('%s answers 302 to %s, which is canonical (no second redirect)', async (from, to) => {
    const res = await get(from);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(to);
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
    const there = await get(to);
    expect(there.statusCode, to).not.toBe(302);
  });

  it.each([
    '/Quick',
    '/Quick?min_price=5000&page=2',
    '/Buy-rent?tab=house&page=2',
    '/compare?ids=1,2',
    '/login?mode=forgot',
    '/dashboard/properties?status=paused&page=2',
    '/no-such-page?x=1',
  ])('%s is answered as it is (canonical, a screen rendered in the browser, or unknown)', async (url) => {
    expect((await get(url)).statusCode).not.toBe(302);
  });

  it('renders a query escaped differently as it is, kept under the canonical spelling', async () => {
    const res = await get('/Quick?q=Rama%209');
    expect(res.statusCode).toBe(200);
    expect(isPageCached(app, '/Quick?q=Rama+9')).toBe(true);
    expect((await get('/compare?ids=1%2C2')).statusCode).toBe(200);
    expect(isPageCached(app, '/compare?ids=1,2')).toBe(true);
  });

  it('renders a page once for every spelling of its loader input, and a navigation’s data without a detour', async () => {
    app.listingCache.clear();
    const before = app.pageRenderStats().rendered;
    expect((await get('/Quick?min_price=15000')).statusCode).toBe(200);
    for (const junk of ['&x=1', '&page=1', '&utm_source=a', '&min_price=15000', '&area_in=sqm']) {
      const res = await get(`/Quick?min_price=15000${junk}`);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/Quick?min_price=15000');
    }
    // Loader data for the browser: rendered for the canonical query, cached under it, React Router's _routes kept.
    const data = await get('/Quick.data?page=1&junk=1&min_price=15000&_routes=app%2Froutes%2Fquick');
    expect(data.statusCode).toBe(200);
    expect(data.body).toContain('Address condo 2');
    expect(isPageCached(app, '/Quick.data?min_price=15000&_routes=app%2Froutes%2Fquick')).toBe(true);
    expect((await get('/Quick.data?min_price=15000&_routes=app%2Froutes%2Fquick&other=2')).statusCode).toBe(200);
    expect(app.pageRenderStats().rendered - before).toBe(2);
  });

  it('answers HEAD from the page a GET rendered, without rendering again', async () => {
    app.listingCache.clear();
    const page = await get('/recommend');
    const rendered = app.pageRenderStats().rendered;
    const head = await app.inject({ method: 'HEAD', url: '/recommend' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers.etag).toBe(page.headers.etag);
    expect(app.pageRenderStats().rendered).toBe(rendered);
    expect((await get('/recommend')).body).toBe(page.body);
  });
});

describe('uncached renders per network', async () => {
  // Always busy (busyAt 0): every uncached render is counted; 2 at once, then 1 a second.
  const app = await build({ pageRenders: { burst: 2, perSecond: 1, busyAt: 0, busyUtilization: 2 } });
  let now = Date.now();
  app.clock.now = () => new Date(now);
  const from = (remoteAddress: string, url: string) => app.inject({ method: 'GET', url, remoteAddress });

  it('refuses a network past its share with 429, Retry-After and a page in the address’s language; cached pages still load', async () => {
    expect((await from('10.0.0.1', '/th/Quick?page=2')).statusCode).toBe(200);
    expect((await from('10.0.0.1', '/th/Quick?page=3')).statusCode).toBe(200);
    const refused = await from('10.0.0.1', '/th/Quick?page=4');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(refused.body).toContain('<html lang="th">');
    expect(refused.body).toContain('มีการเปิดหน้าเว็บพร้อมกันมากเกินไป');
    expect(refused.body).toContain('href="/th/Quick?page=4"');
    expect(refused.body).not.toContain('<script');
    expect(String(refused.headers['content-security-policy'])).toContain("script-src 'self'");
    // A page from the cache costs nothing: the same network gets it at once, as often as it likes.
    for (let i = 0; i < 5; i++) expect((await from('10.0.0.1', '/th/Quick?page=2')).statusCode).toBe(200);
    // Other networks have their own share.
    expect((await from('10.0.0.2', '/th/Quick?page=4')).statusCode).toBe(200);
    expect(app.pageRenderStats().refused).toBe(1);
  });

  it('gives the network its next render a second later, and never keeps the 429 page', async () => {
    expect((await from('10.0.0.1', '/Quick?page=5')).statusCode).toBe(429);
    now += 1_000;
    const next = await from('10.0.0.1', '/Quick?page=5');
    expect(next.statusCode).toBe(200);
    expect(next.body).toContain('id="quick-results"');
    expect((await from('10.0.0.1', '/Quick?page=6')).statusCode).toBe(429);
  });

  it('counts an IPv6 /64 as one network, whichever of its addresses asks', async () => {
    expect((await from('2001:db8:1:2::1', '/Quick?page=7')).statusCode).toBe(200);
    expect((await from('2001:db8:1:2:ffff::9', '/Quick?page=8')).statusCode).toBe(200);
    expect((await from('2001:db8:1:2:aaaa:bbbb:cccc:dddd', '/Quick?page=9')).statusCode).toBe(429);
    expect((await from('2001:db8:1:3::1', '/Quick?page=9')).statusCode).toBe(200);
  });

  it('counts screens rendered in the browser and 404s too: every render that misses the cache', async () => {
    now += 10_000;
    expect((await from('10.0.0.3', '/no-such-page-1')).statusCode).toBe(404);
    expect((await from('10.0.0.3', '/login')).statusCode).toBe(200);
    expect((await from('10.0.0.3', '/no-such-page-2')).statusCode).toBe(429);
  });
});

describe('a quiet node refuses nobody', async () => {
  const app = await build({ pageRenders: { burst: 1, perSecond: 0.001, busyAt: 1_000, busyUtilization: 2 } });
  it('renders every page asked for while fewer renders than busyAt are running, even from one address', async () => {
    for (let page = 2; page <= 6; page++) {
      const res = await app.inject({ url: `/Quick?page=${page}`, remoteAddress: '10.9.9.9' });
      expect(res.statusCode).toBe(200);
    }
    expect(app.pageRenderStats().refused).toBe(0);
  });
});

describe('the page cache’s memory', async () => {
  it('keeps at most PAGE_CACHE_MAX_MB of pages: the oldest go first', async () => {
    const app = await build({ pageCacheMaxBytes: 400 * 1024 });
    for (let page = 2; page <= 12; page++) expect((await app.inject(`/Quick?page=${page}`)).statusCode).toBe(200);
    const { pageBytes } = app.listingCache.stats();
    expect(pageBytes).toBeGreaterThan(0);
    expect(pageBytes).toBeLessThanOrEqual(400 * 1024);
    expect(isPageCached(app, '/Quick?page=2')).toBe(false);
    expect(isPageCached(app, '/Quick?page=12')).toBe(true);
  });

  it('TtlCache: stays under maxBytes by dropping its oldest values, and forgets their bytes on clear()', async () => {
    const cache = new TtlCache(60_000, Date.now, 100, { weigh: (v) => Number(v), maxBytes: 100 });
    await cache.get('a', async () => 40);
    await cache.get('b', async () => 40);
    expect(cache.stats().bytes).toBe(80);
    await cache.get('c', async () => 40);
    expect(cache.stats()).toMatchObject({ size: 2, bytes: 80 });
    expect(cache.has('a')).toBe(false);
    expect(cache.has('c')).toBe(true);
    // Exactly at the bound is within it.
    await cache.get('d', async () => 20);
    expect(cache.stats()).toMatchObject({ size: 3, bytes: 100 });
    cache.clear();
    expect(cache.stats()).toMatchObject({ size: 0, bytes: 0 });
  });
});

describe('a render whose client has gone', async () => {
  const app = await build();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;

  it('stops: nothing is rendered for nobody, nothing is kept, and the next visitor gets a fresh render', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reading = () => {};
    const started = new Promise<void>((resolve) => {
      reading = resolve;
    });
    const read = app.listingCache.read.bind(app.listingCache);
    const spy = vi.spyOn(app.listingCache, 'read').mockImplementationOnce(async (query) => {
      reading();
      await gate;
      return read(query);
    });
    const before = app.pageRenderStats();
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('GET /Quick?page=3 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await started;
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    for (let i = 0; i < 200 && app.pageRenderStats().abandoned === before.abandoned; i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    spy.mockRestore();
    expect(app.pageRenderStats().abandoned).toBe(before.abandoned + 1);
    expect(app.pageRenderStats().inProgress).toBe(0);
    expect(isPageCached(app, '/Quick?page=3')).toBe(false);
    const next = await app.inject('/Quick?page=3');
    expect(next.statusCode).toBe(200);
    expect(next.body).toContain('id="quick-results"');
    await app.close();
  });
});

describe('clientNetwork and RenderLimiter', () => {
  it('counts a node whose event loop is held as busy, however few renders it has started', () => {
    let utilization = 0.5;
    const limiter = new RenderLimiter(
      { burst: 1, perSecond: 0.001, busyAt: 100, busyUtilization: 0.8 },
      () => 0,
      () => utilization,
    );
    const first = limiter.admit('n');
    expect('done' in first).toBe(true);
    if ('done' in first) first.done();
    // Quiet: over its share, still served.
    expect('done' in limiter.admit('n')).toBe(true);
    utilization = 0.8;
    expect('retryAfterSeconds' in limiter.admit('n')).toBe(true);
    expect('done' in limiter.admit('other')).toBe(true);
  });

  it('groups IPv6 by /64 and keeps IPv4 (also written as IPv6) whole', () => {
    expect(clientNetwork('203.0.113.9')).toBe('203.0.113.9');
    expect(clientNetwork('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientNetwork('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('admits a full burst, refuses the next while busy, and refills at its rate', () => {
    let now = 0;
    const limiter = new RenderLimiter({ burst: 3, perSecond: 2, busyAt: 0, busyUtilization: 2 }, () => now);
    const permits = [limiter.admit('n'), limiter.admit('n'), limiter.admit('n')];
    expect(permits.every((p) => 'done' in p)).toBe(true);
    expect(limiter.inProgress).toBe(3);
    expect(limiter.admit('n')).toEqual({ retryAfterSeconds: 1 });
    now += 400;
    expect('retryAfterSeconds' in limiter.admit('n')).toBe(true);
    now += 200;
    expect('done' in limiter.admit('n')).toBe(true);
    expect('retryAfterSeconds' in limiter.admit('n')).toBe(true);
    for (const p of permits) if ('done' in p) p.done();
    expect(limiter.inProgress).toBe(1);
  });
});
