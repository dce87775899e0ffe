import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { properties, propertyImages, users } from '../src/db/schema.ts';
import { buildSitemapPart } from '../src/services/seo/build-sitemap.ts';
import { escapeHtml, injectHead, jsonForScript, summary } from '../src/services/seo/html.ts';
import { build } from './helpers.ts';

const webDist = mkdtempSync(path.join(tmpdir(), 'baan-web-'));
afterAll(() => rmSync(webDist, { recursive: true, force: true }));
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Baan</title>
    <meta name="description" content="Default description" />
    <script type="module" src="/assets/index.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;
writeFileSync(path.join(webDist, 'index.html'), INDEX);

const PUBLIC_URL = 'https://baan.example';
const app = await build({ webDist, publicUrl: PUBLIC_URL });

const [owner] = await app.db
  .insert(users)
  .values({ name: 'Owner', email: 'o@example.test', passwordHash: 'x', emailVerifiedAt: new Date() })
  .returning();
const [disabled] = await app.db
  .insert(users)
  .values({ name: 'Gone', email: 'g@example.test', passwordHash: 'x', disabledAt: new Date() })
  .returning();
if (!owner || !disabled) throw new Error('no users');
const base = {
  userId: owner.id,
  type: 'sale' as const,
  userType: 'agent' as const,
  propertyType: 'residential' as const,
  propertySubType: 'condo',
  location: 'Sukhumvit 24, Bangkok',
  price: 7_900_000,
  area: 68,
  bedRooms: 2,
  bathRooms: 2,
};
const [listing] = await app.db
  .insert(properties)
  .values({
    ...base,
    title: 'Condo "Sky" <Residence> & Spa',
    description: `Two bedrooms facing the park. </script><script>alert(1)</script> ${'Quiet and bright. '.repeat(20)}`,
    lat: 13.72,
    lon: 100.57,
    updatedAt: new Date('2026-03-04T05:06:07Z'),
  })
  .returning();
const [hidden] = await app.db
  .insert(properties)
  .values({ ...base, title: 'Hidden one', description: 'x', status: 'hidden' })
  .returning();
const [ofDisabled] = await app.db
  .insert(properties)
  .values({ ...base, userId: disabled.id, title: 'Disabled owner one', description: 'x' })
  .returning();
const [bareListing] = await app.db
  .insert(properties)
  .values({ ...base, title: 'No photos yet', description: 'x' })
  .returning();
if (!listing || !hidden || !ofDisabled || !bareListing) throw new Error('no listings');
await app.db.insert(propertyImages).values({
  propertyId: listing.id,
  storageKey: 'listings/cover',
  width: 1600,
  height: 1200,
  widths: [320, 640, 1024, 1600],
  isCover: true,
});

function jsonLd(html: string) {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no JSON-LD');
  return JSON.parse(match[1]);
}

describe('GET /detail/:id (server-rendered head)', () => {
  it('puts the listing title, description, canonical, Open Graph and JSON-LD in the first response', async () => {
    const res = await app.inject({ method: 'GET', url: `/detail/${listing.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html).toContain(
      '<title>Condo &#34;Sky&#34; &#60;Residence&#62; &#38; Spa · Sukhumvit 24, Bangkok | Baan</title>',
    );
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).not.toContain('Default description');
    expect(html).toMatch(/<meta name="description" content="Two bedrooms facing the park\. &#60;\/script&#62;/);
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/detail/${listing.id}">`);
    expect(html).toContain(`<meta property="og:url" content="${PUBLIC_URL}/detail/${listing.id}">`);
    expect(html).toContain(`<meta property="og:image" content="${PUBLIC_URL}/uploads/listings/cover-1024.webp">`);
    expect(html).toContain('<meta property="og:title" content="Condo &#34;Sky&#34;');
    // The app still boots: the SPA's script and root are there.
    expect(html).toContain('<script type="module" src="/assets/index.js"></script>');
    expect(html).toContain('<div id="root"></div>');
    // Nothing from the listing can close a script element or inject markup.
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html.match(/<\/script>/g)).toHaveLength(2);
  });

  it('preloads the first photo at high priority with the srcset and sizes the page will use', async () => {
    const html = (await app.inject({ method: 'GET', url: `/detail/${listing.id}` })).body;
    const preload = /<link rel="preload" as="image"[^>]*>/.exec(html)?.[0] ?? '';
    expect(preload).toContain('href="/uploads/listings/cover-1024.webp"');
    expect(preload).toContain(
      'imagesrcset="/uploads/listings/cover-320.webp 320w, /uploads/listings/cover-640.webp 640w, /uploads/listings/cover-1024.webp 1024w, /uploads/listings/cover-1600.webp 1600w"',
    );
    expect(preload).toContain('imagesizes="(min-width: 1024px) 800px, 100vw"');
    expect(preload).toContain('fetchpriority="high"');
    // A listing without photos has nothing to preload.
    const bare = (await app.inject({ method: 'GET', url: `/detail/${bareListing.id}` })).body;
    expect(bare).not.toContain('rel="preload"');
  });

  it('describes the listing as a schema.org RealEstateListing with an Offer in THB and the residence', async () => {
    const html = (await app.inject({ method: 'GET', url: `/detail/${listing.id}` })).body;
    const data = jsonLd(html);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'RealEstateListing',
      name: 'Condo "Sky" <Residence> & Spa',
      url: `${PUBLIC_URL}/detail/${listing.id}`,
      image: [`${PUBLIC_URL}/uploads/listings/cover-1024.webp`],
      offers: { '@type': 'Offer', price: 7_900_000, priceCurrency: 'THB' },
      about: {
        '@type': 'Apartment',
        floorSize: { '@type': 'QuantitativeValue', value: 68, unitCode: 'MTK' },
        numberOfBedrooms: 2,
        numberOfBathroomsTotal: 2,
        address: { '@type': 'PostalAddress', addressLocality: 'Sukhumvit 24, Bangkok', addressCountry: 'TH' },
        geo: { latitude: 13.72, longitude: 100.57 },
      },
    });
    const raw = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(raw).not.toContain('<');
  });

  it('answers the SPA with 404 for a missing, hidden, disabled owner’s or malformed id', async () => {
    for (const id of [999_999, hidden.id, ofDisabled.id, 'abc', '0']) {
      const res = await app.inject({ method: 'GET', url: `/detail/${id}` });
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('application/ld+json');
    }
  });

  it('leaves other SPA routes alone', async () => {
    const res = await app.inject({ method: 'GET', url: '/Quick?q=x' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
  });
});

describe('GET /sitemap.xml and /robots.txt', () => {
  it('lists the home, list pages and every visible listing with lastmod', async () => {
    const res = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const xml = res.body;
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    for (const page of ['/', '/Quick', '/Buy-rent', '/recommend', '/cost'])
      expect(xml).toContain(`<url><loc>${PUBLIC_URL}${page}</loc></url>`);
    expect(xml).toContain(
      `<url><loc>${PUBLIC_URL}/detail/${listing.id}</loc><lastmod>2026-03-04T05:06:07.000Z</lastmod></url>`,
    );
    expect(xml).not.toContain(`/detail/${hidden.id}<`);
    expect(xml).not.toContain(`/detail/${ofDisabled.id}<`);
  });

  it('follows a listing being hidden', async () => {
    await app.db.update(properties).set({ status: 'hidden' }).where(eq(properties.id, listing.id));
    try {
      expect((await app.inject({ method: 'GET', url: '/sitemap.xml' })).body).not.toContain(`/detail/${listing.id}<`);
    } finally {
      await app.db.update(properties).set({ status: 'active' }).where(eq(properties.id, listing.id));
    }
  });

  it('serves split parts and 404s for parts that do not exist', async () => {
    expect(await buildSitemapPart(app.db, PUBLIC_URL, 'listings-1')).toContain(`/detail/${listing.id}<`);
    expect((await app.inject({ method: 'GET', url: '/sitemaps/pages.xml' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/sitemaps/listings-1.xml' })).statusCode).toBe(200);
    for (const part of ['listings-2.xml', 'listings-0.xml', 'x.xml', 'pages'])
      expect((await app.inject({ method: 'GET', url: `/sitemaps/${part}` })).statusCode, part).toBe(404);
  });

  it('allows all, keeps crawlers out of the dashboard, admin and API, and names the sitemap', async () => {
    const res = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(
      `User-agent: *\nAllow: /\nDisallow: /dashboard\nDisallow: /admin\nDisallow: /api\n\nSitemap: ${PUBLIC_URL}/sitemap.xml\n`,
    );
  });
});

describe('html helpers', () => {
  it('escape text, JSON for scripts, and shorten descriptions', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;');
    expect(jsonForScript({ a: '</script><!--' })).toBe('{"a":"\\u003c/script>\\u003c!--"}');
    expect(summary('short')).toBe('short');
    const long = summary('word '.repeat(100), 40);
    expect(long.length).toBeLessThanOrEqual(40);
    expect(long.endsWith('…')).toBe(true);
    expect(injectHead('<html><head><title>x</title></head></html>', 'T', '<meta name="a">')).toBe(
      '<html><head><title>T</title>\n<meta name="a">\n</head></html>',
    );
  });
});
