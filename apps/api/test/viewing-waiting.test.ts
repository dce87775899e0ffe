import {
  ErrorEnvelope,
  FreeViewingSlotsResponse,
  VIEWING_MESSAGES as M,
  VIEWING_ERROR_CODES,
  VIEWING_LIMITS,
  ViewingResponse,
} from '@baan/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listingDailyStats, mailOutbox, viewings } from '../src/db/schema.ts';
import type { Mailer } from '../src/services/mail/mailer.ts';
import { requestViewing } from '../src/services/viewings/viewings.ts';
import { createUser, EVERY_DAY_HOURS, keepViewingHours, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';

/** An instant given on the Bangkok clock. */
const bkk = (local: string) => new Date(`${local}:00+07:00`);
const HOUR = 60 * 60_000;

/**
 * What one requester may hold of viewings (ADR 057): VIEWING_LIMITS.pendingPerListing waiting requests per listing
 * and pendingTotal on all listings per account, and the looser pendingPerListingNetwork and pendingTotalNetwork per
 * guests' network (IPv6 by /64; never a signed-in account's; a guest's e-mail, which anyone may type, counts for no
 * one); a request holds no
 * hour, so a squatter never hides a free hour from a real buyer, and the owner is never held by any of it.
 */
describe('bounds on waiting viewing requests (ADR 057)', async () => {
  const app = await build();
  let now = bkk('2030-01-07T08:00');
  app.clock.now = () => now;

  const owner = await createUser(app, { email: 'waiting.owner@example.test' });
  const everyDay = EVERY_DAY_HOURS;
  await keepViewingHours(app, owner.token);
  const listings = await Promise.all(
    Array.from({ length: 7 }, (_, i) => makeListing(app, owner.id, { title: `Waiting flat ${i}` })),
  );
  const [flat, other] = listings;
  if (!flat || !other) throw new Error('no listings');

  let ip = 0;
  const freshIp = () => `10.81.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;
  let mail = 0;
  const freshEmail = () => `guest${++mail}@example.com`;
  let hour = 0;
  /** A new free hour each call (Tuesday 8 January on), so no request meets a held one. */
  const freshHour = () => {
    hour += 1;
    return new Date(bkk('2030-01-08T09:00').getTime() + Math.floor(hour / 9) * 24 * HOUR + (hour % 9) * HOUR);
  };
  const book = (opts: { listing?: number; at?: Date; email?: string; from?: string; token?: string } = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/property/${opts.listing ?? flat.id}/viewings`,
      payload: {
        starts_at: (opts.at ?? freshHour()).toISOString(),
        mode: 'in_person',
        name: 'Somsak',
        email: opts.email ?? freshEmail(),
      },
      headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
      remoteAddress: opts.from ?? freshIp(),
    });
  const count = async () => Number((await app.db.select({ n: sql<number>`count(*)` }).from(viewings))[0]?.n);
  const mails = async () => {
    await app.mailer.drain();
    return Number((await app.db.select({ n: sql<number>`count(*)` }).from(mailOutbox))[0]?.n);
  };
  const statCount = async () =>
    Number((await app.db.select({ n: sql<number>`coalesce(sum(viewings), 0)` }).from(listingDailyStats))[0]?.n);
  /** The request is refused 409 with the message and code, and nothing at all is written. */
  const refusedWritingNothing = async (request: () => ReturnType<typeof book>, message: string) => {
    const [rows, sent, stats] = [await count(), await mails(), await statCount()];
    const res = await request();
    expect(res.statusCode, res.body).toBe(409);
    const envelope = ErrorEnvelope.parse(res.json());
    expect(envelope.message).toBe(message);
    expect(envelope.code).toBe(VIEWING_ERROR_CODES.requestsWaiting);
    // About the requester, not the hour: no field is named, so the form keeps the chosen hour.
    expect(envelope.errors).toBeUndefined();
    expect([await count(), await mails(), await statCount()]).toEqual([rows, sent, stats]);
  };
  const created = (res: Awaited<ReturnType<typeof book>>) => {
    expect(res.statusCode, res.body).toBe(201);
    return ViewingResponse.parse(res.json()).payload;
  };

  it("someone else's e-mail never refuses its owner: a guest's e-mail is unproven, so it is no requester (ADR 019)", async () => {
    // An attacker types a buyer's address into pendingTotal requests from their own network.
    const victim = 'victim.buyer@example.com';
    const from = '10.86.0.1';
    for (let i = 0; i < VIEWING_LIMITS.pendingTotal; i++)
      created(await book({ email: victim, from, listing: listings[i % listings.length]?.id }));
    // The buyer, from their own network, as a guest and signed in with that very address, still books the listing.
    created(await book({ email: 'Victim.Buyer@example.com', from: '10.86.0.2' }));
    const member = await createUser(app, { email: victim });
    created(await book({ email: victim, token: member.token, from: '10.86.0.3' }));
  });

  it("per guests' network on one listing, IPv6 by /64: new e-mails from one /64 do not get around it", async () => {
    for (let i = 0; i < VIEWING_LIMITS.pendingPerListingNetwork; i++)
      created(await book({ from: `2001:db8:aa:1::${i + 1}` }));
    await refusedWritingNothing(() => book({ from: '2001:db8:aa:1::ffff' }), M.waitingFromNetwork);
    // Another /64 is another network.
    created(await book({ from: '2001:db8:aa:2::1' }));
  });

  it('never refuses a signed-in buyer for the guests of a shared network (a carrier NAT), nor counts them there', async () => {
    const from = '10.87.0.1';
    for (let i = 0; i < VIEWING_LIMITS.pendingPerListingNetwork - 1; i++) created(await book({ from }));
    const members = await Promise.all([1, 2, 3].map((i) => createUser(app, { email: `nat.member${i}@example.test` })));
    for (const member of members) created(await book({ from, token: member.token }));
    // The members' requests do not count for the guests: one guest more still fits, then the network is full.
    created(await book({ from }));
    await refusedWritingNothing(() => book({ from }), M.waitingFromNetwork);
    // ... for guests only: another member still books from it.
    created(await book({ from, token: (await createUser(app, { email: 'nat.member4@example.test' })).token }));
  });

  it('per account on one listing: new e-mails and networks do not get around it', async () => {
    const member = await createUser(app, { email: 'member.squatter@example.test' });
    for (let i = 0; i < VIEWING_LIMITS.pendingPerListing; i++) created(await book({ token: member.token }));
    await refusedWritingNothing(() => book({ token: member.token }), M.waitingOnListing);
  });

  it('across all listings: pendingTotal pass for one account, one more is refused', async () => {
    const { token } = await createUser(app, { email: 'everywhere@example.test' });
    for (let i = 0; i < VIEWING_LIMITS.pendingTotal; i++) created(await book({ token, listing: listings[i]?.id }));
    await refusedWritingNothing(() => book({ token, listing: listings[6]?.id }), M.waitingTotal);
  });

  it("across all listings from one guests' network: pendingTotalNetwork pass, one more is refused", async () => {
    const from = '10.82.0.1';
    try {
      for (let i = 0; i < VIEWING_LIMITS.pendingTotalNetwork; i++) {
        // Past the hourly limit of requests per network (10): the next hour, the earlier requests still waiting.
        if (i > 0 && i % 8 === 0) now = new Date(now.getTime() + HOUR + 60_000);
        created(await book({ from, listing: listings[i % listings.length]?.id }));
      }
      await refusedWritingNothing(() => book({ from, listing: listings[6]?.id }), M.waitingFromNetwork);
    } finally {
      now = bkk('2030-01-07T08:00');
    }
  });

  it('a real buyer still books after a squatter hit the limit, even the very hour the squatter asked for', async () => {
    const squatted = freshHour();
    const squatterEmail = 'squatter@example.test';
    const { token } = await createUser(app, { email: squatterEmail });
    created(await book({ at: squatted, email: squatterEmail, token }));
    created(await book({ email: squatterEmail, token }));
    await refusedWritingNothing(() => book({ email: squatterEmail, token }), M.waitingOnListing);
    const free = FreeViewingSlotsResponse.parse(
      (await app.inject({ method: 'GET', url: `/api/property/${flat.id}/viewing-slots` })).json(),
    ).payload.free;
    expect(free).toContain(squatted.toISOString());
    const buyer = created(await book({ at: squatted, email: 'real.buyer@example.com' }));
    // The owner confirms the buyer: the squatter's request for that hour is declined, the buyer has the hour.
    const res = await app.inject({
      method: 'POST',
      url: `/api/user/viewings/${buyer.id}/confirm`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(res.statusCode).toBe(200);
    const atHour = await app.db.select().from(viewings).where(eq(viewings.startsAt, squatted));
    expect(atHour.map((v) => `${v.email} ${v.status}`).sort()).toEqual([
      'real.buyer@example.com confirmed',
      `${squatterEmail} declined`,
    ]);
  });

  it("a request racing the owner's confirmation of its hour is declined with the others, never left waiting", async () => {
    const at = freshHour();
    const buyer = created(await book({ at, email: 'confirmed.buyer@example.com' }));
    // A second visitor's request for that hour has written its row, and its transaction is still open (held in its
    // mail) when the owner confirms the first.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted: () => void = () => {};
    const rowWritten = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const slowMailer: Mailer = {
      ...app.mailer,
      queue: async (db, mail) => {
        inserted();
        await held;
        await app.mailer.queue(db, mail);
      },
    };
    const racing = requestViewing(
      { db: app.db, mailer: slowMailer, publicUrl: app.config.publicUrl },
      flat.id,
      {
        starts_at: at.toISOString(),
        mode: 'in_person',
        name: 'Late',
        email: 'late.visitor@example.com',
        phone: undefined,
      },
      { userId: null, language: 'en', network: 'race-network' },
      now,
    );
    await rowWritten;
    const confirm = app.inject({
      method: 'POST',
      url: `/api/user/viewings/${buyer.id}/confirm`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    await Promise.race([confirm, new Promise((resolve) => setTimeout(resolve, 300))]);
    release();
    const late = await racing;
    expect((await confirm).statusCode).toBe(200);
    const [row] = await app.db.select().from(viewings).where(eq(viewings.id, late.id));
    expect(row?.status).toBe('declined');
  });

  it("the owner's proposal of an hour declines the other requests for it, as a confirmation does", async () => {
    const hour = freshHour();
    const first = created(await book({ at: hour, email: 'first.asker@example.com' }));
    const second = created(await book({ at: hour, email: 'second.asker@example.com' }));
    const elsewhere = created(await book({ email: 'proposed.to@example.com' }));
    const before = await mails();
    const res = await app.inject({
      method: 'POST',
      url: `/api/user/viewings/${elsewhere.id}/propose`,
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { starts_at: hour.toISOString() },
    });
    expect(res.statusCode, res.body).toBe(200);
    const atHour = await app.db.select().from(viewings).where(eq(viewings.startsAt, hour));
    expect(atHour.map((v) => `${v.id} ${v.status}`).sort()).toEqual(
      [`${first.id} declined`, `${second.id} declined`, `${elsewhere.id} proposed`].sort(),
    );
    // The proposal to its visitor, and "declined" to each of the two others.
    expect((await mails()) - before).toBe(3);
    // The hour is held: a new request for it is refused.
    expect((await book({ at: hour })).statusCode).toBe(409);
  });

  it('the owner answering releases a request, and so does its hour passing', async () => {
    const { token } = await createUser(app, { email: 'released@example.test' });
    const soon = bkk('2030-01-07T12:00');
    const first = created(await book({ token, at: soon }));
    created(await book({ token }));
    await refusedWritingNothing(() => book({ token }), M.waitingOnListing);
    // The owner declines one: the requester may ask again.
    const declined = await app.inject({
      method: 'POST',
      url: `/api/user/viewings/${first.id}/decline`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(declined.statusCode).toBe(200);
    const third = created(await book({ token, at: bkk('2030-01-07T13:00') }));
    await refusedWritingNothing(() => book({ token }), M.waitingOnListing);
    // Its hour passes unanswered: it no longer counts.
    now = new Date(bkk('2030-01-07T13:00').getTime() + 60_000);
    try {
      expect(third.status).toBe('requested');
      created(await book({ token }));
    } finally {
      now = bkk('2030-01-07T08:00');
    }
  });

  it('the owner is never held: their answers and hours work whatever requesters hold', async () => {
    const { token } = await createUser(app, { email: 'held.not@example.test' });
    const a = created(await book({ token }));
    const b = created(await book({ token }));
    await refusedWritingNothing(() => book({ token }), M.waitingOnListing);
    const auth = { authorization: `Bearer ${owner.token}` };
    expect(
      (await app.inject({ method: 'POST', url: `/api/user/viewings/${a.id}/confirm`, headers: auth })).statusCode,
    ).toBe(200);
    const proposed = await app.inject({
      method: 'POST',
      url: `/api/user/viewings/${b.id}/propose`,
      headers: auth,
      payload: { starts_at: bkk('2030-01-20T10:00').toISOString() },
    });
    expect(proposed.statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'PUT', url: '/api/user/viewing-slots', headers: auth, payload: { slots: everyDay } }))
        .statusCode,
    ).toBe(200);
  });
});
