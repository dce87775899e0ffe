/**
 * Issue 21, M2 and M3 (ADR 019): every per-client limit and the visitor identity count an IPv6 client
 * by its /64 (an IPv4-mapped address as its IPv4 address), and mail a run of visitors can make Baan
 * send is capped: inquiries per listing and per owner (the rest in one digest), contact mail per network.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessages, listingDailyStats, mailOutbox, propertyInquiries, users } from '../src/db/schema.ts';
import { RATE_LIMITS } from '../src/lib/rate-limit.ts';
import { DIGEST_LISTED } from '../src/services/contact/contact-mail.ts';
import { INQUIRY_MAILS } from '../src/services/contact/inquiry-digest.ts';
import { bangkokDay } from '../src/services/stats/bangkok-day.ts';
import { issueViewToken } from '../src/services/stats/view-token.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';
import { rowCount, visitorEmail } from './support/visitors.ts';

// Behind one proxy, as the documented deployment runs (TRUST_PROXY=1): the client is X-Forwarded-For.
const app = await build({ trustProxy: 1, publicUrl: 'https://baan.test' });

let offset = 0;
const realNow = app.clock.now;
function advance(ms: number) {
  offset += ms;
  app.clock.now = () => new Date(realNow().getTime() + offset);
}

/** The 100 addresses of one /64 the probe used: 2001:db8:<n>:2::1 … ::64. */
const sixtyFour = (n: number) => Array.from({ length: 100 }, (_, i) => `2001:db8:${n}:2::${(i + 1).toString(16)}`);

const fromClient = (ip: string, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: { 'x-forwarded-for': ip, ...headers },
    remoteAddress: '127.0.0.1',
  });

const inquiry = (name = 'Anong Visitor') => ({
  name,
  email: visitorEmail(),
  message: 'Is it still available?',
});

async function mailsTo(email: string) {
  await app.mailer.drain();
  return app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(mailOutbox.id);
}

describe('IPv6 clients count by their /64 (M2)', () => {
  it('100 inquiries from 100 addresses of one /64 get the limit of one client: 10 × 201, then 429', async () => {
    const owner = await createUser(app, { email: visitorEmail('v6owner') });
    const listing = await makeListing(app, owner.id);
    const statuses: number[] = [];
    for (const ip of sixtyFour(1)) {
      statuses.push((await fromClient(ip, `/api/property/${listing.id}/inquiry`, inquiry())).statusCode);
    }
    expect(statuses.slice(0, RATE_LIMITS.inquiry.perIp)).toEqual(Array(RATE_LIMITS.inquiry.perIp).fill(201));
    expect(new Set(statuses.slice(RATE_LIMITS.inquiry.perIp))).toEqual(new Set([429]));
    // The next /64 is another client.
    expect((await fromClient('2001:db8:1:3::1', `/api/property/${listing.id}/inquiry`, inquiry())).statusCode).toBe(
      201,
    );
  });

  it('counts logins and contact messages from one /64 as one network', async () => {
    const statuses = [];
    for (const ip of sixtyFour(2).slice(0, RATE_LIMITS.login.perIp + 1)) {
      statuses.push((await fromClient(ip, '/api/login', { email: visitorEmail(), password: 'x' })).statusCode);
    }
    expect(statuses.slice(0, -1)).toEqual(Array(RATE_LIMITS.login.perIp).fill(401));
    expect(statuses.at(-1)).toBe(429);

    const before = await rowCount(app, contactMessages);
    const contact = [];
    for (const ip of sixtyFour(3).slice(0, RATE_LIMITS.contact.perIp + 1)) {
      const res = await fromClient(ip, '/api/contact-us', {
        name: 'Somchai',
        email: visitorEmail(),
        subject: 'Hello',
        message: 'A question about listing on Baan.',
      });
      contact.push(res.statusCode);
    }
    expect(contact).toEqual([...Array(RATE_LIMITS.contact.perIp).fill(201), 429]);
    // Support got one mail per stored message, and no more.
    expect(await rowCount(app, contactMessages)).toBe(before + RATE_LIMITS.contact.perIp);
    expect(await mailsTo('support@baan.example')).toHaveLength(RATE_LIMITS.contact.perIp);
  });

  it('counts an IPv4-mapped address as the IPv4 address it carries', async () => {
    const ipv4 = '198.51.100.77';
    for (let i = 0; i < RATE_LIMITS.newsletter.perIp; i++) {
      const ip = i % 2 ? ipv4 : `::ffff:${ipv4}`;
      expect((await fromClient(ip, '/api/newsletter', { email: visitorEmail() })).statusCode).toBe(201);
    }
    expect((await fromClient(`::ffff:${ipv4}`, '/api/newsletter', { email: visitorEmail() })).statusCode).toBe(429);
    expect((await fromClient(ipv4, '/api/newsletter', { email: visitorEmail() })).statusCode).toBe(429);
  });

  it('makes 100 addresses of one /64 with one browser one visitor of a listing', async () => {
    const owner = await createUser(app, { email: visitorEmail('statsowner') });
    const listing = await makeListing(app, owner.id);
    const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36' };
    // One page's view token (ADR 020), as the browser sends it with every beacon of that page.
    const view = { token: issueViewToken(app.statsKeys.viewToken, listing.id, app.clock.now()) };
    for (const ip of sixtyFour(4)) {
      expect((await fromClient(ip, `/api/property/${listing.id}/view`, view, browser)).statusCode).toBe(204);
    }
    // A client of another /64 is another visitor.
    await fromClient('2001:db8:4:3::1', `/api/property/${listing.id}/view`, view, browser);
    const [day] = await app.db.select().from(listingDailyStats).where(eq(listingDailyStats.propertyId, listing.id));
    expect(day?.day).toBe(bangkokDay(app.clock.now()));
    expect([day?.visitors, day?.views]).toEqual([2, 2]);
  });
});

describe('inquiry mail caps (M3)', () => {
  it('mails an owner 10 inquiries an hour per listing; the rest are stored, then named in one digest mail', async () => {
    const ownerEmail = visitorEmail('digestowner');
    const owner = await createUser(app, { email: ownerEmail });
    await app.db.update(users).set({ name: 'Somsak', language: 'th' }).where(eq(users.id, owner.id));
    const listing = await makeListing(app, owner.id, { title: 'Riverside condo' });
    const sent = INQUIRY_MAILS.perListingPerHour + DIGEST_LISTED + 3;
    // 23 inquiries from 23 networks in a moment (the probe's 60 from 60 addresses, in small).
    for (let i = 0; i < sent; i++) {
      const res = await fromClient(
        `203.0.113.${i + 1}`,
        `/api/property/${listing.id}/inquiry`,
        inquiry(`Visitor ${i}`),
      );
      expect(res.statusCode, res.body).toBe(201);
    }
    // Every inquiry is stored and in the owner's inbox; only the first 10 were mailed one by one.
    const rows = await app.db.select().from(propertyInquiries).where(eq(propertyInquiries.ownerId, owner.id));
    expect(rows).toHaveLength(sent);
    expect(rows.filter((r) => r.mail === 'sent')).toHaveLength(INQUIRY_MAILS.perListingPerHour);
    expect(rows.filter((r) => r.mail === 'held')).toHaveLength(sent - INQUIRY_MAILS.perListingPerHour);
    expect(await mailsTo(ownerEmail)).toHaveLength(INQUIRY_MAILS.perListingPerHour);
    const inbox = await app.inject({ url: '/api/user/inquiries', headers: { authorization: `Bearer ${owner.token}` } });
    expect(inbox.json().payload.total).toBe(sent);

    // An hour later: one digest, in Thai, naming ten and counting the rest, with the way to the inbox.
    advance(INQUIRY_MAILS.windowMs + 1000);
    const mails = await mailsTo(ownerEmail);
    expect(mails).toHaveLength(INQUIRY_MAILS.perListingPerHour + 1);
    const digest = mails.at(-1);
    expect(digest?.subject).toBe('Baan: มีข้อความเพิ่มอีก 13 ข้อความเกี่ยวกับประกาศของคุณ');
    expect(digest?.text).toContain('Visitor 10');
    expect(digest?.text).toContain(`Visitor ${INQUIRY_MAILS.perListingPerHour + DIGEST_LISTED - 1}`);
    expect(digest?.text).not.toContain(`Visitor ${INQUIRY_MAILS.perListingPerHour + DIGEST_LISTED}`);
    expect(digest?.text).toContain('… และอีก 3 ข้อความ');
    expect(digest?.text).toContain('https://baan.test/th/dashboard/inquiries');
    const after = await app.db.select().from(propertyInquiries).where(eq(propertyInquiries.ownerId, owner.id));
    expect(after.filter((r) => r.mail === 'held')).toEqual([]);
    expect(after.filter((r) => r.mail === 'digest')).toHaveLength(sent - INQUIRY_MAILS.perListingPerHour);
    // Nothing more is mailed for them, and the next hour's inquiries are mailed one by one again.
    expect(await mailsTo(ownerEmail)).toHaveLength(INQUIRY_MAILS.perListingPerHour + 1);
    expect((await fromClient('203.0.114.1', `/api/property/${listing.id}/inquiry`, inquiry())).statusCode).toBe(201);
    expect(await mailsTo(ownerEmail)).toHaveLength(INQUIRY_MAILS.perListingPerHour + 2);
  });

  it('mails an owner at most 20 inquiries an hour over all their listings: the 20th one by one, the 21st in the digest', async () => {
    const ownerEmail = visitorEmail('busyowner');
    const owner = await createUser(app, { email: ownerEmail });
    const listings = await Promise.all([1, 2, 3].map(() => makeListing(app, owner.id)));
    let ip = 0;
    const ask = (id: number) => fromClient(`203.0.115.${++ip}`, `/api/property/${id}/inquiry`, inquiry());
    for (const listing of listings.slice(0, 2)) {
      for (let i = 0; i < INQUIRY_MAILS.perListingPerHour; i++) expect((await ask(listing.id)).statusCode).toBe(201);
    }
    expect(await mailsTo(ownerEmail)).toHaveLength(INQUIRY_MAILS.perOwnerPerHour);
    // A third listing's first inquiry of the hour is over the owner's cap: stored and held.
    expect((await ask(listings[2]?.id ?? 0)).statusCode).toBe(201);
    expect(await mailsTo(ownerEmail)).toHaveLength(INQUIRY_MAILS.perOwnerPerHour);
    const [held] = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(propertyInquiries)
      .where(eq(propertyInquiries.mail, 'held'));
    expect(held?.n).toBe(1);
    advance(INQUIRY_MAILS.windowMs + 1000);
    const mails = await mailsTo(ownerEmail);
    expect(mails).toHaveLength(INQUIRY_MAILS.perOwnerPerHour + 1);
    expect(mails.at(-1)?.subject).toBe('Baan: 1 more message about your listings');
  });
});
