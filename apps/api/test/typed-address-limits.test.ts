/**
 * ADR 059: the visitor forms' hourly limits on the e-mail address typed into them (the contact form, an inquiry, a
 * viewing request) count per (address, network), an IPv6 network by its /64. Anyone may type anyone's address, so
 * another network's attempts never refuse the person whose address it is, while one network still cannot go past
 * the limit with one address. The one mail a form sends the typed address at once (a guest's link to the thread an
 * inquiry opens, ADR 034) is capped per address, whoever types it, without refusing the inquiry.
 */
import { asc, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { contactMessages, conversations, jobs, mailOutbox, propertyInquiries, viewings } from '../src/db/schema.ts';
import { RATE_LIMITS } from '../src/lib/rate-limit.ts';
import { INQUIRY_MAILS } from '../src/services/contact/inquiry-digest.ts';
import { createUser, keepViewingHours, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';
import { expect429, rowCount, send, unchangedCounts, visitorEmail } from './support/visitors.ts';

const app = await build({ publicUrl: 'https://baan.test' });
/** An instant given on the Bangkok clock. */
const bkk = (local: string) => new Date(`${local}:00+07:00`);
const HOUR = 60 * 60_000;
// Monday 7 January 2030, 08:00 in Bangkok: viewing requests need an hour ahead in the owner's viewing hours.
app.clock.now = () => bkk('2030-01-07T08:00');

const owner = await createUser(app, { email: 'typed.owner@example.test' });
await keepViewingHours(app, owner.token);
// Several listings, so a guests' network's waiting viewing requests per listing (ADR 057) are never what refuses.
const listings = await Promise.all(
  Array.from({ length: 4 }, (_, i) => makeListing(app, owner.id, { title: `Typed-address flat ${i}` })),
);
let turn = 0;
const nextListing = () => listings[++turn % listings.length]?.id ?? 0;
let hour = 0;
/** A new free hour each call (Tuesday 8 January on). */
const nextHour = () => {
  hour += 1;
  return new Date(bkk('2030-01-08T09:00').getTime() + Math.floor(hour / 9) * 24 * HOUR + (hour % 9) * HOUR);
};

type Form = {
  limit: 'contact' | 'inquiry' | 'viewing';
  /** What one accepted submission stores. */
  rows: () => Promise<number>;
  submit: (email: string, from: string) => Promise<LightMyRequestResponse>;
};

/** A form: its limit, the table an accepted submission writes, and what it posts where. */
const formOf = (limit: Form['limit'], table: PgTable, url: () => string, body: (email: string) => object): Form => ({
  limit,
  rows: () => rowCount(app, table),
  submit: (email, from) => send(app, url(), body(email), { ip: from }),
});

const FORMS: Form[] = [
  formOf(
    'contact',
    contactMessages,
    () => '/api/contact-us',
    (email) => ({ name: 'Somchai', email, subject: 'A question', message: 'How do I list a condo?' }),
  ),
  formOf(
    'inquiry',
    propertyInquiries,
    () => `/api/property/${nextListing()}/inquiry`,
    (email) => ({ name: 'Anong', email, message: 'Is it still free?' }),
  ),
  formOf(
    'viewing',
    viewings,
    () => `/api/property/${nextListing()}/viewings`,
    (email) => ({ starts_at: nextHour().toISOString(), mode: 'in_person', name: 'Mali', email }),
  ),
];

const outbox = async () => {
  await app.mailer.drain();
  return rowCount(app, mailOutbox);
};
const queued = () => rowCount(app, jobs);

let net = 0;
/** A new IPv4 network per call (127.0.0.0/8 is loopback; each address is a network of its own). */
const freshNetwork = () => {
  net += 1;
  return `127.59.${Math.floor(net / 250)}.${(net % 250) + 1}`;
};

describe.each(FORMS)('the $limit form counts a typed address per network (ADR 059)', (form) => {
  const cap = RATE_LIMITS[form.limit].perEmailNetwork;

  it('one network: the limit passes, the next is 429 writing and mailing nothing; another network is still accepted', async () => {
    const email = visitorEmail(`${form.limit}-pair`);
    const from = freshNetwork();
    for (let i = 0; i < cap; i++) expect((await form.submit(email, from)).statusCode).toBe(201);
    const nothingWritten = await unchangedCounts(form.rows, outbox, queued);
    // The same address in other letters is the same address.
    expect429(await form.submit(email.toUpperCase(), from));
    await nothingWritten();
    // The person whose address it is, on their own network, is not refused.
    const before = await form.rows();
    expect((await form.submit(email, freshNetwork())).statusCode).toBe(201);
    expect(await form.rows()).toBe(before + 1);
    // Counted under the (address, network) pair, as the Redis store keys it (redis-rate-limit.test.ts).
    expect((await app.rateLimit.counters().peek(`${form.limit}:email-net:${email}:${from}`)).count).toBe(cap);
  });

  it('the pair refuses by itself: with a network limit above it, one address from one network stops at the pair', async () => {
    // Today each form's network limit equals its pair limit and is counted first, so the 429 above is the network's;
    // raised here (as for shared networks), only the pair is left to refuse.
    const rule = RATE_LIMITS[form.limit] as { perIp: number };
    const perIp = rule.perIp;
    rule.perIp = cap * 10;
    try {
      const email = visitorEmail(`${form.limit}-pair-alone`);
      const from = freshNetwork();
      for (let i = 0; i < cap; i++) expect((await form.submit(email, from)).statusCode).toBe(201);
      const nothingWritten = await unchangedCounts(form.rows, outbox, queued);
      expect429(await form.submit(email, from));
      await nothingWritten();
      expect((await app.rateLimit.counters().peek(`${form.limit}:ip:${from}`)).count).toBe(cap + 1);
      // Another address from the same network is not refused: the pair did it, not the network.
      expect((await form.submit(visitorEmail(`${form.limit}-pair-other`), from)).statusCode).toBe(201);
    } finally {
      rule.perIp = perIp;
    }
  });

  it("an attacker's attempts from many networks never refuse the address's owner", async () => {
    const victim = visitorEmail(`${form.limit}-victim`);
    for (let i = 0; i < cap + 3; i++) expect((await form.submit(victim, freshNetwork())).statusCode).toBe(201);
    const before = await form.rows();
    expect((await form.submit(victim, freshNetwork())).statusCode).toBe(201);
    expect(await form.rows()).toBe(before + 1);
  });

  it('counts the addresses of one IPv6 /64 as one network, and the next /64 as another', async () => {
    const email = visitorEmail(`${form.limit}-v6`);
    const prefix = `2001:db8:59:${FORMS.indexOf(form) + 1}`;
    for (let i = 0; i < cap; i++) expect((await form.submit(email, `${prefix}::${i + 1}`)).statusCode).toBe(201);
    const nothingWritten = await unchangedCounts(form.rows, outbox, queued);
    expect429(await form.submit(email, `${prefix}:ffff:ffff:ffff:ffff`));
    await nothingWritten();
    expect((await form.submit(email, `2001:db8:59:${FORMS.indexOf(form) + 11}::1`)).statusCode).toBe(201);
    expect((await app.rateLimit.counters().peek(`${form.limit}:email-net:${email}:${prefix}::/64`)).count).toBe(cap);
  });
});

describe("a guest's link to the thread an inquiry opens (ADR 034, 059)", () => {
  const linksTo = async (email: string) => {
    await app.mailer.drain();
    const mails = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(asc(mailOutbox.id));
    return mails.filter((m) => /\/messages\/\d+\?token=/.test(m.text));
  };

  it('is mailed to one typed address at most the cap an hour; past it the inquiry still goes in, and the owner reply carries the link', async () => {
    const cap = INQUIRY_MAILS.guestLinksPerAddressPerHour;
    const victim = visitorEmail('link-victim');
    const ids: number[] = [];
    for (let i = 0; i < cap + 2; i++) {
      const res = await send(
        app,
        `/api/property/${nextListing()}/inquiry`,
        { name: 'Somebody', email: victim, message: `Hello (${i})` },
        { ip: freshNetwork() },
      );
      expect(res.statusCode, res.body).toBe(201);
      ids.push((res.json() as { payload: { id: number } }).payload.id);
    }
    // Every inquiry is stored and opened its thread; the typed address got the cap's links, no more.
    const threads = await Promise.all(
      ids.map(async (id) => (await app.db.select().from(conversations).where(eq(conversations.inquiryId, id)))[0]),
    );
    expect(threads.every((t) => t !== undefined)).toBe(true);
    expect(await linksTo(victim)).toHaveLength(cap);

    // The owner answers an inquiry whose link was left out: that mail carries the guest's link.
    const last = threads.at(-1);
    if (!last) throw new Error('no thread');
    const reply = await app.inject({
      method: 'POST',
      url: `/api/user/conversations/${last.id}/messages`,
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { body: 'Yes, it is free.' },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const links = await linksTo(victim);
    expect(links).toHaveLength(cap + 1);
    expect(links.at(-1)?.text).toContain(`/messages/${last.id}?token=`);
  });
});
