import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { FeaturedQuotaResponse, OWNER_MESSAGES, PackagesResponse } from '@baan/contract';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { packages, properties, propertyImages } from '../src/db/schema.ts';
import { pageServices } from '../src/plugins/app/page-services.ts';
import { activateSubscription as activate } from '../src/services/subscriptions/activate-subscription.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';
import { auditRows } from './support/admin.ts';
import { filesUnder } from './support/uploads.ts';

const app = await build({ moderationNewOwnerDays: 0 });
const admin = await createUser(app, { email: 'quota-admin@baan.example', role: 'admin' });

/** Gives the user a running period on the named package. */
async function subscribe(userId: number, name: string) {
  const [pkg] = await app.db.select().from(packages).where(eq(packages.name, name));
  if (!pkg) throw new Error(`no package ${name}`);
  await app.db.transaction((tx) =>
    activate(
      tx,
      {
        userId,
        packageId: pkg.id,
        durationDays: 30,
        amount: pkg.price,
        paymentMethod: 'test',
        paymentId: null,
        grantedBy: null,
      },
      app.clock.now(),
    ),
  );
}

const photo = () =>
  sharp(randomBytes(160 * 120 * 3), { raw: { width: 160, height: 120, channels: 3 } })
    .jpeg()
    .toBuffer();
const FIELDS: Record<string, string> = {
  is_featured: '1',
  type: 'rent',
  user_type: 'agent',
  property_type: 'residential',
  property_sub_type: 'villa',
  location: 'Rawai, Mueang Phuket, Phuket',
  title: 'Pool villa',
  description: 'Three bedrooms, a pool.',
  price: '90000',
  area: '300',
  bed_rooms: '3',
  bath_rooms: '3',
  kitchen: '1',
  floors: '2',
};
async function create(token: string, fields: Record<string, string> = {}) {
  // is_featured comes first, before the photo, as the wizard sends it.
  const fd = new FormData();
  for (const [k, v] of Object.entries({ ...FIELDS, ...fields })) fd.append(k, v);
  fd.append('cover_image', new Blob([new Uint8Array(await photo())]), 'cover.jpg');
  return app.inject({
    method: 'POST',
    url: '/api/property',
    payload: fd,
    headers: { authorization: `Bearer ${token}` },
  });
}
const patch = (token: string, id: number, payload: Record<string, string>) =>
  app.inject({ method: 'PATCH', url: `/api/property/${id}`, payload, headers: { authorization: `Bearer ${token}` } });
const quota = async (token: string) => {
  const res = await app.inject({ url: '/api/user/featured-quota', headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
  return FeaturedQuotaResponse.parse(res.json()).payload;
};

/** What a refused write must leave as it was: every listing row, photo row and stored or temporary file. */
async function everything() {
  return {
    listings: await app.db.select().from(properties).orderBy(properties.id),
    images: (await app.db.select({ n: sql<number>`count(*)::int` }).from(propertyImages))[0]?.n,
    files: filesUnder(path.join(app.dataDir, 'uploads')).sort(),
    tmp: filesUnder(path.join(app.dataDir, 'tmp', 'uploads')),
  };
}

describe('packages carry their featured quota', () => {
  it("GET /api/packages shows each tier's featured_quota", async () => {
    const res = PackagesResponse.parse((await app.inject('/api/packages')).json());
    expect(res.payload.map((p) => [p.name, p.featured_quota])).toEqual([
      ['Starter', 0],
      ['Professional', 5],
      ['Premium', 10],
    ]);
  });

  it('admins set it when creating and editing a package (audited), with field messages for bad values', async () => {
    const headers = { authorization: `Bearer ${admin.token}` };
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/packages',
      headers,
      payload: { name: 'Agency', price: 5000, featured_quota: 25 },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().payload.id as number;
    expect(created.json().payload.featured_quota).toBe(25);
    const edited = await app.inject({
      method: 'PATCH',
      url: `/api/admin/packages/${id}`,
      headers,
      payload: { featured_quota: 30 },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().payload.featured_quota).toBe(30);
    const [row] = await app.db.select().from(packages).where(eq(packages.id, id));
    expect(row?.featuredQuota).toBe(30);
    expect((await auditRows(app, 'package.update', id))[0]?.details).toEqual({ featured_quota: { from: 25, to: 30 } });
    const bad = await app.inject({
      method: 'PATCH',
      url: `/api/admin/packages/${id}`,
      headers,
      payload: { featured_quota: -1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ featured_quota: ['The featured quota cannot be negative.'] });
    const listed = (await app.inject('/api/packages')).json().payload as { id: number; featured_quota: number }[];
    expect(listed.find((p) => p.id === id)?.featured_quota).toBe(30);
    // Retired again, so the other tests see the three tiers.
    await app.db.update(packages).set({ retiredAt: new Date() }).where(eq(packages.id, id));
  });
});

describe('GET /api/user/featured-quota', () => {
  it('needs a token', async () => {
    expect((await app.inject('/api/user/featured-quota')).statusCode).toBe(401);
  });

  it('tells the quota of the running package, how many are used and left, and whether it ranks first', async () => {
    const nobody = await createUser(app, { email: 'quota-none@baan.example' });
    expect(await quota(nobody.token)).toEqual({ quota: 0, used: 0, left: 0, premium: 0 });
    const premium = await createUser(app, { email: 'quota-premium@baan.example' });
    await subscribe(premium.id, 'Premium');
    await makeListing(app, premium.id, { isFeatured: true });
    await makeListing(app, premium.id, { isFeatured: true, status: 'sold' });
    // Hidden by an admin: does not count.
    await makeListing(app, premium.id, { isFeatured: true, status: 'hidden' });
    await makeListing(app, premium.id, { isFeatured: false });
    expect(await quota(premium.token)).toEqual({ quota: 10, used: 2, left: 8, premium: 1 });
  });
});

describe('the featured quota on create and edit', () => {
  it('a Starter owner cannot feature a listing: 403 with the contract message, nothing written', async () => {
    const starter = await createUser(app, { email: 'quota-starter@baan.example' });
    await subscribe(starter.id, 'Starter');
    expect(await quota(starter.token)).toEqual({ quota: 0, used: 0, left: 0, premium: 0 });
    const before = await everything();
    const res = await create(starter.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, message: OWNER_MESSAGES.featuredQuota(0) });
    expect(res.json().message).toBe('Your package allows 0 featured listings.');
    // The field after the photo: refused all the same.
    const fd = new FormData();
    for (const [k, v] of Object.entries(FIELDS)) if (k !== 'is_featured') fd.append(k, v);
    fd.append('cover_image', new Blob([new Uint8Array(await photo())]), 'cover.jpg');
    fd.append('is_featured', '1');
    const late = await app.inject({
      method: 'POST',
      url: '/api/property',
      payload: fd,
      headers: { authorization: `Bearer ${starter.token}` },
    });
    expect(late.statusCode).toBe(403);
    expect(await everything()).toEqual(before);

    const plain = await create(starter.token, { is_featured: '0' });
    expect(plain.statusCode).toBe(201);
    const id = plain.json().payload.id as number;
    const afterCreate = await everything();
    const edit = await patch(starter.token, id, { is_featured: '1', title: 'Featured now?' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe(OWNER_MESSAGES.featuredQuota(0));
    expect(await everything()).toEqual(afterCreate);
  });

  it('a Professional owner features 5; the 6th is refused by create and by edit, changing nothing', async () => {
    const pro = await createUser(app, { email: 'quota-pro@baan.example' });
    await subscribe(pro.id, 'Professional');
    for (let i = 0; i < 4; i++) await makeListing(app, pro.id, { isFeatured: true });
    const fifth = await create(pro.token);
    expect(fifth.statusCode, fifth.body).toBe(201);
    expect(fifth.json().payload.is_featured).toBe(1);
    expect(await quota(pro.token)).toEqual({ quota: 5, used: 5, left: 0, premium: 0 });

    const plain = await makeListing(app, pro.id, { isFeatured: false });
    const before = await everything();
    const sixth = await create(pro.token);
    expect(sixth.statusCode).toBe(403);
    expect(sixth.json().message).toBe('Your package allows 5 featured listings.');
    const edit = await patch(pro.token, plain.id, { is_featured: '1' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe(OWNER_MESSAGES.featuredQuota(5));
    expect(await everything()).toEqual(before);

    // A featured listing being edited does not count against itself.
    const fifthId = fifth.json().payload.id as number;
    const same = await patch(pro.token, fifthId, { is_featured: '1', title: 'Still featured' });
    expect(same.statusCode, same.body).toBe(200);
    // Unfeaturing one frees a place.
    expect((await patch(pro.token, fifthId, { is_featured: '0' })).statusCode).toBe(200);
    expect(await quota(pro.token)).toMatchObject({ used: 4, left: 1 });
    expect((await patch(pro.token, plain.id, { is_featured: '1' })).statusCode).toBe(200);
    expect(await quota(pro.token)).toMatchObject({ used: 5, left: 0 });
  });

  it('two edits at once cannot both take the last place', async () => {
    const pro = await createUser(app, { email: 'quota-race@baan.example' });
    await subscribe(pro.id, 'Professional');
    for (let i = 0; i < 4; i++) await makeListing(app, pro.id, { isFeatured: true });
    const a = await makeListing(app, pro.id);
    const b = await makeListing(app, pro.id);
    const answers = await Promise.all([
      patch(pro.token, a.id, { is_featured: '1' }),
      patch(pro.token, b.id, { is_featured: '1' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    const featured = await app.db
      .select()
      .from(properties)
      .where(and(eq(properties.userId, pro.id), eq(properties.isFeatured, true)));
    expect(featured).toHaveLength(5);
  });

  it('without a running package nothing can be featured; admins are not limited', async () => {
    const lapsed = await createUser(app, { email: 'quota-lapsed@baan.example' });
    const listing = await makeListing(app, lapsed.id);
    const edit = await patch(lapsed.token, listing.id, { is_featured: '1' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe(OWNER_MESSAGES.featuredQuota(0));
    // Other edits need no package.
    const renamed = await patch(lapsed.token, listing.id, { title: 'Renamed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const byAdmin = await patch(admin.token, listing.id, { is_featured: '1' });
    expect(byAdmin.statusCode).toBe(200);
    const other = await makeListing(app, lapsed.id);
    const consoleFeature = await app.inject({
      method: 'POST',
      url: `/api/admin/properties/${other.id}/feature`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(consoleFeature.statusCode).toBe(200);
    expect(await quota(lapsed.token)).toEqual({ quota: 0, used: 2, left: 0, premium: 0 });
  });
});

// Premium visibility: the column is kept by the perks job; set here directly.
const owner = await createUser(app, { email: 'premium-order@baan.example' });
// Oldest first: d (premium), b, a (premium), c; prices tell an explicit sort apart.
const d = await makeListing(app, owner.id, { type: 'sale', title: 'Order d', price: 4_000_000 });
await makeListing(app, owner.id, { type: 'sale', title: 'Order b', price: 1_000_000 });
const a = await makeListing(app, owner.id, { type: 'sale', title: 'Order a', price: 3_000_000 });
await makeListing(app, owner.id, { type: 'sale', title: 'Order c', price: 2_000_000 });
await app.db.update(properties).set({ premium: true }).where(sql`${properties.id} in (${a.id}, ${d.id})`);
app.listingCache.clear();
const titles = async (query: string) =>
  ((await app.inject(`/api/properties?q=Order&${query}`)).json().payload.items as { title: string }[]).map(
    (p) => p.title,
  );

describe('premium visibility (ADR 017)', () => {
  it('ranks premium listings first in the default sort, newest first among equals', async () => {
    expect(await titles('')).toEqual(['Order a', 'Order d', 'Order c', 'Order b']);
    // Paging keeps the order.
    expect([...(await titles('per_page=2&page=1')), ...(await titles('per_page=2&page=2'))]).toEqual([
      'Order a',
      'Order d',
      'Order c',
      'Order b',
    ]);
  });

  it('an explicit sort is exactly what it says', async () => {
    expect(await titles('sort=newest')).toEqual(['Order c', 'Order a', 'Order b', 'Order d']);
    expect(await titles('sort=price_asc')).toEqual(['Order b', 'Order c', 'Order a', 'Order d']);
    expect(await titles('sort=price_desc')).toEqual(['Order d', 'Order a', 'Order c', 'Order b']);
  });

  it('the home sections rank premium first too', async () => {
    const home = await pageServices(app).searchProperties({ type: 'sale', page: 1, per_page: 8 });
    expect(home.items.map((p) => p.title)).toEqual(['Order a', 'Order d', 'Order c', 'Order b']);
  });
});
