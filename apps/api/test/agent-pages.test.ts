import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { buildSitemap } from '../src/services/seo/build-sitemap.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build, jsonLdBlocks, pageText } from './helpers.ts';

/**
 * The web app's agent pages as the server renders them, without JavaScript (ADR 029): the profile, its figures and
 * listings, JSON-LD RealEstateAgent, hreflang, 404s, the links from listings and the sitemap. The real web build
 * renders the pages (npm run build first).
 */
const PUBLIC_URL = 'https://baan.example';
const app = await build({ publicUrl: PUBLIC_URL });
const page = (url: string) => app.inject({ method: 'GET', url });
const text = pageText;

const agent = await createUser(app, { email: 'niran.agent@baan.example' });
await app.db
  .update(users)
  .set({
    name: 'Niran Saetang',
    companyName: 'Niran Homes',
    phoneNumber: '+66 81 555 0101',
    lineId: 'niranline',
    profileSlug: 'niran-homes',
    profilePublic: true,
    profileLanguages: ['en', 'th'],
    profileAreas: ['Sukhumvit', 'Ari'],
    licenceNumber: 'BK-2024/77',
    licenceVerified: true,
    profileAbout: 'Condos near the BTS.',
  })
  .where(eq(users.id, agent.id));
const listing = await makeListing(app, agent.id, { title: 'Niran condo near Ari', userType: 'agent' });
for (let i = 0; i < 13; i += 1) await makeListing(app, agent.id, { title: `Niran unit ${i}`, userType: 'agent' });
const hidden = await createUser(app, { email: 'hidden.pages@baan.example' });
await app.db.update(users).set({ profileSlug: 'hidden-pages' }).where(eq(users.id, hidden.id));
const owner = await createUser(app, { email: 'private.owner@baan.example' });
const ownersListing = await makeListing(app, owner.id, { title: 'Private owner flat' });

describe('/agent/{slug}', () => {
  it('renders the profile, figures and first page of listings in English, with no e-mail or phone', async () => {
    const res = await page('/agent/niran-homes');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<h1[^>]*>Niran Saetang<\/h1>/);
    const words = text(res.body);
    for (const shown of [
      'Niran Homes',
      'English, Thai',
      'Sukhumvit, Ari',
      'BK-2024/77',
      'Verified',
      'Condos near the BTS.',
      '14 active listings',
      'Not enough inquiries yet',
    ])
      expect(words).toContain(shown);
    // 12 listings a page: the second page holds the rest.
    expect(res.body).toContain('href="/agent/niran-homes?page=2"');
    for (const secret of ['niran.agent@baan.example', '555 0101', 'niranline']) expect(res.body).not.toContain(secret);
    // The site's own footer has a support address and number; the page's main part has none of either kind.
    const main = res.body.slice(res.body.indexOf('<main'), res.body.indexOf('</main>'));
    for (const link of ['mailto:', 'tel:', '@']) expect(main).not.toContain(link);
  });

  it('is in Thai under /th, with canonical, hreflang and JSON-LD RealEstateAgent', async () => {
    const res = await page('/th/agent/niran-homes');
    expect(res.statusCode).toBe(200);
    const words = text(res.body);
    expect(words).toContain('ตรวจสอบแล้ว');
    expect(words).toContain('ประกาศที่เปิดอยู่ 14 รายการ');
    expect(res.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/th/agent/niran-homes"/>`);
    for (const [tag, prefix] of [
      ['en', ''],
      ['th', '/th'],
      ['zh-Hant', '/tw'],
      ['x-default', ''],
    ])
      expect(res.body).toContain(`hrefLang="${tag}" href="${PUBLIC_URL}${prefix}/agent/niran-homes"`);
    const blocks = jsonLdBlocks(res.body);
    const ld = blocks.find((b) => b['@type'] === 'RealEstateAgent');
    expect(ld).toMatchObject({
      name: 'Niran Saetang',
      url: `${PUBLIC_URL}/th/agent/niran-homes`,
      knowsLanguage: ['อังกฤษ', 'ไทย'],
      areaServed: [
        { '@type': 'Place', name: 'Sukhumvit' },
        { '@type': 'Place', name: 'Ari' },
      ],
      identifier: { '@type': 'PropertyValue', name: 'licence', value: 'BK-2024/77' },
    });
    expect(JSON.stringify(ld)).not.toMatch(/@baan|email|telephone/);
  });

  it('answers 404 for an unknown or unpublished profile and an address of no slug form', async () => {
    for (const url of ['/agent/nobody-here', '/agent/hidden-pages', '/th/agent/hidden-pages', '/agent/NIRAN']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('hidden.pages@baan.example');
    }
  });

  it('a listing page links to its agent; a private owner’s does not', async () => {
    const withAgent = await page(`/detail/${listing.id}`);
    expect(withAgent.statusCode).toBe(200);
    expect(withAgent.body).toContain('href="/agent/niran-homes"');
    expect(withAgent.body).toMatch(/Niran Saetang(?:&#x27;|')s profile and listings/);
    const privateOne = await page(`/detail/${ownersListing.id}`);
    expect(privateOne.statusCode).toBe(200);
    // (Similar listings' cards below may link their own agents.)
    expect(privateOne.body).not.toMatch(/profile and listings/);
  });

  it('lists each published profile in every language in the sitemap, not unpublished ones', async () => {
    const xml = await buildSitemap(app.db, PUBLIC_URL);
    for (const prefix of ['', '/th', '/zh', '/ja', '/my', '/ru', '/tw'])
      expect(xml).toContain(`<loc>${PUBLIC_URL}${prefix}/agent/niran-homes</loc>`);
    expect(xml).not.toContain('hidden-pages');
  });
});
