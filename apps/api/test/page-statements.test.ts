import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listingPrices, projects, propertyImages, propertyRooms, users } from '../src/db/schema.ts';
import { pageServices } from '../src/plugins/app/page-services.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';

/**
 * The detail and home pages' database statements (issue 27, render cost): each page's reads in one go
 * (services/properties/property-page.ts, home-listings.ts) answer exactly as the separate reads do, and an uncached
 * render issues a fixed, small number of statements. No read or page cache (TTL 0) and no job worker, so every
 * statement counted is the render's.
 */
const app = await build({ listingCacheTtlMs: 0, jobsWorker: false });
const pages = pageServices(app);

/** Every statement drizzle sends (its Logger hook: the same on PGlite and PostgreSQL), while `statements` is set. */
let statements: string[] | null = null;
(app.db as unknown as { session: { logger: { logQuery: (query: string) => void } } }).session.logger = {
  logQuery: (query) => statements?.push(query),
};
async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  statements = [];
  try {
    await work();
    return statements;
  } finally {
    statements = null;
  }
}
const get = (url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

// A lister with a public profile, a project, and listings in the home page's four places, with photos and rooms.
const owner = await createUser(app, { email: 'statements-owner@example.test' });
const agent = await createUser(app, { email: 'statements-agent@example.test' });
await app.db.update(users).set({ profileSlug: 'statements-agent', profilePublic: true }).where(eq(users.id, agent.id));
const [tower] = await app.db
  .insert(projects)
  .values({ slug: 'statement-tower', nameEn: 'Statement Tower', lat: 13.73, lon: 100.56, review: 'approved' })
  .returning();
if (!tower) throw new Error('no project');
const PLACES = ['Bangkok', 'Chiang Mai', 'Phuket', 'Pattaya'];
const made: Awaited<ReturnType<typeof makeListing>>[] = [];
for (let i = 0; i < 24; i++) {
  const row = await makeListing(app, i % 3 === 0 ? agent.id : owner.id, {
    title: `Statement condo ${i}`,
    type: i % 4 === 3 ? 'rent' : 'sale',
    location: PLACES[i % PLACES.length],
    price: 2_000_000 + i * 150_000,
    area: 30 + i,
    projectId: i % 5 === 0 ? tower.id : null,
    lat: i % 2 === 0 ? 13.7 + i / 100 : null,
    lon: i % 2 === 0 ? 100.5 + i / 100 : null,
    premium: i === 6,
  });
  made.push(row);
  await app.db.insert(propertyImages).values(
    [0, 1].map((n) => ({
      propertyId: row.id,
      storageKey: `listings/${row.id}/${n}`,
      width: 1600,
      height: 1200,
      widths: [480, 960],
      isCover: n === 1,
      sortOrder: n,
    })),
  );
  await app.db.insert(propertyRooms).values({ propertyId: row.id, type: 'bedroom', quantity: 1 + (i % 3) });
  await app.db.insert(listingPrices).values({ propertyId: row.id, price: row.price, changedAt: row.createdAt });
}
// Enough condos for sale in Bangkok that a Bangkok listing's price window holds eight like it (one ranking).
for (let i = 0; i < 9; i++) {
  await makeListing(app, owner.id, { title: `Crowd condo ${i}`, type: 'sale', price: 2_500_000 + i * 10_000 });
}
const first = made[0];
if (!first) throw new Error('no listing');
await app.db
  .insert(listingPrices)
  .values({ propertyId: first.id, price: first.price - 100_000, changedAt: new Date('2026-03-01T05:00:00Z') });
const paused = await makeListing(app, owner.id, { title: 'Statement paused', type: 'sale', status: 'paused' });
const sold = await makeListing(app, owner.id, { title: 'Statement sold', type: 'sale', status: 'sold' });
const pending = await makeListing(app, owner.id, { title: 'Statement pending', review: 'pending' });
const MISSING = 2_000_000_000;

/** The detail page's reads as the loader made them one by one before propertyPage. */
async function separately(id: number) {
  const [property, similar, priceHistory] = await Promise.all([
    pages.getProperty(id),
    pages.similarProperties(id),
    pages.priceHistory(id),
  ]);
  const noLongerAvailable = property ? false : await pages.isNoLongerAvailable(id);
  return {
    property,
    noLongerAvailable,
    // The page shows similar listings beside a listing shown or no longer available, and none otherwise.
    similar: property || noLongerAvailable ? similar : [],
    priceHistory: property ? (priceHistory ?? []) : [],
  };
}

/** The home page's sections as the loader read them before homeListings: a search each. */
async function homeSeparately(listings: number, places: string[]) {
  const [sale, rent, ...near] = await Promise.all([
    pages.searchProperties({ type: 'sale', page: 1, per_page: listings }),
    pages.searchProperties({ type: 'rent', page: 1, per_page: listings }),
    ...places.map((location) => pages.searchProperties({ location, page: 1, per_page: 1 })),
  ]);
  return {
    newListings: { sale: sale?.items, rent: rent?.items },
    places: near.map((page) => ({ total: page.total, first: page.items[0] ?? null })),
  };
}

describe('the detail page read in one go', () => {
  it('answers as getProperty, similarProperties, priceHistory and isNoLongerAvailable do, for every kind of id', async () => {
    for (const id of [...made.map((m) => m.id), paused.id, sold.id, pending.id, MISSING]) {
      const together = await pages.propertyPage(id);
      expect(together, `listing ${id}`).toEqual(await separately(id));
    }
    // The cases are all there: a listing with similar ones, a price history of two points, project and lister.
    const page = await pages.propertyPage(first.id);
    expect(page.similar.length).toBeGreaterThan(0);
    expect(page.priceHistory.length).toBe(2);
    expect(page.property?.project?.slug).toBe('statement-tower');
    expect(page.property?.agent?.slug).toBe('statements-agent');
    const wider = await pages.propertyPage(made[1]?.id ?? 0);
    expect(wider.similar.some((s) => s.images.length === 2 && s.rooms.length === 1)).toBe(true);
    expect((await pages.propertyPage(paused.id)).noLongerAvailable).toBe(true);
    expect((await pages.propertyPage(paused.id)).similar.length).toBeGreaterThan(0);
    expect(await pages.propertyPage(pending.id)).toEqual({
      property: null,
      noLongerAvailable: false,
      similar: [],
      priceHistory: [],
    });
  });
});

describe('the home sections read in one go', () => {
  it('answer as the searches with the same filters do, section by section and in order', async () => {
    for (const [listings, places] of [
      [8, PLACES],
      [3, ['Bangkok', 'Nowhere at all']],
      [1, []],
    ] as const) {
      const together = await pages.homeListings({ listings, places });
      expect(together).toEqual(await homeSeparately(listings, [...places]));
    }
    const home = await pages.homeListings({ listings: 8, places: PLACES });
    expect(home.newListings.sale.length).toBe(8);
    expect(home.newListings.rent.length).toBeGreaterThan(0);
    // The premium listing first (the default order), and every place with its count and first listing.
    expect(home.newListings.sale[0]?.title).toBe('Statement condo 6');
    expect(home.places.every((p) => p.total > 0 && p.first !== null)).toBe(true);
  });
});

describe('statements per uncached page render', () => {
  it('renders /detail/{id} in 7–8 statements and a listing no longer available in 9 (before: 13–14)', async () => {
    // The listing, the similar ones' ranking, its price history, the four details of all of them at once.
    const shown = await statementsOf(async () => expect((await get(`/detail/${first.id}`)).statusCode).toBe(200));
    expect(shown, shown.join('\n')).toHaveLength(7);
    const thai = await statementsOf(async () => expect((await get(`/th/detail/${first.id}`)).statusCode).toBe(200));
    expect(thai).toHaveLength(7);
    // A second ranking over the whole sub type when the price window holds fewer than 8 in its province.
    const wider = await statementsOf(async () => expect((await get(`/detail/${made[1]?.id}`)).statusCode).toBe(200));
    expect(wider).toHaveLength(8);
    const gone = await statementsOf(async () => expect((await get(`/detail/${paused.id}`)).statusCode).toBe(404));
    expect(gone, gone.join('\n')).toHaveLength(9);
    const missing = await statementsOf(async () => expect((await get(`/detail/${MISSING}`)).statusCode).toBe(404));
    expect(missing).toHaveLength(2);
  });

  it('renders / in 8 statements (before: 38)', async () => {
    const home = await statementsOf(async () => expect((await get('/')).statusCode).toBe(200));
    expect(home, home.join('\n')).toHaveLength(8);
  });
});
