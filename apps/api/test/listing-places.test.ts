import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { properties } from '../src/db/schema.ts';
import { resolvePlace } from '../src/services/locations/resolve-place.ts';
import { backfillListingPlaces } from '../src/services/properties/backfill-places.ts';
import { DEMO_AREAS } from '../src/services/seed/demo-listings.ts';
import { activateSubscription, createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';

describe('resolvePlace: the district and province a location names', () => {
  it.each([
    // The wizard's suggestions, in English and Thai.
    ['Asok (BTS Sukhumvit Line), Watthana, Bangkok', 'Watthana', 'Bangkok'],
    ['อโศก (BTS สายสุขุมวิท), วัฒนา, กรุงเทพมหานคร', 'Watthana', 'Bangkok'],
    // A neighbourhood gives its district; an alias counts ("Thong Lo").
    ['Thonglor, Bangkok', 'Watthana', 'Bangkok'],
    ['Thong Lo, Bangkok', 'Watthana', 'Bangkok'],
    ['ทองหล่อ, กรุงเทพมหานคร', 'Watthana', 'Bangkok'],
    // A district without its province gives the province; "Korat" is Nakhon Ratchasima's other name.
    ['Hua Hin Town, Hua Hin', 'Hua Hin', 'Prachuap Khiri Khan'],
    ['Jomtien, Pattaya', 'Bang Lamung', 'Chon Buri'],
    ['Mueang Nakhon Ratchasima, Korat', 'Mueang Nakhon Ratchasima', 'Nakhon Ratchasima'],
    // Case, spacing and accents do not matter.
    ['  kata ,  PHUKET ', 'Mueang Phuket', 'Phuket'],
  ])('%s → %s, %s', (location, district, province) => {
    expect(resolvePlace(location)).toEqual({ district, province });
  });

  it('gives the province alone when no part names a district', () => {
    expect(resolvePlace('University Area, Khon Kaen')).toEqual({ district: null, province: 'Khon Kaen' });
    expect(resolvePlace('Bangkok')).toEqual({ district: null, province: 'Bangkok' });
    expect(resolvePlace('Soi 5, Bangkok')).toEqual({ district: null, province: 'Bangkok' });
  });

  it('gives nothing for a place it does not know, and no district a part leaves open', () => {
    expect(resolvePlace('Somewhere, Nowhere')).toEqual({ district: null, province: null });
    expect(resolvePlace('')).toEqual({ district: null, province: null });
    expect(resolvePlace(',,,')).toEqual({ district: null, province: null });
    // A district of another province than the one named is not this listing's.
    expect(resolvePlace('Hua Hin, Bangkok')).toEqual({ district: null, province: 'Bangkok' });
  });

  it('reads a bounded part of a long text quickly', () => {
    const started = performance.now();
    expect(resolvePlace(`${' ,'.repeat(100_000)}Bangkok`)).toEqual({ district: null, province: null });
    expect(resolvePlace(`Watthana, Bangkok${' '.repeat(100_000)}`)).toEqual({
      district: 'Watthana',
      province: 'Bangkok',
    });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('places every demo area in a province', () => {
    for (const area of DEMO_AREAS) {
      expect(resolvePlace(`${area.en}, ${area.city}`).province, area.en).not.toBeNull();
      expect(resolvePlace(`${area.th}, ${area.cityTh}`).province, area.th).not.toBeNull();
    }
  });
});

const app = await build({ moderationNewOwnerDays: 0 });
const owner = await createUser(app, { email: 'places-owner@baan.example' });
await activateSubscription(app, owner.id);

const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
  .jpeg()
  .toBuffer();
const FIELDS: Record<string, string> = {
  type: 'sale',
  user_type: 'owner',
  property_type: 'residential',
  property_sub_type: 'condo',
  location: 'Thonglor, Bangkok',
  title: 'Condo for sale, Thonglor',
  description: 'High floor.',
  price: '5000000',
  area: '45',
  level: '20',
  bed_rooms: '1',
  bath_rooms: '1',
  kitchen: '1',
  floors: '1',
};
const auth = { authorization: `Bearer ${owner.token}` };
function form(fields: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append('cover_image', new Blob([new Uint8Array(jpeg)]), 'cover.jpg');
  return fd;
}
const place = async (id: number) => {
  const [row] = await app.db
    .select({ district: properties.district, province: properties.province })
    .from(properties)
    .where(eq(properties.id, id));
  return row;
};

describe('a listing keeps the district and province its location names', () => {
  it('from its creation, and after an edit of its location (not after other edits)', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/property', payload: form(FIELDS), headers: auth });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().payload.id as number;
    expect(await place(id)).toEqual({ district: 'Watthana', province: 'Bangkok' });

    const patch = (payload: Record<string, string>) =>
      app.inject({ method: 'PATCH', url: `/api/property/${id}`, headers: auth, payload });
    expect((await patch({ title: 'Renamed condo' })).statusCode).toBe(200);
    expect(await place(id)).toEqual({ district: 'Watthana', province: 'Bangkok' });
    expect((await patch({ location: 'Nimman, Chiang Mai' })).statusCode).toBe(200);
    expect(await place(id)).toEqual({ district: 'Mueang Chiang Mai', province: 'Chiang Mai' });
    expect((await patch({ location: 'Somewhere quiet' })).statusCode).toBe(200);
    expect(await place(id)).toEqual({ district: null, province: null });
    // A refused edit changes nothing.
    expect((await patch({ location: '' })).statusCode).toBe(400);
    expect(await place(id)).toEqual({ district: null, province: null });
  });

  it('older rows get theirs from the start-up backfill, which leaves alone what it cannot place or what was edited', async () => {
    const older = await makeListing(app, owner.id, { location: 'Silom, Bangkok', district: null, province: null });
    const unknown = await makeListing(app, owner.id, { location: 'Far far away', district: null, province: null });
    const known = await makeListing(app, owner.id, { location: 'Ari, Bangkok', district: 'Kept', province: 'Kept' });
    expect(await backfillListingPlaces(app.db)).toBe(1);
    expect(await place(older.id)).toEqual({ district: 'Bang Rak', province: 'Bangkok' });
    expect(await place(unknown.id)).toEqual({ district: null, province: null });
    expect(await place(known.id)).toEqual({ district: 'Kept', province: 'Kept' });
    // Again: nothing left to do.
    expect(await backfillListingPlaces(app.db)).toBe(0);
    await app.db.delete(properties).where(inArray(properties.id, [older.id, unknown.id, known.id]));
  });
});
