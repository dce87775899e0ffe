import { ErrorEnvelope, INQUIRY_NOTE_MAX, InquiryPageResponse, InquiryResponse, OWNER_MESSAGES } from '@baan/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { propertyInquiries } from '../src/db/schema.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';

/** Lead tracking (ADR 017 "Leads"): PATCH /api/user/inquiries/{id} and the inbox's filters, counts and median. */
const app = await build();

const owner = await createUser(app, { email: 'lead.owner@example.test' });
const other = await createUser(app, { email: 'lead.other@example.test' });
const admin = await createUser(app, { email: 'lead.admin@example.test', role: 'admin' });
const quiet = await createUser(app, { email: 'lead.quiet@example.test' });
const condo = await makeListing(app, owner.id, { title: 'Lead condo' });
const house = await makeListing(app, owner.id, { title: 'Lead house' });
const othersFlat = await makeListing(app, other.id, { title: "Another owner's flat" });

const HOUR = 3_600_000;
const base = new Date('2026-03-01T02:00:00.000Z');

async function inquiry(
  propertyId: number,
  ownerId: number,
  fields: Partial<typeof propertyInquiries.$inferInsert> = {},
) {
  const [row] = await app.db
    .insert(propertyInquiries)
    .values({
      propertyId,
      ownerId,
      propertyTitle: 'Lead listing',
      name: 'Anong',
      email: 'anong@example.com',
      message: 'Is it still available?',
      createdAt: base,
      ...fields,
    })
    .returning();
  if (!row) throw new Error('no inquiry');
  return row;
}

const stored = async (id: number) =>
  (await app.db.select().from(propertyInquiries).where(eq(propertyInquiries.id, id)))[0];
const auth = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});
const patch = (id: number | string, payload: unknown, token?: string) =>
  app.inject({ method: 'PATCH', url: `/api/user/inquiries/${id}`, payload: payload as object, headers: auth(token) });
const list = async (query: string, token = owner.token) => {
  const res = await app.inject({ method: 'GET', url: `/api/user/inquiries${query}`, headers: auth(token) });
  expect(res.statusCode, res.body).toBe(200);
  return InquiryPageResponse.parse(res.json()).payload;
};
/** Runs the clock at `at` for one call. */
async function at<T>(when: Date, run: () => Promise<T>): Promise<T> {
  const real = app.clock.now;
  app.clock.now = () => when;
  try {
    return await run();
  } finally {
    app.clock.now = real;
  }
}

describe('PATCH /api/user/inquiries/{id}', () => {
  it('moves an inquiry on, setting responded_at the first time only', async () => {
    const row = await inquiry(condo.id, owner.id);
    expect(row).toMatchObject({ status: 'new', note: null, respondedAt: null });

    const first = new Date(base.getTime() + 2 * HOUR);
    const res = await at(first, () => patch(row.id, { status: 'contacted' }, owner.token));
    expect(res.statusCode, res.body).toBe(200);
    const parsed = InquiryResponse.parse(res.json());
    expect(parsed.message).toBe(OWNER_MESSAGES.inquiryUpdated);
    expect(parsed.payload).toMatchObject({
      id: row.id,
      property_id: condo.id,
      status: 'contacted',
      note: null,
      responded_at: first.toISOString(),
    });

    // Later moves (closed, back to new, contacted again) keep the first answer time.
    for (const status of ['closed', 'new', 'contacted'] as const) {
      const later = await at(new Date(base.getTime() + 30 * HOUR), () => patch(row.id, { status }, owner.token));
      expect(later.statusCode).toBe(200);
      expect(InquiryResponse.parse(later.json()).payload).toMatchObject({ status, responded_at: first.toISOString() });
    }
    expect((await stored(row.id))?.respondedAt?.toISOString()).toBe(first.toISOString());
  });

  it('leaves responded_at empty while the inquiry stays new', async () => {
    const row = await inquiry(condo.id, owner.id);
    const res = await patch(row.id, { status: 'new', note: 'Call back on Monday' }, owner.token);
    expect(res.statusCode).toBe(200);
    expect(InquiryResponse.parse(res.json()).payload).toMatchObject({ status: 'new', responded_at: null });
  });

  it('sets responded_at when an inquiry goes straight to closed', async () => {
    const row = await inquiry(house.id, owner.id);
    const when = new Date(base.getTime() + 5 * HOUR);
    const res = await at(when, () => patch(row.id, { status: 'closed' }, owner.token));
    expect(InquiryResponse.parse(res.json()).payload.responded_at).toBe(when.toISOString());
  });

  it('keeps a trimmed note, leaves it when absent and clears it when empty', async () => {
    const row = await inquiry(condo.id, owner.id);
    const set = await patch(
      row.id,
      { status: 'contacted', note: '  Viewing on Saturday 10:00\nbring keys  ' },
      owner.token,
    );
    expect(InquiryResponse.parse(set.json()).payload.note).toBe('Viewing on Saturday 10:00\nbring keys');

    const absent = await patch(row.id, { status: 'closed' }, owner.token);
    expect(InquiryResponse.parse(absent.json()).payload).toMatchObject({
      status: 'closed',
      note: 'Viewing on Saturday 10:00\nbring keys',
    });

    const cleared = await patch(row.id, { status: 'closed', note: '   ' }, owner.token);
    expect(InquiryResponse.parse(cleared.json()).payload.note).toBeNull();
    expect((await stored(row.id))?.note).toBeNull();

    const longest = 'n'.repeat(INQUIRY_NOTE_MAX);
    const full = await patch(row.id, { status: 'closed', note: longest }, owner.token);
    expect(InquiryResponse.parse(full.json()).payload.note).toBe(longest);
  });

  it('answers 401 without a token and changes nothing', async () => {
    const row = await inquiry(condo.id, owner.id);
    const res = await patch(row.id, { status: 'contacted' });
    expect(res.statusCode).toBe(401);
    expect(ErrorEnvelope.parse(res.json()).success).toBe(false);
    expect(await stored(row.id)).toEqual(row);
  });

  it('answers 403 to another owner, and to an admin, and changes nothing', async () => {
    const row = await inquiry(othersFlat.id, other.id, { note: 'Mine' });
    for (const token of [owner.token, admin.token]) {
      const res = await patch(row.id, { status: 'closed', note: 'taken over' }, token);
      expect(res.statusCode).toBe(403);
      expect(ErrorEnvelope.parse(res.json()).message).toBe('You can only change inquiries on your own listings.');
    }
    expect(await stored(row.id)).toEqual(row);
  });

  it('answers 404 for a missing inquiry or an id that names none', async () => {
    for (const id of [999_999, 'abc', 0, 2_147_483_648]) {
      const res = await patch(id, { status: 'contacted' }, owner.token);
      expect(res.statusCode, String(id)).toBe(404);
      expect(ErrorEnvelope.parse(res.json()).message).toBe('Inquiry not found.');
    }
  });

  it('answers 400 per field to a bad status or a too-long note, and changes nothing', async () => {
    const row = await inquiry(condo.id, owner.id, { note: 'Keep me' });
    const cases: [unknown, string, string][] = [
      [{ status: 'won' }, 'status', 'status must be one of: new, contacted, closed, spam'],
      [{}, 'status', 'status must be one of: new, contacted, closed, spam'],
      [
        { status: 'contacted', note: 'x'.repeat(INQUIRY_NOTE_MAX + 1) },
        'note',
        'note must be at most 2,000 characters',
      ],
      [{ status: 'contacted', note: 42 }, 'note', 'note must be text'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await patch(row.id, payload, owner.token);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const parsed = ErrorEnvelope.parse(res.json());
      expect(parsed.errors?.[field]?.[0]).toBe(message);
      expect(parsed.message).toBe(message);
    }
    expect(await stored(row.id)).toEqual(row);
  });

  it('keeps the inquiry trackable after its listing is deleted', async () => {
    const temp = await makeListing(app, owner.id, { title: 'Gone soon' });
    const row = await inquiry(temp.id, owner.id);
    await app.db.update(propertyInquiries).set({ propertyId: null }).where(eq(propertyInquiries.id, row.id));
    const res = await patch(row.id, { status: 'closed' }, owner.token);
    expect(res.statusCode).toBe(200);
    expect(InquiryResponse.parse(res.json()).payload).toMatchObject({ property_id: null, status: 'closed' });
  });
});

describe('GET /api/user/inquiries: status filter, counts, median answer time', () => {
  it('carries status, note and responded_at on each item', async () => {
    const page = await list('?per_page=100');
    expect(page.items.length).toBeGreaterThan(0);
    for (const item of page.items) {
      expect(['new', 'contacted', 'closed']).toContain(item.status);
      expect(item).toHaveProperty('note');
      expect(item).toHaveProperty('responded_at');
    }
  });

  it('filters by status, alone and with property_id, and counts over all the caller’s inquiries', async () => {
    const all = (await list('?per_page=100')).items;
    const expected = { new: 0, contacted: 0, closed: 0, spam: 0 };
    for (const item of all) expected[item.status] += 1;
    expect(expected.new).toBeGreaterThan(0);
    expect(expected.contacted).toBeGreaterThan(0);
    expect(expected.closed).toBeGreaterThan(0);

    for (const status of ['new', 'contacted', 'closed'] as const) {
      const page = await list(`?status=${status}&per_page=100`);
      expect(page.total).toBe(expected[status]);
      expect(page.items.every((i) => i.status === status)).toBe(true);
      // The counts do not follow the filter.
      expect(page.counts).toEqual(expected);

      const condoOnly = await list(`?status=${status}&property_id=${condo.id}&per_page=100`);
      const want = all.filter((i) => i.status === status && i.property_id === condo.id).map((i) => i.id);
      expect(condoOnly.items.map((i) => i.id)).toEqual(want);
      expect(condoOnly.counts).toEqual(expected);
    }
    // An empty status is no filter.
    expect((await list('?status=&per_page=100')).total).toBe(all.length);
  });

  it('answers 400 to an unknown status', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/user/inquiries?status=won', headers: auth(owner.token) });
    expect(res.statusCode).toBe(400);
    expect(ErrorEnvelope.parse(res.json()).errors?.status?.[0]).toBe(
      'status must be one of: new, contacted, closed, spam',
    );
  });

  it('gives the median minutes to the first answer, null before any', async () => {
    const quietListing = await makeListing(app, quiet.id, { title: 'Quiet listing' });
    const empty = await list('', quiet.token);
    expect(empty).toMatchObject({
      total: 0,
      counts: { new: 0, contacted: 0, closed: 0, spam: 0 },
      median_response_minutes: null,
    });

    const unanswered = await inquiry(quietListing.id, quiet.id);
    expect((await list('', quiet.token)).median_response_minutes).toBeNull();

    const answered = async (minutes: number) => {
      const row = await inquiry(quietListing.id, quiet.id);
      const res = await at(new Date(base.getTime() + minutes * 60_000), () =>
        patch(row.id, { status: 'contacted' }, quiet.token),
      );
      expect(res.statusCode).toBe(200);
    };
    await answered(30);
    await answered(90);
    expect((await list('', quiet.token)).median_response_minutes).toBe(60);
    await answered(600);
    const page = await list('', quiet.token);
    expect(page.median_response_minutes).toBe(90);
    expect(page.counts).toEqual({ new: 1, contacted: 3, closed: 0, spam: 0 });
    // Closing an answered inquiry does not move its answer time.
    const [first] = page.items.filter((i) => i.id !== unanswered.id);
    if (!first) throw new Error('no answered inquiry');
    await patch(first.id, { status: 'closed' }, quiet.token);
    expect((await list('', quiet.token)).median_response_minutes).toBe(90);
    // Each owner's counts and median are their own: the other owner's one inquiry is still new.
    expect(await list('', other.token)).toMatchObject({
      counts: { new: 1, contacted: 0, closed: 0, spam: 0 },
      median_response_minutes: null,
    });
  });
});
