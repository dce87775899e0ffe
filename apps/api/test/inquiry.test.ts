import {
  CONTACT_LIMITS,
  ErrorEnvelope,
  InquiryPageResponse,
  InquiryResponse,
  CONTACT_MESSAGES as M,
  OwnPropertyListResponse,
} from '@baan/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { conversations, properties, propertyInquiries, users } from '../src/db/schema.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';
import { startSmtpReceiver } from './support/smtp-receiver.ts';
import {
  expectFieldRejected,
  expectLimitedAfter,
  mailsReceived,
  nextIp,
  rawHeader,
  rowCount,
  send,
  unchangedCounts,
  visitorEmail,
} from './support/visitors.ts';

const smtp = await startSmtpReceiver();
afterAll(() => smtp.close());
const PUBLIC_URL = 'https://baan.test';
const app = await build({ smtpUrl: smtp.url, mailFrom: 'Baan <hello@baan.test>', publicUrl: PUBLIC_URL });

const owner = await createUser(app, { email: 'somsak.owner@example.test' });
await app.db.update(users).set({ name: 'Somsak', language: 'th' }).where(eq(users.id, owner.id));
const englishOwner = await createUser(app, { email: 'emma.owner@example.test' });
const stranger = await createUser(app, { email: 'stranger@example.test' });
const disabledOwner = await createUser(app, { email: 'gone.owner@example.test' });
await app.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabledOwner.id));

const condo = await makeListing(app, owner.id, { title: 'Riverside condo <Chao Phraya>' });
const house = await makeListing(app, owner.id, { title: 'Family house in Chiang Mai' });
const quietListing = await makeListing(app, owner.id, { title: 'Listing nobody asked about' });
const emmaFlat = await makeListing(app, englishOwner.id, { title: 'Sunny flat in Phuket' });
const hidden = await makeListing(app, owner.id, { title: 'Hidden villa', status: 'hidden' });
const disabledListing = await makeListing(app, disabledOwner.id, { title: 'Villa of a disabled owner' });

const count = () => rowCount(app, propertyInquiries);
const mailCount = () => mailsReceived(app, smtp);
const valid = () => ({
  name: 'Anong Visitor',
  email: visitorEmail(),
  phone: '+66 81 234 5678',
  message: 'Is the condo still available in March?',
});
const inquire = (id: number | string, payload: unknown, opts: Parameters<typeof send>[3] = {}) =>
  send(app, `/api/property/${id}/inquiry`, payload, opts);
const get = (url: string, token?: string) =>
  app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('POST /api/property/{id}/inquiry', () => {
  it("stores the inquiry and mails the owner in the owner's language, Reply-To the visitor", async () => {
    const input = {
      name: 'Anong <img src=x onerror=alert(1)>',
      email: ' Anong@Example.com ',
      phone: ' +66 (81) 234-5678 ',
      message: 'Hello & good day.\n<a href="https://spam.example">click</a>',
    };
    const res = await inquire(condo.id, input, { headers: { 'accept-language': 'ja' } });
    expect(res.statusCode, res.body).toBe(201);
    const parsed = InquiryResponse.parse(res.json());
    expect(parsed.message).toBe(M.inquirySent);
    expect(parsed.payload).toMatchObject({
      property_id: condo.id,
      property_title: 'Riverside condo <Chao Phraya>',
      name: input.name,
      email: 'anong@example.com',
      phone: '+66 (81) 234-5678',
      message: input.message,
      language: 'ja',
    });
    // The owner's address and id stay private.
    expect(res.body).not.toContain('somsak.owner@example.test');
    expect(res.json().payload).not.toHaveProperty('owner_id');

    const [row] = await app.db.select().from(propertyInquiries).where(eq(propertyInquiries.id, parsed.payload.id));
    expect(row).toMatchObject({
      propertyId: condo.id,
      ownerId: owner.id,
      propertyTitle: 'Riverside condo <Chao Phraya>',
      email: 'anong@example.com',
      phone: '+66 (81) 234-5678',
      language: 'ja',
    });

    const mail = await smtp.waitFor((m) => m.to.includes('somsak.owner@example.test'));
    expect(mail.to).toEqual(['somsak.owner@example.test']);
    expect(mail.from).toBe('Baan <hello@baan.test>');
    // The owner reads Thai.
    expect(mail.subject).toBe('Baan: มีข้อความใหม่เกี่ยวกับประกาศ “Riverside condo <Chao Phraya>” ของคุณ');
    expect(rawHeader(mail.raw, 'reply-to')).toContain('anong@example.com');
    const text = mail.text.replace(/\r\n/g, '\n');
    expect(text).toContain('สวัสดีคุณ Somsak');
    expect(text).toContain(`ดูประกาศ: ${PUBLIC_URL}/th/detail/${condo.id}`);
    expect(text).toContain(`อีเมล: anong@example.com`);
    expect(text).toContain('โทรศัพท์: +66 (81) 234-5678');
    expect(text).toContain(input.name);
    expect(text).toContain(input.message);
    expect(mail.html).toContain('<html lang="th">');
    expect(mail.html).toContain(`href="${PUBLIC_URL}/th/detail/${condo.id}"`);
    expect(mail.html).toContain('Riverside condo &lt;Chao Phraya&gt;');
    expect(mail.html).toContain('Anong &lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html.replace(/\r\n/g, '\n')).toContain(
      'Hello &amp; good day.\n&lt;a href=&quot;https://spam.example&quot;&gt;click&lt;/a&gt;',
    );
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('href="https://spam.example"');
  });

  it('mails an English-speaking owner in English, without a phone line when none was given', async () => {
    const res = await inquire(emmaFlat.id, { ...valid(), phone: '', name: 'Ben' });
    expect(res.statusCode).toBe(201);
    expect(InquiryResponse.parse(res.json()).payload.phone).toBeNull();
    const mail = await smtp.waitFor((m) => m.to.includes('emma.owner@example.test'));
    expect(mail.subject).toBe('Baan: a new message about your listing “Sunny flat in Phuket”');
    const text = mail.text.replace(/\r\n/g, '\n');
    expect(text).toContain('Ben sent you a message about your listing on Baan:');
    expect(text).toContain(`View the listing: ${PUBLIC_URL}/detail/${emmaFlat.id}`);
    expect(text).not.toContain('Phone:');
  });

  it('treats a missing phone as none', async () => {
    const { phone: _, ...noPhone } = valid();
    const res = await inquire(house.id, noPhone);
    expect(res.statusCode).toBe(201);
    expect(res.json().payload.phone).toBeNull();
  });

  const long = (n: number) => 'x'.repeat(n + 1);
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['name missing', { name: undefined }, 'name', M.nameRequired],
    ['name blank', { name: ' ' }, 'name', M.nameRequired],
    ['name too long', { name: long(CONTACT_LIMITS.name) }, 'name', M.nameTooLong],
    ['email missing', { email: undefined }, 'email', M.emailRequired],
    ['email invalid', { email: 'anong@' }, 'email', M.emailInvalid],
    ['email too long', { email: `${'a'.repeat(CONTACT_LIMITS.email)}@example.com` }, 'email', M.emailTooLong],
    ['phone with letters', { phone: 'call me' }, 'phone', M.phoneInvalid],
    ['phone too short', { phone: '12345' }, 'phone', M.phoneInvalid],
    ['phone too long', { phone: '1'.repeat(CONTACT_LIMITS.phone + 1) }, 'phone', M.phoneInvalid],
    ['message missing', { message: undefined }, 'message', M.messageRequired],
    ['message blank', { message: '  ' }, 'message', M.messageRequired],
    ['message too long', { message: long(CONTACT_LIMITS.inquiryMessage) }, 'message', M.inquiryTooLong],
  ];

  it.each(cases)(
    '%s: 400 with the field message, nothing stored and nothing mailed',
    async (_, change, field, message) => {
      await expectFieldRejected(() => inquire(condo.id, { ...valid(), ...change }), field, message, [count, mailCount]);
    },
  );

  const missing: [string, number | string][] = [
    ['a hidden listing', hidden.id],
    ["a disabled owner's listing", disabledListing.id],
    ['an unknown id', 999_999],
    ['a non-numeric id', 'abc'],
    ['id 0', 0],
    ['a negative id', -3],
    ['an id beyond int4', '99999999999'],
  ];

  it.each(missing)('%s: 404, nothing stored and nothing mailed', async (_, id) => {
    const nothingWritten = await unchangedCounts(count, mailCount);
    const res = await inquire(id, valid());
    expect(res.statusCode).toBe(404);
    expect(ErrorEnvelope.parse(res.json()).message).toBe(M.listingNotFound);
    await nothingWritten();
  });

  it('answers 429 with Retry-After after 10 inquiries from one address, storing and mailing nothing more', async () => {
    const ip = nextIp();
    await expectLimitedAfter(10, () => inquire(house.id, valid(), { ip }), [count, mailCount]);
  });

  it('limits probing for listings: unknown ids count against the per-IP limit', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) expect((await inquire(900_000 + i, valid(), { ip })).statusCode).toBe(404);
    const limited = await inquire(house.id, valid(), { ip });
    expect(limited.statusCode).toBe(429);
  });

  it('counts one e-mail address per network: 429 after 10 from one network, never for another network (ADR 059)', async () => {
    const email = visitorEmail('persistent');
    const ip = nextIp();
    await expectLimitedAfter(10, () => inquire(house.id, { ...valid(), email }, { ip }), [count, mailCount]);
    // Anyone may type anyone's address: what one network sent never refuses the address's owner elsewhere.
    const before = await count();
    expect((await inquire(house.id, { ...valid(), email })).statusCode).toBe(201);
    expect(await count()).toBe(before + 1);
  });
});

describe('GET /api/user/inquiries', () => {
  it('answers 401 without a token', async () => {
    const res = await get('/api/user/inquiries');
    expect(res.statusCode).toBe(401);
    expect(ErrorEnvelope.parse(res.json()).success).toBe(false);
  });

  it("lists the inquiries on the caller's own listings, newest first", async () => {
    const res = await get('/api/user/inquiries', owner.token);
    expect(res.statusCode).toBe(200);
    const page = InquiryPageResponse.parse(res.json()).payload;
    const stored = await app.db.select().from(propertyInquiries).where(eq(propertyInquiries.ownerId, owner.id));
    expect(page.total).toBe(stored.length);
    expect(page).toMatchObject({ page: 1, per_page: 20 });
    expect(page.items.length).toBe(Math.min(20, stored.length));
    const times = page.items.map((i) => [i.created_at, i.id] as const);
    const sorted = [...times].sort((a, b) => (a[0] === b[0] ? b[1] - a[1] : a[0] < b[0] ? 1 : -1));
    expect(times).toEqual(sorted);
    // Emma's inquiry is not among them.
    expect(page.items.every((i) => i.property_id !== emmaFlat.id)).toBe(true);
    expect(res.body).not.toContain('Sunny flat in Phuket');
  });

  it('filters by property_id and pages', async () => {
    const condoOnly = InquiryPageResponse.parse(
      (await get(`/api/user/inquiries?property_id=${condo.id}`, owner.token)).json(),
    ).payload;
    expect(condoOnly.total).toBe(1);
    expect(condoOnly.items[0]).toMatchObject({ property_id: condo.id, email: 'anong@example.com' });

    const all = InquiryPageResponse.parse((await get('/api/user/inquiries?per_page=100', owner.token)).json()).payload;
    const second = InquiryPageResponse.parse(
      (await get('/api/user/inquiries?page=2&per_page=5', owner.token)).json(),
    ).payload;
    expect(second).toMatchObject({ page: 2, per_page: 5, total: all.total });
    expect(second.items.map((i) => i.id)).toEqual(all.items.slice(5, 10).map((i) => i.id));
  });

  it('names the conversation each lead opened, null for a lead without one (ADR 034)', async () => {
    expect((await inquire(house.id, valid())).statusCode).toBe(201);
    const [opened] = await app.db
      .select({ inquiryId: conversations.inquiryId, id: conversations.id })
      .from(conversations)
      .orderBy(desc(conversations.id))
      .limit(1);
    // A lead stored without a thread (as before conversations existed).
    const [bare] = await app.db
      .insert(propertyInquiries)
      .values({
        propertyId: house.id,
        ownerId: owner.id,
        propertyTitle: 'Family house in Chiang Mai',
        name: 'Old lead',
        email: 'old.lead@example.test',
        message: 'Before threads',
        language: 'en',
      })
      .returning();
    const page = InquiryPageResponse.parse(
      (await get(`/api/user/inquiries?property_id=${house.id}&per_page=100`, owner.token)).json(),
    ).payload;
    const byId = new Map(page.items.map((i) => [i.id, i.conversation_id]));
    expect(byId.get(opened?.inquiryId ?? -1)).toBe(opened?.id);
    expect(byId.get(bare?.id ?? -1)).toBeNull();
    // One row per lead: the join adds none.
    expect(new Set(page.items.map((i) => i.id)).size).toBe(page.items.length);
  });

  it("gives another user an empty page, even for the owner's property_id", async () => {
    for (const url of ['/api/user/inquiries', `/api/user/inquiries?property_id=${condo.id}`]) {
      const res = await get(url, stranger.token);
      expect(res.statusCode).toBe(200);
      expect(InquiryPageResponse.parse(res.json()).payload).toEqual({
        items: [],
        total: 0,
        page: 1,
        per_page: 20,
        counts: { new: 0, contacted: 0, closed: 0, spam: 0 },
        median_response_minutes: null,
      });
    }
  });

  it('answers 400 to a bad filter', async () => {
    for (const query of ['per_page=0', 'per_page=101', 'page=0', 'property_id=abc']) {
      const res = await get(`/api/user/inquiries?${query}`, owner.token);
      expect(res.statusCode, query).toBe(400);
      expect(ErrorEnvelope.parse(res.json()).errors).toBeDefined();
    }
  });

  it('keeps an inquiry with its title copy after the listing is deleted', async () => {
    const temp = await makeListing(app, owner.id, { title: 'Short-lived studio' });
    expect((await inquire(temp.id, valid())).statusCode).toBe(201);
    await app.db.delete(properties).where(eq(properties.id, temp.id));
    const page = InquiryPageResponse.parse((await get('/api/user/inquiries', owner.token)).json()).payload;
    expect(page.items[0]).toMatchObject({ property_id: null, property_title: 'Short-lived studio' });
  });
});

describe('GET /api/user/properties inquiry_count', () => {
  it('counts the inquiries per listing (0 when none)', async () => {
    const res = await get('/api/user/properties', owner.token);
    expect(res.statusCode).toBe(200);
    const items = OwnPropertyListResponse.parse(res.json()).payload;
    const counts = Object.fromEntries(items.map((p) => [p.id, p.inquiry_count]));
    const stored = await app.db
      .select({ id: propertyInquiries.propertyId, n: sql<number>`count(*)::int` })
      .from(propertyInquiries)
      .groupBy(propertyInquiries.propertyId);
    const expected = (id: number) => stored.find((s) => s.id === id)?.n ?? 0;
    expect(counts[condo.id]).toBe(1);
    expect(counts[house.id]).toBe(expected(house.id));
    expect(counts[house.id]).toBeGreaterThanOrEqual(21);
    expect(counts[quietListing.id]).toBe(0);
    expect(counts[hidden.id]).toBe(0);
    const emma = OwnPropertyListResponse.parse((await get('/api/user/properties', englishOwner.token)).json()).payload;
    expect(emma.map((p) => [p.id, p.inquiry_count])).toEqual([[emmaFlat.id, 1]]);
  });
});
