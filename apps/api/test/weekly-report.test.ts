import { EmptyResponse, ErrorEnvelope } from '@baan/contract';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { jobSchedules, listingDailyStats, ownerReports, users } from '../src/db/schema.ts';
import { enqueueJob } from '../src/services/jobs/queue.ts';
import { WEEKLY_REPORTS_JOB } from '../src/services/reports/weekly-report.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';
import { forged } from './support/forge.ts';
import { startSmtpReceiver } from './support/smtp-receiver.ts';
import { rawHeader } from './support/visitors.ts';

const smtp = await startSmtpReceiver();
afterAll(() => smtp.close());
const PUBLIC_URL = 'https://baan.test';
const app = await build({ smtpUrl: smtp.url, mailFrom: 'Baan <hello@baan.test>', publicUrl: PUBLIC_URL });

/** The app's clock, moved by the tests. 17 March 2031 is a Monday; 01:00 UTC is 08:00 in Bangkok. */
let now = new Date('2031-03-16T12:00:00Z');
app.clock.now = () => now;
// As if the app had been running the week before: the report is next due on Monday 08:00 Bangkok.
await app.db
  .update(jobSchedules)
  .set({ nextRunAt: new Date('2031-03-17T01:00:00Z') })
  .where(eq(jobSchedules.name, WEEKLY_REPORTS_JOB));

async function owner(email: string, name: string, language: string, weeklyReport = true) {
  const user = await createUser(app, { email });
  await app.db.update(users).set({ name, language, weeklyReport }).where(eq(users.id, user.id));
  return user;
}
const thai = await owner('somsak@report.test', 'Somsak', 'th');
const emma = await owner('emma@report.test', 'Emma <Agent>', 'en');
const quiet = await owner('quiet@report.test', 'Quiet', 'en', false);
const pausedOnly = await owner('paused@report.test', 'Paused', 'ja');
const disabled = await owner('disabled@report.test', 'Gone', 'ru');
const heldOnly = await owner('held@report.test', 'Held', 'en');
await app.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabled.id));

const condo = await makeListing(app, thai.id, { title: 'Riverside <b>condo</b> & garden' });
const house = await makeListing(app, thai.id, { title: 'Family house' });
const thaiPaused = await makeListing(app, thai.id, { title: 'Paused one', status: 'paused' });
const flat = await makeListing(app, emma.id, { title: 'Sunny flat' });
await makeListing(app, quiet.id, { title: 'Quiet flat' });
await makeListing(app, pausedOnly.id, { title: 'Paused flat', status: 'paused' });
await makeListing(app, disabled.id, { title: 'Disabled flat' });
// Active but waiting for moderation: not public, so not reported.
const thaiHeld = await makeListing(app, thai.id, {
  title: 'Held one',
  review: 'pending',
  reviewReasons: ['price_outlier'],
});
await makeListing(app, heldOnly.id, { title: 'Held flat', review: 'pending', reviewReasons: ['new_owner'] });

// The week reported is 10–16 March; the week before 3–9 March. The 2nd and the 17th are outside both.
const stats = (propertyId: number, day: string, views: number, phone: number, line: number, inquiries: number) => ({
  propertyId,
  day,
  views,
  clicksPhone: phone,
  clicksLine: line,
  inquiries,
});
await app.db
  .insert(listingDailyStats)
  .values([
    stats(condo.id, '2031-03-10', 20, 2, 1, 1),
    stats(condo.id, '2031-03-16', 10, 0, 0, 1),
    stats(condo.id, '2031-03-03', 15, 1, 0, 0),
    stats(condo.id, '2031-03-09', 5, 0, 0, 0),
    stats(condo.id, '2031-03-02', 500, 50, 50, 50),
    stats(house.id, '2031-03-12', 4, 0, 0, 0),
    stats(house.id, '2031-03-05', 9, 2, 0, 1),
    stats(thaiPaused.id, '2031-03-12', 77, 7, 7, 7),
    stats(thaiHeld.id, '2031-03-12', 66, 6, 6, 6),
    stats(flat.id, '2031-03-11', 8, 1, 1, 0),
    stats(flat.id, '2031-03-17', 300, 0, 0, 0),
  ]);

const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address));
const unsubscribeUrl = (raw: string) => /^<(.+)>$/.exec(rawHeader(raw, 'list-unsubscribe') ?? '')?.[1] ?? '';

describe('the weekly report', () => {
  it('is not sent before Monday 08:00 in Bangkok', async () => {
    now = new Date('2031-03-17T00:59:00Z'); // 07:59 on Monday in Bangkok
    await app.mailer.drain();
    expect(smtp.mails).toHaveLength(0);
  });

  it("mails each owner with an active listing once, in the owner's language, and schedules the next Monday", async () => {
    now = new Date('2031-03-17T01:00:30Z'); // 08:00 on Monday in Bangkok
    await app.mailer.drain();
    expect(smtp.mails.map((m) => m.to[0]).sort()).toEqual(['emma@report.test', 'somsak@report.test']);
    const [schedule] = await app.db.select().from(jobSchedules).where(eq(jobSchedules.name, WEEKLY_REPORTS_JOB));
    expect(schedule?.nextRunAt.toISOString()).toBe('2031-03-24T01:00:00.000Z');
    const sent = await app.db.select().from(ownerReports);
    expect(sent.map((r) => [r.userId, r.week]).sort()).toEqual(
      [
        [thai.id, '2031-03-17'],
        [emma.id, '2031-03-17'],
      ].sort(),
    );
  });

  it('tells the Thai owner, in Thai, each active listing against the week before', async () => {
    const [mail] = mailsTo('somsak@report.test');
    if (!mail) throw new Error('no mail');
    expect(mail.subject).toMatch(/^รายงานประจำสัปดาห์จาก Baan: /);
    const text = mail.text.replace(/\r\n/g, '\n');
    expect(text).toContain('สวัสดีคุณ Somsak');
    // All active listings: views 30 + 4 = 34 against 20 + 9 = 29; clicks 3 against 3; inquiries 2 against 1.
    expect(text).toContain('ประกาศที่เปิดอยู่ทั้งหมด\n  การเข้าชม: 34 ▲ +5 (สัปดาห์ก่อน: 29)');
    expect(text).toContain('  การคลิกติดต่อ: 3 = (สัปดาห์ก่อน: 3)');
    expect(text).toContain('  การสอบถาม: 2 ▲ +1 (สัปดาห์ก่อน: 1)');
    // The condo (most viewed first): views 30 against 20, clicks 3 against 1, inquiries 2 against 0.
    expect(text).toContain(
      'Riverside <b>condo</b> & garden\n  การเข้าชม: 30 ▲ +10 (สัปดาห์ก่อน: 20)\n  การคลิกติดต่อ: 3 ▲ +2 (สัปดาห์ก่อน: 1)\n  การสอบถาม: 2 ▲ +2 (สัปดาห์ก่อน: 0)',
    );
    expect(text).toContain('Family house\n  การเข้าชม: 4 ▼ −5 (สัปดาห์ก่อน: 9)');
    expect(text.indexOf('Riverside')).toBeLessThan(text.indexOf('Family house'));
    // A paused listing is not reported.
    expect(text).not.toContain('Paused one');
    expect(text).toContain(`${PUBLIC_URL}/th/dashboard`);
    const url = unsubscribeUrl(mail.raw);
    const query = new URL(url).search;
    expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/api/reports/unsubscribe\\?u=${thai.id}&t=[A-Za-z0-9_-]{43}$`));
    expect(text).toContain(`ยกเลิกการรับรายงานประจำสัปดาห์: ${PUBLIC_URL}/th/unsubscribe${query}`);
    expect(rawHeader(mail.raw, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    expect(mail.html).toContain('<html lang="th">');
    expect(mail.html).toContain('Riverside &lt;b&gt;condo&lt;/b&gt; &amp; garden');
    expect(mail.html).not.toContain('<b>condo</b>');
    expect(mail.html).toContain(`href="${PUBLIC_URL}/th/detail/${condo.id}"`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/th/unsubscribe${query.replace('&', '&amp;')}"`);
  });

  it('leaves out listings waiting for review, and owners who have only such listings', async () => {
    const [mail] = mailsTo('somsak@report.test');
    expect(mail?.text).not.toContain('Held one');
    expect(mailsTo('held@report.test')).toEqual([]);
    const sent = await app.db.select().from(ownerReports).where(eq(ownerReports.userId, heldOnly.id));
    expect(sent).toEqual([]);
  });

  it('tells the English owner in English', async () => {
    const [mail] = mailsTo('emma@report.test');
    if (!mail) throw new Error('no mail');
    expect(mail.subject).toBe('Your Baan weekly report: Mar 10, 2031 – Mar 16, 2031');
    const text = mail.text.replace(/\r\n/g, '\n');
    expect(text).toContain('Hello Emma <Agent>,');
    // One listing: no "all listings" block.
    expect(text).not.toContain('All active listings');
    expect(text).toContain(
      'Sunny flat\n  Views: 8 ▲ +8 (previous week: 0)\n  Contact clicks: 2 ▲ +2 (previous week: 0)',
    );
    expect(text).toContain(`Day-by-day charts for each listing are on your dashboard:\n${PUBLIC_URL}/dashboard`);
    expect(text).toContain(`Unsubscribe from the weekly report: ${PUBLIC_URL}/unsubscribe?u=${emma.id}&t=`);
    expect(mail.html).toContain('Hello Emma &lt;Agent&gt;,');
    expect(unsubscribeUrl(mail.raw)).toMatch(new RegExp(`^${PUBLIC_URL}/api/reports/unsubscribe\\?u=${emma.id}&t=`));
  });

  it('sends nothing more when the run repeats for the same week', async () => {
    await enqueueJob(app.db, WEEKLY_REPORTS_JOB, {}, { runAt: now });
    await app.mailer.drain();
    expect(smtp.mails).toHaveLength(2);
    expect(await app.db.select().from(ownerReports)).toHaveLength(2);
  });
});

describe('POST /api/reports/unsubscribe', () => {
  const post = (url: string, opts: { form?: boolean } = {}) =>
    app.inject({
      method: 'POST',
      url,
      ...(opts.form
        ? { payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } }
        : {}),
    });
  const flags = async () =>
    (await app.db.select({ id: users.id, on: users.weeklyReport }).from(users)).sort((a, b) => a.id - b.id);

  it('refuses a forged or damaged link with 400 and changes nothing', async () => {
    const before = await flags();
    const [thaiMail] = mailsTo('somsak@report.test');
    const [emmaMail] = mailsTo('emma@report.test');
    const thaiUrl = new URL(unsubscribeUrl(thaiMail?.raw ?? ''));
    const thaiToken = thaiUrl.searchParams.get('t') ?? '';
    const emmaToken = new URL(unsubscribeUrl(emmaMail?.raw ?? '')).searchParams.get('t') ?? '';
    const flipped = forged(thaiToken);
    const bad = [
      `/api/reports/unsubscribe?u=${thai.id}&t=${flipped}`,
      `/api/reports/unsubscribe?u=${emma.id}&t=${thaiToken}`,
      `/api/reports/unsubscribe?u=${thai.id}&t=${thaiToken}x`,
      `/api/reports/unsubscribe?u=${thai.id}&t=short`,
      `/api/reports/unsubscribe?u=${thai.id}&t=${thaiToken.slice(0, 30)}`,
      `/api/reports/unsubscribe?u=abc&t=${thaiToken}`,
      `/api/reports/unsubscribe?u=${thai.id}`,
      '/api/reports/unsubscribe',
    ];
    expect(emmaToken).not.toBe(thaiToken);
    for (const url of bad) {
      const res = await post(url, { form: true });
      expect(res.statusCode, url).toBe(400);
      expect(ErrorEnvelope.parse(res.json()).message).toBe('The unsubscribe link is not valid.');
    }
    expect(await flags()).toEqual(before);
  });

  it("turns the report off with the mail's one-click address (a form post) and the web page's (no body)", async () => {
    const [thaiMail] = mailsTo('somsak@report.test');
    const url = new URL(unsubscribeUrl(thaiMail?.raw ?? ''));
    const res = await post(`${url.pathname}${url.search}`, { form: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(EmptyResponse.parse(res.json()).message).toBe('You will no longer receive the weekly report.');
    const [row] = await app.db.select().from(users).where(eq(users.id, thai.id));
    expect(row?.weeklyReport).toBe(false);
    // Again, as the web page does: still fine.
    expect((await post(`${url.pathname}${url.search}`)).statusCode).toBe(200);
    const [other] = await app.db.select().from(users).where(eq(users.id, emma.id));
    expect(other?.weeklyReport).toBe(true);
  });

  it('an unsubscribed owner gets no report the next week; the others do', async () => {
    now = new Date('2031-03-24T01:00:30Z'); // the next Monday, 08:00 in Bangkok
    // The schedule fans out one job per owner, and the saved-search alerts fall due at the same minute: drain until
    // the report has gone out (one drain was not always enough on PostgreSQL).
    await expect
      .poll(
        async () => {
          await app.mailer.drain();
          return mailsTo('emma@report.test').length;
        },
        { timeout: 15_000 },
      )
      .toBe(2);
    expect(mailsTo('somsak@report.test')).toHaveLength(1);
    expect(mailsTo('emma@report.test')).toHaveLength(2);
    expect(smtp.mails).toHaveLength(3);
    const latest = mailsTo('emma@report.test')[1];
    // The 17th's 300 views are in this week's report.
    expect(latest?.text.replace(/\r\n/g, '\n')).toContain('Views: 300 ▲ +292 (previous week: 8)');
  });
});
