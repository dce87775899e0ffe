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
    ['Asok (BTS Sukhumvit Line), Watthana, Bangkok', 'Watthana', 'Bangkok', 'neighbourhood:asok'],
    ['อโศก (BTS สายสุขุมวิท), วัฒนา, กรุงเทพมหานคร', 'Watthana', 'Bangkok', 'neighbourhood:asok'],
    // A neighbourhood gives its district; an alias counts ("Thong Lo").
    ['Thonglor, Bangkok', 'Watthana', 'Bangkok', 'neighbourhood:thonglor'],
    ['Thong Lo, Bangkok', 'Watthana', 'Bangkok', 'neighbourhood:thonglor'],
    ['ทองหล่อ, กรุงเทพมหานคร', 'Watthana', 'Bangkok', 'neighbourhood:thonglor'],
    // A district without its province gives the province; "Korat" is Nakhon Ratchasima's other name.
    ['Hua Hin Town, Hua Hin', 'Hua Hin', 'Prachuap Khiri Khan', 'district:hua-hin'],
    ['Jomtien, Pattaya', 'Bang Lamung', 'Chon Buri', 'neighbourhood:jomtien'],
    [
      'Mueang Nakhon Ratchasima, Korat',
      'Mueang Nakhon Ratchasima',
      'Nakhon Ratchasima',
      'district:mueang-nakhon-ratchasima',
    ],
    // Case, spacing and accents do not matter.
    ['  kata ,  PHUKET ', 'Mueang Phuket', 'Phuket', 'neighbourhood:kata'],
  ])('%s → %s, %s (%s)', (location, district, province, place) => {
    expect(resolvePlace(location)).toEqual({ district, province, place });
  });

  it('gives the province alone when no part names a district', () => {
    const bangkok = { district: null, province: 'Bangkok', place: 'province:bangkok' };
    expect(resolvePlace('University Area, Khon Kaen')).toEqual({
      district: null,
      province: 'Khon Kaen',
      place: 'province:khon-kaen',
    });
    expect(resolvePlace('Bangkok')).toEqual(bangkok);
    expect(resolvePlace('Soi 5, Bangkok')).toEqual(bangkok);
  });

  it('gives nothing for a place it does not know, and no district a part leaves open', () => {
    const none = { district: null, province: null, place: null };
    expect(resolvePlace('Somewhere, Nowhere')).toEqual(none);
    expect(resolvePlace('')).toEqual(none);
    expect(resolvePlace(',,,')).toEqual(none);
    // A district of another province than the one named is not this listing's.
    expect(resolvePlace('Hua Hin, Bangkok')).toEqual({
      district: null,
      province: 'Bangkok',
      place: 'province:bangkok',
    });
  });

  it('reads a bounded part of a long text quickly', () => {
    const started = performance.now();
    expect(resolvePlace(`${' ,'.repeat(100_000)}Bangkok`)).toEqual({ district: null, province: null, place: null });
    expect(resolvePlace(`Watthana, Bangkok${' '.repeat(100_000)}`)).toEqual({
      district: 'Watthana',
      province: 'Bangkok',
      place: 'district:watthana',
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
    .select({ district: properties.district, province: properties.province, place: properties.place })
    .from(properties)
    .where(eq(properties.id, id));
  return row;
};

describe('a listing keeps the district and province its location names', () => {
  it('from its creation, and after an edit of its location (not after other edits)', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/property', payload: form(FIELDS), headers: auth });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().payload.id as number;
    const thonglor = { district: 'Watthana', province: 'Bangkok', place: 'neighbourhood:thonglor' };
    expect(await place(id)).toEqual(thonglor);

    const patch = (payload: Record<string, string>) =>
      app.inject({ method: 'PATCH', url: `/api/property/${id}`, headers: auth, payload });
    expect((await patch({ title: 'Renamed condo' })).statusCode).toBe(200);
    expect(await place(id)).toEqual(thonglor);
    expect((await patch({ location: 'Nimman, Chiang Mai' })).statusCode).toBe(200);
    expect(await place(id)).toEqual({
      district: 'Mueang Chiang Mai',
      province: 'Chiang Mai',
      place: 'neighbourhood:nimman',
    });
    // The same place written in Thai is stored as the same place.
    expect((await patch({ location: 'นิมมาน, เชียงใหม่' })).statusCode).toBe(200);
    expect((await place(id))?.place).toBe('neighbourhood:nimman');
    expect((await patch({ location: 'Somewhere quiet' })).statusCode).toBe(200);
    expect(await place(id)).toEqual({ district: null, province: null, place: null });
    // A refused edit changes nothing.
    expect((await patch({ location: '' })).statusCode).toBe(400);
    expect(await place(id)).toEqual({ district: null, province: null, place: null });
  });

  it('older rows get theirs from the start-up backfill, which leaves alone what it cannot place or what was edited', async () => {
    const unplaced = { district: null, province: null, place: null };
    const older = await makeListing(app, owner.id, { location: 'Silom, Bangkok', ...unplaced });
    // Stored before `place` existed: district and province, no place yet.
    const noPlace = await makeListing(app, owner.id, { location: 'ทองหล่อ, กรุงเทพ', place: null });
    const unknown = await makeListing(app, owner.id, { location: 'Far far away', ...unplaced });
    const known = await makeListing(app, owner.id, {
      location: 'Ari, Bangkok',
      district: 'Kept',
      province: 'Kept',
      place: 'kept',
    });
    expect(await backfillListingPlaces(app.db)).toBe(2);
    expect(await place(older.id)).toEqual({ district: 'Bang Rak', province: 'Bangkok', place: 'neighbourhood:silom' });
    expect(await place(noPlace.id)).toEqual({
      district: 'Watthana',
      province: 'Bangkok',
      place: 'neighbourhood:thonglor',
    });
    expect(await place(unknown.id)).toEqual(unplaced);
    expect(await place(known.id)).toEqual({ district: 'Kept', province: 'Kept', place: 'kept' });
    // Again: nothing left to do.
    expect(await backfillListingPlaces(app.db)).toBe(0);
    await app.db.delete(properties).where(inArray(properties.id, [older.id, noPlace.id, unknown.id, known.id]));
  });
});
