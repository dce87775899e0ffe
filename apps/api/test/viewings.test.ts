import {
  ErrorEnvelope,
  FreeViewingSlotsResponse,
  VIEWING_MESSAGES as M,
  ViewingListResponse,
  ViewingResponse,
} from '@baan/contract';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs, mailOutbox, users, viewingSlots, viewings } from '../src/db/schema.ts';
import { enqueueJob } from '../src/services/jobs/queue.ts';
import { VIEWING_REMINDER_JOB } from '../src/services/viewings/viewings.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';
import { nextIp, rowCount, visitorEmail } from './support/visitors.ts';

/** An instant given on the Bangkok clock. */
const bkk = (local: string) => new Date(`${local}:00+07:00`);
const HOUR = 60 * 60_000;

const app = await build({ publicUrl: 'https://baan.test' });
// Monday 7 January 2030, 08:00 in Bangkok (the clock the tests move).
let now = bkk('2030-01-07T08:00');
app.clock.now = () => now;

const owner = await createUser(app, { email: 'somchai.owner@example.test' });
await app.db.update(users).set({ name: 'Somchai', language: 'th' }).where(eq(users.id, owner.id));
const visitor = await createUser(app, { email: 'mali.visitor@example.test' });
await app.db.update(users).set({ name: 'Mali', language: 'ja' }).where(eq(users.id, visitor.id));
const stranger = await createUser(app, { email: 'stranger@example.test' });
const noHoursOwner = await createUser(app, { email: 'nohours@example.test' });

const condo = await makeListing(app, owner.id, {
  title: 'Condo, Sukhumvit; 24 "River"',
  location: 'Sukhumvit 24, Bangkok',
});
const hidden = await makeListing(app, owner.id, { title: 'Hidden villa', status: 'hidden' });
const noHoursListing = await makeListing(app, noHoursOwner.id, { title: 'No hours flat' });

const auth = (token?: string): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});
const put = (payload: unknown, token = owner.token) =>
  app.inject({ method: 'PUT', url: '/api/user/viewing-slots', payload: payload as object, headers: auth(token) });
const get = (url: string, token?: string) => app.inject({ method: 'GET', url, headers: auth(token) });
const book = (startsAt: Date | string, extra: Record<string, unknown> = {}, token?: string, id = condo.id) =>
  app.inject({
    method: 'POST',
    url: `/api/property/${id}/viewings`,
    payload: {
      starts_at: typeof startsAt === 'string' ? startsAt : startsAt.toISOString(),
      mode: 'in_person',
      name: 'Anong',
      email: visitorEmail(),
      ...extra,
    },
    headers: auth(token),
    remoteAddress: nextIp(),
  });
const decide = (id: number, action: string, token = owner.token, payload?: unknown) =>
  app.inject({
    method: 'POST',
    url: `/api/user/viewings/${id}/${action}`,
    headers: auth(token),
    ...(payload ? { payload: payload as object } : {}),
  });
const refusedOn = (res: { statusCode: number; json: () => unknown }, status: number, message: string) => {
  expect(res.statusCode).toBe(status);
  const parsed = ErrorEnvelope.parse(res.json());
  expect(parsed.message).toBe(message);
  return parsed;
};
const outbox = async () => {
  await app.mailer.drain();
  return app.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
};
const reminderJobs = (id: number) =>
  app.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, VIEWING_REMINDER_JOB), eq(jobs.state, 'queued')))
    .then((rows) => rows.filter((r) => r.payload.viewingId === id));

// Monday 10:00–12:00, Tuesday 09:00–17:00 (Bangkok).
const WEEK = [
  { weekday: 1, start: '10:00', end: '12:00' },
  { weekday: 2, start: '09:00', end: '17:00' },
];

describe('PUT/GET /api/user/viewing-slots', () => {
  it('saves the week and answers it back; a guest gets 401', async () => {
    const res = await put({ slots: WEEK });
    expect(res.statusCode, res.body).toBe(200);
    expect(ViewingResponse.safeParse(res.json()).success).toBe(false);
    expect(res.json().payload).toEqual({ timezone: 'Asia/Bangkok', slots: WEEK });
    expect((await get('/api/user/viewing-slots', owner.token)).json().payload.slots).toEqual(WEEK);
    expect((await get('/api/user/viewing-slots')).statusCode).toBe(401);
    expect((await put({ slots: WEEK }, '')).statusCode).toBe(401);
  });

  it('takes 28 ranges and refuses 29, overlaps, start ≥ end and times off the hour, writing nothing', async () => {
    const many = [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) =>
      ['08', '10', '12', '14'].map((h) => ({
        weekday,
        start: `${h}:00`,
        end: `${String(Number(h) + 1).padStart(2, '0')}:00`,
      })),
    );
    expect(many).toHaveLength(28);
    expect((await put({ slots: many }, stranger.token)).statusCode).toBe(200);
    const before = await rowCount(app, viewingSlots);
    const bad = [
      [{ slots: [...many, { weekday: 0, start: '20:00', end: '21:00' }] }, 'slots', M.tooManySlots],
      [{ slots: [WEEK[0], { weekday: 1, start: '11:00', end: '13:00' }] }, 'slots.1.start', M.overlap],
      [{ slots: [{ weekday: 1, start: '12:00', end: '12:00' }] }, 'slots.0.end', M.endBeforeStart],
      [{ slots: [{ weekday: 1, start: '14:00', end: '13:00' }] }, 'slots.0.end', M.endBeforeStart],
      [{ slots: [{ weekday: 1, start: '09:30', end: '13:00' }] }, 'slots.0.start', M.timeInvalid],
      [{ slots: [{ weekday: 7, start: '09:00', end: '13:00' }] }, 'slots.0.weekday', M.weekdayInvalid],
      [{ slots: [{ weekday: 1, start: '9:00'.repeat(100), end: '13:00' }] }, 'slots.0.start', M.timeInvalid],
    ] as const;
    for (const [payload, field, message] of bad) {
      const res = await put(payload, stranger.token);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(ErrorEnvelope.parse(res.json()).errors?.[field], field).toContain(message);
    }
    expect(await rowCount(app, viewingSlots)).toBe(before);
    // Ranges that only touch do not overlap; 24:00 ends the day.
    expect(
      (
        await put(
          {
            slots: [
              { weekday: 3, start: '09:00', end: '12:00' },
              { weekday: 3, start: '12:00', end: '24:00' },
            ],
          },
          stranger.token,
        )
      ).statusCode,
    ).toBe(200);
  });
});

describe('GET /api/property/{id}/viewing-slots', () => {
  it('lists the free hours from 2 h ahead for 14 days, in UTC, and 404 for a listing that is not public', async () => {
    const res = await get(`/api/property/${condo.id}/viewing-slots`);
    expect(res.statusCode).toBe(200);
    const { free } = FreeViewingSlotsResponse.parse(res.json()).payload;
    // Today 10:00 (exactly 2 h ahead) and 11:00 (the last start before 12:00); 12:00 is not a start.
    expect(free.slice(0, 3)).toEqual([
      bkk('2030-01-07T10:00').toISOString(),
      bkk('2030-01-07T11:00').toISOString(),
      bkk('2030-01-08T09:00').toISOString(),
    ]);
    expect(free).not.toContain(bkk('2030-01-07T12:00').toISOString());
    // Two Mondays (2 starts) and two Tuesdays (8 starts) in the next 14 days.
    expect(free).toHaveLength(2 * 2 + 2 * 8);
    expect((await get(`/api/property/${hidden.id}/viewing-slots`)).statusCode).toBe(404);
  });
});

describe('POST /api/property/{id}/viewings', () => {
  it('refuses 1 h 59 ahead and accepts exactly 2 h ahead', async () => {
    now = bkk('2030-01-07T08:01');
    refusedOn(await book(bkk('2030-01-07T10:00')), 400, M.tooSoon);
    now = bkk('2030-01-07T08:00');
    const res = await book(bkk('2030-01-07T10:00'), { mode: 'video' });
    expect(res.statusCode, res.body).toBe(201);
    expect(ViewingResponse.parse(res.json()).payload).toMatchObject({
      property_id: condo.id,
      status: 'requested',
      mode: 'video',
      starts_at: bkk('2030-01-07T10:00').toISOString(),
      ends_at: bkk('2030-01-07T11:00').toISOString(),
    });
  });

  it('accepts the last hour of a range and refuses the hour that would end after it', async () => {
    expect((await book(bkk('2030-01-07T11:00'))).statusCode).toBe(201);
    const res = refusedOn(await book(bkk('2030-01-07T12:00')), 400, M.outsideHours);
    expect(res.errors?.starts_at).toEqual([M.outsideHours]);
    refusedOn(await book(bkk('2030-01-08T08:00')), 400, M.outsideHours);
    refusedOn(await book(bkk('2030-01-09T10:00')), 400, M.outsideHours);
  });

  it('refuses the past, off the hour, too far ahead, bad input, a listing not public and an owner without hours; stores nothing', async () => {
    const before = await rowCount(app, viewings);
    const mailsBefore = (await outbox()).length;
    refusedOn(await book(bkk('2030-01-06T10:00')), 400, M.past);
    refusedOn(await book(bkk('2030-01-08T09:30')), 400, M.notOnTheHour);
    refusedOn(await book(new Date(bkk('2030-01-08T09:00').getTime() + 1000)), 400, M.notOnTheHour);
    refusedOn(await book(bkk('2030-01-22T09:00')), 400, M.tooFar);
    expect((await book('next tuesday')).statusCode).toBe(400);
    expect((await book('2030-01-08T09:00:00Z'.repeat(10))).statusCode).toBe(400);
    expect(ErrorEnvelope.parse((await book(bkk('2030-01-08T09:00'), { mode: 'phone' })).json()).errors?.mode).toEqual([
      M.modeInvalid,
    ]);
    expect((await book(bkk('2030-01-08T09:00'), { email: 'not-an-address' })).statusCode).toBe(400);
    refusedOn(await book(bkk('2030-01-08T09:00'), {}, undefined, hidden.id), 404, M.listingNotFound);
    refusedOn(await book(bkk('2030-01-08T09:00'), {}, undefined, 999_999), 404, M.listingNotFound);
    refusedOn(await book(bkk('2030-01-08T09:00'), {}, undefined, noHoursListing.id), 400, M.noHours);
    refusedOn(await book(bkk('2030-01-08T09:00'), {}, owner.token), 400, M.ownListing);
    expect((await book(bkk('2030-01-08T09:00'), {}, 'not-a-token')).statusCode).toBe(401);
    expect(await rowCount(app, viewings)).toBe(before);
    expect((await outbox()).length).toBe(mailsBefore);
  });

  it('a request holds no hour: others may request it too, and it stays offered until the owner confirms one (ADR 057)', async () => {
    expect((await book(bkk('2030-01-07T10:00'))).statusCode).toBe(201);
    const free = FreeViewingSlotsResponse.parse((await get(`/api/property/${condo.id}/viewing-slots`)).json()).payload
      .free;
    expect(free).toContain(bkk('2030-01-07T10:00').toISOString());
    expect(free[0]).toBe(bkk('2030-01-07T10:00').toISOString());
  });

  it('many racing requests for one hour are all stored; confirming one declines the others and takes the hour', async () => {
    // Its own owner, hours and listing: the race does not lean on what earlier tests stored.
    const racer = await createUser(app, { email: 'race.owner@example.test' });
    expect((await put({ slots: [{ weekday: 4, start: '09:00', end: '12:00' }] }, racer.token)).statusCode).toBe(200);
    const flat = await makeListing(app, racer.id, { title: 'Race flat' });
    const at = bkk('2030-01-10T10:00');
    const before = await rowCount(app, viewings);
    const results = await Promise.all(Array.from({ length: 8 }, () => book(at, {}, undefined, flat.id)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    expect(await rowCount(app, viewings)).toBe(before + 8);
    const [chosen, ...others] = results.map((r) => ViewingResponse.parse(r.json()).payload);
    if (!chosen) throw new Error('no viewing');
    const visitorMailsBefore = (await outbox()).length;
    expect((await decide(chosen.id, 'confirm', racer.token)).statusCode).toBe(200);
    const stored = await app.db.select().from(viewings).where(eq(viewings.propertyId, flat.id));
    expect(stored.filter((v) => v.status === 'confirmed').map((v) => v.id)).toEqual([chosen.id]);
    expect(stored.filter((v) => v.status === 'declined')).toHaveLength(7);
    // Each declined visitor is told; the hour is no longer offered and a new request for it is 409.
    const mails = (await outbox()).slice(visitorMailsBefore);
    for (const other of others) expect(mails.some((m) => m.to === other.email)).toBe(true);
    const free = FreeViewingSlotsResponse.parse((await get(`/api/property/${flat.id}/viewing-slots`)).json()).payload
      .free;
    expect(free).not.toContain(at.toISOString());
    refusedOn(await book(at, {}, undefined, flat.id), 409, M.taken);
    // An hour held by a proposal: confirming another request for it is 409 (the partial unique index decides).
    const later = bkk('2030-01-10T11:00');
    const pair = await Promise.all([book(later, {}, undefined, flat.id), book(later, {}, undefined, flat.id)]);
    const ids = pair.map((r) => ViewingResponse.parse(r.json()).payload.id);
    await app.db
      .update(viewings)
      .set({ status: 'proposed' })
      .where(eq(viewings.id, ids[0] ?? 0));
    refusedOn(await decide(ids[1] ?? 0, 'confirm', racer.token), 409, M.taken);
  });

  it("mails the owner in the owner's language and counts the request in the listing's statistics", async () => {
    const before = (await outbox()).length;
    expect((await book(bkk('2030-01-08T15:00'))).statusCode).toBe(201);
    // Picked by subject, not by position: other mails (to the owner too) may be queued around it.
    const requests = (await outbox())
      .slice(before)
      .filter((m) => m.to === owner.email && m.subject === 'คำขอนัดชม: Condo, Sukhumvit; 24 "River"');
    expect(requests).toHaveLength(1);
    // Shown on the Bangkok clock.
    expect(requests[0]?.text).toContain('15:00–16:00');
    // The owner's link opens the web app's viewings page in the owner's language (apps/web routes.ts).
    expect(requests[0]?.text).toContain('https://baan.test/th/dashboard/viewings');
    expect(requests[0]?.attachments).toBeNull();
    const stats = await get(`/api/user/properties/${condo.id}/stats?days=7`, owner.token);
    const ofCondo = await app.db.select().from(viewings).where(eq(viewings.propertyId, condo.id));
    expect(stats.json().payload.totals.viewings).toBe(ofCondo.length);
  });
});

describe('the owner decides', () => {
  let viewingId = 0;
  const at = bkk('2030-01-15T10:00');

  it('confirms: both are mailed in their language with an .ics invite, and a reminder is scheduled 24 h before', async () => {
    const res = await book(at, { email: 'mali.visitor@example.test', name: 'Mali' }, visitor.token);
    expect(res.statusCode, res.body).toBe(201);
    viewingId = res.json().payload.id;
    const before = (await outbox()).length;
    const confirmed = await decide(viewingId, 'confirm');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(ViewingResponse.parse(confirmed.json()).payload.status).toBe('confirmed');
    const mails = (await outbox()).slice(before);
    expect(mails.map((m) => m.to).sort()).toEqual([owner.email, 'mali.visitor@example.test'].sort());
    const toVisitor = mails.find((m) => m.to === 'mali.visitor@example.test');
    expect(toVisitor?.subject).toContain('内見が確定しました');
    const ics = toVisitor?.attachments?.[0];
    expect(ics?.filename).toBe('viewing.ics');
    expect(ics?.contentType).toMatch(/^text\/calendar/);
    const lines = (ics?.content ?? '').replace(/\r\n /g, '').split('\r\n');
    expect(lines).toContain('BEGIN:VEVENT');
    expect(lines).toContain('END:VEVENT');
    expect(lines).toContain(`UID:viewing-${viewingId}@baan.test`);
    expect(lines).toContain('DTSTART:20300115T030000Z');
    expect(lines).toContain('DTEND:20300115T040000Z');
    expect(lines).toContain('SUMMARY:内見：Condo\\, Sukhumvit\\; 24 "River"');
    expect(lines).toContain('LOCATION:Sukhumvit 24\\, Bangkok');
    expect((ics?.content ?? '').split('\r\n').every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    const toOwner = mails.find((m) => m.to === owner.email);
    expect(toOwner?.subject).toContain('ยืนยันการนัดชมแล้ว');
    expect(toOwner?.attachments?.[0]?.content).toContain('SUMMARY:นัดชม: Condo\\, Sukhumvit\\; 24 "River"');
    const reminders = await reminderJobs(viewingId);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.runAt.toISOString()).toBe(new Date(at.getTime() - 24 * HOUR).toISOString());
    refusedOn(await decide(viewingId, 'confirm'), 409, M.alreadyConfirmed);
  });

  it('sends the reminder to both when it falls due, not before', async () => {
    // Moving the clock a week also runs the daily and weekly jobs (their mails are not looked at here).
    const reminders = async () =>
      (await outbox()).filter((m) => m.subject.startsWith('เตือนความจำ') || m.subject.startsWith('リマインダー'));
    try {
      now = new Date(at.getTime() - 24 * HOUR - 60_000);
      expect(await reminders()).toEqual([]);
      now = new Date(at.getTime() - 24 * HOUR);
      const mails = await reminders();
      expect(mails.map((m) => m.to).sort()).toEqual([owner.email, 'mali.visitor@example.test'].sort());
      expect(mails.find((m) => m.to === owner.email)?.text).toContain('Mali');
    } finally {
      now = bkk('2030-01-07T08:00');
    }
  });

  it('declines: the queued reminder is dropped, and a reminder job that still runs mails nobody', async () => {
    const res = await book(bkk('2030-01-15T11:00'));
    const id = res.json().payload.id;
    await decide(id, 'confirm');
    expect(await reminderJobs(id)).toHaveLength(1);
    const declined = await decide(id, 'decline');
    expect(declined.statusCode).toBe(200);
    expect(declined.json().payload.status).toBe('declined');
    expect(await reminderJobs(id)).toHaveLength(0);
    await enqueueJob(
      app.db,
      VIEWING_REMINDER_JOB,
      { viewingId: id, startsAt: bkk('2030-01-15T11:00').toISOString() },
      { runAt: now },
    );
    const before = (await outbox()).length;
    expect((await outbox()).length).toBe(before);
    refusedOn(await decide(id, 'confirm'), 409, M.notOpen);
    // A declined hour is free again.
    expect((await book(bkk('2030-01-15T11:00'))).statusCode).toBe(201);
  });

  it('proposes another time: checked like a request, 409 on a taken hour, and the old reminder goes', async () => {
    // 11:00 is held once the owner confirms a request for it.
    const held = ViewingResponse.parse((await book(bkk('2030-01-15T11:00'))).json()).payload.id;
    expect((await decide(held, 'confirm')).statusCode).toBe(200);
    refusedOn(
      await decide(viewingId, 'propose', owner.token, { starts_at: bkk('2030-01-07T09:00').toISOString() }),
      400,
      M.tooSoon,
    );
    refusedOn(
      await decide(viewingId, 'propose', owner.token, { starts_at: bkk('2030-01-15T11:00').toISOString() }),
      409,
      M.taken,
    );
    expect((await decide(viewingId, 'propose', owner.token, {})).statusCode).toBe(400);
    const res = await decide(viewingId, 'propose', owner.token, { starts_at: bkk('2030-01-15T15:00').toISOString() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toMatchObject({ status: 'proposed', starts_at: bkk('2030-01-15T15:00').toISOString() });
    expect(await reminderJobs(viewingId)).toHaveLength(0);
  });

  it('answers 404 to everyone but the owner on every id (IDOR), changing nothing', async () => {
    const [row] = await app.db.select().from(viewings).where(eq(viewings.id, viewingId));
    for (const token of [stranger.token, visitor.token]) {
      for (const action of ['confirm', 'decline']) refusedOn(await decide(viewingId, action, token), 404, M.notFound);
      refusedOn(
        await decide(viewingId, 'propose', token, { starts_at: bkk('2030-01-15T16:00').toISOString() }),
        404,
        M.notFound,
      );
    }
    expect((await decide(viewingId, 'confirm', '')).statusCode).toBe(401);
    refusedOn(await decide(999_999, 'confirm'), 404, M.notFound);
    expect((await decide(0, 'confirm')).statusCode).toBe(404);
    const [after] = await app.db.select().from(viewings).where(eq(viewings.id, viewingId));
    expect(after).toEqual(row);
  });

  it('lists the owner’s requests and the visitor’s own; a stranger sees none', async () => {
    const mine = ViewingListResponse.parse((await get('/api/user/viewings', owner.token)).json()).payload;
    expect(mine.length).toBe((await app.db.select().from(viewings).where(eq(viewings.ownerId, owner.id))).length);
    expect(mine.every((v) => v.role === 'owner')).toBe(true);
    const theirs = ViewingListResponse.parse((await get('/api/user/viewings', visitor.token)).json()).payload;
    expect(theirs.map((v) => [v.id, v.role])).toEqual([[viewingId, 'visitor']]);
    expect(ViewingListResponse.parse((await get('/api/user/viewings', stranger.token)).json()).payload).toEqual([]);
    expect((await get('/api/user/viewings')).statusCode).toBe(401);
  });
});
