import { DataExportResponse, ViewingListResponse } from '@baan/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { viewings } from '../src/db/schema.ts';
import { deleteAccount } from '../src/services/privacy/delete-account.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';

/**
 * Deleting an account (PDPA, ADR 023) takes the person's data with it: their inquiries, sent from the account or from
 * its address, their threads, their favourites… Viewings (ADR 035) came later and were left out: the viewings a person
 * asked for — their name, address and phone — stayed in the owners' lists, and an owner's answer still mailed the
 * deleted address. They now go with the account, whether asked for signed in or as a guest from its address.
 */
const app = await build();
const now = new Date();
const owner = await createUser(app, { email: 'pv.owner@example.test' });
const leaver = await createUser(app, { email: 'pv.leaver@example.test' });
const stayer = await createUser(app, { email: 'pv.stayer@example.test' });
const condo = await makeListing(app, owner.id, { title: 'Viewed condo' });

let hour = 0;
/** A viewing request as POST /api/property/{id}/viewings stores it (the visitor signed in, or a guest). */
async function requested(visitor: { userId: number | null; name: string; email: string }) {
  hour += 1;
  const [row] = await app.db
    .insert(viewings)
    .values({
      propertyId: condo.id,
      ownerId: owner.id,
      userId: visitor.userId,
      propertyTitle: condo.title,
      startsAt: new Date(Date.UTC(2031, 0, 1, hour)),
      mode: 'in_person',
      name: visitor.name,
      email: visitor.email,
      phone: '+66 81 234 5678',
      language: 'en',
    })
    .returning();
  if (!row) throw new Error('no viewing');
  return row;
}

describe('the data export', () => {
  it("lists the viewings of the person's listings and those they asked for, signed in or as a guest, and no other", async () => {
    const exporter = await createUser(app, { email: 'pv.exporter@example.test' });
    const own = await makeListing(app, exporter.id, { title: "Exporter's house" });
    const signedIn = await requested({ userId: exporter.id, name: 'Exporting Ex', email: 'pv.exporter@example.test' });
    const asGuest = await requested({ userId: null, name: 'Ex', email: 'PV.Exporter@example.test' });
    const other = await requested({ userId: stayer.id, name: 'Staying Som', email: 'pv.stayer@example.test' });
    const [received] = await app.db
      .insert(viewings)
      .values({
        propertyId: own.id,
        ownerId: exporter.id,
        userId: stayer.id,
        propertyTitle: own.title,
        startsAt: new Date(Date.UTC(2031, 1, 1, 10)),
        mode: 'video',
        name: 'Staying Som',
        email: 'pv.stayer@example.test',
        phone: null,
        language: 'th',
      })
      .returning();
    const res = await app.inject({
      method: 'GET',
      url: '/api/user/data-export',
      headers: { authorization: `Bearer ${exporter.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = DataExportResponse.parse(res.json()).payload;
    expect(data.viewings.map((v) => [v.id, v.role])).toEqual([
      [signedIn.id, 'visitor'],
      [asGuest.id, 'visitor'],
      [received?.id, 'owner'],
    ]);
    expect(data.viewings.some((v) => v.id === other.id)).toBe(false);
    await app.db.delete(viewings);
  });
});

describe('deleting an account', () => {
  it('removes the viewings its person asked for, signed in or as a guest from its address, and no other', async () => {
    const signedIn = await requested({ userId: leaver.id, name: 'Leaving Lek', email: 'pv.leaver@example.test' });
    const asGuest = await requested({ userId: null, name: 'Lek', email: 'PV.Leaver@example.test' });
    const other = await requested({ userId: stayer.id, name: 'Staying Som', email: 'pv.stayer@example.test' });

    await app.db.transaction((tx) => deleteAccount(tx, leaver.id, now));

    const left = await app.db.select({ id: viewings.id }).from(viewings).where(eq(viewings.propertyId, condo.id));
    expect(left.map((v) => v.id)).toEqual([other.id]);
    const res = await app.inject({
      method: 'GET',
      url: '/api/user/viewings',
      headers: { authorization: `Bearer ${owner.token}` },
    });
    const listed = ViewingListResponse.parse(res.json()).payload;
    expect(listed.map((v) => v.id)).toEqual([other.id]);
    expect(JSON.stringify(listed)).not.toContain('pv.leaver');
    expect([signedIn.id, asGuest.id].some((id) => listed.some((v) => v.id === id))).toBe(false);
  });
});
