/**
 * The footer newsletter's double opt-in (ADR 055): a subscription waits for the link mailed to the address, the
 * consent is recorded only when the link's page posts its token, and the daily mail limits keep the form from
 * mail-bombing an address without ever stopping a link already mailed.
 */
import { Writable } from 'node:stream';
import { NEWSLETTER_MESSAGES as M, NEWSLETTER_CONFIRM_DAYS, PRIVACY_NOTICE_VERSION } from '@baan/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { consents, newsletterPending, newsletterSubscribers } from '../src/db/schema.ts';
import { RATE_LIMITS } from '../src/lib/rate-limit.ts';
import { NEWSLETTER_SWEEP_JOB } from '../src/plugins/app/privacy.ts';
import { enqueueJob } from '../src/services/jobs/queue.ts';
import { hashNewsletterToken } from '../src/services/newsletter/newsletter-confirmation.ts';
import { createUser } from './fixtures.ts';
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
let now = new Date('2031-05-01T03:00:00Z');
app.clock.now = () => now;
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};
const DAY = 24 * 60 * 60_000;

let net = 0;
/** A fresh IPv6 /64 per call. */
const freshNetwork = () => {
  net += 1;
  return `2001:db8:${net.toString(16)}::1`;
};
const subscribe = (email: string, opts: { ip?: string; language?: string } = {}) =>
  post(
    app,
    '/api/newsletter',
    { email },
    opts.language ? { 'accept-language': opts.language } : {},
    opts.ip ?? freshNetwork(),
  );
const confirm = (token: unknown, ip = freshNetwork()) => post(app, '/api/newsletter/confirm', { token }, {}, ip);

/** Mails the SMTP receiver got for the address, once the mail queue has drained. */
async function mailsTo(email: string) {
  await app.mailer.drain();
  return smtp.mails.filter((m) => m.to.includes(email.toLowerCase()));
}
async function tokensMailedTo(email: string): Promise<string[]> {
  return (await mailsTo(email)).map((m) => newsletterTokenIn(m.text) ?? '').filter(Boolean);
}
const consentsOf = (email: string) =>
  app.db.select().from(consents).where(eq(consents.email, email.toLowerCase())).orderBy(asc(consents.id));
const subscriberOf = (email: string) =>
  app.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email.toLowerCase()));
const pendingOf = (email: string) =>
  app.db.select().from(newsletterPending).where(eq(newsletterPending.email, email.toLowerCase()));
const tableCounts = async () => ({
  consents: (await app.db.select({ n: sql<number>`count(*)::int` }).from(consents))[0]?.n,
  subscribers: (await app.db.select({ n: sql<number>`count(*)::int` }).from(newsletterSubscribers))[0]?.n,
  pending: (await app.db.select({ n: sql<number>`count(*)::int` }).from(newsletterPending))[0]?.n,
});
const sameAnswer = (email: string) => ({
  success: true,
  message: M.checkInbox,
  payload: { email: email.toLowerCase(), already_subscribed: false },
});

/** Signs up, enters the mailed code and logs in: the account's session token. */
async function verifiedAccount(email: string): Promise<string> {
  expect((await register(app, email)).statusCode).toBe(201);
  const code = codeIn((await mailsTo(email)).at(-1) ?? { text: '' });
  expect((await post(app, '/api/verifyOtp', { email, otp: code, type: 'register' })).statusCode).toBe(200);
  const login = await post(app, '/api/login', { email, password: PASSWORD });
  return (json(login) as { payload: { token: string } }).payload.token;
}

describe('subscribe → mail → confirm', () => {
  it('records nothing but a waiting subscription, mails a Thai link, and records the consent only on confirmation', async () => {
    const email = uniqueEmail('footer');
    const res = await subscribe(email.toUpperCase(), { language: 'th' });
    expect([res.statusCode, json(res)]).toEqual([201, sameAnswer(email)]);
    expect(await consentsOf(email)).toEqual([]);
    expect(await subscriberOf(email)).toEqual([]);

    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe('ยืนยันการรับจดหมายข่าวของ Baan');
    expect(mail?.text).toContain(`ภายใน ${NEWSLETTER_CONFIRM_DAYS} วัน`);
    expect(mail?.text).toMatch(/\/th\/newsletter\/confirm\?token=[A-Za-z0-9_-]{43}/);
    const token = newsletterTokenIn(mail?.text) ?? '';
    // Only a digest of the token is stored, and it expires in NEWSLETTER_CONFIRM_DAYS.
    const [pending] = await pendingOf(email);
    expect(pending).toMatchObject({ source: 'footer', language: 'th', tokenHash: hashNewsletterToken(token) });
    expect(pending?.tokenHash).not.toContain(token);
    expect(pending?.expiresAt.getTime()).toBe(now.getTime() + NEWSLETTER_CONFIRM_DAYS * DAY);

    // Opening the page posts nothing; still no consent an hour later.
    advance(60 * 60_000);
    expect(await consentsOf(email)).toEqual([]);

    const confirmedAt = now;
    const ok = await confirm(token);
    expect([ok.statusCode, json(ok)]).toEqual([
      200,
      { success: true, message: M.confirmed, payload: { email: email.toLowerCase() } },
    ]);
    expect(
      (await consentsOf(email)).map((c) => [
        c.userId,
        c.purpose,
        c.source,
        c.noticeVersion,
        c.grantedAt,
        c.withdrawnAt,
      ]),
    ).toEqual([[null, 'newsletter', 'footer', PRIVACY_NOTICE_VERSION, confirmedAt, null]]);
    expect((await subscriberOf(email)).map((s) => [s.language, s.createdAt])).toEqual([['th', confirmedAt]]);
    expect(await pendingOf(email)).toEqual([]);
    // Neither the token nor the link was ever logged.
    expect(logs.join('\n')).not.toContain(token);
  });

  it('answers the same for a subscribed and an unknown address, and mails the subscribed one nothing', async () => {
    const known = uniqueEmail('known');
    await subscribe(known);
    expect(await confirm((await tokensMailedTo(known))[0])).toMatchObject({ statusCode: 200 });
    const mailsBefore = (await mailsTo(known)).length;

    const unknown = uniqueEmail('unknown');
    const a = await subscribe(known);
    const b = await subscribe(unknown);
    expect([a.statusCode, json(a)]).toEqual([201, sameAnswer(known)]);
    expect([b.statusCode, json(b)]).toEqual([201, sameAnswer(unknown)]);
    expect(Object.keys(a.headers).sort()).toEqual(Object.keys(b.headers).sort());
    expect(await mailsTo(known)).toHaveLength(mailsBefore);
    expect(await mailsTo(unknown)).toHaveLength(1);
    // A waiting address answers the same too.
    const c = await subscribe(unknown);
    expect([c.statusCode, json(c)]).toEqual([201, sameAnswer(unknown)]);
    expect(await consentsOf(known)).toHaveLength(1);
  });
});

describe('only confirmed addresses count', () => {
  it('the admin console lists and exports a subscriber only once the link is confirmed', async () => {
    const admin = await createUser(app, { email: uniqueEmail('admin'), role: 'admin' });
    const adminToken = await app.tokens.sign({ id: admin.id, sessionVersion: 0 }, true);
    const listed = async (email: string) => {
      const page = await app.inject({
        method: 'GET',
        url: `/api/admin/messages?kind=newsletter&q=${encodeURIComponent(email)}`,
        headers: bearer(adminToken),
      });
      const csv = await app.inject({
        method: 'GET',
        url: `/api/admin/messages.csv?kind=newsletter&q=${encodeURIComponent(email)}`,
        headers: bearer(adminToken),
      });
      return [(json(page) as { payload: { total: number } }).payload.total, csv.body.includes(email)];
    };
    const email = uniqueEmail('console');
    await subscribe(email);
    expect(await listed(email)).toEqual([0, false]);
    expect((await confirm((await tokensMailedTo(email))[0])).statusCode).toBe(200);
    expect(await listed(email)).toEqual([1, true]);
  });
});

describe('a link that does not confirm changes nothing', () => {
  it('a used, an unknown and a malformed token are 404, 404 and 400', async () => {
    const email = uniqueEmail('reuse');
    await subscribe(email);
    const [token] = await tokensMailedTo(email);
    expect((await confirm(token)).statusCode).toBe(200);
    const before = await tableCounts();

    const reused = await confirm(token);
    expect([reused.statusCode, json(reused).message]).toEqual([404, M.unknownToken]);
    const unknown = await confirm('A'.repeat(43));
    expect([unknown.statusCode, json(unknown).message]).toEqual([404, M.unknownToken]);
    for (const bad of ['short', `${token}x`, 'A'.repeat(10_000), '', 42, null]) {
      const res = await confirm(bad);
      expect([res.statusCode, json(res).errors]).toEqual([400, { token: [M.invalidToken] }]);
    }
    expect((await post(app, '/api/newsletter/confirm', {})).statusCode).toBe(400);
    expect(await tableCounts()).toEqual(before);
  });

  it('an expired token is 410 and subscribes nobody; the daily sweep removes it', async () => {
    const email = uniqueEmail('late');
    await subscribe(email, { language: 'ru' });
    const [token] = await tokensMailedTo(email);
    advance(NEWSLETTER_CONFIRM_DAYS * DAY);
    const before = await tableCounts();
    const late = await confirm(token);
    expect([late.statusCode, json(late).message]).toEqual([410, M.expiredToken]);
    expect(await tableCounts()).toEqual(before);
    expect(await consentsOf(email)).toEqual([]);
    expect(await subscriberOf(email)).toEqual([]);

    // The durable sweep job (scheduled daily) removes the expired row, and the link stays dead (now unknown).
    const fresh = uniqueEmail('fresh');
    await subscribe(fresh);
    await enqueueJob(app.db, NEWSLETTER_SWEEP_JOB, {}, { runAt: now });
    await app.jobs.drain();
    expect(await pendingOf(email)).toEqual([]);
    expect(await pendingOf(fresh)).toHaveLength(1);
    expect((await confirm(token)).statusCode).toBe(404);
  });
});

describe('mail limits', () => {
  it(`mails one address at most ${RATE_LIMITS.newsletterMail.perEmail} times a day, answering the same past it`, async () => {
    const email = uniqueEmail('bombed');
    const limit = RATE_LIMITS.newsletterMail.perEmail;
    // Each from a network of its own: more than one network may send in an hour, none refused (ADR 059).
    for (let i = 0; i < RATE_LIMITS.newsletter.perEmailNetwork + 2; i += 1) {
      const res = await subscribe(email);
      expect([res.statusCode, json(res)]).toEqual([201, sameAnswer(email)]);
    }
    expect(await mailsTo(email)).toHaveLength(limit);
    expect(await pendingOf(email)).toHaveLength(limit);
    advance(DAY);
    expect((await subscribe(email)).statusCode).toBe(201);
    expect(await mailsTo(email)).toHaveLength(limit + 1);
  });

  it(`mails from one IPv6 /64 at most ${RATE_LIMITS.newsletterMail.perIp} times a day, whatever its addresses`, async () => {
    const limit = RATE_LIMITS.newsletterMail.perIp;
    const emails = Array.from({ length: limit + 1 }, () => uniqueEmail('net'));
    for (const [i, email] of emails.entries()) {
      if (i === RATE_LIMITS.newsletter.perIp) advance(61 * 60_000);
      const res = await subscribe(email, { ip: `2001:db8:ffff:1::${(i + 1).toString(16)}` });
      expect([res.statusCode, json(res)]).toEqual([201, sameAnswer(email)]);
    }
    await app.mailer.drain();
    const mailed = await Promise.all(emails.map(async (e) => (await mailsTo(e)).length));
    expect(mailed).toEqual([...Array(limit).fill(1), 0]);
    // Another /64 still gets its mail.
    const other = uniqueEmail('othernet');
    await subscribe(other, { ip: '2001:db8:ffff:2::1' });
    expect(await mailsTo(other)).toHaveLength(1);
  });

  it('a flood from many networks never stops the owner from confirming the link they already have', async () => {
    const victim = uniqueEmail('owner');
    await subscribe(victim, { language: 'ja' });
    const [ownersToken] = await tokensMailedTo(victim);
    // The attacker floods from many networks, and the attacker's networks confirm made-up tokens.
    for (let i = 0; i < 12; i += 1) {
      const res = await subscribe(victim);
      expect([res.statusCode, json(res)]).toEqual([201, sameAnswer(victim)]);
      await confirm('B'.repeat(43), '2001:db8:bad:1::1');
    }
    expect(await mailsTo(victim)).toHaveLength(RATE_LIMITS.newsletterMail.perEmail);
    expect(await consentsOf(victim)).toEqual([]);
    const ok = await confirm(ownersToken, '2001:db8:bad:1::2');
    expect(ok.statusCode).toBe(200);
    expect((await subscriberOf(victim)).map((s) => s.language)).toEqual(['ja']);
    expect(await consentsOf(victim)).toHaveLength(1);
    // The attacker's later links died with the confirmation.
    expect(await pendingOf(victim)).toEqual([]);
  });
});

describe('proven addresses and the person’s rights', () => {
  it('a newsletter ticked at sign-up waits for the e-mail code, then counts with source signup', async () => {
    const email = uniqueEmail('signup');
    expect((await register(app, email, { newsletter: true }, { 'accept-language': 'th' })).statusCode).toBe(201);
    expect((await consentsOf(email)).map((c) => c.purpose)).toEqual(['terms_privacy']);
    expect(await subscriberOf(email)).toEqual([]);
    expect((await pendingOf(email)).map((p) => [p.source, p.tokenHash])).toEqual([['signup', null]]);

    const code = codeIn((await mailsTo(email)).at(-1) ?? { text: '' });
    expect((await post(app, '/api/verifyOtp', { email, otp: code, type: 'register' })).statusCode).toBe(200);
    expect((await consentsOf(email)).map((c) => [c.purpose, c.source, c.grantedAt])).toEqual([
      ['terms_privacy', 'signup', expect.any(Date)],
      ['newsletter', 'signup', now],
    ]);
    expect((await subscriberOf(email)).map((s) => s.language)).toEqual(['th']);
    expect(await pendingOf(email)).toEqual([]);
  });

  it('a sign-up again replaces the choice, and a password reset (which proves the mailbox too) makes it count', async () => {
    const email = uniqueEmail('again');
    expect((await register(app, email, { newsletter: true })).statusCode).toBe(201);
    expect(await pendingOf(email)).toHaveLength(1);
    expect((await register(app, email, { newsletter: false })).statusCode).toBe(201);
    expect(await pendingOf(email)).toEqual([]);
    expect((await register(app, email, { newsletter: true }, { 'accept-language': 'ja' })).statusCode).toBe(201);
    expect(await pendingOf(email)).toHaveLength(1);

    await mailsTo(email);
    advance(61 * 60_000); // past the hourly cap of code mails the three sign-ups used
    expect((await post(app, '/api/resendOtp', { email, type: 'forgot_password' })).statusCode).toBe(200);
    const code = codeIn((await mailsTo(email)).at(-1) ?? { text: '' });
    const verified = await post(app, '/api/verifyOtp', { email, otp: code, type: 'forgot_password' });
    const resetToken = (json(verified) as { payload: string }).payload;
    const reset = await post(app, '/api/newPassword', {
      email,
      password: 'Another#Pass2',
      password_confirmation: 'Another#Pass2',
      verification_token: resetToken,
    });
    expect(reset.statusCode).toBe(200);
    expect((await consentsOf(email)).map((c) => [c.purpose, c.source])).toEqual([
      ['terms_privacy', 'signup'],
      ['terms_privacy', 'signup'],
      ['terms_privacy', 'signup'],
      ['newsletter', 'signup'],
    ]);
    expect((await subscriberOf(email)).map((s) => s.language)).toEqual(['ja']);
    expect(await pendingOf(email)).toEqual([]);
  });

  it('the data export lists a waiting subscription; withdrawing ends it, and its link no longer subscribes', async () => {
    const email = uniqueEmail('rights');
    const token = await verifiedAccount(email);

    const requestedAt = now;
    await subscribe(email);
    const [link] = await tokensMailedTo(email);
    const exported = await app.inject({ method: 'GET', url: '/api/user/data-export', headers: bearer(token) });
    expect(json<{ payload: { newsletter: unknown } }>(exported).payload.newsletter).toEqual({
      subscribed: false,
      since: null,
      pending: [
        {
          source: 'footer',
          requested_at: requestedAt.toISOString(),
          expires_at: new Date(requestedAt.getTime() + NEWSLETTER_CONFIRM_DAYS * DAY).toISOString(),
        },
      ],
    });

    const off = await app.inject({ method: 'DELETE', url: '/api/user/consents/newsletter', headers: bearer(token) });
    expect(off.statusCode).toBe(200);
    expect(await pendingOf(email)).toEqual([]);
    expect((await confirm(link)).statusCode).toBe(404);
    expect(await subscriberOf(email)).toEqual([]);
  });

  it('account deletion removes the address’s waiting subscriptions', async () => {
    const email = uniqueEmail('gone');
    const token = await verifiedAccount(email);
    await subscribe(email);
    expect(await pendingOf(email)).toHaveLength(1);

    const asked = await app.inject({
      method: 'POST',
      url: '/api/user/account/deletion',
      headers: bearer(token),
      payload: { password: PASSWORD },
    });
    expect(asked.statusCode).toBe(202);
    const mail = (await mailsTo(email)).at(-1);
    const deletionToken = /#token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
    const done = await app.inject({
      method: 'POST',
      url: '/api/user/account/deletion/confirm',
      headers: bearer(token),
      payload: { token: deletionToken },
    });
    expect(done.statusCode).toBe(200);
    expect(await pendingOf(email)).toEqual([]);
  });
});
