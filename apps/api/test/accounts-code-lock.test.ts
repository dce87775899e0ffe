import { AUTH_ERROR_CODES, codesPausedMessage, AUTH_MESSAGES as M, type OtpType } from '@baan/contract';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mailOutbox, otpCodes } from '../src/db/schema.ts';
import { CODE_FAILURES_PER_DAY, CODES_LOCK_MS } from '../src/services/accounts/lock-codes.ts';
import { build } from './helpers.ts';
import { json, lastCode, PASSWORD, post, register, uniqueEmail, userRow } from './support/accounts.ts';

const app = await build();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Moves the app's clock forward for good (the tests below only ever go forward). */
let offset = 0;
const realNow = app.clock.now;
function advance(ms: number) {
  offset += ms;
  app.clock.now = () => new Date(realNow().getTime() + offset);
}

afterEach(() => {
  vi.restoreAllMocks();
});

const LOCK_SUBJECT = { en: 'Codes for your Baan account are paused', th: 'รหัสสำหรับบัญชี Baan ของคุณถูกระงับชั่วคราว' };
const wrongFor = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

async function mailsTo(email: string) {
  await app.mailer.drain();
  return app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(mailOutbox.id);
}

async function codeRows(email: string) {
  const user = await userRow(app, email);
  return app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(otpCodes)
    .where(eq(otpCodes.userId, user?.id ?? 0));
}

async function verifiedAccount(language: 'en' | 'th') {
  const email = uniqueEmail('lock');
  await register(app, email, {}, { 'accept-language': language });
  const res = await post(app, '/api/verifyOtp', { email, otp: await lastCode(app, email), type: 'register' });
  expect(res.statusCode).toBe(200);
  return email;
}

/** Asks for a new code in a fresh rate-limit window (codes live 10 minutes, so time moves here only). */
async function newCode(email: string, type: OtpType): Promise<string> {
  advance(15 * MINUTE);
  await app.mailer.drain(); // earlier code mails land first, so the newest row is this code
  const res = await post(app, '/api/resendOtp', { email, type });
  expect(res.statusCode).toBe(200);
  return lastCode(app, email);
}

/** `n` wrong tries against the live code, each answered 400. */
async function wrongTries(email: string, type: OtpType, code: string, n: number) {
  for (let i = 0; i < n; i++) {
    const res = await post(app, '/api/verifyOtp', { email, otp: wrongFor(code), type });
    expect(res.statusCode, `wrong try ${i + 1}: ${res.body}`).toBe(400);
  }
}

function expectLocked(res: Awaited<ReturnType<typeof post>>, hours: number) {
  expect(res.statusCode).toBe(429);
  expect(json(res)).toEqual({ success: false, message: codesPausedMessage(hours), code: AUTH_ERROR_CODES.codesPaused });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan((hours - 1) * 3600);
  expect(retryAfter).toBeLessThanOrEqual(hours * 3600);
}

describe('daily cap on wrong codes', () => {
  it('locks the codes at the cap across resends, mails the owner once in their language, and unlocks a day later', async () => {
    expect(CODE_FAILURES_PER_DAY).toBe(10);
    const email = await verifiedAccount('th');
    const hashBefore = (await userRow(app, email))?.passwordHash;

    // Five wrong tries void the first code, a resend gives another, four more: nine, still plain 400s.
    const first = await newCode(email, 'forgot_password');
    await wrongTries(email, 'forgot_password', first, 5);
    const second = await newCode(email, 'forgot_password');
    await wrongTries(email, 'forgot_password', second, 4);
    expect((await mailsTo(email)).map((m) => m.subject)).not.toContain(LOCK_SUBJECT.th);

    // The tenth wrong code in a day locks the account's codes.
    expectLocked(await post(app, '/api/verifyOtp', { email, otp: wrongFor(second), type: 'forgot_password' }), 24);
    const mails = await mailsTo(email);
    const lockMails = mails.filter((m) => m.subject === LOCK_SUBJECT.th);
    expect(lockMails).toHaveLength(1);
    expect(lockMails[0]?.text).toContain('10');
    expect(lockMails[0]?.text).toContain('รหัสผ่านของคุณไม่ได้เปลี่ยนแปลง');
    expect(lockMails[0]?.html).toContain('<html lang="th">');

    // While locked: the right code is refused, no new code is issued or mailed, wrong tries add nothing.
    const codesBefore = (await codeRows(email))[0]?.n;
    advance(HOUR);
    expectLocked(await post(app, '/api/verifyOtp', { email, otp: second, type: 'forgot_password' }), 23);
    expectLocked(await post(app, '/api/resendOtp', { email, type: 'forgot_password' }), 23);
    expectLocked(await post(app, '/api/verifyOtp', { email, otp: wrongFor(second), type: 'forgot_password' }), 23);
    expect((await codeRows(email))[0]?.n).toBe(codesBefore);
    expect(await mailsTo(email)).toHaveLength(mails.length);

    // Nothing else changed: the password is the same and still logs in.
    expect((await userRow(app, email))?.passwordHash).toBe(hashBefore);
    expect((await post(app, '/api/login', { email, password: PASSWORD })).statusCode).toBe(200);

    // A day after the lock: codes work again, and the count starts afresh (one wrong try is a 400).
    advance(CODES_LOCK_MS - HOUR - MINUTE);
    expectLocked(await post(app, '/api/resendOtp', { email, type: 'forgot_password' }), 1);
    advance(MINUTE + 1000);
    const fresh = await newCode(email, 'forgot_password');
    await wrongTries(email, 'forgot_password', fresh, 1);
    const ok = await post(app, '/api/verifyOtp', { email, otp: fresh, type: 'forgot_password' });
    expect(ok.statusCode).toBe(200);
    expect(json(ok).message).toBe(M.otpVerifiedForReset);
    expect((await mailsTo(email)).filter((m) => m.subject === LOCK_SUBJECT.th)).toHaveLength(1);
  });

  it('counts both kinds of code together; a locked pending account gets no code from a repeat sign-up either', async () => {
    const email = uniqueEmail('pending');
    expect((await register(app, email)).statusCode).toBe(201);
    await wrongTries(email, 'register', await lastCode(app, email), 5);
    const reset = await newCode(email, 'forgot_password');
    await wrongTries(email, 'forgot_password', reset, 4);
    expectLocked(await post(app, '/api/verifyOtp', { email, otp: wrongFor(reset), type: 'forgot_password' }), 24);

    const hash = vi.spyOn(app.passwords, 'hash');
    const mailsBefore = (await mailsTo(email)).length;
    advance(HOUR);
    expectLocked(await register(app, email), 23);
    expectLocked(await post(app, '/api/resendOtp', { email, type: 'register' }), 23);
    expect(hash).not.toHaveBeenCalled();
    expect(await mailsTo(email)).toHaveLength(mailsBefore);
    expect((await userRow(app, email))?.emailVerifiedAt).toBeNull();
  });

  it('is a daily cap: wrong codes older than a day no longer count', async () => {
    const email = await verifiedAccount('en');
    const one = await newCode(email, 'forgot_password');
    await wrongTries(email, 'forgot_password', one, 5);
    const two = await newCode(email, 'forgot_password');
    await wrongTries(email, 'forgot_password', two, 4);

    advance(24 * HOUR);
    const three = await newCode(email, 'forgot_password');
    await wrongTries(email, 'forgot_password', three, 5);
    const four = await newCode(email, 'forgot_password');
    await wrongTries(email, 'forgot_password', four, 4);
    expect((await mailsTo(email)).map((m) => m.subject)).not.toContain(LOCK_SUBJECT.en);
    // The tenth of this day does lock.
    expectLocked(await post(app, '/api/verifyOtp', { email, otp: wrongFor(four), type: 'forgot_password' }), 24);
    expect((await mailsTo(email)).filter((m) => m.subject === LOCK_SUBJECT.en)).toHaveLength(1);
  });

  it('does not count an unknown e-mail or a verified account asking for a sign-up code', async () => {
    const email = await verifiedAccount('en');
    advance(15 * MINUTE);
    for (const other of [uniqueEmail(), uniqueEmail()]) {
      expect((await post(app, '/api/verifyOtp', { email: other, otp: '0000', type: 'register' })).statusCode).toBe(400);
    }
    for (let i = 0; i < 10; i++) {
      const res = await post(app, '/api/verifyOtp', { email, otp: '0000', type: 'register' });
      expect(res.statusCode).toBe(400);
    }
    // No live code was there to guess, so nothing counted: a reset still works.
    const code = await newCode(email, 'forgot_password');
    expect((await post(app, '/api/verifyOtp', { email, otp: code, type: 'forgot_password' })).statusCode).toBe(200);
  });
});
