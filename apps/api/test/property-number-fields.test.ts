import {
  blankValueOf,
  LISTING_NUMBER_NAMES,
  type ListingNumberName,
  listingNumberField,
  Property,
  PropertyFieldsObject,
} from '@baan/contract';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { properties } from '../src/db/schema.ts';
import { LISTING_COLUMNS } from '../src/services/properties/listing-columns.ts';
import { activateSubscription, createUser } from './fixtures.ts';
import { build } from './helpers.ts';

// The listing's number fields are described once (the contract's LISTING_NUMBER_FIELDS) and reach the database and
// the wire through one column map (listing-columns.ts): these tests walk every field of the list, so a field added
// to it is covered here without a line of its own.
const app = await build({ moderationNewOwnerDays: 0 });
const owner = await createUser(app, { email: 'numbers-owner@baan.example' });
await activateSubscription(app, owner.id);
const auth = { authorization: `Bearer ${owner.token}` };

const cover = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#48a' } })
  .jpeg()
  .toBuffer();

/** Land (where neither level nor floors is required), so every number field may be sent or left out. */
const LAND: Record<string, string> = {
  type: 'sale',
  user_type: 'owner',
  property_type: 'residential',
  property_sub_type: 'land',
  location: 'Hang Dong, Chiang Mai',
  title: 'Flat plot with a road in front',
  description: 'Water and power at the road.',
  price: '3000000',
};

const post = (fields: Record<string, string>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append('cover_image', new Blob([new Uint8Array(cover)]), 'cover.jpg');
  return app.inject({ method: 'POST', url: '/api/property', payload: fd, headers: auth });
};
const patch = (id: number, payload: Record<string, string>) =>
  app.inject({ method: 'PATCH', url: `/api/property/${id}`, payload, headers: auth });
/** The number fields of a listing as an answer carries it (the owner's view: a held listing is shown to them too). */
const numbersOf = (listing: Property) => Object.fromEntries(LISTING_NUMBER_NAMES.map((name) => [name, listing[name]]));
const row = async (id: number) => (await app.db.select().from(properties).where(eq(properties.id, id)))[0];
const listingCount = async () => (await app.db.select({ n: sql<number>`count(*)::int` }).from(properties))[0]?.n ?? 0;

/** Every number field at `pick(field)`, as text. */
const numbers = (pick: (name: ListingNumberName) => number) =>
  Object.fromEntries(LISTING_NUMBER_NAMES.map((name) => [name, String(pick(name))]));

async function create(fields: Record<string, string>): Promise<Property> {
  const res = await post(fields);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().payload;
}
async function edit(id: number, payload: Record<string, string>): Promise<Property> {
  const res = await patch(id, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload;
}

describe('the column map of the listing number fields', () => {
  it('names one column for each contract field, whose SQL name is the wire name, and the wire and form have each', () => {
    expect(Object.keys(LISTING_COLUMNS)).toEqual(LISTING_NUMBER_NAMES);
    const columns = getTableColumns(properties);
    for (const name of LISTING_NUMBER_NAMES) {
      expect(columns[LISTING_COLUMNS[name]].name, name).toBe(name);
      expect(Object.keys(Property.shape), name).toContain(name);
      expect(Object.keys(PropertyFieldsObject.shape), name).toContain(name);
    }
  });
});

describe('every listing number field, create to wire', () => {
  it('stores each at its largest value in its own column and answers it on the wire', async () => {
    const shown = await create({ ...LAND, ...numbers((name) => listingNumberField(name).max) });
    const stored = await row(shown.id);
    for (const name of LISTING_NUMBER_NAMES) {
      expect(stored?.[LISTING_COLUMNS[name]], name).toBe(listingNumberField(name).max);
      expect(shown[name], name).toBe(listingNumberField(name).max);
    }
  });

  it('stores each at its smallest value, and leaves an optional one left out as not given (null, or 0)', async () => {
    const shown = await create({ ...LAND, ...numbers((name) => listingNumberField(name).min) });
    for (const name of LISTING_NUMBER_NAMES) expect(shown[name], name).toBe(listingNumberField(name).min);

    const optional = LISTING_NUMBER_NAMES.filter((name) => listingNumberField(name).optional);
    const required = numbers((name) => listingNumberField(name).min);
    for (const name of optional) delete required[name];
    const bare = await create({ ...LAND, ...required });
    for (const name of optional) expect(bare[name], name).toBe(blankValueOf(name));
  });

  it('refuses each one past its largest or below its smallest value with its own field error, storing nothing', async () => {
    const before = await listingCount();
    for (const name of LISTING_NUMBER_NAMES) {
      const { min, max } = listingNumberField(name);
      for (const value of [max + 1, ...(min > 0 ? [min - 1] : [])]) {
        const res = await post({ ...LAND, ...numbers((n) => listingNumberField(n).min), [name]: String(value) });
        expect(res.statusCode, `${name}=${value}`).toBe(400);
        expect(Object.keys(res.json().errors), `${name}=${value}`).toEqual([name]);
      }
    }
    expect(await listingCount()).toBe(before);
  });
});

describe('every listing number field, edited', () => {
  it('changes only the field an edit names, and clears an optional one sent blank as a create leaves it', async () => {
    let listing = await create({ ...LAND, ...numbers((name) => listingNumberField(name).min) });
    for (const name of LISTING_NUMBER_NAMES) {
      const before = numbersOf(listing);
      const { max } = listingNumberField(name);
      listing = await edit(listing.id, { [name]: String(max) });
      expect(numbersOf(listing), name).toEqual({ ...before, [name]: max });
      expect((await row(listing.id))?.[LISTING_COLUMNS[name]], name).toBe(max);
      if (blankValueOf(name) === undefined) continue;
      listing = await edit(listing.id, { [name]: '' });
      expect(numbersOf(listing), name).toEqual({ ...before, [name]: blankValueOf(name) });
    }
  });

  it('refuses a required field sent blank and a value past the largest, changing nothing', async () => {
    const { id } = await create({ ...LAND, ...numbers((name) => listingNumberField(name).min) });
    const before = await row(id);
    for (const name of LISTING_NUMBER_NAMES) {
      const values = [String(listingNumberField(name).max + 1), ...(blankValueOf(name) === undefined ? [''] : [])];
      for (const value of values) {
        const res = await patch(id, { [name]: value });
        expect(res.statusCode, `${name}=${value}`).toBe(400);
        expect(Object.keys(res.json().errors)).toEqual([name]);
      }
    }
    expect(await row(id)).toEqual(before);
  });
});
