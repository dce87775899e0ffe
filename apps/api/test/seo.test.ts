import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { properties, propertyImages, users } from '../src/db/schema.ts';
import { invalidateListings } from '../src/services/reads/listing-reads.ts';
import { buildSitemap, buildSitemapPart } from '../src/services/seo/build-sitemap.ts';
import { escapeHtml } from '../src/services/seo/html.ts';
import { build } from './helpers.ts';
import { decodeEntities, headTag, metaContent } from './support/html.ts';

const PUBLIC_URL = 'https://baan.example';
// The real web build renders the pages (npm run build first; `npm test` does).
const app = await build({ publicUrl: PUBLIC_URL });

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

/** Every JSON-LD block of a page, parsed. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1] ?? ''),
  );
}

describe('GET /detail/:id (server-rendered head)', () => {
  it('puts the listing title, description, canonical, Open Graph and JSON-LD in the first response', async () => {
    const res = await app.inject({ method: 'GET', url: `/detail/${listing.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(decodeEntities(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '')).toBe(
      'Condo "Sky" <Residence> & Spa · Sukhumvit 24, Bangkok | Baan',
    );
    expect(metaContent(html, 'name', 'description')).toMatch(/^Two bedrooms facing the park\. <\/script><script>/);
    expect(headTag(html, 'link', 'rel', 'canonical')).toContain(`href="${PUBLIC_URL}/detail/${listing.id}"`);
    expect(metaContent(html, 'property', 'og:url')).toBe(`${PUBLIC_URL}/detail/${listing.id}`);
    expect(metaContent(html, 'property', 'og:image')).toBe(`${PUBLIC_URL}/uploads/listings/cover-1024.webp`);
    expect(metaContent(html, 'property', 'og:title')).toMatch(/^Condo "Sky"/);
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
    // The page itself is in the HTML, not only its head: the title, the price and the description.
    expect(html).toMatch(/<h1[^>]*>Condo &quot;Sky&quot; &lt;Residence&gt; &amp; Spa<\/h1>/);
    expect(html).toContain('7,900,000');
    // Nothing from the listing can close a script element or inject markup.
    expect(html).not.toContain('<script>alert(1)</script>');
  });

  it('preloads the first photo at high priority with the srcset and sizes the page will use', async () => {
    const html = (await app.inject({ method: 'GET', url: `/detail/${listing.id}` })).body;
    const preloads = [...html.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map((m) => m[0]);
    expect(preloads).toHaveLength(1);
    const preload = decodeEntities(preloads[0] ?? '');
    expect(preload).toMatch(
      /imagesrcset="\/uploads\/listings\/cover-320\.webp 320w, \/uploads\/listings\/cover-640\.webp 640w, \/uploads\/listings\/cover-1024\.webp 1024w, \/uploads\/listings\/cover-1600\.webp 1600w"/i,
    );
    expect(preload).toMatch(/imagesizes="\(min-width: 1024px\) 800px, 100vw"/i);
    expect(preload).toMatch(/fetchpriority="high"/i);
    // A listing without photos has nothing to preload.
    const bare = (await app.inject({ method: 'GET', url: `/detail/${bareListing.id}` })).body;
    expect(bare).not.toContain('rel="preload" as="image"');
  });

  it('describes the listing as a schema.org RealEstateListing with an Offer in THB, and its breadcrumb', async () => {
    const html = (await app.inject({ method: 'GET', url: `/detail/${listing.id}` })).body;
    const [data, crumbs] = jsonLd(html);
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
    expect(crumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Home', item: `${PUBLIC_URL}/` },
        { position: 2, name: 'Quick Search', item: `${PUBLIC_URL}/Quick` },
        { position: 3, name: 'Condo "Sky" <Residence> & Spa', item: `${PUBLIC_URL}/detail/${listing.id}` },
      ],
    });
    for (const raw of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
      expect(raw[1]).not.toContain('<');
    }
  });

  it('answers the not-found screen with 404 for a missing, hidden, disabled owner’s or malformed id', async () => {
    for (const id of [999_999, 999_999_999, hidden.id, ofDisabled.id, 'abc', '0', '1e3']) {
      const res = await app.inject({ method: 'GET', url: `/detail/${id}` });
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('id="not-found-title"');
      expect(metaContent(res.body, 'name', 'robots')).toBe('noindex');
      expect(res.body).not.toContain('application/ld+json');
    }
  });
});

/** Each language's URL prefix and hreflang tag, written out here so a wrong mapping in the code shows up. */
const LANGUAGE_URLS = [
  ['en', ''],
  ['th', '/th'],
  ['zh-Hans', '/zh'],
  ['ja', '/ja'],
  ['my', '/my'],
  ['ru', '/ru'],
  ['zh-Hant', '/tw'],
] as const;
const PAGES = [
  '/',
  '/Quick',
  '/Buy-rent',
  '/recommend',
  '/cost',
  '/contact',
  '/terms',
  '/privacy',
  '/services',
  '/faq',
  '/guides/title-deeds',
  '/guides/foreign-buyers',
  '/guides/land-units',
];

const urlIn = (prefix: string, path: string) => `${PUBLIC_URL}${prefix && path === '/' ? prefix : prefix + path}`;

interface SitemapUrl {
  loc: string;
  lastmod: string | undefined;
  /** hreflang → href. */
  alternates: Record<string, string>;
  /** Counted apart from `alternates` so a repeated hreflang is not hidden by the map. */
  linkCount: number;
}

function sitemapUrls(xml: string): SitemapUrl[] {
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body = '']) => {
    const links = [...body.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)];
    return {
      loc: /<loc>([^<]*)<\/loc>/.exec(body)?.[1] ?? '',
      lastmod: /<lastmod>([^<]*)<\/lastmod>/.exec(body)?.[1],
      alternates: Object.fromEntries(links.map((m) => [m[1], m[2]])),
      linkCount: links.length,
    };
  });
}

/** `path` appears once in each of the 7 languages, each entry naming all 7 versions plus English as x-default. */
function expectEveryLanguage(urls: SitemapUrl[], path: string, lastmod?: string) {
  const alternates = Object.fromEntries([
    ...LANGUAGE_URLS.map(([tag, prefix]) => [tag, urlIn(prefix, path)]),
    ['x-default', urlIn('', path)],
  ]);
  for (const [, prefix] of LANGUAGE_URLS) {
    const loc = urlIn(prefix, path);
    const found = urls.filter((u) => u.loc === loc);
    expect(found, loc).toHaveLength(1);
    expect(found[0]?.alternates, loc).toEqual(alternates);
    expect(found[0]?.linkCount, loc).toBe(8);
    expect(found[0]?.lastmod, loc).toBe(lastmod);
  }
}

/** Whether a listing shows up anywhere, as a loc or as an alternate, in any language. */
const mentions = (urls: SitemapUrl[], id: number) => {
  const own = new RegExp(`/detail/${id}$`);
  return urls.some((u) => own.test(u.loc) || Object.values(u.alternates).some((href) => own.test(href)));
};

const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';

describe('GET /sitemap.xml and /robots.txt', () => {
  it('lists every public page and visible listing in all seven languages with hreflang alternates', async () => {
    const res = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const xml = res.body;
    expect(xml.startsWith(URLSET_OPEN)).toBe(true);
    const urls = sitemapUrls(xml);
    for (const page of PAGES) expectEveryLanguage(urls, page);
    expectEveryLanguage(urls, `/detail/${listing.id}`, '2026-03-04T05:06:07.000Z');
    expectEveryLanguage(urls, `/detail/${bareListing.id}`, bareListing.updatedAt.toISOString());
    // Nothing else: 10 pages and 2 visible listings, 7 languages each.
    expect(urls).toHaveLength((PAGES.length + 2) * 7);
    expect(urls.every((u) => u.linkCount === 8)).toBe(true);
    expect(xml).not.toContain('/select-package');
    expect(mentions(urls, hidden.id)).toBe(false);
    expect(mentions(urls, ofDisabled.id)).toBe(false);
  });

  it('follows a listing being hidden, in every language', async () => {
    await app.db.update(properties).set({ status: 'hidden' }).where(eq(properties.id, listing.id));
    // As every write that hides a listing does (the sitemap is shared from the read cache).
    await invalidateListings(app, 'test: listing hidden');
    try {
      const urls = sitemapUrls((await app.inject({ method: 'GET', url: '/sitemap.xml' })).body);
      expect(mentions(urls, listing.id)).toBe(false);
      expectEveryLanguage(urls, `/detail/${bareListing.id}`, bareListing.updatedAt.toISOString());
    } finally {
      await app.db.update(properties).set({ status: 'active' }).where(eq(properties.id, listing.id));
      await invalidateListings(app, 'test: listing shown');
    }
  });

  it('splits into a sitemap index past the per-file maximum, keeping each listing’s languages together', async () => {
    // 22 more visible listings (24 in all) with hidden ones in between, which must not shift the parts.
    const extra = await app.db
      .insert(properties)
      .values(
        Array.from({ length: 24 }, (_, i) => ({
          ...base,
          title: `Extra ${i}`,
          description: 'x',
          status: i % 10 === 5 ? ('hidden' as const) : ('active' as const),
        })),
      )
      .returning();
    try {
      const visibleIds = [listing.id, bareListing.id, ...extra.filter((p) => p.status === 'active').map((p) => p.id)];
      visibleIds.sort((a, b) => a - b);
      expect(visibleIds).toHaveLength(24);

      // Exactly (13 pages + 24 listings) × 7 URLs fit in one file; one less does not.
      const fits = (PAGES.length + 24) * 7;
      const whole = await buildSitemap(app.db, PUBLIC_URL, fits);
      expect(whole.startsWith(URLSET_OPEN)).toBe(true);
      expect(sitemapUrls(whole)).toHaveLength(fits);
      expect(await buildSitemap(app.db, PUBLIC_URL, fits - 1)).toContain('<sitemapindex');

      // 110 is not a multiple of 7: a part holds floor(110 / 7) = 15 listings, 105 URLs (and the 13 pages' 91 fit).
      const max = 110;
      const index = await buildSitemap(app.db, PUBLIC_URL, max);
      expect(index).toBe(
        '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
          ['pages', 'listings-1', 'listings-2']
            .map((part) => `<sitemap><loc>${PUBLIC_URL}/sitemaps/${part}.xml</loc></sitemap>`)
            .join('\n') +
          '\n</sitemapindex>\n',
      );

      const pagesPart = (await buildSitemapPart(app.db, PUBLIC_URL, 'pages', max)) ?? '';
      expect(pagesPart.startsWith(URLSET_OPEN)).toBe(true);
      const pageUrls = sitemapUrls(pagesPart);
      expect(pageUrls).toHaveLength(PAGES.length * 7);
      for (const page of PAGES) expectEveryLanguage(pageUrls, page);

      const seen: number[] = [];
      for (const [n, expected] of [
        [1, 15],
        [2, 9],
      ] as const) {
        const xml = (await buildSitemapPart(app.db, PUBLIC_URL, `listings-${n}`, max)) ?? '';
        expect(xml.startsWith(URLSET_OPEN), `part ${n}`).toBe(true);
        const urls = sitemapUrls(xml);
        expect(urls.length, `part ${n}`).toBeLessThanOrEqual(max);
        expect(urls, `part ${n}`).toHaveLength(expected * 7);
        const ids = [...new Set(urls.map((u) => Number(/\/detail\/(\d+)$/.exec(u.loc)?.[1])))];
        expect(ids, `part ${n}`).toHaveLength(expected);
        for (const id of ids) {
          const row = [listing, bareListing, ...extra].find((p) => p.id === id);
          expectEveryLanguage(urls, `/detail/${id}`, row?.updatedAt.toISOString());
        }
        seen.push(...ids);
      }
      // Every visible listing once, in id order across the parts, and no hidden one.
      expect(seen).toEqual(visibleIds);
      expect(await buildSitemapPart(app.db, PUBLIC_URL, 'listings-3', max)).toBeNull();
      // A maximum that cannot hold the pages part is a mistake, not a silently oversized file.
      await expect(buildSitemap(app.db, PUBLIC_URL, PAGES.length * 7 - 1)).rejects.toThrow(RangeError);
    } finally {
      await app.db.delete(properties).where(
        inArray(
          properties.id,
          extra.map((p) => p.id),
        ),
      );
    }
  });

  it('serves split parts and 404s for parts that do not exist', async () => {
    const part = sitemapUrls((await buildSitemapPart(app.db, PUBLIC_URL, 'listings-1')) ?? '');
    expectEveryLanguage(part, `/detail/${listing.id}`, '2026-03-04T05:06:07.000Z');
    const pagesRes = await app.inject({ method: 'GET', url: '/sitemaps/pages.xml' });
    expect(pagesRes.statusCode).toBe(200);
    expectEveryLanguage(sitemapUrls(pagesRes.body), '/');
    expect((await app.inject({ method: 'GET', url: '/sitemaps/listings-1.xml' })).statusCode).toBe(200);
    for (const name of ['listings-2.xml', 'listings-0.xml', 'x.xml', 'pages'])
      expect((await app.inject({ method: 'GET', url: `/sitemaps/${name}` })).statusCode, name).toBe(404);
  });

  it('allows all, keeps crawlers out of the dashboard and admin in every language and the API, and names the sitemap', async () => {
    const res = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const localized = ['th', 'zh', 'ja', 'my', 'ru', 'tw']
      .map((prefix) => `Disallow: /${prefix}/dashboard\nDisallow: /${prefix}/admin\n`)
      .join('');
    expect(res.body).toBe(
      `User-agent: *\nAllow: /\nDisallow: /dashboard\nDisallow: /admin\nDisallow: /api\n${localized}\nSitemap: ${PUBLIC_URL}/sitemap.xml\n`,
    );
  });
});

describe('html helpers', () => {
  it('escape text for XML and HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;');
  });
});
