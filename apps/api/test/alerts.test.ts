import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import {
  BUYER_MESSAGES,
  LANGUAGE_TAGS,
  LANGUAGES,
  SavedSearchResponse,
  SavedSearchUnsubscribedResponse,
} from '@baan/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { jobSchedules, properties, savedSearches, savedSearchHits, subscriptions, users } from '../src/db/schema.ts';
import { savedSearchAlertMail } from '../src/services/alerts/alert-mail.ts';
import { matchListing } from '../src/services/alerts/match-listing.ts';
import { alertUnsubscribeToken } from '../src/services/alerts/unsubscribe-token.ts';
import { ALERT_DAILY_JOB, ALERT_WEEKLY_JOB } from '../src/services/jobs/alert-jobs.ts';
import { activateSubscription, createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';
import { forged } from './support/forge.ts';
import { startSmtpReceiver } from './support/smtp-receiver.ts';
import { rawHeader } from './support/visitors.ts';

const smtp = await startSmtpReceiver();
afterAll(() => smtp.close());
const logs: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _enc, done) {
    logs.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});
const PUBLIC_URL = 'https://baan.test';
const app = await build(
  { smtpUrl: smtp.url, mailFrom: 'Baan <hello@baan.test>', publicUrl: PUBLIC_URL, logLevel: 'info' },
  logStream,
);

/** The app's clock. 18 March 2031 is a Tuesday; 02:00 UTC is 09:00 in Bangkok. Tokens live 24 hours. */
let now = new Date('2031-03-18T02:00:00Z');
app.clock.now = () => now;
const minutesLater = (n: number) => {
  now = new Date(now.getTime() + n * 60_000);
};
// As if the app had been running: daily alerts next on Wednesday 08:00 Bangkok, weekly on Monday 24 March 08:00.
await app.db
  .update(jobSchedules)
  .set({ nextRunAt: new Date('2031-03-19T01:00:00Z') })
  .where(eq(jobSchedules.name, ALERT_DAILY_JOB));
await app.db
  .update(jobSchedules)
  .set({ nextRunAt: new Date('2031-03-24T01:00:00Z') })
  .where(eq(jobSchedules.name, ALERT_WEEKLY_JOB));

async function person(email: string, name: string, language: string, role: 'user' | 'admin' = 'user') {
  const user = await createUser(app, { email, role });
  await app.db.update(users).set({ name, language }).where(eq(users.id, user.id));
  return user;
}
const owner = await person('owner@alerts.test', 'Owner', 'en');
await activateSubscription(app, owner.id);
// Its period as the app's clock sees it (activateSubscription starts it at the real time).
await app.db
  .update(subscriptions)
  .set({ startsAt: new Date('2031-01-01T00:00:00Z'), endsAt: new Date('2032-01-01T00:00:00Z') })
  .where(eq(subscriptions.userId, owner.id));
const admin = await person('admin@alerts.test', 'Admin', 'en', 'admin');
const somchai = await person('somchai@alerts.test', 'Somchai', 'th');
const emma = await person('emma@alerts.test', 'Emma <Buyer>', 'en');
const sally = await person('sally@alerts.test', 'Sally', 'en');
const kenji = await person('kenji@alerts.test', 'Kenji', 'ja');
const ivan = await person('ivan@alerts.test', 'Ivan', 'ru');
const late = await person('late@alerts.test', 'Late', 'en');

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
async function saveSearch(token: string, name: string, query: string, frequency: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/saved-searches',
    headers: bearer(token),
    payload: { name, query, frequency },
  });
  expect(res.statusCode, res.body).toBe(201);
  return SavedSearchResponse.parse(res.json()).payload;
}
const thaiSearch = await saveSearch(somchai.token, 'คอนโดทองหล่อ', 'type=rent&location=Thong+Lo', 'instant');
const emmaSearch = await saveSearch(emma.token, 'Two beds <40k>', 'type=rent&bedrooms=2&max_price=40000', 'instant');
const sallySearch = await saveSearch(sally.token, 'For sale', 'type=sale', 'instant');
const kenjiSearch = await saveSearch(kenji.token, '賃貸', 'type=rent', 'daily');
const ivanSearch = await saveSearch(ivan.token, 'Аренда', 'type=rent', 'weekly');
// The lister's own instant search matches every listing below: it must never alert them to their own.
const ownerSearch = await saveSearch(owner.token, 'Rentals', 'type=rent', 'instant');

/** A photo no other test photo looks like, so the moderation's duplicate-photo check never holds a listing. */
const photo = () =>
  sharp(randomBytes(240 * 160 * 3), { raw: { width: 240, height: 160, channels: 3 } })
    .jpeg()
    .toBuffer();
const FIELDS: Record<string, string> = {
  type: 'rent',
  user_type: 'owner',
  property_type: 'residential',
  property_sub_type: 'condo',
  location: 'Thong Lo, Watthana, Bangkok',
  title: 'Bright 2-bed condo <near> BTS Thong Lo',
  description: 'Corner unit, city view, fully furnished.',
  price: '35000',
  area: '72',
  level: '18',
  bed_rooms: '2',
  bath_rooms: '2',
  kitchen: '1',
  floors: '1',
  is_featured: '0',
  language: 'en',
};
async function publish(fields: Record<string, string> = {}) {
  const fd = new FormData();
  for (const [k, v] of Object.entries({ ...FIELDS, ...fields })) fd.append(k, v);
  fd.append('cover_image', new Blob([await photo()]), 'cover.jpg');
  const res = await app.inject({ method: 'POST', url: '/api/property', payload: fd, headers: bearer(owner.token) });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json().payload as { id: number }).id;
}
const setStatus = async (id: number, status: string) => {
  const res = await app.inject({
    method: 'PATCH',
    url: `/api/property/${id}`,
    headers: bearer(owner.token),
    payload: { status },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const hitsOf = async (savedSearchId: number) =>
  (await app.db.select().from(savedSearchHits).where(eq(savedSearchHits.savedSearchId, savedSearchId)))
    .map((h) => h.propertyId)
    .sort((a, b) => a - b);
const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address));
const alertsTo = (address: string) => mailsTo(address).filter((m) => rawHeader(m.raw, 'list-unsubscribe'));
const oneClickUrl = (raw: string) => /^<(.+)>$/.exec(rawHeader(raw, 'list-unsubscribe') ?? '')?.[1] ?? '';

let condo = 0;
describe('a listing that goes live', () => {
  it('creates one hit per matching saved search, none for the others, and mails instant ones at once', async () => {
    minutesLater(5);
    condo = await publish();
    await app.mailer.drain();
    expect(await hitsOf(thaiSearch.id)).toEqual([condo]);
    expect(await hitsOf(emmaSearch.id)).toEqual([condo]);
    expect(await hitsOf(kenjiSearch.id)).toEqual([condo]);
    expect(await hitsOf(ivanSearch.id)).toEqual([condo]);
    expect(await hitsOf(sallySearch.id)).toEqual([]);
    expect(await hitsOf(ownerSearch.id)).toEqual([]);
    expect(alertsTo('owner@alerts.test')).toHaveLength(0);
    expect(alertsTo('somchai@alerts.test')).toHaveLength(1);
    expect(alertsTo('emma@alerts.test')).toHaveLength(1);
    expect(alertsTo('sally@alerts.test')).toHaveLength(0);
    // Daily and weekly searches wait for their schedule.
    expect(alertsTo('kenji@alerts.test')).toHaveLength(0);
    expect(alertsTo('ivan@alerts.test')).toHaveLength(0);
    const [thai] = await app.db.select().from(savedSearches).where(eq(savedSearches.id, thaiSearch.id));
    expect(thai?.lastSentAt?.toISOString()).toBe(now.toISOString());
    const sent = await app.db
      .select()
      .from(savedSearchHits)
      .where(and(eq(savedSearchHits.propertyId, condo), isNotNull(savedSearchHits.sentAt)));
    expect(sent.map((h) => h.savedSearchId).sort()).toEqual([thaiSearch.id, emmaSearch.id].sort());
  });

  it('mails the Thai buyer in Thai: photo, title, price, links to the listing and the search, one-click unsubscribe', async () => {
    const [mail] = alertsTo('somchai@alerts.test');
    if (!mail) throw new Error('no mail');
    expect(mail.subject).toBe('ประกาศใหม่บน Baan สำหรับ “คอนโดทองหล่อ”: 1 รายการ');
    const text = mail.text.replace(/\r\n/g, '\n');
    expect(text).toContain('สวัสดีคุณ Somchai');
    expect(text).toContain(
      `Bright 2-bed condo <near> BTS Thong Lo\n  ฿35,000 / เดือน\n  ${PUBLIC_URL}/th/detail/${condo}`,
    );
    expect(text).toContain(`ดูผลการค้นหานี้ทั้งหมด:\n${PUBLIC_URL}/th/Quick?location=Thong%20Lo&type=rent`);
    const url = oneClickUrl(mail.raw);
    expect(url).toMatch(
      new RegExp(`^${PUBLIC_URL}/api/saved-searches/unsubscribe\\?token=[A-Za-z0-9_-]{10,200}\\.[A-Za-z0-9_-]{43}$`),
    );
    expect(rawHeader(mail.raw, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const token = new URL(url).searchParams.get('token');
    expect(text).toContain(`หยุดรับการแจ้งเตือนนี้: ${PUBLIC_URL}/th/alerts/unsubscribe?token=${token}`);

    expect(mail.html).toContain('<html lang="th">');
    expect(mail.html).toMatch(new RegExp(`<img src="${PUBLIC_URL}/uploads/listings/[^"]+\\.webp" alt="Bright 2-bed`));
    expect(mail.html).toContain('Bright 2-bed condo &lt;near&gt; BTS Thong Lo');
    expect(mail.html).not.toContain('<near>');
    expect(mail.html).toContain(`href="${PUBLIC_URL}/th/detail/${condo}"`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/th/Quick?location=Thong%20Lo&amp;type=rent"`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/th/alerts/unsubscribe?token=${token}"`);
    expect(mail.html).toContain('฿35,000 / เดือน');
  });

  it('mails the English buyer in English, with the search name escaped', async () => {
    const [mail] = alertsTo('emma@alerts.test');
    if (!mail) throw new Error('no mail');
    expect(mail.subject).toBe('New on Baan for “Two beds <40k>”: 1');
    expect(mail.text).toContain('Hello Emma <Buyer>,');
    expect(mail.text).toContain(`${PUBLIC_URL}/detail/${condo}`);
    expect(mail.text).toContain('฿35,000 / month');
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain('Two beds &lt;40k&gt;');
    expect(mail.html).toContain(`href="${PUBLIC_URL}/Quick?bedrooms=2&amp;max_price=40000&amp;type=rent"`);
  });

  it('matches nothing for a listing no search asks for', async () => {
    const office = await makeListing(app, owner.id, { type: 'sale', price: 9_000_000, location: 'Phuket' });
    const result = await matchListing(app.db, office.id, { now });
    expect(result.matched).toEqual([sallySearch.id]);
    expect(await hitsOf(thaiSearch.id)).toEqual([condo]);
    // A listing that is not visible matches nothing at all.
    const paused = await makeListing(app, owner.id, { status: 'paused' });
    expect(await matchListing(app.db, paused.id)).toEqual({ matched: [], added: [] });
    expect(await hitsOf(kenjiSearch.id)).toEqual([condo]);
  });

  it('gives nothing to a search saved after the listing went live', async () => {
    minutesLater(5);
    const second = await publish({ title: 'Second Thong Lo condo' });
    // Saved after the listing went live, before (or after) its match job ran: either way, no hit.
    minutesLater(1);
    const lateSearch = await saveSearch(late.token, 'Anything for rent', 'type=rent', 'instant');
    await app.mailer.drain();
    expect(await hitsOf(lateSearch.id)).toEqual([]);
    expect(alertsTo('late@alerts.test')).toHaveLength(0);
    expect(await hitsOf(thaiSearch.id)).toEqual([condo, second].sort((a, b) => a - b));
    // The hit's send job may still be on its way to the mailer when drain() returns (PostgreSQL's job poller): wait
    // for the mail, so the next test counts from what has arrived.
    await vi.waitFor(() => expect(alertsTo('somchai@alerts.test')).toHaveLength(2), { timeout: 10_000, interval: 100 });
  });

  it('never mails the same listing twice to a search when it is paused and set active again', async () => {
    const before = { somchai: alertsTo('somchai@alerts.test').length, emma: alertsTo('emma@alerts.test').length };
    const emmaHits = await hitsOf(emmaSearch.id);
    expect(emmaHits).toContain(condo);
    minutesLater(5);
    await setStatus(condo, 'paused');
    await app.mailer.drain();
    minutesLater(5);
    await setStatus(condo, 'active');
    await app.mailer.drain();
    expect(alertsTo('somchai@alerts.test')).toHaveLength(before.somchai);
    expect(alertsTo('emma@alerts.test')).toHaveLength(before.emma);
    expect(await hitsOf(emmaSearch.id)).toEqual(emmaHits);
  });

  it('sends a match that was paused before its instant mail went out once it is active again', async () => {
    const before = alertsTo('sally@alerts.test').length;
    minutesLater(5);
    // A sale: only Sally's instant search wants it (the daily and weekly ones below count rentals).
    const late = await publish({ type: 'sale', price: '4500000', title: 'Quiet condo paused before its alert' });
    // The match runs (a hit and a send job), then the owner pauses it before the send job runs: the mail skips it.
    await matchListing(app.db, late, { now });
    await setStatus(late, 'paused');
    await app.mailer.drain();
    expect(alertsTo('sally@alerts.test')).toHaveLength(before);
    expect(await hitsOf(sallySearch.id)).toContain(late);
    // Active again: no new hit (never twice), but the waiting one is mailed now.
    minutesLater(5);
    await setStatus(late, 'active');
    await app.mailer.drain();
    const after = alertsTo('sally@alerts.test');
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)?.text).toContain('Quiet condo paused before its alert');
  });

  it('mails a listing approved by an admin once, and not again after a second approval', async () => {
    const held = await makeListing(app, owner.id, {
      title: 'Held Thong Lo condo',
      location: 'Thong Lo, Bangkok',
      review: 'pending',
      reviewReasons: ['price_outlier'],
    });
    const approve = () =>
      app.inject({ method: 'POST', url: `/api/admin/properties/${held.id}/approve`, headers: bearer(admin.token) });
    const before = alertsTo('somchai@alerts.test').length;
    minutesLater(5);
    expect((await approve()).statusCode).toBe(200);
    await app.mailer.drain();
    expect(alertsTo('somchai@alerts.test')).toHaveLength(before + 1);
    expect(alertsTo('somchai@alerts.test').at(-1)?.text).toContain('Held Thong Lo condo');

    await app.db.update(properties).set({ review: 'pending' }).where(eq(properties.id, held.id));
    minutesLater(5);
    expect((await approve()).statusCode).toBe(200);
    await app.mailer.drain();
    expect(alertsTo('somchai@alerts.test')).toHaveLength(before + 1);
  });
});

describe('daily and weekly alerts', () => {
  it('sends daily searches at 08:00 Bangkok with every unsent listing, newest first, at most 10 listed', async () => {
    // Twelve more rentals go live (matched straight away, as the match job does).
    for (let i = 1; i <= 12; i++) {
      const extra = await makeListing(app, owner.id, { title: `Extra rental ${i}`, price: 10_000 + i });
      await matchListing(app.db, extra.id, { liveAt: now, now });
    }
    now = new Date('2031-03-19T00:59:00Z'); // 07:59 on Wednesday in Bangkok
    await app.mailer.drain();
    expect(alertsTo('kenji@alerts.test')).toHaveLength(0);

    now = new Date('2031-03-19T01:00:30Z');
    await app.mailer.drain();
    const kenjis = alertsTo('kenji@alerts.test');
    expect(kenjis).toHaveLength(1);
    expect(alertsTo('ivan@alerts.test')).toHaveLength(0);
    const mail = kenjis[0];
    if (!mail) throw new Error('no mail');
    const total = (await hitsOf(kenjiSearch.id)).length;
    expect(total).toBe(15);
    expect(mail.subject).toBe(`Baan の新着物件「賃貸」：${total} 件`);
    const text = mail.text.replace(/\r\n/g, '\n');
    // The newest listing first; 10 listed, the other 5 behind the search's link.
    expect(text.indexOf('Extra rental 12')).toBeLessThan(text.indexOf('Extra rental 11'));
    expect(text.match(/\/ja\/detail\/\d+/g)).toHaveLength(10);
    expect(text).toContain('ほかに 5 件あります。');
    expect(text).toContain(`${PUBLIC_URL}/ja/Quick?type=rent`);
    const unsent = await app.db
      .select()
      .from(savedSearchHits)
      .where(and(eq(savedSearchHits.savedSearchId, kenjiSearch.id), isNotNull(savedSearchHits.sentAt)));
    expect(unsent).toHaveLength(total);
  });

  it('sends weekly searches on Monday 08:00 Bangkok only, in Russian, and daily ones nothing new', async () => {
    now = new Date('2031-03-24T01:00:30Z');
    await app.mailer.drain();
    expect(alertsTo('kenji@alerts.test')).toHaveLength(1);
    const ivans = alertsTo('ivan@alerts.test');
    expect(ivans).toHaveLength(1);
    expect(ivans[0]?.subject).toBe('Новое на Baan по запросу «Аренда»: 15');
    expect(ivans[0]?.text).toContain('Здравствуйте, Ivan!');
    // Russian groups digits with a (narrow) no-break space.
    expect(ivans[0]?.text).toMatch(/\n {2}35\s000\s฿ \/ мес\.\r?\n/u);
    const [schedule] = await app.db.select().from(jobSchedules).where(eq(jobSchedules.name, ALERT_WEEKLY_JOB));
    expect(schedule?.nextRunAt.toISOString()).toBe('2031-03-31T01:00:00.000Z');
  });
});

describe('GET and POST /api/saved-searches/unsubscribe', () => {
  const unsubscribe = (method: 'GET' | 'POST', token: string, payload?: string) =>
    app.inject({
      method,
      url: `/api/saved-searches/unsubscribe?token=${encodeURIComponent(token)}`,
      ...(payload !== undefined ? { payload, headers: { 'content-type': 'application/x-www-form-urlencoded' } } : {}),
    });
  const exists = async (id: number) =>
    (await app.db.select().from(savedSearches).where(eq(savedSearches.id, id))).length === 1;
  const tokenOf = (address: string) => {
    const mail = alertsTo(address)[0];
    return new URL(oneClickUrl(mail?.raw ?? '')).searchParams.get('token') ?? '';
  };

  it('refuses a forged, altered or foreign token with 400 and changes nothing', async () => {
    const token = tokenOf('somchai@alerts.test');
    const [payload = '', signature = ''] = token.split('.');
    const flipped = forged(signature);
    const otherPayload = Buffer.from(`saved-search-alert:${emmaSearch.id}`).toString('base64url');
    const weeklyKeySigned = alertUnsubscribeToken(app.statsKeys.unsubscribe, thaiSearch.id);
    for (const forged of [
      `${payload}.${flipped}`,
      `${otherPayload}.${signature}`,
      weeklyKeySigned,
      'not-a-token',
      `${payload}.${signature}.x`,
    ]) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await unsubscribe(method, forged);
        expect(res.statusCode, forged).toBe(400);
        expect(res.json()).toMatchObject({ success: false, message: BUYER_MESSAGES.badUnsubscribeToken });
      }
    }
    expect((await app.inject({ method: 'GET', url: '/api/saved-searches/unsubscribe' })).statusCode).toBe(400);
    expect(await exists(thaiSearch.id)).toBe(true);
    expect(await exists(emmaSearch.id)).toBe(true);
  });

  it('ends the search with the link (GET), and a second click answers already', async () => {
    const token = tokenOf('somchai@alerts.test');
    const first = await unsubscribe('GET', token);
    expect(first.statusCode).toBe(200);
    expect(SavedSearchUnsubscribedResponse.parse(first.json()).payload).toEqual({
      name: 'คอนโดทองหล่อ',
      result: 'ended',
    });
    expect(await exists(thaiSearch.id)).toBe(false);
    const again = await unsubscribe('GET', token);
    expect(again.statusCode).toBe(200);
    expect(again.json().payload).toEqual({ name: null, result: 'already' });
    // The others are untouched.
    expect(await exists(emmaSearch.id)).toBe(true);
  });

  it("ends it with the mail provider's one-click POST (a form body), without a login", async () => {
    const res = await unsubscribe('POST', tokenOf('emma@alerts.test'), 'List-Unsubscribe=One-Click');
    expect(res.statusCode).toBe(200);
    expect(res.json().payload).toEqual({ name: 'Two beds <40k>', result: 'ended' });
    expect(await exists(emmaSearch.id)).toBe(false);
  });

  it('never writes the token to the request log', async () => {
    const token = tokenOf('somchai@alerts.test');
    const logged = logs.filter((line) => line.includes('/api/saved-searches/unsubscribe'));
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.some((line) => line.includes('token=[redacted]'))).toBe(true);
    expect(logs.some((line) => line.includes(token))).toBe(false);
    expect(logs.some((line) => line.includes(token.split('.')[1] ?? 'x'))).toBe(false);
  });
});

describe('the alert mail in every language', () => {
  it('is fully translated in all 7 languages (no English left), with the price and links in that language', () => {
    const mails = LANGUAGES.map((language) =>
      savedSearchAlertMail({
        language,
        name: 'Mai',
        email: 'mai@alerts.test',
        searchName: 'Search',
        query: 'type=sale',
        listings: [{ id: 7, title: 'Listing', price: 1_250_000, type: 'sale', photo: null }],
        more: 2,
        publicUrl: PUBLIC_URL,
        unsubscribeToken: 'cGF5bG9hZA.c2lnbmF0dXJl',
      }),
    );
    const english = mails[LANGUAGES.indexOf('en')];
    if (!english) throw new Error('no English mail');
    for (const [i, language] of LANGUAGES.entries()) {
      const mail = mails[i];
      if (!mail) throw new Error(`no mail in ${language}`);
      expect(mail.html).toContain(`<html lang="${LANGUAGE_TAGS[language]}">`);
      const prefix = language === 'en' ? '' : `/${language.toLowerCase()}`;
      expect(mail.text).toContain(`${PUBLIC_URL}${prefix}/detail/7`);
      expect(mail.text).toContain(`${PUBLIC_URL}${prefix}/Quick?type=sale`);
      expect(mail.text).toContain(`${PUBLIC_URL}${prefix}/alerts/unsubscribe?token=cGF5bG9hZA.c2lnbmF0dXJl`);
      expect(mail.headers?.['List-Unsubscribe']).toBe(
        `<${PUBLIC_URL}/api/saved-searches/unsubscribe?token=cGF5bG9hZA.c2lnbmF0dXJl>`,
      );
      if (language === 'en') continue;
      expect(mail.subject, language).not.toBe(english.subject);
      for (const phrase of ['Hello', 'New listings', 'View listing', 'more', 'Stop these alerts', 'The Baan team'])
        expect(mail.text, `${language}: ${phrase}`).not.toContain(phrase);
    }
    expect(english.text).toContain('฿1,250,000');
    expect(english.text).toContain('And 2 more');
  });
});
