import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agencies, agencyMembers, users } from '../src/db/schema.ts';
import { buildSitemap } from '../src/services/seo/build-sitemap.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build, jsonLdBlocks, pageText } from './helpers.ts';

/**
 * The web app's agency page as the server renders it, without JavaScript (ADR 037): name, about, agents linking to
 * their pages, the active listings count, JSON-LD, hreflang, 404s, the agent page's link and the sitemap. The real
 * web build renders the pages (npm run build first).
 */
const PUBLIC_URL = 'https://baan.example';
const app = await build({ publicUrl: PUBLIC_URL });
const page = (url: string) => app.inject({ method: 'GET', url });
const text = pageText;

const admin = await createUser(app, { email: 'ploy.admin@baan.example' });
const agent = await createUser(app, { email: 'niran.member@baan.example' });
const quiet = await createUser(app, { email: 'quiet.member@baan.example' });
await app.db.update(users).set({ name: 'Ploy Admin' }).where(eq(users.id, admin.id));
await app.db
  .update(users)
  .set({ name: 'Niran Member', profileSlug: 'niran-member', profilePublic: true, licenceVerified: true })
  .where(eq(users.id, agent.id));
await app.db.update(users).set({ name: 'Quiet Member' }).where(eq(users.id, quiet.id));
const created = await app.inject({
  method: 'POST',
  url: '/api/agencies',
  headers: { authorization: `Bearer ${admin.token}` },
  payload: { name: 'Ploy Estates', about: 'Houses in Chiang Mai.' },
});
const slug = (created.json() as { payload: { slug: string } }).payload.slug;
// Members joined (the invitation journey is agencies.test.ts's subject).
const [agency] = await app.db.select().from(agencies).where(eq(agencies.slug, slug));
await app.db.insert(agencyMembers).values([
  { userId: agent.id, agencyId: agency?.id ?? 0, role: 'agent' },
  { userId: quiet.id, agencyId: agency?.id ?? 0, role: 'agent' },
]);
await makeListing(app, agent.id, { title: 'Niran house' });
await makeListing(app, quiet.id, { title: 'Quiet house' });
await makeListing(app, quiet.id, { title: 'Quiet paused', status: 'paused' });

describe('/agency/{slug}', () => {
  it('renders the agency with its public agents and every member’s active listings, never a private member', async () => {
    const res = await page(`/agency/${slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<h1[^>]*>Ploy Estates<\/h1>/);
    const words = text(res.body);
    expect(words).toContain('Houses in Chiang Mai.');
    expect(words).toContain('Active listings 2');
    expect(words).toContain('Licence verified');
    expect(res.body).toContain('href="/agent/niran-member"');
    for (const hidden of ['Quiet Member', 'Ploy Admin', '@baan.example']) {
      const main = res.body.slice(res.body.indexOf('<main'), res.body.indexOf('</main>'));
      expect(main).not.toContain(hidden);
    }
  });

  it('is in Thai under /th, with canonical, hreflang and JSON-LD RealEstateAgent', async () => {
    const res = await page(`/th/agency/${slug}`);
    expect(res.statusCode).toBe(200);
    expect(text(res.body)).toContain('บริษัทนายหน้า');
    expect(res.body).toContain('href="/th/agent/niran-member"');
    expect(res.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/th/agency/${slug}"/>`);
    for (const [tag, prefix] of [
      ['en', ''],
      ['th', '/th'],
      ['zh-Hant', '/tw'],
      ['x-default', ''],
    ])
      expect(res.body).toContain(`hrefLang="${tag}" href="${PUBLIC_URL}${prefix}/agency/${slug}"`);
    const blocks = jsonLdBlocks(res.body);
    expect(blocks.find((b) => b['@type'] === 'RealEstateAgent')).toMatchObject({
      name: 'Ploy Estates',
      url: `${PUBLIC_URL}/th/agency/${slug}`,
      description: 'Houses in Chiang Mai.',
      member: [{ '@type': 'RealEstateAgent', name: 'Niran Member', url: `${PUBLIC_URL}/th/agent/niran-member` }],
    });
  });

  it('answers 404 for an unknown agency and an address of no slug form', async () => {
    for (const url of ['/agency/nobody-here', '/th/agency/nobody-here', '/agency/PLOY', `/agency/${'x'.repeat(61)}`]) {
      expect((await page(url)).statusCode, url).toBe(404);
    }
  });

  it('the agent page links to the agency, and the sitemap lists the agency in every language', async () => {
    const res = await page('/agent/niran-member');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`href="/agency/${slug}"`);
    const xml = await buildSitemap(app.db, PUBLIC_URL);
    for (const prefix of ['', '/th', '/zh', '/ja', '/my', '/ru', '/tw'])
      expect(xml).toContain(`<loc>${PUBLIC_URL}${prefix}/agency/${slug}</loc>`);
  });
});
