import { Property, PropertyFieldsObject, RENTAL_TERM_NAMES } from '@baan/contract';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { properties, savedSearchHits } from '../src/db/schema.ts';
import { demoCatalogue } from '../src/services/seed/demo-catalogue.ts';
import { activateSubscription, createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';

// Rental terms (issue 26, item 1): written by the wizard's POST and the edit's PATCH, checked at and past every limit,
// refused on a sale listing, answered with the move-in cost, and filtered on by the list, the map and saved searches.
const app = await build({ moderationNewOwnerDays: 0 });
const owner = await createUser(app, { email: 'terms-owner@baan.example' });
await activateSubscription(app, owner.id);
const auth = { authorization: `Bearer ${owner.token}` };

const photo = (seed: number) =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: { r: (seed * 37) % 255, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();

const RENT: Record<string, string> = {
  type: 'rent',
  user_type: 'owner',
  property_type: 'residential',
  property_sub_type: 'condo',
  location: 'Thong Lo, Watthana, Bangkok',
  title: 'One-bed condo near BTS Thong Lo',
  description: 'Quiet unit on a high floor.',
  price: '20000',
  area: '35',
  level: '12',
  bed_rooms: '1',
  bath_rooms: '1',
  kitchen: '1',
  floors: '1',
};
const TERMS: Record<string, string> = {
  deposit_months: '2',
  advance_months: '1',
  min_lease_months: '12',
  furnishing: 'furnished',
  pets_allowed: '1',
  electricity: 'building',
  electricity_rate: '7.5',
};

let photos = 0;
const post = async (fields: Record<string, string>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  photos += 1;
  fd.append('cover_image', new Blob([new Uint8Array(await photo(photos))]), 'cover.jpg');
  return app.inject({ method: 'POST', url: '/api/property', payload: fd, headers: auth });
};
const patch = (id: number, payload: Record<string, unknown>) =>
  app.inject({ method: 'PATCH', url: `/api/property/${id}`, payload, headers: auth });
const listingCount = async () => (await app.db.select({ n: sql<number>`count(*)::int` }).from(properties))[0]?.n ?? 0;
const row = async (id: number) => (await app.db.select().from(properties).where(eq(properties.id, id)))[0];
const termsOf = (listing: Property) =>
  Object.fromEntries([...RENTAL_TERM_NAMES, 'move_in_cost'].map((name) => [name, listing[name as keyof Property]]));

async function create(fields: Record<string, string>): Promise<Property> {
  const res = await post(fields);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().payload;
}

describe('the rental terms in the schema, the form and the wire', () => {
  it('has one column of each wire name, a form field and a wire field for every term', () => {
    const columns = Object.values(getTableColumns(properties)).map((column) => column.name);
    for (const name of RENTAL_TERM_NAMES) {
      expect(columns, name).toContain(name);
      expect(Object.keys(PropertyFieldsObject.shape), name).toContain(name);
      expect(Object.keys(Property.shape), name).toContain(name);
    }
    expect(Object.keys(Property.shape)).toContain('move_in_cost');
  });
});

describe('POST /api/property with rental terms', () => {
  it('stores every term of a rental and answers them with the move-in cost (rent × (1 + advance + deposit))', async () => {
    const shown = await create({ ...RENT, ...TERMS });
    expect(termsOf(shown)).toEqual({
      deposit_months: 2,
      advance_months: 1,
      min_lease_months: 12,
      furnishing: 'furnished',
      pets_allowed: 1,
      electricity: 'building',
      electricity_rate: 7.5,
      move_in_cost: 80_000,
    });
    const stored = await row(shown.id);
    expect(stored?.petsAllowed).toBe(true);
    expect(Number(stored?.electricityRate)).toBe(7.5);
    const read = await app.inject({ method: 'GET', url: `/api/property/${shown.id}` });
    expect(termsOf(read.json().payload)).toEqual(termsOf(shown));
  });

  it('leaves every term null (and the move-in cost) when a rental gives none', async () => {
    const shown = await create(RENT);
    expect(Object.values(termsOf(shown)).every((value) => value === null)).toBe(true);
  });

  it('answers no move-in cost when the deposit or the advance is missing, and counts 0 months as given', async () => {
    expect((await create({ ...RENT, deposit_months: '2' })).move_in_cost).toBeNull();
    expect((await create({ ...RENT, advance_months: '1' })).move_in_cost).toBeNull();
    expect((await create({ ...RENT, deposit_months: '0', advance_months: '0' })).move_in_cost).toBe(20_000);
  });

  it('takes every limit (0 and 12 months of deposit and advance, 1 and 120 of lease, a rate of 1 and 50)', async () => {
    const low = await create({
      ...RENT,
      deposit_months: '0',
      advance_months: '0',
      min_lease_months: '1',
      electricity: 'building',
      electricity_rate: '1',
    });
    expect([low.deposit_months, low.advance_months, low.min_lease_months, low.electricity_rate]).toEqual([0, 0, 1, 1]);
    const high = await create({
      ...RENT,
      deposit_months: '12',
      advance_months: '12',
      min_lease_months: '120',
      electricity: 'building',
      electricity_rate: '50',
    });
    expect([high.deposit_months, high.advance_months, high.min_lease_months, high.electricity_rate]).toEqual([
      12, 12, 120, 50,
    ]);
    expect(high.move_in_cost).toBe(20_000 * 25);
  });

  it.each([
    ['deposit_months', '13', 'deposit months must be at most 12'],
    ['deposit_months', '-1', 'deposit months must be a whole number'],
    ['advance_months', '13', 'advance months must be at most 12'],
    ['min_lease_months', '0', 'min lease months must be at least 1'],
    ['min_lease_months', '121', 'min lease months must be at most 120'],
    ['deposit_months', '1.5', 'deposit months must be a whole number'],
    ['electricity_rate', '50.01', 'electricity rate must be at most 50'],
    ['electricity_rate', '0.99', 'electricity rate must be at least 1'],
    ['electricity_rate', '7.555', 'electricity rate must be a number, such as 7.5'],
    ['furnishing', 'half', 'furnishing must be one of: furnished, partly, unfurnished'],
    ['pets_allowed', 'yes', 'pets allowed must be 0 or 1'],
    ['electricity', 'solar', 'electricity must be one of: government, building'],
  ])('refuses %s=%s with a 400 that names it, and stores nothing', async (field, value, message) => {
    const before = await listingCount();
    const res = await post({ ...RENT, electricity: 'building', [field]: value });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errors: { [field]: [message] } });
    expect(await listingCount()).toBe(before);
  });

  it('refuses a rate without the building rate, and stores nothing', async () => {
    const before = await listingCount();
    const res = await post({ ...RENT, electricity: 'government', electricity_rate: '7' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.electricity_rate[0]).toMatch(/only when electricity is billed at the building rate/);
    const none = await post({ ...RENT, electricity_rate: '7' });
    expect(none.statusCode).toBe(400);
    expect(await listingCount()).toBe(before);
  });

  it('refuses rental terms on a sale listing (each named), and stores nothing; blank terms are fine', async () => {
    const before = await listingCount();
    const res = await post({ ...RENT, type: 'sale', price: '3500000', deposit_months: '2', pets_allowed: '0' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['deposit_months', 'pets_allowed']);
    expect(res.json().errors.deposit_months[0]).toMatch(/rental term: leave it out of a sale listing/);
    expect(await listingCount()).toBe(before);
    const blank = await create({ ...RENT, type: 'sale', price: '3500000', deposit_months: '', furnishing: '' });
    expect(Object.values(termsOf(blank)).every((value) => value === null)).toBe(true);
  });
});

describe('PATCH /api/property/{id} with rental terms', () => {
  it('changes the terms it names, keeps the others, and clears one sent blank', async () => {
    const listing = await create({ ...RENT, ...TERMS });
    const res = await patch(listing.id, { deposit_months: '3', furnishing: '' });
    expect(res.statusCode, res.body).toBe(200);
    const edited: Property = res.json().payload;
    expect(edited.deposit_months).toBe(3);
    expect(edited.furnishing).toBeNull();
    expect(edited.advance_months).toBe(1);
    expect(edited.move_in_cost).toBe(20_000 * 5);
    // A new price changes the move-in cost with it.
    const repriced = await patch(listing.id, { price: '25000' });
    expect(repriced.json().payload.move_in_cost).toBe(25_000 * 5);
  });

  it('refuses a term past its limit (JSON numbers too) and changes nothing', async () => {
    const listing = await create({ ...RENT, ...TERMS });
    for (const payload of [{ deposit_months: 13 }, { min_lease_months: 121 }, { advance_months: '13' }]) {
      const res = await patch(listing.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await row(listing.id)).toMatchObject({ depositMonths: 2, advanceMonths: 1, minLeaseMonths: 12 });
    const atLimit = await patch(listing.id, { deposit_months: 12, min_lease_months: 120 });
    expect(atLimit.statusCode, atLimit.body).toBe(200);
  });

  it('drops the rate when the electricity becomes the government rate; refuses a rate sent with it', async () => {
    const listing = await create({ ...RENT, ...TERMS });
    const refused = await patch(listing.id, { electricity: 'government', electricity_rate: '8' });
    expect(refused.statusCode).toBe(400);
    expect((await row(listing.id))?.electricity).toBe('building');
    const res = await patch(listing.id, { electricity: 'government' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toMatchObject({ electricity: 'government', electricity_rate: null });
  });

  it('refuses terms sent to a sale listing, and clears them all when a rental becomes a sale', async () => {
    const sale = await create({ ...RENT, type: 'sale', price: '3500000' });
    const refused = await patch(sale.id, { pets_allowed: '1' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.pets_allowed).toBeDefined();
    expect((await row(sale.id))?.petsAllowed).toBeNull();

    const rental = await create({ ...RENT, ...TERMS });
    const sold = await patch(rental.id, { type: 'sale', price: '3500000' });
    expect(sold.statusCode, sold.body).toBe(200);
    expect(Object.values(termsOf(sold.json().payload)).every((value) => value === null)).toBe(true);
    const stored = await row(rental.id);
    expect([stored?.depositMonths, stored?.petsAllowed, stored?.electricityRate]).toEqual([null, null, null]);
  });
});

describe('GET /api/properties filters on rental terms', async () => {
  const other = await createUser(app, { email: 'terms-filter@baan.example' });
  const base = { location: 'Filtertown', type: 'rent' as const };
  const a = await makeListing(app, other.id, {
    ...base,
    furnishing: 'furnished',
    petsAllowed: true,
    depositMonths: 2,
    minLeaseMonths: 12,
  });
  const b = await makeListing(app, other.id, {
    ...base,
    furnishing: 'unfurnished',
    petsAllowed: false,
    depositMonths: 3,
    minLeaseMonths: 6,
  });
  const c = await makeListing(app, other.id, { ...base });
  const ids = async (query: string) => {
    app.listingCache.clear();
    const res = await app.inject({ method: 'GET', url: `/api/properties?location=Filtertown&${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().payload.items as Property[]).map((p) => p.id).sort((x, y) => x - y);
  };

  it('narrows by furnishing, pets, the most deposit and the longest minimum lease; a listing that does not say is out', async () => {
    expect(await ids('')).toEqual([a.id, b.id, c.id]);
    expect(await ids('furnishing=furnished')).toEqual([a.id]);
    expect(await ids('pets=1')).toEqual([a.id]);
    expect(await ids('max_deposit_months=2')).toEqual([a.id]);
    expect(await ids('max_deposit_months=3')).toEqual([a.id, b.id]);
    expect(await ids('max_min_lease_months=6')).toEqual([b.id]);
    expect(await ids('max_min_lease_months=12&pets=1&furnishing=furnished')).toEqual([a.id]);
  });

  it.each([
    ['furnishing=half', 'furnishing'],
    ['pets=0', 'pets'],
    ['max_deposit_months=13', 'max_deposit_months'],
    ['max_deposit_months=-1', 'max_deposit_months'],
    ['max_min_lease_months=0', 'max_min_lease_months'],
    ['max_min_lease_months=121', 'max_min_lease_months'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const res = await app.inject({ method: 'GET', url: `/api/properties?${query}` });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toContain(field);
  });

  it('takes the limits themselves', async () => {
    expect(await ids('max_deposit_months=12&max_min_lease_months=120')).toEqual([a.id, b.id]);
    expect(await ids('max_deposit_months=0')).toEqual([]);
  });

  it('filters the map the same way', async () => {
    await app.db.update(properties).set({ lat: 13.73, lon: 100.58 }).where(eq(properties.location, 'Filtertown'));
    app.listingCache.clear();
    const res = await app.inject({
      method: 'GET',
      url: '/api/properties/map?bbox=100.5,13.7,100.6,13.8&zoom=16&location=Filtertown&pets=1',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload.items.map((p: { id: number }) => p.id)).toEqual([a.id]);
  });
});

describe('saved searches and alerts with rental terms', () => {
  it('keeps the filters in a saved search and alerts only a rental that meets them', async () => {
    const renter = await createUser(app, { email: 'terms-renter@baan.example' });
    const saved = await app.inject({
      method: 'POST',
      url: '/api/user/saved-searches',
      headers: { authorization: `Bearer ${renter.token}` },
      payload: { name: 'Pets, 2 months', query: 'type=rent&pets=1&max_deposit_months=2&page=2', frequency: 'instant' },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const search = saved.json().payload;
    expect(search.query).toBe('max_deposit_months=2&pets=1&type=rent');

    const refused = await app.inject({
      method: 'POST',
      url: '/api/user/saved-searches',
      headers: { authorization: `Bearer ${renter.token}` },
      payload: { name: 'Bad', query: 'max_deposit_months=13', frequency: 'instant' },
    });
    expect(refused.statusCode).toBe(400);

    const fits = await create({ ...RENT, ...TERMS });
    const noPets = await create({ ...RENT, ...TERMS, pets_allowed: '0' });
    const bigDeposit = await create({ ...RENT, ...TERMS, deposit_months: '3' });
    await app.jobs.drain();
    const hits = await app.db.select().from(savedSearchHits).where(eq(savedSearchHits.savedSearchId, search.id));
    const hit = hits.map((h) => h.propertyId);
    expect(hit).toContain(fits.id);
    expect(hit).not.toContain(noPets.id);
    expect(hit).not.toContain(bigDeposit.id);
  });
});

describe("the demo catalogue's rental terms", () => {
  it('gives most rentals Bangkok terms (2 months deposit and 1 advance the norm), no sale listing any', () => {
    const listings = demoCatalogue(5, 5, new Date('2026-03-01T00:00:00Z'));
    const rentals = listings.filter((l) => l.type === 'rent');
    const withTerms = rentals.filter((l) => l.depositMonths != null);
    expect(withTerms.length / rentals.length).toBeGreaterThan(0.8);
    const norm = withTerms.filter((l) => l.depositMonths === 2 && l.advanceMonths === 1);
    expect(norm.length / withTerms.length).toBeGreaterThan(0.4);
    for (const sale of listings.filter((l) => l.type === 'sale'))
      expect([sale.depositMonths, sale.furnishing, sale.petsAllowed, sale.electricity]).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
    const condos = withTerms.filter((l) => l.propertySubType === 'condo');
    expect(condos.filter((l) => l.furnishing === 'furnished').length / condos.length).toBeGreaterThan(0.5);
    expect(withTerms.some((l) => l.petsAllowed === true)).toBe(true);
    for (const l of withTerms) {
      if (l.electricity === 'building') expect(l.electricityRate).toBeGreaterThanOrEqual(7);
      else expect(l.electricityRate ?? null).toBeNull();
    }
    const houses = withTerms.filter((l) => l.propertySubType === 'house');
    expect(houses.every((l) => l.electricity === 'government')).toBe(true);
  });
});
