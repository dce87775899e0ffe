import { PropertyResponse } from '@baan/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { properties, verifications } from '../src/db/schema.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';

/**
 * The "verified" badge (ADR 032) says an admin checked this property's title deed. It sat on the listing row and no
 * edit took it away: an owner with one checked unit could move the listing to another place, pin, type, size or
 * project — another property, or a fake one — and keep the badge, in every card and in the `verified=1` search.
 * An owner's edit that changes what the deed is about now clears the badge (a new check gives it back); price, text,
 * status and photos are not the deed's and leave it.
 */
const app = await build({ moderationNewOwnerDays: 0 });
const owner = await createUser(app, { email: 'badge-owner@baan.example' });

const patch = (id: number, payload: Record<string, string | number>) =>
  app.inject({
    method: 'PATCH',
    url: `/api/property/${id}`,
    headers: { authorization: `Bearer ${owner.token}` },
    payload,
  });
/** A listing whose title deed check an admin approved (the row as the approval leaves it). */
async function verifiedListing() {
  const row = await makeListing(app, owner.id, {
    verified: true,
    location: 'Thong Lo, Watthana, Bangkok',
    lat: 13.73,
    lon: 100.58,
  });
  await app.db.insert(verifications).values({
    kind: 'listing',
    userId: owner.id,
    propertyId: row.id,
    number: 'CH-12345',
    status: 'approved',
  });
  return row;
}
const badge = async (id: number) =>
  (await app.db.select({ v: properties.verified }).from(properties).where(eq(properties.id, id)))[0]?.v;

describe('PATCH /api/property/{id} on a verified listing', () => {
  it.each([
    ['its location', { location: 'Patong, Kathu, Phuket' }],
    ['its map pin', { lat: '7.89', lon: '98.30' }],
    ['its sub type', { property_sub_type: 'house' }],
    ['its area', { area: '250' }],
  ])('changing %s clears the badge, on the wire and in the verified search', async (_what, edit) => {
    const row = await verifiedListing();
    const res = await patch(row.id, edit);
    expect(res.statusCode, res.body).toBe(200);
    expect(await badge(row.id)).toBe(false);
    const wire = PropertyResponse.parse((await app.inject(`/api/property/${row.id}`)).json()).payload;
    expect(wire.verified).toBe(0);
    const found = (await app.inject('/api/properties?verified=1&per_page=50')).json() as {
      payload: { items: { id: number }[] };
    };
    expect(found.payload.items.map((p) => p.id)).not.toContain(row.id);
    // The owner's panel no longer says the listing is verified: there is no standing check (a new one may be asked).
    const check = await app.inject({
      method: 'GET',
      url: `/api/property/${row.id}/verification`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(check.statusCode).toBe(200);
    expect(check.json().payload).toBeNull();
  });

  it('keeps the badge for a new price, a status change, or the same place sent again', async () => {
    const row = await verifiedListing();
    expect((await patch(row.id, { price: '12000' })).statusCode).toBe(200);
    expect((await patch(row.id, { status: 'paused' })).statusCode).toBe(200);
    expect((await patch(row.id, { status: 'active' })).statusCode).toBe(200);
    const same = await patch(row.id, { location: row.location, lat: String(row.lat), lon: String(row.lon) });
    expect(same.statusCode, same.body).toBe(200);
    expect(await badge(row.id)).toBe(true);
    const check = await app.inject({
      method: 'GET',
      url: `/api/property/${row.id}/verification`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(check.json().payload).toMatchObject({ status: 'approved', title_deed_number: 'CH-12345' });
  });
});
