import { AdminContactPage, AdminInquiryPage, AdminNewsletterPage } from '@baan/contract';
import { describe, expect, it } from 'vitest';
import { contactMessages, newsletterSubscribers, propertyInquiries } from '../src/db/schema.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';
import { auditRows, bearer, json } from './support/admin.ts';

const app = await build();
const admin = await createUser(app, { email: 'ops@messages.test', role: 'admin' });
const owner = await createUser(app, { email: 'landlord@messages.test' });
const get = (url: string) => app.inject({ url, headers: bearer(admin.token) });
const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 8, minute));

const listing = await makeListing(app, owner.id, { title: 'คอนโด ริมน้ำ' });
await app.db.insert(contactMessages).values([
  { name: 'Old sender', email: 'old@x.test', subject: 'Hello', message: 'First', createdAt: at(1) },
  {
    name: '=HYPERLINK("http://evil.example","Click me")',
    email: '@evil.example',
    subject: '+1',
    message: '-2',
    createdAt: at(2),
  },
  {
    name: 'สมชาย ใจดี',
    email: 'somchai@x.test',
    subject: 'Quote "this", please',
    message: 'Line one\nline two, with a comma',
    language: 'th',
    createdAt: at(3),
  },
]);
await app.db.insert(propertyInquiries).values([
  {
    propertyId: listing.id,
    ownerId: owner.id,
    propertyTitle: listing.title,
    name: 'Visitor',
    email: 'visitor@x.test',
    phone: '+66 81 111 2222',
    message: 'Is it available?',
    createdAt: at(4),
  },
  {
    propertyId: null,
    ownerId: owner.id,
    propertyTitle: 'A deleted listing',
    name: 'Late',
    email: 'late@x.test',
    message: 'Too late',
    createdAt: at(5),
  },
]);
await app.db.insert(newsletterSubscribers).values([
  { email: 'reader@x.test', createdAt: at(6) },
  { email: 'อ่าน@x.test', language: 'th', createdAt: at(7) },
]);

/** Parses our own CSV (RFC 4180) back into rows, to check what a spreadsheet would read. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe('GET /api/admin/messages', () => {
  it('lists contact messages newest first (the default kind)', async () => {
    const res = await get('/api/admin/messages');
    expect(res.statusCode).toBe(200);
    const payload = json(res).payload;
    expect(payload.kind).toBe('contact');
    const page = AdminContactPage.parse(payload);
    expect(page).toMatchObject({ total: 3, page: 1, per_page: 20 });
    expect(page.items.map((m) => m.name)).toEqual(['สมชาย ใจดี', expect.stringMatching(/^=HYPERLINK/), 'Old sender']);
    expect(page.items[0]).toMatchObject({ language: 'th', email: 'somchai@x.test' });
  });

  it('lists inquiries with the owner e-mail, and newsletter subscribers', async () => {
    const inquiries = json(await get('/api/admin/messages?kind=inquiry')).payload;
    expect(inquiries.kind).toBe('inquiry');
    const page = AdminInquiryPage.parse(inquiries);
    expect(page.items.map((i) => [i.name, i.property_id, i.owner_email])).toEqual([
      ['Late', null, owner.email],
      ['Visitor', listing.id, owner.email],
    ]);
    const subscribers = json(await get('/api/admin/messages?kind=newsletter')).payload;
    expect(subscribers.kind).toBe('newsletter');
    expect(AdminNewsletterPage.parse(subscribers).items.map((s) => s.email)).toEqual(['อ่าน@x.test', 'reader@x.test']);
  });

  it('searches and pages', async () => {
    const items = async (query: string) =>
      (json(await get(`/api/admin/messages?${query}`)).payload.items as { id: number; email: string }[]).map(
        (m) => m.email,
      );
    expect(await items(`q=${encodeURIComponent('ใจดี')}`)).toEqual(['somchai@x.test']);
    expect(await items('q=FIRST')).toEqual(['old@x.test']);
    expect(await items('kind=inquiry&q=landlord@')).toEqual(['late@x.test', 'visitor@x.test']);
    expect(await items(`kind=inquiry&q=${encodeURIComponent('ริมน้ำ')}`)).toEqual(['visitor@x.test']);
    expect(await items('kind=newsletter&q=reader')).toEqual(['reader@x.test']);
    expect(await items('per_page=1&page=3')).toEqual(['old@x.test']);
    const page = json(await get('/api/admin/messages?per_page=1&page=3')).payload;
    expect(page).toMatchObject({ total: 3, page: 3, per_page: 1 });
  });

  it('answers 400 for a bad kind or paging, for the list and the CSV', async () => {
    for (const url of [
      '/api/admin/messages?kind=spam',
      '/api/admin/messages?page=abc',
      '/api/admin/messages.csv?kind=users',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(json(res).success).toBe(false);
    }
    expect(json(await get('/api/admin/messages?kind=spam')).errors).toEqual({
      kind: ['Kind must be one of: contact, inquiry, newsletter.'],
    });
    expect(await auditRows(app, 'messages.export', null)).toHaveLength(0);
  });
});

describe('GET /api/admin/messages.csv', () => {
  it('exports contact messages for Excel: BOM, header, RFC 4180 quoting, formula cells escaped, Thai intact', async () => {
    const res = await get('/api/admin/messages.csv?kind=contact');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="baan-contact-${today}.csv"`);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));

    const text = res.rawPayload.toString('utf8').slice(1);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual(['id', 'created_at', 'name', 'email', 'subject', 'message', 'language']);
    expect(rows).toHaveLength(4);
    const [, thai, evil, old] = rows;
    expect(thai?.slice(2)).toEqual([
      'สมชาย ใจดี',
      'somchai@x.test',
      'Quote "this", please',
      'Line one\nline two, with a comma',
      'th',
    ]);
    expect(evil?.slice(2, 6)).toEqual([
      `'=HYPERLINK("http://evil.example","Click me")`,
      "'@evil.example",
      "'+1",
      "'-2",
    ]);
    expect(old?.[2]).toBe('Old sender');
    // On the wire: every text cell quoted (a semicolon locale splits none), quotes doubled.
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""Click me"")","'@evil.example","'+1","'-2","en"\r\n`);
    expect(text).toContain('"Quote ""this"", please","Line one\nline two, with a comma","th"\r\n');

    const audit = await auditRows(app, 'messages.export', null);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      targetType: 'messages',
      targetId: null,
      details: { kind: 'contact', rows: 3 },
    });
    const entry = json(await get('/api/admin/audit?action=messages.export')).payload.items[0];
    expect(entry).toMatchObject({ action: 'messages.export', details: { kind: 'contact', rows: 3 } });
  });

  it('exports inquiries (with the owner and an escaped +66 phone) and newsletter subscribers, searched by q', async () => {
    const inquiry = await get('/api/admin/messages.csv?kind=inquiry&q=visitor');
    expect(inquiry.headers['content-disposition']).toMatch(/filename="baan-inquiry-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = parseCsv(inquiry.rawPayload.toString('utf8').slice(1));
    expect(rows[0]).toEqual([
      'id',
      'created_at',
      'property_id',
      'property_title',
      'owner_email',
      'name',
      'email',
      'phone',
      'message',
      'language',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.slice(2)).toEqual([
      String(listing.id),
      'คอนโด ริมน้ำ',
      owner.email,
      'Visitor',
      'visitor@x.test',
      "'+66 81 111 2222",
      'Is it available?',
      'en',
    ]);

    const news = await get('/api/admin/messages.csv?kind=newsletter');
    const newsRows = parseCsv(news.rawPayload.toString('utf8').slice(1));
    expect(newsRows.map((r) => r[2])).toEqual(['email', 'อ่าน@x.test', 'reader@x.test']);
    const exports = (await auditRows(app, 'messages.export', null)).map((r) => r.details);
    expect(exports).toEqual(
      expect.arrayContaining([
        { kind: 'inquiry', rows: 1, q: 'visitor' },
        { kind: 'newsletter', rows: 2 },
      ]),
    );
  });
});

describe('through the public forms', () => {
  it('a contact message and an inquiry sent by a visitor reach the console and its CSV, escaped', async () => {
    const contact = await app.inject({
      method: 'POST',
      url: '/api/contact-us',
      remoteAddress: '10.77.0.1',
      payload: { name: '=cmd|calc', email: 'form@x.test', subject: 'สวัสดี', message: '@once, "twice"' },
    });
    expect(contact.statusCode).toBe(201);
    const inquiry = await app.inject({
      method: 'POST',
      url: `/api/property/${listing.id}/inquiry`,
      remoteAddress: '10.77.0.2',
      payload: { name: 'Form visitor', email: 'form2@x.test', message: '-1 baht?' },
    });
    expect(inquiry.statusCode).toBe(201);

    const [newest] = json(await get('/api/admin/messages?kind=contact')).payload.items;
    expect(newest).toMatchObject({ name: '=cmd|calc', subject: 'สวัสดี' });
    const [newestInquiry] = json(await get('/api/admin/messages?kind=inquiry')).payload.items;
    expect(newestInquiry).toMatchObject({ name: 'Form visitor', property_id: listing.id, owner_email: owner.email });

    const rows = parseCsv((await get('/api/admin/messages.csv?q=form@')).rawPayload.toString('utf8').slice(1));
    expect(rows[1]?.slice(2, 6)).toEqual(["'=cmd|calc", 'form@x.test', 'สวัสดี', `'@once, "twice"`]);
    const inquiryRows = parseCsv(
      (await get('/api/admin/messages.csv?kind=inquiry&q=form2')).rawPayload.toString('utf8').slice(1),
    );
    expect(inquiryRows[1]?.[8]).toBe("'-1 baht?");
  });
});
