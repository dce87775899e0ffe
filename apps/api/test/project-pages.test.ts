import { describe, expect, it } from 'vitest';
import { listingPrices, projects } from '../src/db/schema.ts';
import { buildSitemap } from '../src/services/seo/build-sitemap.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';

/**
 * The web app's project pages as the server renders them, without JavaScript (issue 24): a project's facts, units and
 * market figures, its JSON-LD and hreflang, a merged-away slug's 301, /projects, /market and the sitemap's entries.
 * The real web build renders the pages (npm run build first).
 */
const PUBLIC_URL = 'https://baan.example';
const app = await build({ publicUrl: PUBLIC_URL });
const NOW = new Date();
const DAY = 86_400_000;
const owner = await createUser(app, { email: 'project-pages@baan.example' });

const [tower] = await app.db
  .insert(projects)
  .values({
    slug: 'sky-garden-demo',
    nameEn: 'Sky Garden Demo',
    nameTh: 'สกาย การ์เดน เดโม',
    developer: 'Demo Estates',
    status: 'completed',
    yearCompleted: 2019,
    towers: 2,
    floors: 38,
    units: 612,
    facilities: ['pool', 'gym', 'security_24h'],
    commonFeePerSqm: 55,
    lat: 13.7376,
    lon: 100.5604,
    province: 'Bangkok',
    district: 'Watthana',
    description: { en: 'Two towers on a quiet soi near BTS Asok.', th: 'อาคารสองหลังในซอยเงียบใกล้ BTS อโศก' },
  })
  .returning();
const [pending] = await app.db
  .insert(projects)
  .values({ slug: 'waiting-tower', nameEn: 'Waiting Tower', lat: 13.74, lon: 100.56, review: 'pending' })
  .returning();
if (!tower || !pending) throw new Error('no projects');
const [merged] = await app.db
  .insert(projects)
  .values({ slug: 'old-sky-garden', nameEn: 'Old Sky Garden', lat: 13.74, lon: 100.56, mergedIntoId: tower.id })
  .returning();
if (!merged) throw new Error('no merged project');

const created = new Date(NOW.getTime() - 200 * DAY);
const cutAt = new Date(NOW.getTime() - 10 * DAY);
// A sale cut from ฿8,000,000 to ฿7,200,000 ten days ago (−10%), and a rent.
const sale = await makeListing(app, owner.id, {
  title: 'Sky Garden two-bed, high floor',
  type: 'sale',
  area: 60,
  price: 7_200_000,
  bedRooms: 2,
  projectId: tower.id,
  location: 'Asok, Watthana, Bangkok',
  createdAt: created,
  updatedAt: cutAt,
  priceBefore: 8_000_000,
  priceChangedAt: cutAt,
});
const rent = await makeListing(app, owner.id, {
  title: 'Sky Garden studio for rent',
  type: 'rent',
  area: 30,
  price: 21_000,
  bedRooms: 0,
  projectId: tower.id,
  location: 'Asok, Watthana, Bangkok',
  createdAt: created,
  updatedAt: created,
});
await app.db.insert(listingPrices).values([
  { propertyId: sale.id, price: 8_000_000, changedAt: created },
  { propertyId: sale.id, price: 7_200_000, changedAt: cutAt },
  { propertyId: rent.id, price: 21_000, changedAt: created },
]);

const page = (url: string) => app.inject({ method: 'GET', url });
/** The page's text without tags, entities decoded enough for the checks below. */
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');

describe('GET /project/:slug (server render, no JavaScript)', () => {
  it('renders the facts, facilities, stations, units and market figures with the chart and its table', async () => {
    const res = await page('/project/sky-garden-demo');
    expect(res.statusCode).toBe(200);
    const body = text(res.body);
    expect(res.body).toMatch(/<h1[^>]*>Sky Garden Demo<\/h1>/);
    for (const fact of [
      'Developer Demo Estates',
      'Status Completed',
      'Year completed 2019',
      'Towers 2',
      'Floors 38',
      'Units 612',
      'Common fee ฿55 per m² a month',
      'Swimming pool',
      '24-hour security',
      'Two towers on a quiet soi near BTS Asok.',
      'Nearest stations',
    ])
      expect(body).toContain(fact);
    // The units for sale (the default tab), with the cut on the card, and the rent tab's count.
    expect(body).toContain('Sky Garden two-bed, high floor');
    expect(body).not.toContain('Sky Garden studio for rent');
    expect(body).toContain('For sale (1)');
    expect(body).toContain('For rent (1)');
    expect(body).toContain('Price cut 10%');
    // Market figures: ฿7,200,000 / 60 m² = ฿120,000; ฿21,000 / 30 m² = ฿700 a month; 700 × 12 / 120,000 = 7%.
    expect(body).toContain('Median asking price ฿120,000 per m² from 1 listing');
    expect(body).toContain('Median rent ฿700 per m² a month from 1 listing');
    expect(body).toContain('Gross rental yield 7.0%');
    expect(res.body).toMatch(/<svg[^>]*role="img"[^>]*data-testid="trend-price"/);
    expect(body).toContain('Show the figures as a table');
    expect(res.body).toMatch(/<table[\s\S]*Listings for sale[\s\S]*<\/table>/);
  });

  it('lists the rent units by bedrooms from the address, as links', async () => {
    const body = text((await page('/project/sky-garden-demo?type=rent&bedrooms=0')).body);
    expect(body).toContain('Sky Garden studio for rent');
    expect(body).not.toContain('Sky Garden two-bed, high floor');
    const none = text((await page('/project/sky-garden-demo?type=rent&bedrooms=3')).body);
    expect(none).toContain('No units match right now.');
  });

  it('carries canonical, hreflang and JSON-LD for the building and its offers', async () => {
    const res = await page('/th/project/sky-garden-demo');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<h1[^>]*>สกาย การ์เดน เดโม<\/h1>/);
    expect(text(res.body)).toContain('ผู้พัฒนาโครงการ Demo Estates');
    expect(res.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/th/project/sky-garden-demo"/>`);
    for (const [tag, prefix] of [
      ['en', ''],
      ['th', '/th'],
      ['zh-Hant', '/tw'],
      ['x-default', ''],
    ])
      expect(res.body).toContain(`hrefLang="${tag}" href="${PUBLIC_URL}${prefix}/project/sky-garden-demo"`);
    const blocks = [...res.body.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
      ([, json = '']) => JSON.parse(json) as Record<string, unknown>,
    );
    type Building = Record<string, unknown> & { hasOfferCatalog: { itemListElement: unknown[] } };
    const building = blocks.find((b) => b['@type'] === 'ApartmentComplex') as Building | undefined;
    expect(building?.name).toBe('สกาย การ์เดน เดโม');
    expect(building?.numberOfAccommodationUnits).toBe(612);
    expect(building?.geo).toEqual({ '@type': 'GeoCoordinates', latitude: 13.7376, longitude: 100.5604 });
    expect(building?.hasOfferCatalog.itemListElement).toEqual([
      expect.objectContaining({
        '@type': 'Offer',
        price: 7_200_000,
        priceCurrency: 'THB',
        url: `${PUBLIC_URL}/th/detail/${sale.id}`,
      }),
    ]);
  });

  it('sends a merged-away slug to the project it became (301, language and query kept)', async () => {
    const res = await page('/th/project/old-sky-garden?type=rent');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/th/project/sky-garden-demo?type=rent');
  });

  it('answers 404 for a project waiting for review, an unknown slug and a malformed one', async () => {
    for (const url of [
      '/project/waiting-tower',
      '/project/no-such-tower',
      '/project/Bad_Slug',
      `/project/${'a'.repeat(101)}`,
    ])
      expect((await page(url)).statusCode, url).toBe(404);
  });
});

describe('GET /projects and /market', () => {
  it('lists and searches projects, in a GET form that works without JavaScript', async () => {
    const res = await page('/projects?q=sky');
    expect(res.statusCode).toBe(200);
    const body = text(res.body);
    expect(body).toContain('Sky Garden Demo');
    expect(body).not.toContain('Waiting Tower');
    const form = /<form[^>]*role="search"[^>]*>/.exec(res.body)?.[0] ?? '';
    expect(form).toContain('action="/projects"');
    expect(form).toContain('method="get"');
    expect(res.body).toMatch(/<input[^>]*type="search"[^>]*name="q"[^>]*value="sky"/);
    expect(text((await page('/th/projects?q=%E0%B8%AA%E0%B8%81%E0%B8%B2%E0%B8%A2')).body)).toContain(
      'สกาย การ์เดน เดโม',
    );
    expect(text((await page('/projects?q=nothing-like-this')).body)).toContain('No project matches.');
  });

  it('says in the reader’s language which part of the search it could not read, and still lists', async () => {
    const res = await page('/th/projects?sort=cheapest');
    expect(res.statusCode).toBe(200);
    const body = text(res.body);
    expect(body).toContain('บางส่วนของการค้นหาอ่านไม่ได้จึงถูกละไว้: การเรียง');
    expect(body).toContain('สกาย การ์เดน เดโม');
  });

  it('shows an area’s figures and the projects with the most listings there; 404 for no such place', async () => {
    const res = await page('/market/bangkok/watthana');
    expect(res.statusCode).toBe(200);
    const body = text(res.body);
    expect(body).toContain('Property market in Watthana, Bangkok');
    expect(body).toContain('Median asking price ฿120,000 per m²');
    expect(body).toContain('Sky Garden Demo');
    expect((await page('/market/atlantis/nowhere')).statusCode).toBe(404);
  });
});

describe('the listing page', () => {
  it('names its project, strikes the previous price through with the cut and shows the price history', async () => {
    const res = await page(`/detail/${sale.id}`);
    expect(res.statusCode).toBe(200);
    const body = text(res.body);
    expect(body).toContain('Project: Sky Garden Demo');
    expect(res.body).toContain('href="/project/sky-garden-demo"');
    expect(res.body).toMatch(/<s[^>]*>[\s\S]*฿8,000,000[\s\S]*<\/s>/);
    expect(body).toContain('Price cut 10%');
    expect(body).toContain('Price history');
    expect(body).toContain('−10%');
    expect(body).toContain('First price');
  });
});

describe('sitemap', () => {
  it('lists the project index and each approved project in every language, not pending or merged ones', async () => {
    const xml = await buildSitemap(app.db, PUBLIC_URL);
    for (const prefix of ['', '/th', '/zh', '/ja', '/my', '/ru', '/tw']) {
      expect(xml).toContain(`<loc>${PUBLIC_URL}${prefix}/project/sky-garden-demo</loc>`);
      expect(xml).toContain(`<loc>${PUBLIC_URL}${prefix}/projects</loc>`);
    }
    expect(xml).not.toContain('waiting-tower');
    expect(xml).not.toContain('old-sky-garden');
  });
});
