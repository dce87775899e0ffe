import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { properties, users } from '../src/db/schema.ts';
import { DEFAULT_WEB_DIST } from '../src/paths.ts';
import { createLocalStorage } from '../src/storage/local-storage.ts';
import type { Storage } from '../src/storage/storage.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build, freshDatabase } from './helpers.ts';
import { alternates, decodeEntities, headTag, metaContent } from './support/html.ts';

if (!existsSync(path.join(DEFAULT_WEB_DIST, 'server', 'index.js'))) {
  throw new Error('The web app is not built: run `npm run build` before the API tests (npm test does).');
}

const PUBLIC_URL = 'https://baan.example';
const app = await build({ publicUrl: PUBLIC_URL });
const owner = await createUser(app, { email: 'pages-owner@example.test' });
const made: Awaited<ReturnType<typeof makeListing>>[] = [];
for (let i = 1; i <= 20; i++) {
  made.push(await makeListing(app, owner.id, { title: `Riverside condo ${i}`, price: 10_000 + i, type: 'sale' }));
}
const listing = made[0];
if (!listing) throw new Error('no listing');

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const cards = (html: string) => new Set([...html.matchAll(/href="(?:\/[a-z]{2})?\/detail\/(\d+)"/g)].map((m) => m[1]));
const title = (html: string) => decodeEntities(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');

/** hreflang → URL prefix, written out here so a wrong mapping in the code shows up. */
const LANGUAGE_URLS: Record<string, string> = {
  en: '',
  th: '/th',
  'zh-Hans': '/zh',
  ja: '/ja',
  my: '/my',
  ru: '/ru',
  'zh-Hant': '/tw',
};

describe('server-rendered public pages', () => {
  it('/Quick: the first HTML holds 16 listing cards with photos, prices and places, and a pager link', async () => {
    const res = await get('/Quick');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(cards(res.body).size).toBe(16);
    expect(res.body).toContain('Riverside condo 20');
    expect(res.body).toContain('10,020');
    expect(res.body).toContain('href="/Quick?page=2"');
    // The last page holds the remaining 4, and a page past it offers the way back to it.
    expect(cards((await get('/Quick?page=2')).body).size).toBe(4);
    const past = (await get('/Quick?page=9')).body;
    expect(cards(past).size).toBe(0);
    expect(past).toContain('href="/Quick?page=2"');
  });

  it('/th/detail/{id}: the listing in the language it was written in, inside a Thai interface', async () => {
    const res = await get(`/th/detail/${listing.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<html lang="th"/);
    expect(res.headers['content-language']).toBe('th');
    expect(res.body).toContain('Riverside condo 1');
    expect(res.body).toContain('10,001');
    // Thai labels around it (listings namespace), links kept in Thai.
    expect(res.body).toContain('รายละเอียด');
    expect(res.body).toContain('href="/th/Quick"');
    expect(title(res.body)).toBe('Riverside condo 1 · กรุงเทพมหานคร | Baan');
  });

  it('gives every public page its canonical and the complete hreflang set, in every language', async () => {
    for (const page of [
      '/',
      '/Quick',
      '/Buy-rent',
      '/recommend',
      '/cost',
      `/detail/${listing.id}`,
      '/contact',
      '/faq',
    ]) {
      for (const prefix of Object.values(LANGUAGE_URLS)) {
        const url = prefix && page === '/' ? prefix : prefix + page;
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
        const expected = Object.fromEntries(
          Object.entries(LANGUAGE_URLS).map(([tag, p]) => [tag, PUBLIC_URL + (p && page === '/' ? p : p + page)]),
        );
        expect(alternates(res.body), url).toEqual({ ...expected, 'x-default': PUBLIC_URL + page });
        expect(headTag(res.body, 'link', 'rel', 'canonical'), url).toContain(`href="${PUBLIC_URL}${url}"`);
        expect(metaContent(res.body, 'name', 'description'), url).toBeTruthy();
        expect(metaContent(res.body, 'name', 'keywords'), url).toBeTruthy();
        expect(metaContent(res.body, 'name', 'robots'), url).toBe('index, follow');
        expect(metaContent(res.body, 'property', 'og:title'), url).toBeTruthy();
        expect(metaContent(res.body, 'name', 'twitter:card'), url).toBeTruthy();
      }
    }
  });

  it('answers 404 with the not-found screen for unknown paths and missing listings', async () => {
    for (const url of ['/no-such-page', '/th/no-such-page', '/detail/999999999', '/xx/Quick', '/en/Quick', '/th/th']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('id="not-found-title"');
      expect(metaContent(res.body, 'name', 'robots'), url).toBe('noindex');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    // The Thai not-found screen is Thai.
    expect((await get('/th/no-such-page')).body).toMatch(/<html lang="th"/);
  });

  it('renders 50 concurrent requests in mixed languages each in its own language', async () => {
    const prefixes = Object.entries(LANGUAGE_URLS);
    const requests = Array.from({ length: 50 }, (_, i) => prefixes[i % prefixes.length] ?? ['en', '']);
    const answers = await Promise.all(requests.map(([, prefix]) => get(`${prefix}/detail/${listing.id}`)));
    answers.forEach((res, i) => {
      const [tag] = requests[i] ?? [];
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(new RegExp(`<html lang="${tag}"`));
      expect(res.headers['content-language']).toBe(tag);
    });
    // The interface words differ between them: Thai pages say Thai words, English pages English ones.
    const th = answers[1]?.body ?? '';
    const en = answers[0]?.body ?? '';
    expect(th).toContain('รายละเอียด');
    expect(en).not.toContain('รายละเอียด');
  });

  it('lets a CDN keep public pages, with an ETag the browser can revalidate, and keeps account screens private', async () => {
    const res = await get('/Quick');
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get('/Quick', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    for (const url of ['/dashboard', '/login', '/admin', '/th/checkout']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('allows exactly its own inline scripts in the Content-Security-Policy, none that came with a stored text', async () => {
    // Escaped by React anyway; were it ever written raw, the browser must still refuse to run it.
    const bait = await makeListing(app, owner.id, {
      title: 'Bait <script>alert(1)</script>',
      description: 'Nice view.</p><script>alert(document.cookie)</script><p>',
      location: 'Thonglor </script><script>alert(3)</script>, Bangkok',
    });
    const res = await get(`/detail/${bait.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(');
    // The places the page carries for hydration (a data block, never run) hold the location with `<` escaped.
    const carried = /<script type="application\/json" id="place-names">([^<]*)<\/script>/.exec(res.body)?.[1] ?? '';
    expect(carried).toContain('\\u003c/script>\\u003cscript>alert(3)');
    expect(JSON.parse(carried).names).toHaveProperty(['Thonglor </script><script>alert(3)</script>, Bangkok']);
    const policy = String(res.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1]?.split(' ') ?? [];
    for (const injected of ['alert(1)', 'alert(document.cookie)']) {
      expect(scriptSrc).not.toContain(`'sha256-${createHash('sha256').update(injected).digest('base64')}'`);
    }
    // Each render marks the framework's scripts with its own nonce; none is left in the page or its policy.
    expect(res.body).not.toMatch(/\bnonce=/);
    expect(policy).not.toContain('nonce-');
    expect(scriptSrc.filter((source) => source.startsWith("'sha256-"))).toHaveLength(
      [...res.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        ([, attributes = '', text = '']) => !/src=|type="application\/(?:ld\+)?json"/.test(attributes) && text !== '',
      ).length,
    );
  });

  it('allows every inline script the framework wrote in the Content-Security-Policy', async () => {
    const res = await get(`/detail/${listing.id}`);
    const policy = String(res.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1]?.split(' ') ?? [];
    const inline = [...res.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes = '', text = '']) => !/src=|type="application\/(?:ld\+)?json"/.test(attributes) && text !== '',
    );
    expect(inline.length).toBeGreaterThan(0);
    for (const [, , text = ''] of inline) {
      expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
    }
    expect(scriptSrc).not.toContain("'unsafe-inline'");
  });

  it('draws its icons from one cached sprite file, none inline: every <use> names a symbol the sprite has', async () => {
    for (const url of [`/detail/${listing.id}`, '/th', '/Quick']) {
      const html = (await get(url)).body;
      const uses = [...html.matchAll(/<use href="([^"#]+)#([a-z0-9-]+)"/g)];
      expect(uses.length, url).toBeGreaterThan(10);
      const files = new Set(uses.map(([, file]) => file));
      expect([...files], url).toEqual([expect.stringMatching(/^\/assets\/icon-sprite-[\w-]+\.svg$/)]);
      // lucide-react's inline drawing (class "lucide lucide-<name>", its paths in every page) is gone.
      expect(html).not.toContain('class="lucide');
      const sprite = await get([...files][0] ?? '');
      expect(sprite.statusCode).toBe(200);
      expect(sprite.headers['content-type']).toContain('image/svg+xml');
      expect(sprite.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      for (const [, , id] of uses) expect(sprite.body, id).toContain(`<symbol id="${id}" viewBox="0 0 24 24">`);
    }
  });

  it('compresses the HTML', async () => {
    const res = await get('/Quick', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toContain('Riverside condo 20');
  });

  it('shows a write in the next render: a hidden listing leaves /Quick and its page answers 404', async () => {
    const target = made[19];
    if (!target) throw new Error('no listing');
    expect((await get('/Quick')).body).toContain('Riverside condo 20');
    await app.db.update(properties).set({ status: 'hidden' }).where(eq(properties.id, target.id));
    // A write through the app clears the read cache; this test wrote to the table, so it clears it as a write would.
    app.listingCache.clear();
    expect((await get('/Quick')).body).not.toContain('Riverside condo 20');
    expect((await get(`/detail/${target.id}`)).statusCode).toBe(404);
  });

  it('answers a paused listing with a 404 that says it is no longer available and offers similar ones, not its details', async () => {
    const paused = await makeListing(app, owner.id, {
      title: 'Quiet riverside hideaway',
      description: 'A paused description nobody should read.',
      price: 10_777,
      type: 'sale',
      status: 'paused',
    });
    app.listingCache.clear();
    for (const [prefix, heading] of [
      ['', 'This listing is no longer available'],
      ['/th', 'ประกาศนี้ไม่เปิดให้ดูแล้ว'],
    ] as const) {
      const res = await get(`${prefix}/detail/${paused.id}`);
      expect(res.statusCode, prefix).toBe(404);
      expect(res.headers['cache-control'], prefix).toBe('no-cache');
      expect(decodeEntities(res.body)).toContain(heading);
      expect(title(res.body)).toBe(`${heading} | Baan`);
      expect(metaContent(res.body, 'name', 'robots')).toBe('noindex');
      // Similar listings (condos for sale near its price), and nothing of its own: title, description, price.
      expect(cards(res.body).size).toBeGreaterThan(0);
      expect(cards(res.body).has(String(paused.id))).toBe(false);
      expect(res.body).not.toContain('Quiet riverside hideaway');
      expect(res.body).not.toContain('A paused description');
      expect(res.body).not.toContain('10,777');
      expect(res.body).not.toContain('10777');
      // A search that works without JavaScript.
      expect(res.body).toContain(`action="${prefix}/Quick"`);
    }
    // A listing that never was public (waiting for review) gets the plain not-found screen.
    const pending = await makeListing(app, owner.id, { title: 'Held back', review: 'pending' });
    app.listingCache.clear();
    const plain = await get(`/detail/${pending.id}`);
    expect(plain.statusCode).toBe(404);
    expect(decodeEntities(plain.body)).toContain("We can't find that page");
    expect(plain.body).not.toContain('Similar listings');
  });

  it('shows the headline the admin set, in the page language, and the guides (in the sitemap too)', async () => {
    const admin = await createUser(app, { email: 'pages-admin@example.test', role: 'admin' });
    const put = await app.inject({
      method: 'PUT',
      url: '/api/admin/settings/home',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { hero_title: { th: 'หาบ้านที่ใช่ทั่วไทย' } },
    });
    expect(put.statusCode).toBe(200);
    expect(decodeEntities((await get('/th')).body)).toMatch(/<h1[^>]*>หาบ้านที่ใช่ทั่วไทย<\/h1>/);
    expect(decodeEntities((await get('/')).body)).toMatch(/<h1[^>]*>Welcome to Our Website<\/h1>/);
    const guide = await get('/guides/foreign-buyers');
    expect(guide.statusCode).toBe(200);
    expect(title(guide.body)).toBe('Buying a condo as a foreigner: the 49% quota | Baan');
    expect((await get('/guides/nothing-here')).statusCode).toBe(404);
    const sitemap = (await get('/sitemap.xml')).body;
    expect(sitemap).toContain(`${PUBLIC_URL}/th/guides/land-units`);
  });

  it('serves loader data for navigations in the browser (.data), cacheable like the page', async () => {
    const res = await get(`/th/detail/${listing.id}.data`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Riverside condo 1');
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600');
  });
});

describe('a page whose render fails', async () => {
  const logs: string[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'baan-data-'));
  const local = createLocalStorage(path.join(dataDir, 'uploads'));
  // A storage whose address of one photo throws, as a bug would.
  const storage: Storage = {
    ...local,
    url: (key: string) => {
      if (key.startsWith('explode')) throw new Error('storage url exploded');
      return local.url(key);
    },
  };
  const database = await freshDatabase();
  const failing = await buildApp({
    config: { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), logLevel: 'error' },
    database,
    storage,
    logStream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs.push(chunk.toString());
        done();
      },
    }),
  });
  await failing.ready();
  afterAll(async () => {
    await failing.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 500 with the error screen and logs the failure with the request id', async () => {
    const [user] = await failing.db
      .insert(users)
      .values({ name: 'O', email: 'boom@example.test', passwordHash: 'x', emailVerifiedAt: new Date() })
      .returning();
    if (!user) throw new Error('no user');
    const broken = await makeListing(failing, user.id, { title: 'Broken photo' });
    const { propertyImages } = await import('../src/db/schema.ts');
    await failing.db.insert(propertyImages).values({
      propertyId: broken.id,
      storageKey: 'explode/cover',
      width: 800,
      height: 600,
      widths: [320],
      isCover: true,
    });
    const res = await failing.inject({
      method: 'GET',
      url: `/detail/${broken.id}`,
      headers: { 'x-request-id': 'req-boom-1' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('id="not-found-title"');
    expect(res.body).not.toContain('storage url exploded');
    const line = logs.find((l) => l.includes('page render failed'));
    expect(line).toBeDefined();
    expect(JSON.parse(line ?? '{}')).toMatchObject({ reqId: 'req-boom-1', err: { message: 'storage url exploded' } });
  });
});
