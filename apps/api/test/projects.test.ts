import { randomBytes } from 'node:crypto';
import { type AdminProject, PROJECT_MESSAGES, type ProjectSummary, type Property } from '@baan/contract';
import { asc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { listingPrices, projectAliases, projects, properties, savedSearchPriceDrops, users } from '../src/db/schema.ts';
import { activateSubscription, createUser } from './fixtures.ts';
import { build } from './helpers.ts';
import { startSmtpReceiver } from './support/smtp-receiver.ts';

/** Projects (ADR 028): the console, suggestions, listings linked to projects, search by project, price changes. */
const smtp = await startSmtpReceiver();
afterAll(() => smtp.close());
const app = await build({ smtpUrl: smtp.url, mailFrom: 'Baan <hello@baan.test>', publicUrl: 'https://baan.test' });
const admin = await createUser(app, { email: 'admin@projects.test', role: 'admin' });
const owner = await createUser(app, { email: 'owner@projects.test' });
const stranger = await createUser(app, { email: 'stranger@projects.test' });
const buyer = await createUser(app, { email: 'buyer@projects.test' });
await app.db.update(users).set({ language: 'th', name: 'Somchai' }).where(eq(users.id, buyer.id));
await activateSubscription(app, owner.id);
await activateSubscription(app, stranger.id);

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const call = (token: string | null, method: string, url: string, payload?: unknown) =>
  app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) } as InjectOptions);

const photo = () =>
  sharp(randomBytes(240 * 160 * 3), { raw: { width: 240, height: 160, channels: 3 } })
    .jpeg()
    .toBuffer();
async function publish(token: string, fields: Record<string, string> = {}) {
  const fd = new FormData();
  const all: Record<string, string> = {
    type: 'sale',
    user_type: 'owner',
    property_type: 'residential',
    property_sub_type: 'condo',
    location: 'Asok, Watthana, Bangkok',
    title: 'Two-bed condo near BTS Asok',
    description: 'High floor, city view.',
    price: '6500000',
    area: '50',
    level: '18',
    bed_rooms: '2',
    bath_rooms: '2',
    kitchen: '1',
    floors: '1',
    ...fields,
  };
  for (const [k, v] of Object.entries(all)) fd.append(k, v);
  fd.append('cover_image', new Blob([await photo()]), 'cover.jpg');
  return app.inject({ method: 'POST', url: '/api/property', payload: fd, headers: bearer(token) });
}
const countRows = async () => ({
  projects: (await app.db.select().from(projects)).length,
  aliases: (await app.db.select().from(projectAliases)).length,
  properties: (await app.db.select().from(properties)).length,
});

const BASE = { lat: 13.7376, lon: 100.5604 };
let noble: AdminProject;
let ideo: AdminProject;

describe('the console', () => {
  it('creates projects with aliases in any script, nearest stations and a free slug', async () => {
    const res = await call(admin.token, 'POST', '/api/admin/projects', {
      name_en: 'Noble Demo Asok',
      name_th: 'โนเบิล เดโม อโศก',
      aliases: ['Noble Asoke', 'ノーブル', 'noble asoke', ' '.trim() || 'Noble Asoke'],
      status: 'completed',
      year_completed: 2019,
      facilities: ['pool', 'gym', 'pool'],
      ...BASE,
      province: 'Bangkok',
      district: 'Watthana',
      description: { en: 'Demo building.', th: 'อาคารตัวอย่าง' },
    });
    expect(res.statusCode, res.body).toBe(201);
    noble = res.json().payload;
    expect(noble).toMatchObject({ slug: 'noble-demo-asok', review: 'approved', facilities: ['pool', 'gym'] });
    expect(noble.aliases).toEqual(['Noble Asoke', 'ノーブル']);
    expect(noble.nearest_stations[0]?.id).toMatch(/asok|sukhumvit/);

    const again = await call(admin.token, 'POST', '/api/admin/projects', { name_en: 'Noble Demo Asok', ...BASE });
    expect(again.json().payload.slug).toBe('noble-demo-asok-2');
    const second = await call(admin.token, 'POST', '/api/admin/projects', {
      name_en: 'Ideo Demo Q',
      name_th: 'ไอดีโอ เดโม คิว',
      ...BASE,
      province: 'Bangkok',
      district: 'Watthana',
    });
    ideo = second.json().payload;
  });

  it('refuses bad input with a 4xx and writes nothing', async () => {
    const before = await countRows();
    for (const payload of [
      { name_en: 'x'.repeat(121), ...BASE },
      { name_en: 'No position' },
      { name_en: 'Far away', lat: 40, lon: 100.5 },
      { name_en: 'Bad facility', ...BASE, facilities: ['moat'] },
      { name_en: 'Taken', ...BASE, slug: 'noble-demo-asok' },
      { name_en: 'Many aliases', ...BASE, aliases: Array.from({ length: 31 }, (_, i) => `a${i}`) },
    ]) {
      const res = await call(admin.token, 'POST', '/api/admin/projects', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toMatchObject({ success: false });
    }
    expect(await countRows()).toEqual(before);
    expect((await call(owner.token, 'POST', '/api/admin/projects', { name_en: 'Mine', ...BASE })).statusCode).toBe(403);
    expect((await call(admin.token, 'PATCH', '/api/admin/projects/999999', { name_en: 'X' })).statusCode).toBe(404);
  });

  it('edits a project: the aliases list is replaced and a new position finds new stations', async () => {
    const res = await call(admin.token, 'PATCH', `/api/admin/projects/${ideo.id}`, {
      aliases: ['IDEO Q DEMO', 'ไอดีโอคิว'],
      lat: 18.79,
      lon: 98.98,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload.aliases).toEqual(['IDEO Q DEMO', 'ไอดีโอคิว']);
    expect(res.json().payload.nearest_stations).toEqual([]);
    await call(admin.token, 'PATCH', `/api/admin/projects/${ideo.id}`, BASE);
  });
});

describe('GET /api/projects', () => {
  it('finds a project by any name or alias in any script, and by district and station', async () => {
    for (const q of ['noble', 'โนเบิล', 'ノーブル', 'NOBLE ASOKE', 'nobleasoke']) {
      const res = await call(null, 'GET', `/api/projects?q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      const slugs = (res.json().payload.items as ProjectSummary[]).map((p) => p.slug);
      expect(slugs, q).toContain('noble-demo-asok');
      expect(slugs, q).not.toContain(ideo.slug);
    }
    const inDistrict = await call(null, 'GET', '/api/projects?province=bangkok&district=watthana');
    expect(inDistrict.json().payload.total).toBe(2);
    const station = noble.nearest_stations[0]?.id ?? '';
    const near = await call(null, 'GET', `/api/projects?station=${station}`);
    expect(near.json().payload.items.map((p: ProjectSummary) => p.slug)).toContain('noble-demo-asok');
    expect((await call(null, 'GET', '/api/projects?sort=cheapest')).statusCode).toBe(400);
    expect((await call(null, 'GET', `/api/projects?q=${'q'.repeat(101)}`)).statusCode).toBe(400);
    expect((await call(null, 'GET', `/api/projects?q=${'q'.repeat(100)}`)).statusCode).toBe(200);
  });
});

let suggested: AdminProject;
let linked: number;
describe('suggestions', () => {
  it('refuses a suggestion without a position, or without signing in, and writes nothing', async () => {
    const before = await countRows();
    const res = await call(owner.token, 'POST', '/api/projects/suggest', { name_en: 'My Tower', location: 'Bangkok' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false });
    expect(
      (await call(null, 'POST', '/api/projects/suggest', { name_en: 'X', location: 'Y', ...BASE })).statusCode,
    ).toBe(401);
    expect(await countRows()).toEqual(before);
  });

  it('waits for review: hidden from the public, linkable at once by its suggester only', async () => {
    const res = await call(owner.token, 'POST', '/api/projects/suggest', {
      name_en: 'Owner Suggested Tower',
      name_th: 'ทาวเวอร์ของเจ้าของ',
      location: 'Asok, Watthana, Bangkok',
      ...BASE,
    });
    expect(res.statusCode, res.body).toBe(201);
    suggested = res.json().payload;
    expect(suggested).toMatchObject({ review: 'pending', suggested_by: owner.id, district: 'Watthana' });
    expect((await call(null, 'GET', `/api/projects/${suggested.slug}`)).statusCode).toBe(404);
    // The console lists it among those waiting.
    const waiting = await call(admin.token, 'GET', '/api/admin/projects?review=pending');
    expect(waiting.json().payload.items.map((p: AdminProject) => p.id)).toEqual([suggested.id]);
    expect((await call(admin.token, 'GET', '/api/admin/projects?review=maybe')).statusCode).toBe(400);
    // Nor is it suggested in the search box, or listed.
    const box = await call(null, 'GET', '/api/search/suggest?q=owner%20suggested');
    expect(box.json().payload.filter((s: { kind: string }) => s.kind === 'project')).toEqual([]);
    expect((await call(null, 'GET', '/api/projects?q=owner%20suggested')).json().payload.total).toBe(0);

    // Someone else may not link it: 400, and no listing is written.
    const before = await countRows();
    const refused = await publish(stranger.token, { project_id: String(suggested.id) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.project_id).toEqual([PROJECT_MESSAGES.badProjectId]);
    const missing = await publish(owner.token, { project_id: '999999' });
    expect(missing.statusCode).toBe(400);
    expect(await countRows()).toEqual(before);

    const created = await publish(owner.token, { project_id: String(suggested.id) });
    expect(created.statusCode, created.body).toBe(201);
    linked = created.json().payload.id;
    const [row] = await app.db.select().from(properties).where(eq(properties.id, linked));
    expect(row?.projectId).toBe(suggested.id);
    // The public does not see a project waiting for review on the listing.
    expect((await call(null, 'GET', `/api/property/${linked}`)).json().payload.project).toBeNull();
    const own = await call(owner.token, 'GET', '/api/user/properties');
    const mine = (own.json().payload as Property[]).find((p) => p.id === linked);
    expect(mine?.project?.id).toBe(suggested.id);
  });

  it('lets one account have at most 10 suggestions waiting, and writes nothing past it', async () => {
    const one = (i: number) =>
      call(stranger.token, 'POST', '/api/projects/suggest', {
        name_en: `Cap Tower ${i}`,
        location: 'Bangkok',
        ...BASE,
      });
    for (let i = 1; i <= 10; i++) expect((await one(i)).statusCode).toBe(201);
    const before = await countRows();
    const past = await one(11);
    expect(past.statusCode).toBe(409);
    expect(past.json().message).toBe(PROJECT_MESSAGES.tooManySuggestions);
    expect(await countRows()).toEqual(before);
    // Another account is not held by this one's.
    expect(
      (await call(owner.token, 'POST', '/api/projects/suggest', { name_en: 'Own', location: 'Bangkok', ...BASE }))
        .statusCode,
    ).toBe(201);
    await app.db.delete(projects).where(eq(projects.suggestedBy, stranger.id));
    await app.db.delete(projects).where(eq(projects.nameEn, 'Own'));
  });

  it('goes public when an admin approves it (once)', async () => {
    const res = await call(admin.token, 'POST', `/api/admin/projects/${suggested.id}/approve`);
    expect(res.statusCode).toBe(200);
    expect((await call(admin.token, 'POST', `/api/admin/projects/${suggested.id}/approve`)).statusCode).toBe(409);
    const page = await call(null, 'GET', `/api/projects/${suggested.slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().payload.listings_for_sale).toBe(1);
    const listing = await call(null, 'GET', `/api/property/${linked}`);
    expect(listing.json().payload.project).toMatchObject({ id: suggested.id, slug: suggested.slug });
  });
});

describe('listings and their project', () => {
  it('an edit links, refuses an unknown project without changing anything, and unlinks with null', async () => {
    const [before] = await app.db.select().from(properties).where(eq(properties.id, linked));
    const bad = await call(owner.token, 'PATCH', `/api/property/${linked}`, { project_id: 999999, price: 1 });
    expect(bad.statusCode).toBe(400);
    const [after] = await app.db.select().from(properties).where(eq(properties.id, linked));
    expect(after).toEqual(before);
    expect(await app.db.select().from(listingPrices).where(eq(listingPrices.propertyId, linked))).toHaveLength(1);

    const link = await call(owner.token, 'PATCH', `/api/property/${linked}`, { project_id: noble.id });
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json().payload.project.slug).toBe('noble-demo-asok');
    const unlink = await call(owner.token, 'PATCH', `/api/property/${linked}`, { project_id: null });
    expect(unlink.json().payload.project).toBeNull();
    await call(owner.token, 'PATCH', `/api/property/${linked}`, { project_id: noble.id });
  });

  it('q on /api/properties matches the project’s names and aliases in any script; project= filters', async () => {
    for (const q of ['noble', 'โนเบิล', 'ノーブル']) {
      const res = await call(null, 'GET', `/api/properties?q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      expect(
        res.json().payload.items.map((p: Property) => p.id),
        q,
      ).toContain(linked);
    }
    // Words that are all in a project's names are read as that project.
    const read = await call(null, 'GET', `/api/properties?q=${encodeURIComponent('โนเบิล อโศก')}&lang=th`);
    expect(read.json().payload.understood).toContainEqual({
      kind: 'project',
      value: 'noble-demo-asok',
      label: 'โนเบิล เดโม อโศก',
    });
    expect(read.json().payload.understood.filter((u: { kind: string }) => u.kind === 'text')).toEqual([]);
    const mixed = await call(null, 'GET', '/api/properties?q=noble%20rooftop');
    expect(mixed.json().payload.understood.map((u: { kind: string }) => u.kind)).not.toContain('project');
    const filtered = await call(null, 'GET', '/api/properties?project=noble-demo-asok');
    expect(filtered.json().payload.items.map((p: Property) => p.id)).toEqual([linked]);
    const none = await call(null, 'GET', `/api/properties?project=${ideo.slug}`);
    expect(none.json().payload.total).toBe(0);
    expect((await call(null, 'GET', '/api/properties?project=Not%20a%20slug')).statusCode).toBe(400);
  });

  it('pages a project’s units by type and exact bedrooms', async () => {
    const two = await call(null, 'GET', '/api/projects/noble-demo-asok/listings?type=sale&bedrooms=2');
    expect(two.statusCode).toBe(200);
    expect(two.json().payload.items.map((p: Property) => p.id)).toEqual([linked]);
    const one = await call(null, 'GET', '/api/projects/noble-demo-asok/listings?bedrooms=1');
    expect(one.json().payload.total).toBe(0);
    const rent = await call(null, 'GET', '/api/projects/noble-demo-asok/listings?type=rent');
    expect(rent.json().payload.total).toBe(0);
    expect((await call(null, 'GET', '/api/projects/noble-demo-asok/listings?per_page=101')).statusCode).toBe(400);
    expect((await call(null, 'GET', '/api/projects/no-such-project/listings')).statusCode).toBe(404);
  });

  it('the search box suggests projects by any of their names, in the page’s language', async () => {
    const res = await call(null, 'GET', `/api/search/suggest?q=${encodeURIComponent('โนเบิล')}&lang=th`);
    expect(res.statusCode).toBe(200);
    expect(res.json().payload).toContainEqual({
      kind: 'project',
      label: 'โนเบิล เดโม อโศก',
      secondary: 'Watthana, Bangkok',
      query: 'project=noble-demo-asok',
      url: '/project/noble-demo-asok',
    });
    const en = await call(null, 'GET', '/api/search/suggest?q=noble%20asoke&lang=en');
    expect(en.json().payload.find((s: { kind: string }) => s.kind === 'project')?.label).toBe('Noble Demo Asok');
  });
});

describe('price changes', () => {
  it('keeps every price, flags a cut and mails it once to saved searches that ask for price drops', async () => {
    const save = (token: string, notify: boolean, query: string) =>
      call(token, 'POST', '/api/user/saved-searches', {
        name: 'Noble',
        query,
        frequency: 'weekly',
        notify_price_drops: notify,
      });
    const wants = await save(buyer.token, true, 'project=noble-demo-asok');
    expect(wants.statusCode, wants.body).toBe(201);
    expect(wants.json().payload.notify_price_drops).toBe(true);
    const silent = await save(stranger.token, false, 'project=noble-demo-asok');
    expect(silent.json().payload.notify_price_drops).toBe(false);
    const elsewhere = await save(stranger.token, true, 'type=rent');
    expect(elsewhere.statusCode).toBe(201);

    const raise = await call(owner.token, 'PATCH', `/api/property/${linked}`, { price: 6_900_000 });
    expect(raise.statusCode, raise.body).toBe(200);
    expect(raise.json().payload.previous_price).toBeNull();
    const cut = await call(owner.token, 'PATCH', `/api/property/${linked}`, { price: 6_200_000 });
    expect(cut.json().payload.previous_price).toBe(6_900_000);
    // The same price again is no change.
    await call(owner.token, 'PATCH', `/api/property/${linked}`, { price: 6_200_000 });
    await app.mailer.drain();

    const history = await call(null, 'GET', `/api/property/${linked}/price-history`);
    // All on one Bangkok day: the day's last price.
    expect(history.json().payload).toHaveLength(1);
    const prices = await app.db
      .select({ price: listingPrices.price })
      .from(listingPrices)
      .where(eq(listingPrices.propertyId, linked))
      .orderBy(asc(listingPrices.id));
    expect(prices.map((p) => p.price)).toEqual([6_500_000, 6_900_000, 6_200_000]);

    const drops = await call(null, 'GET', '/api/properties?price_drop=1');
    expect(drops.json().payload.items.map((p: Property) => p.id)).toEqual([linked]);

    const toBuyer = smtp.mails.filter((m) => m.to.includes('buyer@projects.test'));
    expect(toBuyer).toHaveLength(1);
    expect(toBuyer[0]?.subject).toContain('ลดราคา');
    expect(toBuyer[0]?.text).toContain('6,900,000');
    expect(smtp.mails.filter((m) => m.to.includes('stranger@projects.test'))).toHaveLength(0);
    expect(smtp.mails.filter((m) => m.to.includes('owner@projects.test') && m.subject.includes('Price'))).toHaveLength(
      0,
    );
    expect(await app.db.select().from(savedSearchPriceDrops)).toHaveLength(1);

    // Another cut is another mail; running the jobs again sends nothing twice.
    await call(owner.token, 'PATCH', `/api/property/${linked}`, { price: 6_000_000 });
    await app.mailer.drain();
    await app.mailer.drain();
    expect(smtp.mails.filter((m) => m.to.includes('buyer@projects.test'))).toHaveLength(2);
    expect(await app.db.select().from(savedSearchPriceDrops)).toHaveLength(2);
  });
});

describe('merging', () => {
  it('refuses merging into itself, into a missing or a merged-away project, and moves nothing', async () => {
    const before = await countRows();
    const [listing] = await app.db.select().from(properties).where(eq(properties.id, linked));
    const self = await call(admin.token, 'POST', `/api/admin/projects/${noble.id}/merge`, { into_id: noble.id });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(PROJECT_MESSAGES.mergeIntoSelf);
    const missing = await call(admin.token, 'POST', `/api/admin/projects/${noble.id}/merge`, { into_id: 999999 });
    expect(missing.statusCode).toBe(400);
    expect(await countRows()).toEqual(before);
    const [still] = await app.db.select().from(properties).where(eq(properties.id, linked));
    expect(still?.projectId).toBe(listing?.projectId);
  });

  it('moves every listing and alias, and the old slug answers 301 to the new one', async () => {
    const res = await call(admin.token, 'POST', `/api/admin/projects/${noble.id}/merge`, { into_id: ideo.id });
    expect(res.statusCode, res.body).toBe(200);
    const merged = res.json().payload as AdminProject;
    expect(merged.aliases).toEqual(
      expect.arrayContaining(['Noble Demo Asok', 'โนเบิล เดโม อโศก', 'Noble Asoke', 'ノーブル', 'IDEO Q DEMO']),
    );
    expect(await app.db.select().from(projectAliases).where(eq(projectAliases.projectId, noble.id))).toEqual([]);
    const [row] = await app.db.select().from(properties).where(eq(properties.id, linked));
    expect(row?.projectId).toBe(ideo.id);

    const old = await call(null, 'GET', '/api/projects/noble-demo-asok/market?months=12');
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(`/api/projects/${ideo.slug}/market?months=12`);
    const oldPage = await call(null, 'GET', '/api/projects/noble-demo-asok');
    expect(oldPage.statusCode).toBe(301);
    // The old names still find it, and the old slug still filters listings.
    const found = await call(null, 'GET', '/api/projects?q=ノーブル');
    expect(found.json().payload.items.map((p: ProjectSummary) => p.slug)).toEqual([ideo.slug]);
    const listings = await call(null, 'GET', '/api/properties?project=noble-demo-asok');
    expect(listings.json().payload.items.map((p: Property) => p.id)).toEqual([linked]);

    // Into the merged-away project: refused.
    const into = await call(admin.token, 'POST', `/api/admin/projects/${suggested.id}/merge`, { into_id: noble.id });
    expect(into.statusCode).toBe(400);
    expect(into.json().message).toBe(PROJECT_MESSAGES.mergeIntoMerged);
    // A merged-away project is no longer linkable.
    const relink = await call(owner.token, 'PATCH', `/api/property/${linked}`, { project_id: noble.id });
    expect(relink.statusCode).toBe(400);
  });

  it('deletes a project: its listings stay, unlinked, and its merged-away slugs go with it', async () => {
    const res = await call(admin.token, 'DELETE', `/api/admin/projects/${ideo.id}`);
    expect(res.statusCode).toBe(200);
    const [row] = await app.db.select().from(properties).where(eq(properties.id, linked));
    expect(row?.projectId).toBeNull();
    expect((await call(null, 'GET', '/api/projects/noble-demo-asok')).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/projects/${ideo.slug}`)).statusCode).toBe(404);
  });
});
