import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { properties, users } from '../src/db/schema.ts';
import { pageServices } from '../src/plugins/app/page-services.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';

/**
 * ADR 017's visibility: only active, approved listings of enabled owners are in search, counts, the list of all
 * listings and the sitemap; the public page also shows sold and rented ones; the owner sees every listing.
 */
const app = await build({ publicUrl: 'https://baan.example' });
const owner = await createUser(app, { email: 'status-owner@baan.example' });
const gone = await createUser(app, { email: 'status-gone@baan.example' });
await app.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, gone.id));

type Case = {
  name: string;
  status: 'active' | 'paused' | 'sold' | 'rented' | 'hidden';
  review?: 'approved' | 'pending' | 'rejected';
  userId?: number;
};
/** Each case's listing, and whether it is in the lists (search, counts, all, sitemap) and on its public page. */
const CASES: [Case, { listed: boolean; page: boolean }][] = [
  [
    { name: 'active', status: 'active' },
    { listed: true, page: true },
  ],
  [
    { name: 'paused', status: 'paused' },
    { listed: false, page: false },
  ],
  [
    { name: 'sold', status: 'sold' },
    { listed: false, page: true },
  ],
  [
    { name: 'rented', status: 'rented' },
    { listed: false, page: true },
  ],
  [
    { name: 'hidden', status: 'hidden' },
    { listed: false, page: false },
  ],
  [
    { name: 'pending', status: 'active', review: 'pending' },
    { listed: false, page: false },
  ],
  [
    { name: 'rejected', status: 'active', review: 'rejected' },
    { listed: false, page: false },
  ],
  [
    { name: 'sold and pending', status: 'sold', review: 'pending' },
    { listed: false, page: false },
  ],
  [
    { name: 'disabled owner', status: 'active', userId: gone.id },
    { listed: false, page: false },
  ],
  [
    { name: 'disabled owner, sold', status: 'sold', userId: gone.id },
    { listed: false, page: false },
  ],
];

// Each case a different sub type where the counts can tell them apart: one listing per sub type.
const SUB_TYPES = [
  'condo',
  'apartment',
  'townhouse',
  'villa',
  'pent_villa',
  'home_office',
  'land',
  'house',
  'shophouse',
  'office',
];
const made = new Map<string, number>();
for (const [i, [c]] of CASES.entries()) {
  const row = await makeListing(app, c.userId ?? owner.id, {
    title: `Matrix ${c.name}`,
    status: c.status,
    review: c.review ?? 'approved',
    propertySubType: SUB_TYPES[i] ?? 'condo',
  });
  made.set(c.name, row.id);
}
const idOf = (name: string) => made.get(name) as number;

describe('who sees a listing of each status and review', () => {
  it.each(CASES)('%o', async (c, expected) => {
    const id = idOf(c.name);
    const search = (await app.inject({ method: 'GET', url: '/api/properties?q=Matrix&per_page=50' })).json().payload;
    expect(
      search.items.some((p: { id: number }) => p.id === id),
      'search',
    ).toBe(expected.listed);
    const all = (await app.inject({ method: 'GET', url: '/api/all/properties' })).json().payload as { id: number }[];
    expect(
      all.some((p) => p.id === id),
      'all properties',
    ).toBe(expected.listed);
    const counts = (await app.inject({ method: 'GET', url: '/api/stats/property-types' })).json().payload;
    const subType = SUB_TYPES[CASES.findIndex(([k]) => k === c)] as string;
    expect(counts[subType], 'counts').toBe(expected.listed ? 1 : 0);
    const sitemap = (await app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    expect(sitemap.includes(`/detail/${id}<`), 'sitemap').toBe(expected.listed);
    const detail = await app.inject({ method: 'GET', url: `/api/property/${id}` });
    expect(detail.statusCode, 'detail').toBe(expected.page ? 200 : 404);
    const pageData = await pageServices(app).getProperty(id);
    expect(pageData !== null, 'detail page data').toBe(expected.page);
    if (expected.page) {
      expect(detail.json().payload.status).toBe(c.status);
      expect(pageData?.status).toBe(c.status);
    }
  });

  it('the search total and the home sections count active listings only', async () => {
    const search = (await app.inject({ method: 'GET', url: '/api/properties?q=Matrix' })).json().payload;
    expect(search.total).toBe(1);
    const home = await pageServices(app).searchProperties({ type: 'rent', page: 1, per_page: 50 });
    expect(home.items.map((p) => p.title)).toEqual(['Matrix active']);
  });

  it("the public page names its owner's id (the page offers its owner Edit)", async () => {
    const detail = (await app.inject({ method: 'GET', url: `/api/property/${idOf('sold')}` })).json().payload;
    expect(detail.owner).toEqual({
      id: owner.id,
      name: 'status-owner',
      phone_number: null,
      phone_verified: 0,
      line_id: null,
      email: owner.email,
    });
  });

  it('the owner sees every listing of theirs with its status and review', async () => {
    await app.db
      .update(properties)
      .set({ reviewReasons: ['price_outlier'], reviewNote: 'The price looks wrong.' })
      .where(eq(properties.id, idOf('rejected')));
    const res = await app.inject({
      method: 'GET',
      url: '/api/user/properties',
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(res.statusCode).toBe(200);
    const mine = res.json().payload as { title: string; status: string; review: string }[];
    expect(mine.map((p) => p.title).sort()).toEqual(
      CASES.filter(([c]) => c.userId === undefined)
        .map(([c]) => `Matrix ${c.name}`)
        .sort(),
    );
    expect(mine.find((p) => p.title === 'Matrix rejected')).toMatchObject({
      status: 'active',
      review: 'rejected',
      review_reasons: ['price_outlier'],
      review_note: 'The price looks wrong.',
    });
    expect(mine.find((p) => p.title === 'Matrix paused')).toMatchObject({ status: 'paused', review: 'approved' });
  });
});
