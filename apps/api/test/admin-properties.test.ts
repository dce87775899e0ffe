import { ADMIN_MESSAGES, AdminPropertyPageResponse, AdminPropertyResponse, AuditPageResponse } from '@baan/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { properties, propertyImages, propertyInquiries } from '../src/db/schema.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';
import { auditCount, auditRows, bearer, json } from './support/admin.ts';

const app = await build();

const admin = await createUser(app, { email: 'boss@props.test', role: 'admin' });
const owner = await createUser(app, { email: 'somchai@props.test' });
const other = await createUser(app, { email: 'malee@props.test' });

const adminGet = (url: string) => app.inject({ url, headers: bearer(admin.token) });
const adminPost = (url: string) => app.inject({ method: 'POST', url, headers: bearer(admin.token) });

/** What the public sees of one listing: search page, detail, the all-list and the type counts. */
async function publicView(id: number) {
  const page = json(await app.inject('/api/properties?per_page=100')).payload;
  const all = json(await app.inject('/api/all/properties')).payload as { id: number }[];
  const counts = json(await app.inject('/api/stats/property-types')).payload;
  const detail = await app.inject(`/api/property/${id}`);
  return {
    inSearch: (page.items as { id: number }[]).some((p) => p.id === id),
    inAll: all.some((p) => p.id === id),
    detail: detail.statusCode,
    villas: counts.villa as number,
  };
}

describe('GET /api/admin/properties', () => {
  it('lists every status with owner and inquiry count, newest first, and searches title, location, owner e-mail and id', async () => {
    const a = await makeListing(app, owner.id, { title: 'Riverside condo', location: 'Chiang Mai' });
    const b = await makeListing(app, other.id, { title: 'บ้านเดี่ยว สุขุมวิท', status: 'hidden' });
    await app.db.insert(propertyInquiries).values([
      { propertyId: a.id, ownerId: owner.id, propertyTitle: a.title, name: 'V', email: 'v@x.test', message: 'Hi' },
      { propertyId: a.id, ownerId: owner.id, propertyTitle: a.title, name: 'W', email: 'w@x.test', message: 'Hi' },
    ]);

    const res = await adminGet('/api/admin/properties');
    expect(res.statusCode).toBe(200);
    const page = AdminPropertyPageResponse.parse(json(res)).payload;
    expect(page).toMatchObject({ total: 2, page: 1, per_page: 20 });
    expect(page.items.map((p) => p.id)).toEqual([b.id, a.id]);
    expect(page.items[1]).toMatchObject({
      title: 'Riverside condo',
      status: 'active',
      inquiry_count: 2,
      owner: { id: owner.id, name: 'somchai', email: 'somchai@props.test', disabled: false },
    });
    expect(page.items[0]).toMatchObject({ status: 'hidden', inquiry_count: 0 });

    const ids = async (query: string) =>
      AdminPropertyPageResponse.parse(json(await adminGet(`/api/admin/properties?${query}`))).payload.items.map(
        (p) => p.id,
      );
    expect(await ids('status=hidden')).toEqual([b.id]);
    expect(await ids('status=active')).toEqual([a.id]);
    expect(await ids('q=riverSIDE')).toEqual([a.id]);
    expect(await ids('q=chiang')).toEqual([a.id]);
    expect(await ids(`q=${encodeURIComponent('สุขุมวิท')}`)).toEqual([b.id]);
    expect(await ids('q=MALEE@props')).toEqual([b.id]);
    expect(await ids(`q=${encodeURIComponent(`#${a.id}`)}`)).toEqual([a.id]);
    expect(await ids(`q=${b.id}&status=hidden`)).toEqual([b.id]);
    expect(await ids('q=100%25')).toEqual([]);
    expect(await ids('per_page=1&page=2')).toEqual([a.id]);
    await app.db.delete(properties);
  });

  it('answers 400 with field messages for bad query values', async () => {
    const bad = await adminGet('/api/admin/properties?status=deleted&page=0&per_page=500');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).errors).toMatchObject({
      status: ['Status must be one of: all, active, paused, sold, rented, hidden, pending.'],
      page: [expect.any(String)],
      per_page: [expect.any(String)],
    });
    const long = await adminGet(`/api/admin/properties?q=${'x'.repeat(201)}`);
    expect(long.statusCode).toBe(400);
    expect(json(long).errors.q).toEqual(['Search text is too long (at most 200 characters).']);
  });
});

describe('hide, show, feature, unfeature', () => {
  it('hide takes the listing out of every public read; show brings it back; each writes one audit entry', async () => {
    const villa = await makeListing(app, owner.id, { title: 'Pool villa', propertySubType: 'villa' });
    // Warm the public caches first: hiding must clear them.
    expect(await publicView(villa.id)).toEqual({ inSearch: true, inAll: true, detail: 200, villas: 1 });

    const hidden = await adminPost(`/api/admin/properties/${villa.id}/hide`);
    expect(hidden.statusCode).toBe(200);
    const body = AdminPropertyResponse.parse(json(hidden));
    expect(body.message).toBe(ADMIN_MESSAGES.hidden);
    expect(body.payload).toMatchObject({ id: villa.id, status: 'hidden', owner: { id: owner.id } });
    expect(await publicView(villa.id)).toEqual({ inSearch: false, inAll: false, detail: 404, villas: 0 });
    // The owner still sees it among their own listings, marked hidden.
    const mine = json(await app.inject({ url: '/api/user/properties', headers: bearer(owner.token) })).payload;
    expect(mine).toEqual([expect.objectContaining({ id: villa.id, status: 'hidden' })]);

    const shown = await adminPost(`/api/admin/properties/${villa.id}/show`);
    expect(json(shown)).toMatchObject({ message: ADMIN_MESSAGES.shown, payload: { status: 'active' } });
    expect(await publicView(villa.id)).toEqual({ inSearch: true, inAll: true, detail: 200, villas: 1 });

    for (const action of ['hide', 'show'] as const) {
      const rows = await auditRows(app, `property.${action}`, villa.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        actorId: admin.id,
        actorEmail: admin.email,
        targetType: 'property',
        details: { title: 'Pool villa' },
      });
    }
  });

  it('feature sets is_featured 1 in public reads; unfeature sets it back to 0', async () => {
    const condo = await makeListing(app, owner.id, { title: 'Sky condo' });
    const featured = await adminPost(`/api/admin/properties/${condo.id}/feature`);
    expect(json(featured)).toMatchObject({ message: ADMIN_MESSAGES.featured, payload: { is_featured: 1 } });
    expect(json(await app.inject(`/api/property/${condo.id}`)).payload.is_featured).toBe(1);
    const onlyFeatured = json(await app.inject('/api/properties?featured=1')).payload.items as { id: number }[];
    expect(onlyFeatured.map((p) => p.id)).toEqual([condo.id]);

    const unfeatured = await adminPost(`/api/admin/properties/${condo.id}/unfeature`);
    expect(json(unfeatured)).toMatchObject({ message: ADMIN_MESSAGES.unfeatured, payload: { is_featured: 0 } });
    expect(json(await app.inject(`/api/property/${condo.id}`)).payload.is_featured).toBe(0);
    expect(await auditRows(app, 'property.feature', condo.id)).toHaveLength(1);
    expect(await auditRows(app, 'property.unfeature', condo.id)).toHaveLength(1);
  });

  it('answers 404 for an unknown listing or action, and writes nothing', async () => {
    const before = await auditCount(app);
    for (const url of ['/api/admin/properties/999999/hide', '/api/admin/properties/abc/hide']) {
      const res = await adminPost(url);
      expect(res.statusCode).toBe(404);
      expect(json(res).message).toBe(ADMIN_MESSAGES.propertyNotFound);
    }
    const listing = await makeListing(app, owner.id);
    expect((await adminPost(`/api/admin/properties/${listing.id}/archive`)).statusCode).toBe(404);
    const gone = await app.inject({
      method: 'DELETE',
      url: '/api/admin/properties/999999',
      headers: bearer(admin.token),
    });
    expect(gone.statusCode).toBe(404);
    expect(json(gone).message).toBe(ADMIN_MESSAGES.propertyNotFound);
    expect(await auditCount(app)).toBe(before);
    const [row] = await app.db.select().from(properties).where(eq(properties.id, listing.id));
    expect(row?.status).toBe('active');
  });
});

describe('deleting listings', () => {
  async function listingWithPhoto(title: string) {
    const listing = await makeListing(app, owner.id, { title });
    const key = `listings/admin-test-${listing.id}`;
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#abc' } })
      .webp()
      .toBuffer();
    await app.storage.put(`${key}-640.webp`, webp, 'image/webp');
    await app.db
      .insert(propertyImages)
      .values({ propertyId: listing.id, storageKey: key, width: 8, height: 8, widths: [640], isCover: true });
    return { listing, file: `${key}-640.webp` };
  }

  it('DELETE /api/admin/properties/{id} removes the listing and its photo files, keeps its inquiries, and audits it', async () => {
    const { listing, file } = await listingWithPhoto('Old shophouse');
    await app.db.insert(propertyInquiries).values({
      propertyId: listing.id,
      ownerId: owner.id,
      propertyTitle: listing.title,
      name: 'V',
      email: 'v@x.test',
      message: 'Still for rent?',
    });
    expect((await app.inject(`/api/property/${listing.id}`)).statusCode).toBe(200);
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/admin/properties/${listing.id}`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ success: true, message: ADMIN_MESSAGES.deleted, payload: { id: listing.id } });
    expect(await app.db.select().from(properties).where(eq(properties.id, listing.id))).toEqual([]);
    expect(await app.storage.exists(file)).toBe(false);
    expect((await app.inject(`/api/property/${listing.id}`)).statusCode).toBe(404);
    const [inquiry] = await app.db
      .select()
      .from(propertyInquiries)
      .where(eq(propertyInquiries.propertyTitle, 'Old shophouse'));
    expect(inquiry?.propertyId).toBeNull();
    const rows = await auditRows(app, 'property.delete', listing.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: admin.id, details: { title: 'Old shophouse', owner_id: owner.id } });

    const audit = AuditPageResponse.parse(json(await adminGet('/api/admin/audit?action=property.delete'))).payload;
    expect(audit.items[0]).toMatchObject({
      action: 'property.delete',
      actor_email: admin.email,
      target_type: 'property',
      target_id: listing.id,
    });
  });

  it("an admin deleting someone else's listing through DELETE /api/property/{id} is audited; an owner deleting their own is not", async () => {
    const { listing } = await listingWithPhoto('Townhouse');
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/property/${listing.id}`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    expect(await auditRows(app, 'property.delete', listing.id)).toHaveLength(1);

    const own = await makeListing(app, owner.id, { title: 'Mine' });
    const before = await auditCount(app);
    const mine = await app.inject({ method: 'DELETE', url: `/api/property/${own.id}`, headers: bearer(owner.token) });
    expect(mine.statusCode).toBe(200);
    expect(await auditCount(app)).toBe(before);
  });
});
