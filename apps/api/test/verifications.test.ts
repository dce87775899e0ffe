import path from 'node:path';
import { VERIFICATION_MESSAGES } from '@baan/contract';
import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { mailOutbox, properties, users, verifications } from '../src/db/schema.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';
import { auditRows, bearer, json } from './support/admin.ts';
import { filesUnder } from './support/uploads.ts';

// Listing and licence checks through one admin queue (issue 25 item 3, ADR 032).
const app = await build();
const admin = await createUser(app, { email: 'admin@verify.test', role: 'admin' });
let sequence = 0;
const owner = () => createUser(app, { email: `owner${++sequence}@verify.test` });

const deedPhoto = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#fed' } })
  .jpeg()
  .toBuffer();
const deedPdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const documents = () => filesUnder(path.join(app.dataDir, 'uploads', 'private', 'verifications'));
const rowsFor = (propertyId: number) =>
  app.db.select().from(verifications).where(eq(verifications.propertyId, propertyId)).orderBy(asc(verifications.id));

/** The owner's form as the web app sends it: the deed number, then the document. */
function request(token: string | null, propertyId: number, fields: Record<string, string>, file?: [Buffer, string]) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (file) fd.append('document', new Blob([file[0]]), file[1]);
  return app.inject({
    method: 'POST',
    url: `/api/property/${propertyId}/verification`,
    payload: fd,
    headers: token ? bearer(token) : {},
  });
}

const adminPost = (url: string, payload?: Record<string, unknown>) =>
  app.inject({ method: 'POST', url, headers: bearer(admin.token), ...(payload ? { payload } : {}) });

async function verifiedFlag(propertyId: number) {
  const [row] = await app.db.select({ v: properties.verified }).from(properties).where(eq(properties.id, propertyId));
  return row?.v;
}

async function mailsTo(email: string) {
  await app.mailer.drain();
  return app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(asc(mailOutbox.id));
}

describe('POST /api/property/{id}/verification', () => {
  it('stores the request as pending with the document under private/, and the queue shows it to admins', async () => {
    const o = await owner();
    const listing = await makeListing(app, o.id, { title: 'Deed house' });
    const before = (await documents()).length;
    const res = await request(o.token, listing.id, { title_deed_number: ' 12345/678 ' }, [deedPhoto, 'deed.jpg']);
    expect(res.statusCode).toBe(201);
    expect(json(res).payload).toMatchObject({
      property_id: listing.id,
      title_deed_number: '12345/678',
      status: 'pending',
    });
    expect((await documents()).length).toBe(before + 1);
    const [row] = await rowsFor(listing.id);
    expect(row?.documentKey?.startsWith('private/verifications/')).toBe(true);

    const queue = json(
      await app.inject({ url: '/api/admin/verifications?status=pending', headers: bearer(admin.token) }),
    );
    const item = queue.payload.items.find((i: { property_id: number }) => i.property_id === listing.id);
    expect(item).toMatchObject({
      kind: 'listing',
      user_id: o.id,
      title_deed_number: '12345/678',
      status: 'pending',
      reason: null,
      document_url: `/api/admin/verifications/${row?.id}/document`,
    });
    expect(queue.payload.total).toBeGreaterThanOrEqual(1);

    // The owner sees the status, never the document.
    const mine = json(await app.inject({ url: `/api/property/${listing.id}/verification`, headers: bearer(o.token) }));
    expect(mine.payload).toMatchObject({ status: 'pending', title_deed_number: '12345/678' });
    expect(mine.payload.document_url).toBeUndefined();
  });

  it('accepts a PDF document', async () => {
    const o = await owner();
    const listing = await makeListing(app, o.id);
    const res = await request(o.token, listing.id, { title_deed_number: '987' }, [deedPdf, 'deed.pdf']);
    expect(res.statusCode).toBe(201);
    const [row] = await rowsFor(listing.id);
    expect(row?.documentKey).toMatch(/^private\/verifications\/[0-9a-f-]+\.pdf$/);
    const doc = await app.inject({ url: `/api/admin/verifications/${row?.id}/document`, headers: bearer(admin.token) });
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toContain('application/pdf');
    expect(doc.headers['cache-control']).toBe('private, no-store');
    expect(doc.rawPayload.equals(deedPdf)).toBe(true);
  });

  it('refuses bad input with a 4xx in the envelope and writes nothing', async () => {
    const o = await owner();
    const other = await owner();
    const listing = await makeListing(app, o.id);
    const before = (await documents()).length;
    const cases: [Awaited<ReturnType<typeof request>>, number][] = [
      [await request(null, listing.id, { title_deed_number: '1' }, [deedPhoto, 'd.jpg']), 401],
      [await request(other.token, listing.id, { title_deed_number: '1' }, [deedPhoto, 'd.jpg']), 403],
      [await request(o.token, 999_999, { title_deed_number: '1' }, [deedPhoto, 'd.jpg']), 404],
      [await request(o.token, listing.id, { title_deed_number: '1' }), 400],
      [await request(o.token, listing.id, { title_deed_number: '' }, [deedPhoto, 'd.jpg']), 400],
      [await request(o.token, listing.id, { title_deed_number: '<script>' }, [deedPhoto, 'd.jpg']), 400],
      [await request(o.token, listing.id, { title_deed_number: '1' }, [Buffer.from('<svg></svg>'), 'd.pdf']), 415],
      [await request(o.token, listing.id, { title_deed_number: '1' }, [Buffer.from('just text'), 'd.jpg']), 415],
    ];
    for (const [res, status] of cases) {
      expect(res.statusCode).toBe(status);
      expect(json(res).success).toBe(false);
      expect(typeof json(res).message).toBe('string');
    }
    const noDocument = cases[3]?.[0];
    if (!noDocument) throw new Error('case missing');
    expect(json(noDocument).errors.document).toEqual([VERIFICATION_MESSAGES.documentMissing]);
    expect(await rowsFor(listing.id)).toEqual([]);
    expect((await documents()).length).toBe(before);
  });

  it('bounds the deed number: 60 characters pass, 61 are refused', async () => {
    const o = await owner();
    const listing = await makeListing(app, o.id);
    const long = await request(o.token, listing.id, { title_deed_number: '1'.repeat(61) }, [deedPhoto, 'd.jpg']);
    expect(long.statusCode).toBe(400);
    expect(json(long).errors.title_deed_number).toEqual([VERIFICATION_MESSAGES.deedTooLong]);
    expect(await rowsFor(listing.id)).toEqual([]);
    const atLimit = await request(o.token, listing.id, { title_deed_number: '1'.repeat(60) }, [deedPhoto, 'd.jpg']);
    expect(atLimit.statusCode).toBe(201);
  });
});

describe('admin review', () => {
  it('approve marks the listing verified on the wire and in search, audits, mails the owner in their language', async () => {
    const o = await owner();
    await app.db.update(users).set({ language: 'th' }).where(eq(users.id, o.id));
    const listing = await makeListing(app, o.id, { title: 'Verified villa' });
    await request(o.token, listing.id, { title_deed_number: '555' }, [deedPhoto, 'd.jpg']);
    const [row] = await rowsFor(listing.id);
    const id = row?.id ?? 0;

    const unverified = json(await app.inject(`/api/property/${listing.id}`));
    expect(unverified.payload.verified).toBe(0);

    const res = await adminPost(`/api/admin/verifications/${id}/approve`);
    expect(res.statusCode).toBe(200);
    expect(json(res).payload.status).toBe('approved');
    expect(await verifiedFlag(listing.id)).toBe(true);
    expect(json(await app.inject(`/api/property/${listing.id}`)).payload.verified).toBe(1);
    const search = json(await app.inject('/api/properties?verified=1&per_page=50'));
    const ids = search.payload.items.map((p: { id: number }) => p.id);
    expect(ids).toContain(listing.id);
    expect(search.payload.items.every((p: { verified: number }) => p.verified === 1)).toBe(true);

    expect(await auditRows(app, 'verification.approve', id)).toHaveLength(1);
    const mails = await mailsTo(o.email);
    expect(mails.at(-1)?.subject).toBe('ประกาศของคุณได้รับการยืนยันบน Baan แล้ว');
    expect(mails.at(-1)?.text).toContain('555');

    // Approving twice is a conflict and changes nothing more.
    const again = await adminPost(`/api/admin/verifications/${id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(await auditRows(app, 'verification.approve', id)).toHaveLength(1);
    expect(await mailsTo(o.email)).toHaveLength(mails.length);
  });

  it('reject needs a reason; with one it stores it, audits and mails it; the listing stays unverified', async () => {
    const o = await owner();
    const listing = await makeListing(app, o.id);
    await request(o.token, listing.id, { title_deed_number: '777' }, [deedPhoto, 'd.jpg']);
    const [row] = await rowsFor(listing.id);
    const id = row?.id ?? 0;

    for (const payload of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      const bad = await adminPost(`/api/admin/verifications/${id}/reject`, payload);
      expect(bad.statusCode).toBe(400);
      expect(json(bad).success).toBe(false);
    }
    expect((await rowsFor(listing.id))[0]?.status).toBe('pending');
    expect(await auditRows(app, 'verification.reject', id)).toHaveLength(0);

    const res = await adminPost(`/api/admin/verifications/${id}/reject`, { reason: 'The number does not match' });
    expect(res.statusCode).toBe(200);
    expect(json(res).payload).toMatchObject({ status: 'rejected', reason: 'The number does not match' });
    expect(await verifiedFlag(listing.id)).toBe(false);
    expect(await auditRows(app, 'verification.reject', id)).toHaveLength(1);
    const mail = (await mailsTo(o.email)).at(-1);
    expect(mail?.subject).toBe('We could not verify your listing');
    expect(mail?.text).toContain('The number does not match');
    const mine = json(await app.inject({ url: `/api/property/${listing.id}/verification`, headers: bearer(o.token) }));
    expect(mine.payload).toMatchObject({ status: 'rejected', reason: 'The number does not match' });
    expect((await adminPost(`/api/admin/verifications/${id}/approve`)).statusCode).toBe(409);
  });

  it('a new request (a changed deed number) takes the badge away until it is checked again', async () => {
    const o = await owner();
    const listing = await makeListing(app, o.id);
    await request(o.token, listing.id, { title_deed_number: '100' }, [deedPhoto, 'd.jpg']);
    const [first] = await rowsFor(listing.id);
    await adminPost(`/api/admin/verifications/${first?.id}/approve`);
    expect(await verifiedFlag(listing.id)).toBe(true);
    expect(json(await app.inject(`/api/property/${listing.id}`)).payload.verified).toBe(1);

    await request(o.token, listing.id, { title_deed_number: '200' }, [deedPhoto, 'd.jpg']);
    expect(await verifiedFlag(listing.id)).toBe(false);
    // The cached page follows at once.
    expect(json(await app.inject(`/api/property/${listing.id}`)).payload.verified).toBe(0);
    const ids = json(await app.inject('/api/properties?verified=1&per_page=50')).payload.items.map(
      (p: { id: number }) => p.id,
    );
    expect(ids).not.toContain(listing.id);

    // A waiting request replaced by a newer one cannot be approved any more.
    await request(o.token, listing.id, { title_deed_number: '300' }, [deedPhoto, 'd.jpg']);
    const rows = await rowsFor(listing.id);
    expect(rows.map((r) => r.status)).toEqual(['approved', 'superseded', 'pending']);
    expect((await adminPost(`/api/admin/verifications/${rows[1]?.id}/approve`)).statusCode).toBe(409);
  });

  it('an admin cannot check their own request; an unknown id is 404', async () => {
    const listing = await makeListing(app, admin.id);
    await request(admin.token, listing.id, { title_deed_number: '42' }, [deedPhoto, 'd.jpg']);
    const [row] = await rowsFor(listing.id);
    expect((await adminPost(`/api/admin/verifications/${row?.id}/approve`)).statusCode).toBe(403);
    expect(await verifiedFlag(listing.id)).toBe(false);
    expect((await adminPost('/api/admin/verifications/999999/approve')).statusCode).toBe(404);
  });

  it('a bad status filter is a 400', async () => {
    const res = await app.inject({ url: '/api/admin/verifications?status=maybe', headers: bearer(admin.token) });
    expect(res.statusCode).toBe(400);
    expect(json(res).success).toBe(false);
  });
});

describe('the private document', () => {
  it('is served to admins only: owner, another user and a guest get 403/401, /uploads/<key> is 404', async () => {
    const o = await owner();
    const other = await owner();
    const listing = await makeListing(app, o.id);
    await request(o.token, listing.id, { title_deed_number: '31' }, [deedPhoto, 'd.jpg']);
    const [row] = await rowsFor(listing.id);
    const url = `/api/admin/verifications/${row?.id}/document`;

    const asAdmin = await app.inject({ url, headers: bearer(admin.token) });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.headers['content-type']).toContain('image/webp');

    expect((await app.inject({ url, headers: bearer(o.token) })).statusCode).toBe(403);
    expect((await app.inject({ url, headers: bearer(other.token) })).statusCode).toBe(403);
    expect((await app.inject({ url })).statusCode).toBe(401);
    expect((await app.inject({ url: `/uploads/${row?.documentKey}` })).statusCode).toBe(404);
  });
});

describe('licence numbers', () => {
  it('a licence number set in the public profile enters the queue; approval marks it; a change loses the mark and re-enters', async () => {
    const agent = await owner();
    const patch = (licence_number: string | null) =>
      app.inject({
        method: 'PATCH',
        url: '/api/user/profile/public',
        headers: bearer(agent.token),
        payload: { licence_number },
      });
    const licenceRows = () =>
      app.db
        .select()
        .from(verifications)
        .where(and(eq(verifications.userId, agent.id), eq(verifications.kind, 'licence')))
        .orderBy(asc(verifications.id));
    const mark = async () =>
      (await app.db.select({ v: users.licenceVerified }).from(users).where(eq(users.id, agent.id)))[0]?.v;

    expect((await patch('LIC-1')).statusCode).toBe(200);
    const [first] = await licenceRows();
    expect(first).toMatchObject({ status: 'pending', number: 'LIC-1', documentKey: null });
    const queue = json(await app.inject({ url: '/api/admin/verifications', headers: bearer(admin.token) }));
    expect(queue.payload.items.find((i: { id: number }) => i.id === first?.id)).toMatchObject({
      kind: 'licence',
      licence_number: 'LIC-1',
      property_id: null,
      document_url: null,
    });

    // The same number again writes no second check.
    await patch('LIC-1');
    expect(await licenceRows()).toHaveLength(1);

    expect((await adminPost(`/api/admin/verifications/${first?.id}/approve`)).statusCode).toBe(200);
    expect(await mark()).toBe(true);
    expect((await mailsTo(agent.email)).at(-1)?.subject).toBe('Your licence number is verified');

    await patch('LIC-2');
    expect(await mark()).toBe(false);
    const rows = await licenceRows();
    expect(rows.map((r) => [r.number, r.status])).toEqual([
      ['LIC-1', 'approved'],
      ['LIC-2', 'pending'],
    ]);

    // Cleared before the check: the waiting check is withdrawn, nothing is left to approve.
    await patch(null);
    expect((await licenceRows()).map((r) => r.status)).toEqual(['approved', 'superseded']);
    expect((await adminPost(`/api/admin/verifications/${rows[1]?.id}/approve`)).statusCode).toBe(409);
    expect(await mark()).toBe(false);
  });
});
