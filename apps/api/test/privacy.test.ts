/**
 * PDPA (ADR 023): consents at sign-up and for the newsletter, a person's copy of their data, account deletion confirmed
 * by password and by an e-mailed link, and the console's record of those requests.
 */
import {
  AccountDeletedResponse,
  AccountDeletionStartedResponse,
  AdminPrivacyRequestPageResponse,
  AUTH_MESSAGES,
  ConsentsResponse,
  DataExportResponse,
  DELETION_LINK_HOURS,
  PRIVACY_MESSAGES as M,
  PRIVACY_NOTICE_VERSION,
} from '@baan/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  accountNetworks,
  auditLog,
  consents,
  contactMessages,
  deviceTokens,
  favorites,
  jobs,
  listingDailyStats,
  mailOutbox,
  newsletterSubscribers,
  otpCodes,
  packages,
  payments,
  privacyRequests,
  properties,
  propertyImages,
  propertyInquiries,
  savedSearches,
  subscriptions,
  users,
} from '../src/db/schema.ts';
import { enqueueJob } from '../src/services/jobs/queue.ts';
import { anonymousBilling, deletedEmail } from '../src/services/privacy/delete-account.ts';
import { maskEmail } from '../src/services/privacy/mask-email.ts';
import { activateSubscription, createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';
import {
  bearer,
  json,
  lastCode,
  lastMail,
  PASSWORD,
  post,
  register,
  signUpAndLogin,
  uniqueEmail,
  userRow,
} from './support/accounts.ts';
import { makePendingQrPayment } from './support/admin.ts';
import { subscribeAndConfirm } from './support/newsletter.ts';

const app = await build();
/** The app's clock, moved by the tests (tick, advance) rather than by the time they take. */
let now = new Date('2031-03-01T03:00:00Z');
app.clock.now = () => now;
const tick = () => {
  now = new Date(now.getTime() + 1000);
};
const admin = await createUser(app, { email: 'admin@privacy.test', role: 'admin' });
// A 30-day session, so moving the clock past a link's 24 hours leaves it signed in.
const adminToken = await app.tokens.sign({ id: admin.id, sessionVersion: 0 }, true);

const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, token?: string, payload?: object) =>
  app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const requestDeletion = (token: string, password: string) =>
  call('POST', '/api/user/account/deletion', token, { password });
const confirm = (token: string, linkToken: string) =>
  call('POST', '/api/user/account/deletion/confirm', token, { token: linkToken });

/** The token of the newest deletion link mailed to the address (after `#token=`). */
async function linkToken(email: string): Promise<string> {
  const mail = await lastMail(app, email);
  const token = /#token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no deletion link mailed to ${email}`);
  return token;
}

/** Moves the app's clock by `ms` for the rest of the test (call the result to put it back). */
function advance(ms: number): () => void {
  const before = now;
  now = new Date(before.getTime() + ms);
  return () => {
    now = before;
  };
}

const rowsOf = (email: string) =>
  app.db.select().from(consents).where(eq(consents.email, email.toLowerCase())).orderBy(consents.id);

describe('consent at sign-up', () => {
  it('refuses a sign-up without the agreement to the terms and the privacy notice, and writes nothing', async () => {
    for (const accept of [undefined, false, 'yes', 1]) {
      const email = uniqueEmail('noterms');
      const res = await register(app, email, { accept_terms: accept });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({
        success: false,
        message: AUTH_MESSAGES.termsRequired,
        errors: { accept_terms: [AUTH_MESSAGES.termsRequired] },
      });
      expect(await userRow(app, email)).toBeUndefined();
      expect(await rowsOf(email)).toEqual([]);
    }
  });

  it('records the agreement with its time, the notice version and the account; the newsletter only when ticked', async () => {
    const moment = now;
    {
      const without = uniqueEmail('terms');
      expect((await register(app, without)).statusCode).toBe(201);
      const user = await userRow(app, without);
      expect(await rowsOf(without)).toEqual([
        expect.objectContaining({
          userId: user?.id,
          purpose: 'terms_privacy',
          noticeVersion: PRIVACY_NOTICE_VERSION,
          source: 'signup',
          grantedAt: moment,
          withdrawnAt: null,
        }),
      ]);
      expect(await app.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, without))).toEqual(
        [],
      );

      const withNews = uniqueEmail('news');
      expect((await register(app, withNews, { newsletter: true }, { 'accept-language': 'th' })).statusCode).toBe(201);
      // The newsletter counts once the address is proven by the account's code (ADR 055).
      expect((await rowsOf(withNews)).map((r) => r.purpose)).toEqual(['terms_privacy']);
      const code = await lastCode(app, withNews);
      expect((await post(app, '/api/verifyOtp', { email: withNews, otp: code, type: 'register' })).statusCode).toBe(
        200,
      );
      expect((await rowsOf(withNews)).map((r) => [r.purpose, r.source, r.noticeVersion])).toEqual([
        ['terms_privacy', 'signup', PRIVACY_NOTICE_VERSION],
        ['newsletter', 'signup', PRIVACY_NOTICE_VERSION],
      ]);
      const [subscriber] = await app.db
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, withNews));
      expect(subscriber?.language).toBe('th');
    }
  });

  it('refuses a newsletter choice that is not true or false', async () => {
    const email = uniqueEmail('badnews');
    const res = await register(app, email, { newsletter: 'please' });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual({ newsletter: [AUTH_MESSAGES.newsletterInvalid] });
    expect(await userRow(app, email)).toBeUndefined();
  });
});

describe('the footer newsletter form records the consent', () => {
  it('records one consent for the address (source footer) once its link is confirmed, not a second one on a repeat', async () => {
    const email = uniqueEmail('footer');
    await subscribeAndConfirm(app, email);
    expect((await post(app, '/api/newsletter', { email })).statusCode).toBe(201);
    expect((await rowsOf(email)).map((r) => [r.userId, r.purpose, r.source, r.noticeVersion, r.withdrawnAt])).toEqual([
      [null, 'newsletter', 'footer', PRIVACY_NOTICE_VERSION, null],
    ]);
  });

  it('a refused subscription records nothing', async () => {
    const before = await app.db.select({ n: sql<number>`count(*)::int` }).from(consents);
    expect((await post(app, '/api/newsletter', { email: 'not-an-address' })).statusCode).toBe(400);
    expect(await app.db.select({ n: sql<number>`count(*)::int` }).from(consents)).toEqual(before);
  });
});

describe('GET, PUT and DELETE /api/user/consents', () => {
  it('need a login', async () => {
    for (const method of ['PUT', 'DELETE'] as const) {
      expect((await call(method, '/api/user/consents/newsletter')).statusCode).toBe(401);
    }
    expect((await call('GET', '/api/user/consents')).statusCode).toBe(401);
  });

  it('list the consents (a footer consent of the address too), withdraw the newsletter and give it again', async () => {
    const email = uniqueEmail('settings');
    await subscribeAndConfirm(app, email);
    const { token } = await signUpAndLogin(app, email);

    const listed = ConsentsResponse.parse(json(await call('GET', '/api/user/consents', token))).payload;
    expect(listed.newsletter).toBe(true);
    expect(listed.items.map((c) => [c.purpose, c.source, c.withdrawn_at])).toEqual([
      ['terms_privacy', 'signup', null],
      ['newsletter', 'footer', null],
    ]);

    const withdrawn = await call('DELETE', '/api/user/consents/newsletter', token);
    expect(withdrawn.statusCode).toBe(200);
    const off = ConsentsResponse.parse(json(withdrawn));
    expect(off.message).toBe(M.newsletterOff);
    expect(off.payload.newsletter).toBe(false);
    expect(off.payload.items.find((c) => c.purpose === 'newsletter')?.withdrawn_at).toBe(app.clock.now().toISOString());
    expect(off.payload.items.find((c) => c.purpose === 'terms_privacy')?.withdrawn_at).toBeNull();
    expect(await app.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))).toEqual([]);
    // Withdrawing again changes nothing.
    expect(ConsentsResponse.parse(json(await call('DELETE', '/api/user/consents/newsletter', token))).payload).toEqual(
      off.payload,
    );

    const again = ConsentsResponse.parse(json(await call('PUT', '/api/user/consents/newsletter', token)));
    expect(again.message).toBe(M.newsletterOn);
    expect(again.payload.newsletter).toBe(true);
    expect(
      again.payload.items.filter((c) => c.purpose === 'newsletter').map((c) => [c.source, !!c.withdrawn_at]),
    ).toEqual([
      ['settings', false],
      ['footer', true],
    ]);
  });
});

describe('PUT /api/user/consents/newsletter is limited, DELETE never', () => {
  it('takes 5 subscriptions an hour per account (the footer form counts per network, ADR 059); a 6th is a 429, withdrawing still works', async () => {
    const { token, email } = await signUpAndLogin(app, uniqueEmail('toggle'));
    for (let i = 0; i < 5; i += 1) {
      expect((await call('PUT', '/api/user/consents/newsletter', token)).statusCode).toBe(200);
      expect((await call('DELETE', '/api/user/consents/newsletter', token)).statusCode).toBe(200);
    }
    const before = await rowsOf(email);
    const refused = await call('PUT', '/api/user/consents/newsletter', token);
    expect(refused.statusCode).toBe(429);
    expect(await rowsOf(email)).toEqual(before);
    for (let i = 0; i < 3; i += 1) {
      expect((await call('DELETE', '/api/user/consents/newsletter', token)).statusCode).toBe(200);
    }
  });
});

/** An account with something in every table the export and the deletion cover. */
async function richAccount(prefix: string) {
  const { email, token, userId } = await signUpAndLogin(app, uniqueEmail(prefix));
  const other = await createUser(app, { email: uniqueEmail(`${prefix}-other`) });
  const listing = await makeListing(app, userId, { title: `${prefix} riverside condo` });
  const theirs = await makeListing(app, other.id, { title: `${prefix} house of someone else` });
  const photoKey = `listings/${prefix}-photo`;
  await app.db
    .insert(propertyImages)
    .values({ propertyId: listing.id, storageKey: photoKey, width: 640, height: 480, widths: [320, 640] });
  for (const w of [320, 640]) await app.storage.put(`${photoKey}-${w}.webp`, Buffer.from('webp'), 'image/webp');
  const avatar = `avatars/${prefix}-me-160.webp`;
  await app.storage.put(avatar, Buffer.from('webp'), 'image/webp');
  await app.db.update(users).set({ profileImage: avatar, phoneNumber: '081 234 5678' }).where(eq(users.id, userId));
  await app.db.insert(favorites).values({ userId, propertyId: theirs.id });
  // Someone else's favourite of this account's listing goes with the listing.
  await app.db.insert(favorites).values({ userId: other.id, propertyId: listing.id });
  await app.db.insert(savedSearches).values({ userId, name: 'Near BTS', query: 'q=Sukhumvit', frequency: 'daily' });
  await app.db.insert(propertyInquiries).values([
    {
      propertyId: listing.id,
      ownerId: userId,
      propertyTitle: listing.title,
      name: 'Malee Buyer',
      email: 'malee@buyer.test',
      message: 'Is it still free?',
    },
    {
      propertyId: theirs.id,
      ownerId: other.id,
      propertyTitle: theirs.title,
      name: 'Somchai',
      email: email.toUpperCase(),
      phone: '081 234 5678',
      message: 'Can I visit on Sunday?',
      note: "The owner's own note",
    },
  ]);
  await app.db
    .insert(contactMessages)
    .values({ name: 'Somchai', email, subject: 'Help', message: 'Please call me.', language: 'en' });
  await app.db.insert(listingDailyStats).values({ propertyId: listing.id, day: '2031-01-05', views: 7, visitors: 3 });
  await activateSubscription(app, userId);
  const receipt = `receipts/${prefix}-slip.jpg`;
  await app.storage.put(receipt, Buffer.from('jpeg'), 'image/jpeg');
  const [pkg] = await app.db.select().from(packages).orderBy(asc(packages.price)).limit(1);
  const [paid] = await app.db
    .insert(payments)
    .values({
      userId,
      packageId: Number(pkg?.id),
      amount: Number(pkg?.price),
      method: 'qr',
      status: 'approved',
      provider: 'promptpay',
      transactionId: `TX-${prefix}`,
      receiptKey: receipt,
      billing: {
        name: 'Somchai Jaidee',
        company_name: null,
        tax_id: '1234567890123',
        branch: null,
        address: '1 Soi 2',
      },
    })
    .returning();
  const [company] = await app.db
    .insert(payments)
    .values({
      userId,
      packageId: Number(pkg?.id),
      amount: Number(pkg?.price),
      method: 'card',
      status: 'paid',
      provider: 'test',
      cardLast4: '4242',
      billing: {
        name: 'Somchai Jaidee',
        company_name: 'Jaidee Co., Ltd.',
        tax_id: '0105551234567',
        branch: 'Head office',
        address: '99 Rama 9 Road',
      },
    })
    .returning();
  if (!paid || !company) throw new Error('no payments');
  return { email, token, userId, other, listing, theirs, photoKey, avatar, receipt, paid, company };
}

describe('GET /api/user/data-export', () => {
  it('needs a login', async () => {
    expect((await call('GET', '/api/user/data-export')).statusCode).toBe(401);
  });

  it('hands over everything the account has, and nothing of anyone else', async () => {
    const a = await richAccount('export');
    await call('PUT', '/api/user/consents/newsletter', a.token);
    const res = await call('GET', '/api/user/data-export', a.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { payload: data, message } = DataExportResponse.parse(json(res));
    expect(message).toBe(M.exported);
    expect(data).toMatchObject({
      format: 'baan-personal-data',
      version: 1,
      privacy_notice_version: PRIVACY_NOTICE_VERSION,
      account: { id: a.userId, email: a.email, phone_number: '081 234 5678', name: 'Somchai Jaidee' },
      newsletter: { subscribed: true },
    });
    expect(data.account.profile_image).toContain(a.avatar);
    expect(data.listings.map((l) => l.id)).toEqual([a.listing.id]);
    expect(JSON.stringify(data.listings[0]?.images)).toContain(`${a.photoKey}-640.webp`);
    expect(data.favorites).toEqual([expect.objectContaining({ property_id: a.theirs.id, title: a.theirs.title })]);
    expect(data.saved_searches.map((s) => s.name)).toEqual(['Near BTS']);
    expect(data.inquiries_received.map((i) => i.email)).toEqual(['malee@buyer.test']);
    expect(data.inquiries_sent).toEqual([
      expect.objectContaining({ property_id: a.theirs.id, message: 'Can I visit on Sunday?' }),
    ]);
    // The owner's private note and lead status are not the sender's data.
    expect(data.inquiries_sent[0]).not.toHaveProperty('note');
    expect(data.inquiries_sent[0]).not.toHaveProperty('status');
    expect(data.contact_messages.map((m) => m.subject)).toEqual(['Help']);
    expect(data.payments.map((p) => p.id).sort()).toEqual([a.paid.id, a.company.id].sort());
    expect(data.subscriptions).toHaveLength(1);
    expect(data.consents.map((c) => c.purpose).sort()).toEqual(['newsletter', 'terms_privacy']);
    expect(data.statistics).toEqual([
      expect.objectContaining({ property_id: a.listing.id, day: '2031-01-05', views: 7, visitors: 3 }),
    ]);
    expect(data.privacy_requests).toEqual([expect.objectContaining({ type: 'export', status: 'completed' })]);
    // Nothing of the other account.
    expect(JSON.stringify(data)).not.toContain(a.other.email);
  });

  it('is recorded as a completed request and in the audit log, with the person as the actor', async () => {
    const { token, userId, email } = await signUpAndLogin(app, uniqueEmail('exportlog'));
    expect((await call('GET', '/api/user/data-export', token)).statusCode).toBe(200);
    const requests = await app.db.select().from(privacyRequests).where(eq(privacyRequests.userId, userId));
    expect(requests.map((r) => [r.type, r.status, r.email, r.tokenHash])).toEqual([
      ['export', 'completed', email, null],
    ]);
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.actorId, userId));
    expect(audit.map((r) => [r.action, r.targetType, r.targetId, r.actorEmail])).toEqual([
      ['privacy.export', 'user', userId, email],
    ]);
  });

  it('allows 10 exports an hour per account; the 11th is a 429 and records nothing', async () => {
    const { token, userId } = await signUpAndLogin(app, uniqueEmail('exportlimit'));
    for (let i = 0; i < 10; i += 1) expect((await call('GET', '/api/user/data-export', token)).statusCode).toBe(200);
    const refused = await call('GET', '/api/user/data-export', token);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    const count = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(privacyRequests)
      .where(eq(privacyRequests.userId, userId));
    expect(count[0]?.n).toBe(10);
  });
});

describe('POST /api/user/account/deletion (the password)', () => {
  it('needs a login', async () => {
    expect((await call('POST', '/api/user/account/deletion', undefined, { password: PASSWORD })).statusCode).toBe(401);
  });

  it('refuses a wrong or missing password with a field error, and writes nor mails anything', async () => {
    const { token, userId, email } = await signUpAndLogin(app, uniqueEmail('wrongpw'));
    await app.mailer.drain();
    const mailsBefore = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    for (const [password, message] of [
      ['Wrong#Pass1', M.wrongPassword],
      ['', M.passwordRequired],
      ['x'.repeat(1001), M.passwordTooLong],
    ] as const) {
      const res = await requestDeletion(token, password);
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({ success: false, message, errors: { password: [message] } });
    }
    expect(await app.db.select().from(privacyRequests).where(eq(privacyRequests.userId, userId))).toEqual([]);
    expect(await app.db.select().from(auditLog).where(eq(auditLog.actorId, userId))).toEqual([]);
    await app.mailer.drain();
    expect(await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).toEqual(mailsBefore);
    // The account works as before.
    expect((await call('GET', '/api/user', token)).statusCode).toBe(200);
  });

  it('refuses an administrator (403) and an account with a payment waiting for review (409)', async () => {
    const adminRes = await requestDeletion(adminToken, 'Whatever#1');
    expect([adminRes.statusCode, json(adminRes).message]).toEqual([403, M.adminAccount]);

    const { token, userId } = await signUpAndLogin(app, uniqueEmail('pending'));
    await makePendingQrPayment(app, userId, 'TX-PRIVACY-PENDING');
    const res = await requestDeletion(token, PASSWORD);
    expect([res.statusCode, json(res).message]).toEqual([409, M.pendingPayment]);
    expect(await app.db.select().from(privacyRequests).where(eq(privacyRequests.userId, userId))).toEqual([]);
  });

  it('with the right password: 202, a request waiting for the link, audited, and the link mailed in their language', async () => {
    const email = uniqueEmail('asks');
    const { token, userId } = await signUpAndLogin(app, email);
    await app.db.update(users).set({ language: 'th' }).where(eq(users.id, userId));
    const res = await requestDeletion(token, PASSWORD);
    expect(res.statusCode).toBe(202);
    const started = AccountDeletionStartedResponse.parse(json(res));
    expect(started.message).toBe(M.deletionRequested);
    const now = app.clock.now().getTime();
    expect(started.payload).toMatchObject({
      type: 'deletion',
      status: 'awaiting_confirmation',
      email,
      expires_at: new Date(now + DELETION_LINK_HOURS * 3_600_000).toISOString(),
      completed_at: null,
    });
    const mail = await lastMail(app, email);
    expect(mail?.subject).toBe('ยืนยันการลบบัญชี Baan ของคุณ');
    expect(mail?.text).toMatch(/\/th\/dashboard\/settings\/delete-account#token=[A-Za-z0-9_-]{43}/);
    // Only a digest of the token is stored.
    const [row] = await app.db.select().from(privacyRequests).where(eq(privacyRequests.userId, userId));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(mail?.text).not.toContain(row?.tokenHash);
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.actorId, userId));
    expect(audit.map((r) => r.action)).toEqual(['privacy.deletion_request']);
    // Nothing is deleted yet.
    expect((await call('GET', '/api/user', token)).statusCode).toBe(200);
  });
});

describe('POST /api/user/account/deletion/confirm (the e-mailed link)', () => {
  it('refuses someone else’s link (404), and neither account loses anything', async () => {
    const a = await richAccount('victim');
    const b = await signUpAndLogin(app, uniqueEmail('intruder'));
    expect((await requestDeletion(a.token, PASSWORD)).statusCode).toBe(202);
    const aLink = await linkToken(a.email);
    const res = await confirm(b.token, aLink);
    expect([res.statusCode, json(res).message]).toEqual([404, M.linkInvalid]);
    expect((await call('GET', '/api/user', a.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/user', b.token)).statusCode).toBe(200);
    expect(await app.db.select().from(properties).where(eq(properties.userId, a.userId))).toHaveLength(1);
    const [request] = await app.db.select().from(privacyRequests).where(eq(privacyRequests.userId, a.userId));
    expect(request?.status).toBe('awaiting_confirmation');
  });

  it('refuses an unknown or malformed token (404, 400) and a missing one (400)', async () => {
    const { token } = await signUpAndLogin(app, uniqueEmail('unknown'));
    const unknown = await confirm(token, 'A'.repeat(43));
    expect([unknown.statusCode, json(unknown).message]).toEqual([404, M.linkInvalid]);
    for (const bad of ['short', `${'A'.repeat(43)}!`, 'A'.repeat(201)]) {
      const res = await confirm(token, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(json(res).errors).toEqual({ token: [M.linkInvalid] });
    }
    const missing = await call('POST', '/api/user/account/deletion/confirm', token, {});
    expect([missing.statusCode, json(missing).errors]).toEqual([400, { token: [M.linkRequired] }]);
    expect((await call('GET', '/api/user', token)).statusCode).toBe(200);
  });

  it('works until the link’s last millisecond, and not at its expiry (410, marked expired, nothing deleted)', async () => {
    const { token, email, userId } = await signUpAndLogin(app, uniqueEmail('expiry'), true);
    expect((await requestDeletion(token, PASSWORD)).statusCode).toBe(202);
    const link = await linkToken(email);
    const life = DELETION_LINK_HOURS * 3_600_000;
    const restore = advance(life);
    try {
      const res = await confirm(token, link);
      expect([res.statusCode, json(res).message]).toEqual([410, M.linkExpired]);
    } finally {
      restore();
    }
    const [request] = await app.db.select().from(privacyRequests).where(eq(privacyRequests.userId, userId));
    expect(request?.status).toBe('expired');
    expect((await call('GET', '/api/user', token)).statusCode).toBe(200);
    // The same link stays refused; a new request brings a new link that works a millisecond before its end.
    expect((await confirm(token, link)).statusCode).toBe(410);
    expect((await requestDeletion(token, PASSWORD)).statusCode).toBe(202);
    const fresh = await linkToken(email);
    const late = advance(life - 1);
    try {
      expect((await confirm(token, fresh)).statusCode).toBe(200);
    } finally {
      late();
    }
  });

  it('refuses a link replaced by a newer request (409), and takes the newer one', async () => {
    const { token, email } = await signUpAndLogin(app, uniqueEmail('replaced'));
    expect((await requestDeletion(token, PASSWORD)).statusCode).toBe(202);
    const first = await linkToken(email);
    expect((await requestDeletion(token, PASSWORD)).statusCode).toBe(202);
    const second = await linkToken(email);
    expect(second).not.toBe(first);
    const res = await confirm(token, first);
    expect([res.statusCode, json(res).message]).toEqual([409, M.linkReplaced]);
    expect((await call('GET', '/api/user', token)).statusCode).toBe(200);
    expect((await confirm(token, second)).statusCode).toBe(200);
  });

  it('refuses when a payment came to wait for review meanwhile (409), deleting nothing', async () => {
    const { token, email, userId } = await signUpAndLogin(app, uniqueEmail('paidlater'));
    expect((await requestDeletion(token, PASSWORD)).statusCode).toBe(202);
    await makePendingQrPayment(app, userId, 'TX-PRIVACY-LATER');
    const res = await confirm(token, await linkToken(email));
    expect([res.statusCode, json(res).message]).toEqual([409, M.pendingPayment]);
    expect((await call('GET', '/api/user', token)).statusCode).toBe(200);
  });

  it('deletes or anonymises the account’s data row by row, keeps its payments without the person, and ends its sessions', async () => {
    const a = await richAccount('gone');
    const otherSession = (await post(app, '/api/login', { email: a.email, password: PASSWORD })).json().payload.token;
    expect((await requestDeletion(a.token, PASSWORD)).statusCode).toBe(202);
    const link = await linkToken(a.email);
    // A mail still waiting for the address goes too (due later, so no worker is sending it meanwhile: one being sent
    // when the deletion runs is let finish).
    await enqueueJob(
      app.db,
      'mail.send',
      { to: a.email, subject: 'Waiting', text: 'x', html: 'x' },
      { runAt: new Date(app.clock.now().getTime() + 60 * 60_000) },
    );
    const files = [`${a.photoKey}-320.webp`, `${a.photoKey}-640.webp`, a.avatar, a.receipt];
    for (const file of files) expect(await app.storage.exists(file), file).toBe(true);

    const res = await confirm(a.token, link);
    expect(res.statusCode).toBe(200);
    const done = AccountDeletedResponse.parse(json(res));
    expect(done.message).toBe(M.deleted);
    expect(done.payload).toMatchObject({ type: 'deletion', status: 'completed' });

    // Sessions end, the old password and e-mail no longer log in.
    for (const token of [a.token, otherSession]) expect((await call('GET', '/api/user', token)).statusCode).toBe(401);
    expect((await post(app, '/api/login', { email: a.email, password: PASSWORD })).statusCode).toBe(401);

    // The user row: anonymous, disabled, no password, no address.
    const [row] = await app.db.select().from(users).where(eq(users.id, a.userId));
    expect(row).toMatchObject({
      name: '',
      email: deletedEmail(a.userId),
      passwordHash: '!deleted',
      phoneNumber: null,
      lineId: null,
      companyName: null,
      profileImage: null,
      weeklyReport: false,
    });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(row?.disabledAt).toBeInstanceOf(Date);

    const byUser = async (table: typeof favorites | typeof savedSearches | typeof subscriptions | typeof otpCodes) =>
      app.db.select().from(table).where(eq(table.userId, a.userId));
    expect(await byUser(favorites)).toEqual([]);
    expect(await byUser(savedSearches)).toEqual([]);
    expect(await byUser(subscriptions)).toEqual([]);
    expect(await byUser(otpCodes)).toEqual([]);
    // The networks the account logged in from (it did, to ask for the deletion) are forgotten too.
    expect(await app.db.select().from(accountNetworks).where(eq(accountNetworks.userId, a.userId))).toEqual([]);
    // So are its device tokens (it logged in, so it had some).
    expect(await app.db.select().from(deviceTokens).where(eq(deviceTokens.userId, a.userId))).toEqual([]);
    expect(await app.db.select().from(properties).where(eq(properties.userId, a.userId))).toEqual([]);
    expect(await app.db.select().from(propertyImages).where(eq(propertyImages.propertyId, a.listing.id))).toEqual([]);
    expect(await app.db.select().from(listingDailyStats).where(eq(listingDailyStats.propertyId, a.listing.id))).toEqual(
      [],
    );
    // The other account's favourite of the deleted listing went with it; their own listing stays.
    expect(await app.db.select().from(favorites).where(eq(favorites.userId, a.other.id))).toEqual([]);
    expect(await app.db.select().from(properties).where(eq(properties.id, a.theirs.id))).toHaveLength(1);
    // Inquiries received and sent, contact messages, newsletter, consents: gone.
    expect(await app.db.select().from(propertyInquiries).where(eq(propertyInquiries.ownerId, a.userId))).toEqual([]);
    expect(
      await app.db
        .select()
        .from(propertyInquiries)
        .where(sql`lower(${propertyInquiries.email}) = ${a.email.toLowerCase()}`),
    ).toEqual([]);
    expect(await app.db.select().from(contactMessages).where(eq(contactMessages.email, a.email))).toEqual([]);
    expect(await rowsOf(a.email)).toEqual([]);
    expect(await app.db.select().from(consents).where(eq(consents.userId, a.userId))).toEqual([]);
    expect(await app.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, a.email))).toEqual(
      [],
    );
    expect(await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, a.email))).toEqual([]);
    expect(
      await app.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, 'mail.send'), sql`${jobs.payload}->>'to' = ${a.email}`)),
    ).toEqual([]);

    // Payments stay for the accounts, without the person.
    const kept = await app.db
      .select()
      .from(payments)
      .where(inArray(payments.id, [a.paid.id, a.company.id]));
    const byId = new Map(kept.map((p) => [p.id, p]));
    expect(byId.get(a.paid.id)).toMatchObject({
      userId: a.userId,
      amount: a.paid.amount,
      status: 'approved',
      transactionId: a.paid.transactionId,
      receiptKey: null,
      billing: { name: '', company_name: null, tax_id: null, branch: null, address: '' },
    });
    expect(byId.get(a.company.id)).toMatchObject({
      cardLast4: '4242',
      billing: {
        name: '',
        company_name: 'Jaidee Co., Ltd.',
        tax_id: '0105551234567',
        branch: 'Head office',
        address: '99 Rama 9 Road',
      },
    });
    expect(JSON.stringify(kept)).not.toContain('Somchai');

    // The records of the request keep a masked e-mail only.
    const requests = await app.db.select().from(privacyRequests).where(eq(privacyRequests.userId, a.userId));
    expect(requests.map((r) => [r.type, r.status, r.email, r.tokenHash])).toEqual([
      ['deletion', 'completed', maskEmail(a.email), null],
    ]);
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.actorId, a.userId));
    expect(audit.map((r) => [r.action, r.actorEmail])).toEqual([
      ['privacy.deletion_request', maskEmail(a.email)],
      ['privacy.deletion', maskEmail(a.email)],
    ]);
    expect(JSON.stringify(audit)).not.toContain(a.email);

    // The files go with the job queued in the deletion's transaction.
    await app.jobs.drain();
    for (const file of files) expect(await app.storage.exists(file), file).toBe(false);

    // The deleted listing is no longer public.
    app.listingCache.clear();
    expect((await app.inject(`/api/property/${a.listing.id}`)).statusCode).toBe(404);
    // The console has no such user any more.
    expect((await call('GET', `/api/admin/users/${a.userId}`, adminToken)).statusCode).toBe(404);
  });

  it('lets the e-mail sign up again later, as a new account', async () => {
    const first = await signUpAndLogin(app, uniqueEmail('again'));
    expect((await requestDeletion(first.token, PASSWORD)).statusCode).toBe(202);
    expect((await confirm(first.token, await linkToken(first.email))).statusCode).toBe(200);
    const second = await signUpAndLogin(app, first.email);
    expect(second.userId).not.toBe(first.userId);
    const consentsNow = ConsentsResponse.parse(json(await call('GET', '/api/user/consents', second.token))).payload;
    expect(consentsNow.items.map((c) => c.purpose)).toEqual(['terms_privacy']);
  });
});

describe('anonymousBilling', () => {
  it('keeps a company’s invoice details without the contact person, and nothing of an individual', () => {
    expect(anonymousBilling(null)).toBeNull();
    expect(
      anonymousBilling({ name: 'Nok', company_name: 'Co', tax_id: '0105551234567', branch: '00001', address: 'HQ' }),
    ).toEqual({ name: '', company_name: 'Co', tax_id: '0105551234567', branch: '00001', address: 'HQ' });
    expect(
      anonymousBilling({ name: 'Nok', company_name: null, tax_id: '1234567890123', branch: null, address: 'Home' }),
    ).toEqual({ name: '', company_name: null, tax_id: null, branch: null, address: '' });
  });
});

describe('maskEmail', () => {
  it('keeps the first letters and the top-level domain only', () => {
    expect(maskEmail('somchai@gmail.com')).toBe('s•••@g•••.com');
    expect(maskEmail('a@b')).toBe('a•••@b•••');
    expect(maskEmail('no-address')).toBe('•••');
  });
});

describe('GET /api/admin/privacy-requests', () => {
  it('lists exports and deletions, newest first, with who asked and where each stands, filtered by type and status', async () => {
    const exporter = await signUpAndLogin(app, uniqueEmail('adminlist-export'));
    expect((await call('GET', '/api/user/data-export', exporter.token)).statusCode).toBe(200);
    tick();
    const waiting = await signUpAndLogin(app, uniqueEmail('adminlist-waiting'), true);
    expect((await requestDeletion(waiting.token, PASSWORD)).statusCode).toBe(202);
    tick();
    const deleted = await signUpAndLogin(app, uniqueEmail('adminlist-deleted'));
    expect((await requestDeletion(deleted.token, PASSWORD)).statusCode).toBe(202);
    expect((await confirm(deleted.token, await linkToken(deleted.email))).statusCode).toBe(200);

    const page = async (query: string) => {
      const res = await call('GET', `/api/admin/privacy-requests${query}`, adminToken);
      expect(res.statusCode, query).toBe(200);
      return AdminPrivacyRequestPageResponse.parse(json(res)).payload;
    };
    const all = await page('?per_page=100');
    const mine = all.items.filter((r) => [exporter.userId, waiting.userId, deleted.userId].includes(r.user_id ?? 0));
    expect(mine.map((r) => [r.user_id, r.type, r.status, r.email, r.account_deleted])).toEqual([
      [deleted.userId, 'deletion', 'completed', maskEmail(deleted.email), true],
      [waiting.userId, 'deletion', 'awaiting_confirmation', waiting.email, false],
      [exporter.userId, 'export', 'completed', exporter.email, false],
    ]);

    expect((await page('?type=export&per_page=100')).items.every((r) => r.type === 'export')).toBe(true);
    const awaiting = await page('?status=awaiting_confirmation&per_page=100');
    expect(awaiting.items.some((r) => r.user_id === waiting.userId)).toBe(true);
    // Once its link has run out, the waiting request reads as expired, and is found as such.
    const restore = advance(DELETION_LINK_HOURS * 3_600_000);
    try {
      const expired = await page('?status=expired&per_page=100');
      expect(expired.items.find((r) => r.user_id === waiting.userId)?.status).toBe('expired');
      expect((await page('?status=awaiting_confirmation&per_page=100')).items.map((r) => r.user_id)).not.toContain(
        waiting.userId,
      );
    } finally {
      restore();
    }
  });

  it('refuses an unknown type or status (400)', async () => {
    for (const query of ['?type=erase', '?status=done', '?page=0']) {
      const res = await call('GET', `/api/admin/privacy-requests${query}`, adminToken);
      expect(res.statusCode, query).toBe(400);
    }
  });
});
