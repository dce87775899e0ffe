/**
 * The newsletter's unsubscribe link (ADR 058): a footer subscriber with no account leaves the list from a link that
 * needs no sign-in: the "you are subscribed" mail carries it (page link and RFC 8058 headers), the page posts its
 * token, a mail client's one-click posts the form body, a second click is no error, a bad token writes nothing, and
 * "lost the link?" mails a fresh one with the same answer for every address, under daily limits.
 */
import { Writable } from 'node:stream';
import { NEWSLETTER_MESSAGES as M } from '@baan/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { consents, newsletterPending, newsletterSubscribers } from '../src/db/schema.ts';
import { RATE_LIMITS } from '../src/lib/rate-limit.ts';
import { newsletterUnsubscribeToken } from '../src/services/newsletter/unsubscribe-token.ts';
import { build } from './helpers.ts';
import { bearer, json, PASSWORD, post, register, uniqueEmail } from './support/accounts.ts';
import { newsletterTokenIn } from './support/newsletter.ts';
import { codeIn, type SmtpReceiver, startSmtpReceiver } from './support/smtp-receiver.ts';

const smtp: SmtpReceiver = await startSmtpReceiver();
afterAll(() => smtp.close());
const logs: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _enc, done) {
    logs.push(chunk.toString());
    done();
  },
});
const app = await build({ smtpUrl: smtp.url, mailFrom: 'Baan <hello@baan.test>', logLevel: 'trace' }, logStream);
let now = new Date('2031-06-01T03:00:00Z');
app.clock.now = () => now;
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};
const DAY = 24 * 60 * 60_000;

let net = 0;
/** A fresh IPv6 /64 per call. */
const freshNetwork = () => {
  net += 1;
  return `2001:db8:${(0x100 + net).toString(16)}::1`;
};

async function mailsTo(email: string) {
  await app.mailer.drain();
  return smtp.mails.filter((m) => m.to.includes(email.toLowerCase()));
}
const UNSUBSCRIBE_LINK = /\/newsletter\/unsubscribe\?token=([0-9]+\.[A-Za-z0-9_-]{43})/;
const unsubscribeTokenIn = (text: string | undefined) => UNSUBSCRIBE_LINK.exec(text ?? '')?.[1];
const consentsOf = (email: string) =>
  app.db.select().from(consents).where(eq(consents.email, email.toLowerCase())).orderBy(asc(consents.id));
const subscriberOf = (email: string) =>
  app.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email.toLowerCase()));
const tableCounts = async () => ({
  consents: (await app.db.select({ n: sql<number>`count(*)::int` }).from(consents))[0]?.n,
  withdrawn: (
    await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(consents)
      .where(sql`${consents.withdrawnAt} is not null`)
  )[0]?.n,
  subscribers: (await app.db.select({ n: sql<number>`count(*)::int` }).from(newsletterSubscribers))[0]?.n,
  pending: (await app.db.select({ n: sql<number>`count(*)::int` }).from(newsletterPending))[0]?.n,
});

/** Footer subscription in the language, confirmed with the mailed link: the "you are subscribed" mail. */
async function subscribed(email: string, language = 'en') {
  const res = await post(app, '/api/newsletter', { email }, { 'accept-language': language }, freshNetwork());
  expect(res.statusCode).toBe(201);
  const token = newsletterTokenIn((await mailsTo(email)).at(-1)?.text);
  expect((await post(app, '/api/newsletter/confirm', { token }, {}, freshNetwork())).statusCode).toBe(200);
  const mail = (await mailsTo(email)).at(-1);
  expect(mail).toBeDefined();
  return mail as NonNullable<typeof mail>;
}
const unsubscribe = (token: unknown, headers: Record<string, string> = {}) =>
  post(app, '/api/newsletter/unsubscribe', { token }, headers, freshNetwork());
const oneClick = (token: string, body = 'List-Unsubscribe=One-Click') =>
  app.inject({
    method: 'POST',
    url: `/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
    remoteAddress: freshNetwork(),
  });
const askLink = (email: string, ip = freshNetwork(), language?: string) =>
  post(app, '/api/newsletter/unsubscribe-link', { email }, language ? { 'accept-language': language } : {}, ip);
const linkAnswer = (email: string) => ({
  success: true,
  message: M.unsubscribeLinkSent,
  payload: { email: email.toLowerCase() },
});

describe('subscribe → confirm → "you are subscribed" → unsubscribe', () => {
  it('mails the unsubscribe link in the subscriber’s language and withdraws the consent without an account', async () => {
    const email = uniqueEmail('leaver');
    const mail = await subscribed(email, 'th');
    expect(mail.subject).toBe('คุณสมัครรับจดหมายข่าวของ Baan แล้ว');
    expect(mail.text).toMatch(/\/th\/newsletter\/unsubscribe\?token=[0-9]+\.[A-Za-z0-9_-]{43}/);
    const token = unsubscribeTokenIn(mail.text) ?? '';
    const [subscriber] = await subscriberOf(email);
    expect(token.split('.')[0]).toBe(String(subscriber?.id));
    // RFC 8058: the one-click address (the API, same token) and the POST header.
    const raw = mail.raw.replace(/\r?\n[ \t]+/g, ' ');
    expect(raw).toMatch(
      new RegExp(`List-Unsubscribe: <http[^>]*/api/newsletter/unsubscribe\\?token=${token.replace('.', '\\.')}>`, 'i'),
    );
    expect(raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/i);
    expect(await consentsOf(email)).toHaveLength(1);

    advance(60_000);
    const withdrawnAt = now;
    const res = await unsubscribe(token, { 'accept-language': 'th' });
    expect([res.statusCode, json(res)]).toEqual([
      200,
      { success: true, message: M.unsubscribed, payload: { result: 'unsubscribed' } },
    ]);
    expect(await subscriberOf(email)).toEqual([]);
    expect((await consentsOf(email)).map((c) => [c.purpose, c.withdrawnAt])).toEqual([['newsletter', withdrawnAt]]);

    // A second click is no error and changes nothing.
    advance(60_000);
    const again = await unsubscribe(token);
    expect([again.statusCode, json(again)]).toEqual([
      200,
      { success: true, message: M.notSubscribed, payload: { result: 'not_subscribed' } },
    ]);
    expect((await consentsOf(email)).map((c) => c.withdrawnAt)).toEqual([withdrawnAt]);
    // The token was never logged (the request URL's is redacted; the body is not logged).
    expect(logs.join('\n')).not.toContain(token.split('.')[1]);
  });

  it('also ends a waiting subscription of the address, so an older confirmation link subscribes nobody', async () => {
    const email = uniqueEmail('waiting');
    const mail = await subscribed(email);
    // Somebody asks again: nothing waits for a subscribed address; then a row is made by hand as if from before.
    await app.db.insert(newsletterPending).values({
      email,
      language: 'en',
      source: 'footer',
      tokenHash: 'x'.repeat(64),
      createdAt: now,
      expiresAt: new Date(now.getTime() + DAY),
    });
    expect((await unsubscribe(unsubscribeTokenIn(mail.text))).statusCode).toBe(200);
    expect(await app.db.select().from(newsletterPending).where(eq(newsletterPending.email, email))).toEqual([]);
  });

  it('takes the RFC 8058 one-click POST (form body, token in the query), and again without error', async () => {
    const email = uniqueEmail('oneclick');
    const token = unsubscribeTokenIn((await subscribed(email, 'ja')).text) ?? '';
    const res = await oneClick(token);
    expect([res.statusCode, json(res).payload]).toEqual([200, { result: 'unsubscribed' }]);
    expect(await subscriberOf(email)).toEqual([]);
    expect((await consentsOf(email))[0]?.withdrawnAt).toEqual(now);
    expect((await oneClick(token)).statusCode).toBe(200);
    expect(json(await oneClick(token)).payload).toEqual({ result: 'not_subscribed' });
  });

  it('takes the one-click POST as multipart/form-data too (RFC 8058 allows either encoding)', async () => {
    const email = uniqueEmail('multipart');
    const token = unsubscribeTokenIn((await subscribed(email)).text) ?? '';
    const boundary = 'oneclick0123';
    const res = await app.inject({
      method: 'POST',
      url: `/api/newsletter/unsubscribe?token=${token}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
      remoteAddress: freshNetwork(),
    });
    expect([res.statusCode, json(res).payload]).toEqual([200, { result: 'unsubscribed' }]);
    expect(await subscriberOf(email)).toEqual([]);
  });

  it('refuses a damaged, forged, foreign or overlong token with a 400 and writes nothing', async () => {
    const email = uniqueEmail('kept');
    const token = unsubscribeTokenIn((await subscribed(email)).text) ?? '';
    const [id, signature = ''] = token.split('.');
    const before = await tableCounts();
    const forgedKey = Buffer.alloc(32, 7);
    const bad: unknown[] = [
      '',
      'nonsense',
      `${id}.${signature.slice(0, 42)}`,
      `${id}.${signature.slice(0, 42)}${signature.at(-1) === 'A' ? 'B' : 'A'}`,
      `${Number(id) + 1}.${signature}`,
      newsletterUnsubscribeToken(forgedKey, Number(id)),
      `0${token}`,
      `${token}${'A'.repeat(5000)}`,
      12345,
      null,
    ];
    for (const value of bad) {
      const res = await unsubscribe(value, { 'accept-language': 'th' });
      expect([res.statusCode, json(res).success, json(res).message]).toEqual([400, false, M.invalidUnsubscribeToken]);
    }
    // One-click with a bad token, or none at all.
    expect((await oneClick(`${id}.${'A'.repeat(43)}`)).statusCode).toBe(400);
    const none = await app.inject({
      method: 'POST',
      url: '/api/newsletter/unsubscribe',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect([none.statusCode, json(none).message]).toEqual([400, M.invalidUnsubscribeToken]);
    expect(await tableCounts()).toEqual(before);
    expect(await subscriberOf(email)).toHaveLength(1);
    expect(logs.join('\n')).not.toContain(signature);
  });
});

describe('an account holder', () => {
  it('who subscribed in the settings leaves by a mailed link just as by the settings', async () => {
    const email = uniqueEmail('account');
    expect((await register(app, email)).statusCode).toBe(201);
    const code = codeIn((await mailsTo(email)).at(-1) ?? { text: '' });
    expect((await post(app, '/api/verifyOtp', { email, otp: code, type: 'register' })).statusCode).toBe(200);
    const login = await post(app, '/api/login', { email, password: PASSWORD });
    const session = (json(login) as { payload: { token: string } }).payload.token;
    const on = await app.inject({ method: 'PUT', url: '/api/user/consents/newsletter', headers: bearer(session) });
    expect((json(on).payload as { newsletter: boolean }).newsletter).toBe(true);

    expect((await askLink(email)).statusCode).toBe(200);
    const token = unsubscribeTokenIn((await mailsTo(email)).at(-1)?.text);
    advance(60_000);
    expect(json(await unsubscribe(token)).payload).toEqual({ result: 'unsubscribed' });
    const after = await app.inject({ method: 'GET', url: '/api/user/consents', headers: bearer(session) });
    const consentsNow = json(after).payload as {
      newsletter: boolean;
      items: { purpose: string; withdrawn_at: string }[];
    };
    expect(consentsNow.newsletter).toBe(false);
    expect(consentsNow.items.filter((c) => c.purpose === 'newsletter').map((c) => c.withdrawn_at)).toEqual([
      now.toISOString(),
    ]);
  });
});

describe('lost the link?', () => {
  it('mails a subscribed address a fresh link that works, and answers an unknown address the same with no mail', async () => {
    const email = uniqueEmail('lost');
    await subscribed(email, 'ru');
    const before = (await mailsTo(email)).length;
    const res = await askLink(email.toUpperCase());
    expect([res.statusCode, json(res)]).toEqual([200, linkAnswer(email)]);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1);
    expect(mail?.subject).toBe('Ваша ссылка для отписки от рассылки Baan');
    expect(mail?.raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/i);
    const token = unsubscribeTokenIn(mail?.text);
    expect(mail?.text).toContain('/ru/newsletter/unsubscribe?token=');

    const unknown = uniqueEmail('stranger');
    const other = await askLink(unknown);
    expect([other.statusCode, json(other)]).toEqual([200, linkAnswer(unknown)]);
    expect(other.headers['content-length']).toBe(String(Buffer.byteLength(JSON.stringify(linkAnswer(unknown)))));
    expect(await mailsTo(unknown)).toEqual([]);

    expect(json(await unsubscribe(token)).payload).toEqual({ result: 'unsubscribed' });
    // Once unsubscribed, the address is like any unknown one: the same answer, no mail.
    const after = await askLink(email);
    expect([after.statusCode, json(after)]).toEqual([200, linkAnswer(email)]);
    expect(await mailsTo(email)).toHaveLength(before + 1);
    expect(logs.join('\n')).not.toContain(token?.split('.')[1]);
  });

  it('refuses a bad address with a 400', async () => {
    const res = await askLink('not an address');
    expect(res.statusCode).toBe(400);
    expect((await askLink('a'.repeat(400))).statusCode).toBe(400);
  });

  it(`mails one address at most ${RATE_LIMITS.newsletterMail.perEmail} links a day, answering the same past it`, async () => {
    const email = uniqueEmail('linkbomb');
    await subscribed(email);
    const before = (await mailsTo(email)).length;
    const limit = RATE_LIMITS.newsletterMail.perEmail;
    // Each from a network of its own: more than one network may send in an hour, none refused (ADR 059).
    for (let i = 0; i < RATE_LIMITS.newsletter.perEmailNetwork + 2; i += 1) {
      const res = await askLink(email);
      expect([res.statusCode, json(res)]).toEqual([200, linkAnswer(email)]);
    }
    expect(await mailsTo(email)).toHaveLength(before + limit);
    advance(DAY);
    expect((await askLink(email)).statusCode).toBe(200);
    expect(await mailsTo(email)).toHaveLength(before + limit + 1);
  });

  it(`mails from one IPv6 /64 at most ${RATE_LIMITS.newsletterMail.perIp} links a day, whatever its addresses`, async () => {
    const limit = RATE_LIMITS.newsletterMail.perIp;
    const emails = Array.from({ length: limit + 1 }, () => uniqueEmail('linknet'));
    for (const email of emails) await subscribed(email);
    const before = await Promise.all(emails.map(async (e) => (await mailsTo(e)).length));
    for (const [i, email] of emails.entries()) {
      if (i === RATE_LIMITS.newsletter.perIp) advance(61 * 60_000); // past the hourly 429 of the form
      const res = await askLink(email, `2001:db8:eeee:1::${(i + 1).toString(16)}`);
      expect([res.statusCode, json(res)]).toEqual([200, linkAnswer(email)]);
    }
    const after = await Promise.all(emails.map(async (e) => (await mailsTo(e)).length));
    expect(after.map((n, i) => n - (before[i] ?? 0))).toEqual([...Array(limit).fill(1), 0]);
    // The confirmation mails keep their own quota: the same network can still subscribe someone.
    const fresh = uniqueEmail('stillsubscribes');
    await post(app, '/api/newsletter', { email: fresh }, {}, '2001:db8:eeee:1::ff');
    expect(await mailsTo(fresh)).toHaveLength(1);
  });
});
