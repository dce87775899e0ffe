import {
  ADMIN_MESSAGES,
  AdminPropertyPageResponse,
  AdminPropertyResponse,
  OWNER_MESSAGES,
  OwnPropertyListResponse,
  OwnPropertyResponse,
} from '@baan/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, properties, propertyImages, users } from '../src/db/schema.ts';
import { isDistinctiveHash } from '../src/services/images/photo-hash.ts';
import { drawScene } from '../src/services/seed/demo-pictures.ts';
import { activateSubscription, createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';
import { bearer, json } from './support/admin.ts';

/** The moderation gate (ADR 017): held listings, the admin's queue, approve and reject with the owner's mail. */

const app = await build();

/** An account made just now: its owner is new (createUser makes established ones). */
async function newAccount(email: string, role: 'user' | 'admin' = 'user') {
  const user = await createUser(app, { email, role });
  await app.db.update(users).set({ createdAt: new Date() }).where(eq(users.id, user.id));
  await activateSubscription(app, user.id);
  return user;
}
async function establishedAccount(email: string) {
  const user = await createUser(app, { email });
  await activateSubscription(app, user.id);
  return user;
}

const admin = await createUser(app, { email: 'moderator@moderation.test', role: 'admin' });
const veteran = await establishedAccount('veteran@moderation.test');
const rival = await establishedAccount('rival@moderation.test');
const newcomer = await newAccount('newcomer@moderation.test');

/** A real-looking photo (a drawn house scene with hills and sky), the same bytes on every call. */
const housePhoto = await sharp(Buffer.from(drawScene('house', 2)))
  .jpeg({ quality: 85 })
  .toBuffer();
const towerPhoto = await sharp(Buffer.from(drawScene('tower', 3)))
  .jpeg({ quality: 85 })
  .toBuffer();
/** One colour: its hash is degenerate and never matches anything. */
const flatPhoto = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a7' } })
  .jpeg()
  .toBuffer();

const FIELDS: Record<string, string> = {
  type: 'rent',
  user_type: 'owner',
  property_type: 'residential',
  property_sub_type: 'condo',
  location: 'Thong Lo, Watthana, Bangkok',
  description: 'Corner unit, city view, fully furnished.',
  price: '30000',
  area: '60',
  level: '18',
  bed_rooms: '2',
  bath_rooms: '2',
  kitchen: '1',
  floors: '1',
  is_featured: '0',
  language: 'en',
};

let titles = 0;
/** Lists a condo through the API; answers the new listing's id. */
async function list(token: string, fields: Record<string, string> = {}, photo: Buffer = flatPhoto): Promise<number> {
  const fd = new FormData();
  for (const [k, v] of Object.entries({ ...FIELDS, title: `Condo number ${++titles}`, ...fields })) fd.append(k, v);
  fd.append('cover_image', new Blob([new Uint8Array(photo)]), 'cover.jpg');
  const res = await app.inject({ method: 'POST', url: '/api/property', payload: fd, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(201);
  return json(res).payload.id as number;
}

async function review(id: number) {
  const [row] = await app.db
    .select({ review: properties.review, reasons: properties.reviewReasons, note: properties.reviewNote })
    .from(properties)
    .where(eq(properties.id, id));
  return row;
}

/** Whether visitors see the listing: its page and the search. */
async function isPublic(id: number): Promise<boolean> {
  const detail = await app.inject(`/api/property/${id}`);
  const search = json(await app.inject('/api/properties?per_page=100')).payload.items as { id: number }[];
  expect(search.some((p) => p.id === id)).toBe(detail.statusCode === 200);
  return detail.statusCode === 200;
}

async function mailsTo(email: string) {
  await app.mailer.drain();
  return app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(asc(mailOutbox.id));
}

const adminPost = (url: string, payload?: Record<string, unknown>) =>
  app.inject({ method: 'POST', url, headers: bearer(admin.token), ...(payload ? { payload } : {}) });

describe('the moderation gate at creation', () => {
  it("holds a new owner's listing (new_owner) and publishes an established owner's at once", async () => {
    const held = await list(newcomer.token);
    expect(await review(held)).toEqual({ review: 'pending', reasons: ['new_owner'], note: null });
    expect(await isPublic(held)).toBe(false);

    const live = await list(veteran.token);
    expect(await review(live)).toEqual({ review: 'approved', reasons: [], note: null });
    expect(await isPublic(live)).toBe(true);
  });

  it('answers a held listing with "received", not "listed", and the review in the payload', async () => {
    const send = async (token: string) => {
      const fd = new FormData();
      for (const [k, v] of Object.entries({ ...FIELDS, title: `Message check ${++titles}` })) fd.append(k, v);
      fd.append('cover_image', new Blob([new Uint8Array(flatPhoto)]), 'cover.jpg');
      const res = await app.inject({ method: 'POST', url: '/api/property', payload: fd, headers: bearer(token) });
      expect(res.statusCode, res.body).toBe(201);
      return json(res);
    };
    const held = await send(newcomer.token);
    expect(held.message).toBe(
      'Listing received. It goes live once Baan has reviewed it; we will e-mail you the decision.',
    );
    expect(held.payload).toMatchObject({ review: 'pending', review_reasons: ['new_owner'] });
    const live = await send(veteran.token);
    expect(live.message).toBe('Property listed successfully!');
    expect(live.payload).toMatchObject({ review: 'approved', review_reasons: [] });
  });

  it('lets the same owner through once the account is 7 days old', async () => {
    const realNow = app.clock.now;
    app.clock.now = () => new Date(realNow().getTime() + 7 * 24 * 60 * 60_000 + 60_000);
    try {
      const token = await app.tokens.sign({ id: newcomer.id, sessionVersion: 0 }, false);
      const id = await list(token);
      expect((await review(id))?.review).toBe('approved');
    } finally {
      app.clock.now = realNow;
    }
  });

  it('MODERATION_NEW_OWNER_DAYS=0 turns the first-week rule off (a new account publishes at once)', async () => {
    const relaxed = await build({ moderationNewOwnerDays: 0 });
    const user = await createUser(relaxed, { email: 'fresh@relaxed.test' });
    await relaxed.db.update(users).set({ createdAt: new Date() }).where(eq(users.id, user.id));
    await activateSubscription(relaxed, user.id);
    const fd = new FormData();
    for (const [k, v] of Object.entries({ ...FIELDS, title: 'Fresh account condo' })) fd.append(k, v);
    fd.append('cover_image', new Blob([new Uint8Array(flatPhoto)]), 'cover.jpg');
    const res = await relaxed.inject({
      method: 'POST',
      url: '/api/property',
      payload: fd,
      headers: bearer(user.token),
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await relaxed.db
      .select({ review: properties.review, reasons: properties.reviewReasons })
      .from(properties)
      .where(eq(properties.id, json(res).payload.id as number));
    expect(row).toEqual({ review: 'approved', reasons: [] });
  });

  it("never holds an admin's own listing, even a new admin's with an outlying price", async () => {
    const freshAdmin = await newAccount('fresh-admin@moderation.test', 'admin');
    for (let i = 0; i < 5; i++)
      await makeListing(app, veteran.id, { type: 'sale', location: 'Rawai, Phuket', price: 6_000_000, area: 60 });
    const id = await list(freshAdmin.token, {
      type: 'sale',
      location: 'Kata, Mueang Phuket, Phuket',
      price: '900000000',
      area: '60',
    });
    expect(await review(id)).toEqual({ review: 'approved', reasons: [], note: null });
  });

  it('holds a price per m² below a fifth or above five times the area median (price_outlier)', async () => {
    // Five approved active rentals of condos in Chiang Mai at 500 ฿/m² (one more of another province, sub type or
    // review does not count).
    for (const price of [14_000, 15_000, 15_000, 16_000, 15_500])
      await makeListing(app, rival.id, { location: 'Nimman, Mueang, Chiang Mai', price, area: 30 });
    await makeListing(app, rival.id, {
      location: 'Chiang Mai',
      price: 1_000,
      area: 30,
      review: 'pending',
      reviewReasons: ['price_outlier'],
    });
    await makeListing(app, rival.id, { location: 'Ari, Bangkok', price: 1_000, area: 30 });
    const where = { location: 'Santitham, Mueang Chiang Mai, chiang mai ', area: '40' };

    const fair = await list(veteran.token, { ...where, price: '20000' }); // 500 ฿/m²
    expect(await review(fair)).toEqual({ review: 'approved', reasons: [], note: null });
    const edgeHigh = await list(veteran.token, { ...where, price: '99000' }); // 2,475 ฿/m², under 5 × 500
    expect((await review(edgeHigh))?.review).toBe('approved');

    const tooHigh = await list(veteran.token, { ...where, price: '120000' }); // 3,000 ฿/m²
    expect(await review(tooHigh)).toEqual({ review: 'pending', reasons: ['price_outlier'], note: null });
    const tooLow = await list(veteran.token, { ...where, price: '3000' }); // 75 ฿/m²
    expect(await review(tooLow)).toEqual({ review: 'pending', reasons: ['price_outlier'], note: null });
    expect(await isPublic(tooLow)).toBe(false);

    // A sale is compared with sales only: none in Chiang Mai, so nothing to say.
    const sale = await list(veteran.token, { ...where, type: 'sale', price: '3000' });
    expect((await review(sale))?.review).toBe('approved');
  });

  it('needs at least 5 comparable listings to call a price an outlier', async () => {
    for (const price of [20_000, 21_000, 22_000, 23_000])
      await makeListing(app, rival.id, { location: 'Khao Lak, Phang Nga', price, area: 100 });
    const id = await list(veteran.token, { location: 'Takua Pa, Phang Nga', price: '9000000', area: '100' });
    expect((await review(id))?.review).toBe('approved');
  });

  it('counts only approved, active listings in the sample: held ones neither make the 5 nor move the median', async () => {
    // Four approved and one held: no sample of five, so a listing at ten times their price is not an outlier.
    for (const price of [20_000, 20_000, 20_000, 20_000])
      await makeListing(app, rival.id, { location: 'Ao Nang, Mueang Krabi, Krabi', price, area: 40 });
    await makeListing(app, rival.id, {
      location: 'Krabi',
      price: 20_000,
      area: 40,
      review: 'pending',
      reviewReasons: ['new_owner'],
    });
    await makeListing(app, rival.id, { location: 'Krabi', price: 20_000, area: 40, status: 'paused' });
    const lone = await list(veteran.token, { location: 'Khlong Muang, Krabi', price: '200000', area: '40' });
    expect((await review(lone))?.review).toBe('approved');

    // Five approved at 500 ฿/m², six held at 22,500 ฿/m² (as if someone posted decoys to lift the median): a listing
    // at 22,500 ฿/m² is still judged against 500.
    for (const price of [15_000, 15_000, 15_000, 15_000, 15_000])
      await makeListing(app, rival.id, { location: 'Ban Phe, Rayong', price, area: 30 });
    for (let i = 0; i < 6; i++)
      await makeListing(app, rival.id, {
        location: 'Mueang Rayong, Rayong',
        price: 675_000,
        area: 30,
        review: 'pending',
        reviewReasons: ['price_outlier'],
      });
    const inflated = await list(veteran.token, { location: 'Mae Ramphueng, Rayong', price: '900000', area: '40' });
    expect(await review(inflated)).toEqual({ review: 'pending', reasons: ['price_outlier'], note: null });
  });

  it("holds a listing with another owner's photo (duplicate_photos), not the same owner's reuse", async () => {
    const first = await list(veteran.token, {}, housePhoto);
    expect((await review(first))?.review).toBe('approved');
    const [image] = await app.db.select().from(propertyImages).where(eq(propertyImages.propertyId, first));
    expect(image?.phash).toMatch(/^[0-9a-f]{16}$/);
    expect(isDistinctiveHash(image?.phash)).toBe(true);

    // The same owner lists another unit with the same photo: their own, not held.
    const again = await list(veteran.token, {}, housePhoto);
    expect((await review(again))?.review).toBe('approved');

    // Another owner's listing with it waits for review; a photo of their own goes live.
    const copied = await list(rival.token, {}, housePhoto);
    expect(await review(copied)).toEqual({ review: 'pending', reasons: ['duplicate_photos'], note: null });
    expect(await isPublic(copied)).toBe(false);
    const own = await list(rival.token, {}, towerPhoto);
    expect((await review(own))?.review).toBe('approved');
  });

  it('never matches flat pictures (a degenerate hash), whoever uploads them', async () => {
    const a = await list(veteran.token, {}, flatPhoto);
    const b = await list(rival.token, {}, flatPhoto);
    const [image] = await app.db.select().from(propertyImages).where(eq(propertyImages.propertyId, b));
    expect(isDistinctiveHash(image?.phash)).toBe(false);
    expect((await review(a))?.review).toBe('approved');
    expect((await review(b))?.review).toBe('approved');
  });

  it('gives all reasons that apply', async () => {
    const id = await list(
      newcomer.token,
      { location: 'Chang Phueak, Chiang Mai', price: '900000', area: '30' },
      towerPhoto,
    );
    expect(await review(id)).toEqual({
      review: 'pending',
      reasons: ['new_owner', 'price_outlier', 'duplicate_photos'],
      note: null,
    });
  });
});

describe('the review queue in the console', () => {
  it('lists held listings (any status) with their review, and nothing else', async () => {
    const res = await app.inject({
      url: '/api/admin/properties?status=pending&per_page=100',
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    const page = AdminPropertyPageResponse.parse(json(res)).payload;
    const pending = await app.db
      .select({ id: properties.id })
      .from(properties)
      .where(eq(properties.review, 'pending'))
      .orderBy(desc(properties.createdAt), desc(properties.id));
    expect(page.total).toBe(pending.length);
    expect(page.items.map((p) => p.id)).toEqual(pending.map((p) => p.id));
    expect(page.total).toBeGreaterThanOrEqual(5);
    for (const item of page.items) {
      expect(item.review).toBe('pending');
      expect(item.review_reasons.length).toBeGreaterThan(0);
      expect(item.review_note).toBeNull();
    }
    // Every listing in the console carries its review.
    const all = AdminPropertyPageResponse.parse(
      json(await app.inject({ url: '/api/admin/properties?per_page=100', headers: bearer(admin.token) })),
    ).payload;
    expect(all.items.some((p) => p.review === 'approved' && p.review_reasons.length === 0)).toBe(true);
  });
});

describe('approve and reject', () => {
  it('approve: the listing goes public, the owner is mailed the link, the audit log has it', async () => {
    const id = await list(newcomer.token, { title: 'Sunny loft <near> the park' });
    expect(await isPublic(id)).toBe(false); // also puts the 404 in the read cache

    const res = await adminPost(`/api/admin/properties/${id}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    const body = AdminPropertyResponse.parse(json(res));
    expect(body.message).toBe(ADMIN_MESSAGES.approved);
    expect(body.payload).toMatchObject({ id, review: 'approved', review_reasons: ['new_owner'], review_note: null });
    expect(await isPublic(id)).toBe(true);

    const mails = await mailsTo(newcomer.email);
    const mail = mails.at(-1);
    expect(mail?.subject).toBe('Your listing is now live on Baan');
    expect(mail?.text).toContain('“Sunny loft <near> the park”');
    expect(mail?.text).toContain(`${app.config.publicUrl}/detail/${id}`);
    expect(mail?.html).toContain('Sunny loft &lt;near&gt; the park');
    expect(mail?.html).toContain(`href="${app.config.publicUrl}/detail/${id}"`);

    const audit = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'property.approve'), eq(auditLog.targetId, id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.id, targetType: 'property' });

    // Decided once: a second approval or a rejection is a 409 and changes nothing.
    const again = await adminPost(`/api/admin/properties/${id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(json(again)).toEqual({ success: false, message: ADMIN_MESSAGES.notPending });
    const reject = await adminPost(`/api/admin/properties/${id}/reject`, { reason: 'Too late' });
    expect(reject.statusCode).toBe(409);
    expect(json(reject).message).toBe('This listing is not waiting for review.');
    expect((await review(id))?.review).toBe('approved');
    expect(await mailsTo(newcomer.email)).toHaveLength(mails.length);
  });

  it('reject: the listing stays hidden, the owner is mailed the reason in their language (Thai)', async () => {
    const thai = await newAccount('thai-owner@moderation.test');
    await app.db.update(users).set({ language: 'th', name: 'สมศรี' }).where(eq(users.id, thai.id));
    const id = await list(thai.token, { title: 'คอนโดใกล้ BTS' });
    const reason = 'The photos show another building & the price <is> wrong.';

    const res = await adminPost(`/api/admin/properties/${id}/reject`, { reason: `  ${reason}  ` });
    expect(res.statusCode, res.body).toBe(200);
    const body = AdminPropertyResponse.parse(json(res));
    expect(body.message).toBe(ADMIN_MESSAGES.rejected);
    expect(body.payload).toMatchObject({ id, review: 'rejected', review_note: reason });
    expect(await review(id)).toEqual({ review: 'rejected', reasons: ['new_owner'], note: reason });
    expect(await isPublic(id)).toBe(false);

    const [mail, ...more] = await mailsTo(thai.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('ประกาศของคุณไม่ได้รับการอนุมัติ');
    expect(mail?.text).toContain('สวัสดีคุณ สมศรี');
    expect(mail?.text).toContain('“คอนโดใกล้ BTS”');
    expect(mail?.text).toContain(reason);
    expect(mail?.text).toContain(`${app.config.publicUrl}/th/dashboard/properties`);
    expect(mail?.html).toContain('<html lang="th">');
    expect(mail?.html).toContain('The photos show another building &amp; the price &lt;is&gt; wrong.');

    const audit = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'property.reject'), eq(auditLog.targetId, id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.details).toMatchObject({ reason, title: 'คอนโดใกล้ BTS', review_reasons: ['new_owner'] });

    // Rejected is decided too.
    expect((await adminPost(`/api/admin/properties/${id}/approve`)).statusCode).toBe(409);
  });

  it('reject needs a reason (400, nothing changes); 404 for a listing that does not exist', async () => {
    const id = await list(newcomer.token);
    const auditBefore = (await app.db.select().from(auditLog)).length;
    for (const payload of [{}, { reason: '   ' }, { reason: 42 }]) {
      const res = await adminPost(`/api/admin/properties/${id}/reject`, payload);
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ success: false, message: 'A reason is required.' });
      expect(json(res).errors.reason).toEqual(['A reason is required.']);
    }
    const long = await adminPost(`/api/admin/properties/${id}/reject`, { reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(json(long).message).toBe('The reason is too long (at most 500 characters).');
    expect((await review(id))?.review).toBe('pending');
    expect((await app.db.select().from(auditLog)).length).toBe(auditBefore);

    for (const url of ['/api/admin/properties/999999/approve', '/api/admin/properties/999999/reject']) {
      const res = await adminPost(url, { reason: 'Nothing there' });
      expect(res.statusCode).toBe(404);
      expect(json(res)).toEqual({ success: false, message: ADMIN_MESSAGES.propertyNotFound });
    }
    expect((await app.db.select().from(auditLog)).length).toBe(auditBefore);
  });

  it('is for admins only (401 without a token, 403 for the owner)', async () => {
    const id = await list(newcomer.token);
    expect((await app.inject({ method: 'POST', url: `/api/admin/properties/${id}/approve` })).statusCode).toBe(401);
    const own = await app.inject({
      method: 'POST',
      url: `/api/admin/properties/${id}/approve`,
      headers: bearer(newcomer.token),
    });
    expect(own.statusCode).toBe(403);
    const rejectOwn = await app.inject({
      method: 'POST',
      url: `/api/admin/properties/${id}/reject`,
      headers: bearer(newcomer.token),
      payload: { reason: 'x' },
    });
    expect(rejectOwn.statusCode).toBe(403);
    expect((await review(id))?.review).toBe('pending');
  });
});

describe('the moderation gate on an edit', () => {
  const patch = (token: string, id: number, payload: Record<string, string> | FormData) =>
    app.inject({
      method: 'PATCH',
      url: `/api/property/${id}`,
      headers: bearer(token),
      ...(payload instanceof FormData ? { payload } : { payload: payload as Record<string, never> }),
    });
  const where = { location: 'Cha-am, Phetchaburi', area: '40' };

  it("holds an established owner's live listing edited to an outlying price; an ordinary change stays live", async () => {
    // Five approved active condo rentals in Phetchaburi at 500 ฿/m².
    for (const price of [14_000, 15_000, 15_000, 16_000, 15_500])
      await makeListing(app, rival.id, { location: 'Hat Chao Samran, Phetchaburi', price, area: 30 });
    const id = await list(veteran.token, { ...where, price: '20000' }); // 500 ฿/m²
    expect(await review(id)).toEqual({ review: 'approved', reasons: [], note: null });
    expect(await isPublic(id)).toBe(true); // also puts the listing in the read cache

    const ordinary = await patch(veteran.token, id, { price: '22000', title: 'Sea view condo' });
    expect(ordinary.statusCode, ordinary.body).toBe(200);
    expect(await review(id)).toEqual({ review: 'approved', reasons: [], note: null });
    expect(await isPublic(id)).toBe(true);

    const outlying = await patch(veteran.token, id, { price: '300000' }); // 7,500 ฿/m²
    expect(outlying.statusCode, outlying.body).toBe(200);
    expect(await review(id)).toEqual({ review: 'pending', reasons: ['price_outlier'], note: null });
    expect(await isPublic(id)).toBe(false);
    expect((await app.inject(`/api/property/${id}`)).statusCode).toBe(404);

    // A fair price again does not publish it: it waits for the admin.
    expect((await patch(veteran.token, id, { price: '20000' })).statusCode).toBe(200);
    expect((await review(id))?.review).toBe('pending');
  });

  it('re-checks an edit that changes only the location, the area, the type or the sub type into an outlier', async () => {
    // Five approved condo rentals in Nan at 500 ฿/m²; nothing else (no sales, no apartments) anywhere in Nan.
    for (const price of [14_000, 15_000, 15_000, 16_000, 15_500])
      await makeListing(app, rival.id, { location: 'Mueang Nan, Nan', price, area: 30 });
    const nan = 'Pua, Nan';
    const cases: [string, Record<string, string>, Record<string, string>][] = [
      // 7,500 ฿/m² where nothing compares (Loei), moved to Nan.
      ['location', { location: 'Chiang Khan, Loei', price: '300000' }, { location: nan }],
      // 500 ฿/m² in Nan, then a tenth of the area: 5,000 ฿/m².
      ['area', { location: nan, price: '20000' }, { area: '4' }],
      // A sale at 7,500 ฿/m² (no sales in Nan), turned into a rental.
      ['type', { location: nan, type: 'sale', price: '300000' }, { type: 'rent' }],
      // An apartment at 7,500 ฿/m² (no apartments in Nan), turned into a condo.
      ['sub type', { location: nan, property_sub_type: 'apartment', price: '300000' }, { property_sub_type: 'condo' }],
    ];
    for (const [what, fields, edit] of cases) {
      const id = await list(veteran.token, { ...fields, area: '40' });
      expect(await review(id), what).toEqual({ review: 'approved', reasons: [], note: null });
      const res = await patch(veteran.token, id, edit);
      expect(res.statusCode, res.body).toBe(200);
      expect(await review(id), what).toEqual({ review: 'pending', reasons: ['price_outlier'], note: null });
      expect(await isPublic(id), what).toBe(false);
    }
  });

  it("leaves the edited listing's own old price out of the median", async () => {
    // Five approved in Uthai Thani, one of them the veteran's: without it only four remain, so no sample.
    for (const price of [15_000, 15_000, 15_000, 15_000])
      await makeListing(app, rival.id, { location: 'Mueang, Uthai Thani', price, area: 30 });
    const own = await makeListing(app, veteran.id, { location: 'Uthai Thani', price: 15_000, area: 30 });
    const res = await patch(veteran.token, own.id, { price: '150000' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await review(own.id))?.review).toBe('approved');
  });

  it("holds a live listing when its owner adds another owner's photo (duplicate_photos)", async () => {
    const id = await list(rival.token, { title: 'Garden condo' }, flatPhoto);
    expect(await review(id)).toEqual({ review: 'approved', reasons: [], note: null });
    expect(await isPublic(id)).toBe(true);

    // housePhoto is on the veteran's listings (the gate at creation above).
    const fd = new FormData();
    fd.append('images', new Blob([new Uint8Array(housePhoto)]), 'garden.jpg');
    const res = await patch(rival.token, id, fd);
    expect(res.statusCode, res.body).toBe(200);
    expect(await review(id)).toEqual({ review: 'pending', reasons: ['duplicate_photos'], note: null });
    expect(await isPublic(id)).toBe(false);
  });
});

describe('the text gate (M5): contact and payment details, and new owners’ text edits', () => {
  const patch = (token: string, id: number, payload: Record<string, string>) =>
    app.inject({ method: 'PATCH', url: `/api/property/${id}`, headers: bearer(token), payload });
  const SCAM = {
    title: 'URGENT: pay deposit by bank transfer',
    description: 'Transfer 50,000 THB deposit to account 123-4-56789-0 … Contact LINE @scammer, not Baan.',
  };
  const publicTitle = async (id: number) => json(await app.inject(`/api/property/${id}`)).payload?.title;
  const queued = async (id: number) => {
    const page = AdminPropertyPageResponse.parse(
      json(
        await app.inject({ url: '/api/admin/properties?status=pending&per_page=100', headers: bearer(admin.token) }),
      ),
    ).payload;
    return page.items.find((item) => item.id === id);
  };

  it('the probe: a new owner’s approved listing rewritten into a deposit scam stays public with its approved text', async () => {
    const scammer = await newAccount('scammer@moderation.test');
    const id = await list(scammer.token, { title: 'Cosy studio near BTS Ari', location: 'Ari, Bangkok' });
    expect((await review(id))?.reasons).toEqual(['new_owner']);
    expect((await adminPost(`/api/admin/properties/${id}/approve`)).statusCode).toBe(200);
    expect(await publicTitle(id)).toBe('Cosy studio near BTS Ari');

    const res = await patch(scammer.token, id, SCAM);
    expect(res.statusCode, res.body).toBe(200);
    // Still approved and public, with the approved text: the scam waits for an admin.
    expect((await review(id))?.review).toBe('approved');
    expect(await isPublic(id)).toBe(true);
    expect(await publicTitle(id)).toBe('Cosy studio near BTS Ari');
    expect(json(await app.inject(`/api/property/${id}`)).payload.description).not.toContain('123-4-56789-0');
    const item = await queued(id);
    expect(item?.review).toBe('approved');
    expect(item?.title).toBe('Cosy studio near BTS Ari');
    expect(item?.pending_edit).toMatchObject({
      title: SCAM.title,
      description: SCAM.description,
      reasons: ['new_owner', 'bank_account', 'line_id', 'payment_request'],
    });

    // Rejected: dropped, the approved text stays, the listing stays live and leaves the queue.
    const rejected = await adminPost(`/api/admin/properties/${id}/reject`, {
      reason: 'Payment details are not allowed.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(json(rejected).payload).toMatchObject({
      review: 'approved',
      pending_edit: null,
      title: 'Cosy studio near BTS Ari',
    });
    expect(await isPublic(id)).toBe(true);
    expect(await queued(id)).toBeUndefined();
    expect((await adminPost(`/api/admin/properties/${id}/reject`, { reason: 'again' })).statusCode).toBe(409);
  });

  it('a new owner’s harmless text edit waits too, and goes live when an admin approves it', async () => {
    const fresh = await newAccount('fresh@moderation.test');
    const id = await list(fresh.token, { title: 'Garden flat', location: 'Ari, Bangkok' });
    expect((await adminPost(`/api/admin/properties/${id}/approve`)).statusCode).toBe(200);
    expect((await patch(fresh.token, id, { description: 'Quiet garden, pets welcome.' })).statusCode).toBe(200);
    expect((await queued(id))?.pending_edit).toMatchObject({
      title: null,
      description: 'Quiet garden, pets welcome.',
      reasons: ['new_owner'],
    });
    // A second edit of the title joins the waiting description.
    expect((await patch(fresh.token, id, { title: 'Garden flat, pets welcome' })).statusCode).toBe(200);
    expect((await queued(id))?.pending_edit).toMatchObject({
      title: 'Garden flat, pets welcome',
      description: 'Quiet garden, pets welcome.',
    });
    expect(await publicTitle(id)).toBe('Garden flat');
    const approved = await adminPost(`/api/admin/properties/${id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(json(approved).payload).toMatchObject({ pending_edit: null, title: 'Garden flat, pets welcome' });
    expect(await publicTitle(id)).toBe('Garden flat, pets welcome');
    expect(json(await app.inject(`/api/property/${id}`)).payload.description).toBe('Quiet garden, pets welcome.');
  });

  it('an established owner’s clean text edit applies at once; one with a phone number waits, the old text public', async () => {
    const id = await list(veteran.token, { title: 'River view condo', location: 'Khlong San, Bangkok' });
    expect((await patch(veteran.token, id, { title: 'River view condo, high floor' })).statusCode).toBe(200);
    expect(await publicTitle(id)).toBe('River view condo, high floor');
    expect(await queued(id)).toBeUndefined();

    expect(
      (await patch(veteran.token, id, { description: 'Call 081-234-5678 or see www.rivercondo.co' })).statusCode,
    ).toBe(200);
    expect((await queued(id))?.pending_edit?.reasons).toEqual(['phone_number', 'link']);
    expect(json(await app.inject(`/api/property/${id}`)).payload.description).toBe(FIELDS.description);
    // Sending the public text back withdraws the waiting edit.
    expect((await patch(veteran.token, id, { description: FIELDS.description as string })).statusCode).toBe(200);
    expect(await queued(id)).toBeUndefined();
  });

  it('holds a new listing whose text carries payment or contact details, with the reasons the admin sees', async () => {
    const id = await list(veteran.token, { ...SCAM, location: 'Sathon, Bangkok' });
    expect(await review(id)).toEqual({
      review: 'pending',
      reasons: ['bank_account', 'line_id', 'payment_request'],
      note: null,
    });
    expect(await isPublic(id)).toBe(false);
    // An admin's own edit is never held.
    const { id: own } = await makeListing(app, admin.id, { location: 'Sathon, Bangkok' });
    expect((await patch(admin.token, own, SCAM)).statusCode).toBe(200);
    expect(await publicTitle(own)).toBe(SCAM.title);
  });
});

describe('the owner hears about their text edit (M5): the answer, their own list, the decision by mail', () => {
  const patch = (token: string, id: number, payload: Record<string, unknown>) =>
    app.inject({ method: 'PATCH', url: `/api/property/${id}`, headers: bearer(token), payload });
  /** The listing as its owner reads it (GET /api/user/properties, which the edit form reads too). */
  const own = async (token: string, id: number) => {
    const res = await app.inject({ url: '/api/user/properties', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return OwnPropertyListResponse.parse(json(res)).payload.find((item) => item.id === id);
  };
  /** An approved listing of a new owner (whose every text edit waits), in the given language. */
  async function approvedListing(email: string, language = 'en') {
    const owner = await newAccount(email);
    await app.db.update(users).set({ language, name: 'Malee' }).where(eq(users.id, owner.id));
    const id = await list(owner.token, { title: 'Garden house in Ari', location: 'Ari, Bangkok' });
    expect((await adminPost(`/api/admin/properties/${id}/approve`)).statusCode).toBe(200);
    // The listing's own approval mail: what a test reads comes after it.
    const mailed = (await mailsTo(owner.email)).length;
    expect(mailed).toBe(1);
    const newMails = async () => (await mailsTo(owner.email)).slice(mailed);
    return { owner, id, newMails };
  }

  it('a held edit: the answer says so, and the owner’s list carries the waiting text beside the public one', async () => {
    const { owner, id, newMails } = await approvedListing('held-text@moderation.test');
    expect((await own(owner.token, id))?.text_edit).toBeNull();
    const res = await patch(owner.token, id, { title: 'Garden house, pets welcome', price: '31000' });
    expect(res.statusCode, res.body).toBe(200);
    const body = OwnPropertyResponse.parse(json(res));
    expect(body.message).toBe(OWNER_MESSAGES.updatedTextPending);
    expect(body.payload).toMatchObject({
      title: 'Garden house in Ari',
      price: 31000,
      review: 'approved',
      text_edit: { state: 'pending', title: 'Garden house, pets welcome', description: null, note: null },
    });
    expect(await own(owner.token, id)).toMatchObject({
      title: 'Garden house in Ari',
      description: FIELDS.description,
      text_edit: {
        state: 'pending',
        title: 'Garden house, pets welcome',
        description: null,
        submitted_at: expect.any(String),
        decided_at: null,
      },
    });
    // An edit that leaves the text alone is "updated", and the waiting text still waits.
    const price = await patch(owner.token, id, { price: '32000' });
    expect(json(price).message).toBe(OWNER_MESSAGES.updated);
    expect((await own(owner.token, id))?.text_edit?.state).toBe('pending');
    // Held is not decided: nothing was mailed.
    expect(await newMails()).toHaveLength(0);
  });

  it('approve: the owner is mailed in their language (Thai) that the new text is live, once', async () => {
    const { owner, id } = await approvedListing('text-approved@moderation.test', 'th');
    expect((await patch(owner.token, id, { title: 'บ้านสวน อารีย์ เลี้ยงสัตว์ได้' })).statusCode).toBe(200);
    const before = (await mailsTo(owner.email)).length;

    const res = await adminPost(`/api/admin/properties/${id}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).message).toBe(ADMIN_MESSAGES.editApproved);
    expect((await own(owner.token, id))?.text_edit).toBeNull();

    const mails = await mailsTo(owner.email);
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1);
    expect(mail?.subject).toBe('การแก้ไขประกาศของคุณเผยแพร่บน Baan แล้ว');
    expect(mail?.text).toContain('สวัสดีคุณ Malee');
    expect(mail?.text).toContain('“บ้านสวน อารีย์ เลี้ยงสัตว์ได้”');
    expect(mail?.text).toContain(`${app.config.publicUrl}/th/detail/${id}`);
    expect(mail?.html).toContain('<html lang="th">');

    // Decided once: a second approval is a 409 and mails nothing.
    expect((await adminPost(`/api/admin/properties/${id}/approve`)).statusCode).toBe(409);
    expect(await mailsTo(owner.email)).toHaveLength(before + 1);
  });

  it('reject: the owner is mailed the reason, and their list shows the refused edit with it until their next text edit', async () => {
    const { owner, id, newMails } = await approvedListing('text-rejected@moderation.test');
    const scam = { description: 'Transfer the deposit to account 123-4-56789-0 before the viewing.' };
    expect((await patch(owner.token, id, scam)).statusCode).toBe(200);
    const reason = 'Payment details & phone numbers <are> not allowed.';

    const res = await adminPost(`/api/admin/properties/${id}/reject`, { reason });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).message).toBe(ADMIN_MESSAGES.editRejected);
    expect(json(res).payload).toMatchObject({ review: 'approved', pending_edit: null });
    expect(await isPublic(id)).toBe(true);
    expect(await own(owner.token, id)).toMatchObject({
      description: FIELDS.description,
      review: 'approved',
      text_edit: {
        state: 'rejected',
        title: null,
        description: scam.description,
        note: reason,
        decided_at: expect.any(String),
      },
    });
    // The refused edit is the owner's to read, not the queue's.
    expect(
      AdminPropertyPageResponse.parse(
        json(await app.inject({ url: '/api/admin/properties?status=pending', headers: bearer(admin.token) })),
      ).payload.items.some((item) => item.id === id),
    ).toBe(false);

    const [mail, ...more] = await newMails();
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Your changes to a listing were not approved');
    expect(mail?.text).toContain('“Garden house in Ari”');
    expect(mail?.text).toContain('stays online with its earlier text');
    expect(mail?.text).toContain(reason);
    expect(mail?.text).toContain(`${app.config.publicUrl}/dashboard/properties`);
    expect(mail?.html).toContain('Payment details &amp; phone numbers &lt;are&gt; not allowed.');

    // A price change keeps the notice; the next text edit (waiting again, a new owner's) replaces it.
    expect((await patch(owner.token, id, { price: '29000' })).statusCode).toBe(200);
    expect((await own(owner.token, id))?.text_edit?.state).toBe('rejected');
    expect((await patch(owner.token, id, { description: 'Quiet garden, two cats welcome.' })).statusCode).toBe(200);
    expect((await own(owner.token, id))?.text_edit).toMatchObject({
      state: 'pending',
      description: 'Quiet garden, two cats welcome.',
      note: null,
    });
    // Withdrawn (the public text sent back): nothing waits and nothing refused is shown.
    expect((await patch(owner.token, id, { description: FIELDS.description as string })).statusCode).toBe(200);
    expect((await own(owner.token, id))?.text_edit).toBeNull();
  });

  it('a held listing’s decision mails the listing’s decision, not the edit’s', async () => {
    const owner = await newAccount('held-listing-text@moderation.test');
    const id = await list(owner.token, { title: 'Loft in Ari', location: 'Ari, Bangkok' });
    expect((await patch(owner.token, id, { title: 'Loft in Ari, river view' })).statusCode).toBe(200);
    expect((await own(owner.token, id))?.text_edit).toBeNull(); // not public yet: the text applied at once
    const res = await adminPost(`/api/admin/properties/${id}/approve`);
    expect(json(res).message).toBe(ADMIN_MESSAGES.approved);
    const mails = await mailsTo(owner.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Your listing is now live on Baan']);
  });
});

describe('the other free text visitors read (M5): the location and the rooms’ types', () => {
  const patch = (token: string, id: number, payload: Record<string, unknown>) =>
    app.inject({ method: 'PATCH', url: `/api/property/${id}`, headers: bearer(token), payload });

  it('holds a new listing whose room type or location gives a phone number or a LINE ID', async () => {
    const byRoom = await list(veteran.token, {
      location: 'Bang Na, Bangkok',
      'rooms[0][type]': 'bedroom',
      'rooms[0][quantity]': '2',
      'rooms[1][type]': 'Call O8l-234-5678',
      'rooms[1][quantity]': '1',
    });
    expect(await review(byRoom)).toMatchObject({ review: 'pending', reasons: ['phone_number'] });
    const byPlace = await list(veteran.token, { location: 'Bang Na, Bangkok (LINE @bangnahomes)' });
    expect(await review(byPlace)).toMatchObject({ review: 'pending', reasons: ['line_id'] });
    // The wizard's own room types and an ordinary address pass.
    const plain = await list(veteran.token, {
      location: '88/8 Moo 3, Bang Na, Bangkok 10260',
      'rooms[0][type]': 'living_room',
      'rooms[0][quantity]': '1',
    });
    expect((await review(plain))?.review).toBe('approved');
  });

  it('an edit of a live listing that writes contact details into a room type or its location sends it back to review', async () => {
    const id = await list(veteran.token, { location: 'Bang Kapi, Bangkok' });
    const rooms = await patch(veteran.token, id, { rooms: [{ type: 'bedroom', quantity: 2 }] });
    expect(rooms.statusCode, rooms.body).toBe(200);
    expect(json(rooms).message).toBe(OWNER_MESSAGES.updated);
    expect((await review(id))?.review).toBe('approved');

    const res = await patch(veteran.token, id, { rooms: [{ type: 'LINE: bangkapi.rooms', quantity: 1 }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).message).toBe(OWNER_MESSAGES.updatedHeld);
    expect(await review(id)).toMatchObject({ review: 'pending', reasons: ['line_id'] });
    expect(await isPublic(id)).toBe(false);

    const other = await list(veteran.token, { location: 'Bang Kapi, Bangkok' });
    expect((await patch(veteran.token, other, { location: 'Bang Kapi, see www.bangkapi-rooms.co' })).statusCode).toBe(
      200,
    );
    expect(await review(other)).toMatchObject({ review: 'pending', reasons: ['link'] });
  });

  it('a listing already waiting gains the reasons; an admin’s edit is not checked', async () => {
    const id = await list(newcomer.token, { location: 'Bang Kapi, Bangkok' });
    expect((await patch(newcomer.token, id, { rooms: [{ type: 'โทร ๐๘๑ ๒๓๔ ๕๖๗๘', quantity: 1 }] })).statusCode).toBe(
      200,
    );
    expect(await review(id)).toMatchObject({ review: 'pending', reasons: ['new_owner', 'phone_number'] });

    const { id: adminOwn } = await makeListing(app, admin.id, { location: 'Bang Kapi, Bangkok' });
    expect(
      (await patch(admin.token, adminOwn, { rooms: [{ type: 'Call 081-234-5678', quantity: 1 }] })).statusCode,
    ).toBe(200);
    expect((await review(adminOwn))?.review).toBe('approved');
  });
});
