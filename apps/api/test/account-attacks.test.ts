/**
 * Issue 21, H2: nobody can lock an owner out (ADR 019). One test per attack of the security probe
 * (login, resend, wrong codes, the verifyOtp limit), each showing the attacker limited AND the owner
 * still logging in, resetting or verifying from their own network.
 */
import {
  AUTH_ERROR_CODES,
  codeMailsCappedMessage,
  AUTH_MESSAGES as M,
  type OtpType,
  triesLimitedMessage,
} from '@baan/contract';
import { desc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mailOutbox, otpCodes } from '../src/db/schema.ts';
import { RATE_LIMITS } from '../src/lib/rate-limit.ts';
import { CODE_RULES } from '../src/services/accounts/code-guard.ts';
import { LOGIN_CEILING } from '../src/services/accounts/login-guard.ts';
import { OTP_MAX_ATTEMPTS } from '../src/services/accounts/otp-codes.ts';
import { build } from './helpers.ts';
import { json, lastCode, PASSWORD, post, uniqueEmail, userRow } from './support/accounts.ts';

const app = await build();
const HOUR = 60 * 60_000;

let offset = 0;
const realNow = app.clock.now;
/** Moves the app's clock forward for good (the tests below only ever go forward). */
function advance(ms: number) {
  offset += ms;
  app.clock.now = () => new Date(realNow().getTime() + offset);
}

afterEach(() => {
  vi.restoreAllMocks();
});

let seq = 0;
/** A network nobody used before: IPv4 /32 for the attacker's, another range for the owner's. */
const attackerNetwork = () => {
  seq += 1;
  return `203.0.${Math.floor(seq / 250) % 250}.${(seq % 250) + 1}`;
};
const ownerNewNetwork = () => {
  seq += 1;
  return `192.0.${Math.floor(seq / 250) % 250}.${(seq % 250) + 1}`;
};

const TRIED_SUBJECT = 'มีผู้พยายามเข้าสู่บัญชี Baan ของคุณ';
const TRIED_LEAD = {
  password: 'วันนี้มีผู้ป้อนรหัสผ่านผิดหลายครั้งสำหรับบัญชี Baan ของคุณ',
  code: 'วันนี้มีผู้ป้อนรหัสยืนยันทางอีเมลผิดหลายครั้งสำหรับบัญชี Baan ของคุณ',
};

/** A Thai owner who signed up, verified and logged in from their home network; their e-mail is public. */
async function owner() {
  const email = uniqueEmail('owner');
  const home = ownerNewNetwork();
  await post(
    app,
    '/api/register',
    { name: 'Somchai Jaidee', email, password: PASSWORD, password_confirmation: PASSWORD, accept_terms: true },
    { 'accept-language': 'th' },
    home,
  );
  const verified = await post(
    app,
    '/api/verifyOtp',
    { email, otp: await lastCode(app, email), type: 'register' },
    {},
    home,
  );
  expect(verified.statusCode).toBe(200);
  expect((await post(app, '/api/login', { email, password: PASSWORD }, {}, home)).statusCode).toBe(200);
  return { email, home };
}

async function mailsTo(email: string) {
  await app.mailer.drain();
  return app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(mailOutbox.id);
}
const triedMails = async (email: string) => (await mailsTo(email)).filter((m) => m.subject === TRIED_SUBJECT);

const login = (email: string, password: string, ip: string) => post(app, '/api/login', { email, password }, {}, ip);
const resend = (email: string, ip: string, type: OtpType = 'forgot_password') =>
  post(app, '/api/resendOtp', { email, type }, {}, ip);
const verify = (email: string, otp: string, ip: string, type: OtpType = 'forgot_password') =>
  post(app, '/api/verifyOtp', { email, otp, type }, {}, ip);
const wrongFor = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

/** Asks for a reset code from `ip` and reads it from the owner's mailbox. */
async function codeFrom(email: string, ip: string): Promise<string> {
  await app.mailer.drain(); // earlier mails land first, so the newest row is this code
  const res = await resend(email, ip);
  expect(res.statusCode, res.body).toBe(200);
  return lastCode(app, email);
}

function expectTooMany(res: Awaited<ReturnType<typeof post>>, windowMs: number) {
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
  expect(json(res).message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
}

function expectTriesLimited(res: Awaited<ReturnType<typeof post>>) {
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
  expect(json(res)).toEqual({
    success: false,
    message: triesLimitedMessage(Math.ceil(retryAfter / 3600)),
    code: AUTH_ERROR_CODES.triesLimited,
  });
}

/** Ends with the owner holding a reset token from `ip`, setting a new password, and logging in with it. */
async function ownerResets(email: string, ip: string) {
  const code = await codeFrom(email, ip);
  const verified = await verify(email, code, ip);
  expect(verified.statusCode, verified.body).toBe(200);
  const token = json<{ payload: string }>(verified).payload;
  const fresh = 'Fresh#Pass2026';
  const reset = await post(
    app,
    '/api/newPassword',
    { email, password: fresh, password_confirmation: fresh, verification_token: token },
    {},
    ip,
  );
  expect(reset.statusCode, reset.body).toBe(200);
  expect((await login(email, fresh, ip)).statusCode).toBe(200);
}

describe('attack: wrong passwords from one network (probe: 9 wrong locked the owner out for 15 minutes)', () => {
  it('holds the attacker after 10 wrong passwords; the owner logs in from home and from a new network', async () => {
    const { email, home } = await owner();
    const attacker = attackerNetwork();
    for (let i = 0; i < RATE_LIMITS.login.perEmailNetwork; i++) {
      expect((await login(email, `Wrong#${i}xxxx`, attacker)).statusCode).toBe(401);
    }
    expectTooMany(await login(email, 'Wrong#again', attacker), RATE_LIMITS.login.windowMs);
    expectTooMany(await login(email, 'Wrong#again', attacker), RATE_LIMITS.login.windowMs);

    expect((await login(email, PASSWORD, home)).statusCode).toBe(200);
    expect((await login(email, PASSWORD, ownerNewNetwork())).statusCode).toBe(200);
    // Ten wrong passwords from one network are no campaign: the owner is not mailed.
    expect(await triedMails(email)).toEqual([]);
  });
});

describe('attack: wrong passwords from many networks (distributed guessing)', () => {
  it('slows new networks to 3 tries a day once the account saw 20 wrong passwords, mails the owner once, and never refuses the owner', async () => {
    const { email, home } = await owner();
    expect(LOGIN_CEILING.failuresPerDay).toBe(20);
    // 19 wrong passwords from 19 networks: not yet tried, so a new network gets more than 3 tries.
    for (let i = 0; i < LOGIN_CEILING.failuresPerDay - 1; i++) {
      expect((await login(email, `Wrong#${i}xxxx`, attackerNetwork())).statusCode).toBe(401);
    }
    expect(await triedMails(email)).toEqual([]);
    // The 20th makes it tried: the owner is mailed, in Thai, once.
    const twentieth = attackerNetwork();
    expect((await login(email, 'Wrong#20xxxx', twentieth)).statusCode).toBe(401);
    const mails = await triedMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(TRIED_LEAD.password);
    expect(mails[0]?.html).toContain('<html lang="th">');

    // A new network: three tries a day, the fourth refused (no hash), whatever it sends.
    const verifySpy = vi.spyOn(app.passwords, 'verify');
    const next = attackerNetwork();
    for (let i = 0; i < LOGIN_CEILING.triesPerNewNetwork; i++) {
      expect((await login(email, `Guess#${i}xxxx`, next)).statusCode).toBe(401);
    }
    expectTriesLimited(await login(email, 'Guess#4xxxx', next));
    expectTriesLimited(await login(email, PASSWORD, next));
    expect(verifySpy).toHaveBeenCalledTimes(LOGIN_CEILING.triesPerNewNetwork);

    // The owner: their first try from a network they never used gets in, and home always does.
    expect((await login(email, PASSWORD, ownerNewNetwork())).statusCode).toBe(200);
    const typo = ownerNewNetwork();
    expect((await login(email, 'Typo#Pass1', typo)).statusCode).toBe(401);
    expect((await login(email, PASSWORD, typo)).statusCode).toBe(200);
    expect((await login(email, PASSWORD, home)).statusCode).toBe(200);
    // A network that logged in is known now: past the ceiling with its own limit only.
    for (let i = 0; i < 5; i++) expect((await login(email, PASSWORD, typo)).statusCode).toBe(200);

    // More attacks the same day mail nobody again.
    for (let i = 0; i < 5; i++) await login(email, `Wrong#${i}yyyy`, attackerNetwork());
    expect(await triedMails(email)).toHaveLength(1);
    // A day later the ceiling has reset; the next campaign is mailed again.
    advance(24 * HOUR);
    for (let i = 0; i < LOGIN_CEILING.failuresPerDay; i++) await login(email, `Wrong#${i}zzzz`, attackerNetwork());
    expect(await triedMails(email)).toHaveLength(2);
  });
});

describe('attack: resend requests (probe: 5 blocked the owner’s reset for 60 minutes)', () => {
  it('holds the attacker after 3 resends a network and 3 mails an hour; the owner resets from home', async () => {
    const { email, home } = await owner();
    advance(HOUR); // the sign-up code was this hour's first code mail
    const attacker = attackerNetwork();
    for (let i = 0; i < RATE_LIMITS.resendOtp.perEmailNetwork; i++) {
      expect((await resend(email, attacker)).statusCode).toBe(200);
    }
    expectTooMany(await resend(email, attacker), RATE_LIMITS.resendOtp.windowMs);
    // Other networks find the address's hourly code mails spent: no fourth mail to the owner.
    const other = await resend(email, attackerNetwork());
    expect(other.statusCode).toBe(429);
    expect(json(other)).toMatchObject({ code: AUTH_ERROR_CODES.codeMailsCapped });
    expect(json(other).message).toBe(codeMailsCappedMessage(Number(other.headers['retry-after'])));
    // The sign-up code and the attacker's three: nothing else reached the owner.
    expect(await mailsTo(email)).toHaveLength(1 + CODE_RULES.mailsPerHour);

    // The owner, at home, is not held by any of it: a code, a new password, a login.
    await ownerResets(email, home);
  });
});

describe('attack: wrong codes (probe: 10 paused the owner’s codes for 24 hours)', () => {
  it('one network cannot void the owner’s code: its 4th and 5th wrong tries are not counted', async () => {
    const { email, home } = await owner();
    const code = await codeFrom(email, home);
    const attacker = attackerNetwork();
    for (let i = 0; i < CODE_RULES.triesPerCodePerNetwork; i++) {
      const res = await verify(email, wrongFor(code), attacker);
      expect(json(res)).toEqual({ success: false, message: M.invalidOtp, errors: { otp: [M.invalidOtp] } });
    }
    for (let i = CODE_RULES.triesPerCodePerNetwork; i < OTP_MAX_ATTEMPTS; i++) {
      const res = await verify(email, wrongFor(code), attacker);
      expect(res.statusCode).toBe(400);
      expect(json(res).message).toBe(M.voidedOtp);
    }
    // Only the first three were counted, and the code still lives.
    const user = await userRow(app, email);
    const [live] = await app.db
      .select()
      .from(otpCodes)
      .where(eq(otpCodes.userId, user?.id ?? 0))
      .orderBy(desc(otpCodes.id))
      .limit(1);
    expect([live?.attempts, live?.consumedAt]).toEqual([CODE_RULES.triesPerCodePerNetwork, null]);
    const verified = await verify(email, code, home);
    expect(verified.statusCode).toBe(200);
    expect(json(verified).message).toBe(M.otpVerifiedForReset);
  });

  it('after 10 wrong codes from many networks: no lock, codes bind to the network that asked, one wrong try a day each; the owner verifies', async () => {
    const { email, home } = await owner();
    expect(CODE_RULES.failuresPerDay).toBe(10);
    // Two codes the attacker asked for, each tried from five networks: ten wrong codes, both void.
    for (let round = 0; round < 2; round++) {
      const asker = attackerNetwork();
      const code = await codeFrom(email, asker);
      for (let i = 0; i < OTP_MAX_ATTEMPTS; i++) {
        const res = await verify(email, wrongFor(code), i === 0 ? asker : attackerNetwork());
        expect(json(res).message).toBe(i === OTP_MAX_ATTEMPTS - 1 ? M.voidedOtp : M.invalidOtp);
        // The owner hears of it at the tenth, not before.
        if (round === 1 && i === OTP_MAX_ATTEMPTS - 2) expect(await triedMails(email)).toEqual([]);
      }
    }
    const mails = await triedMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(TRIED_LEAD.code);

    // An hour on, attacker networks take the hour's three code mails; only the network that asked for
    // the live code may try it, and only once a day.
    advance(HOUR);
    await resend(email, attackerNetwork());
    await resend(email, attackerNetwork());
    const asker = attackerNetwork();
    const code = await codeFrom(email, asker);
    const elsewhere = await verify(email, wrongFor(code), attackerNetwork());
    expect(json(elsewhere)).toEqual({
      success: false,
      message: M.codeOtherNetwork,
      errors: { otp: [M.codeOtherNetwork] },
    });
    expect((await verify(email, wrongFor(code), asker)).statusCode).toBe(400);
    expectTriesLimited(await verify(email, code, asker));

    // The owner at home: a code past the hour's spent mails, and it works.
    await ownerResets(email, home);
    // The owner on a network never used: its first request is answered. The hour's code mails are
    // spent by others, so the answer names the wait (ADR 019); an hour later the code comes and works.
    const away = ownerNewNetwork();
    const capped = await resend(email, away);
    expect(capped.statusCode).toBe(429);
    expect(json(capped).code).toBe(AUTH_ERROR_CODES.codeMailsCapped);
    advance(HOUR);
    const fresh = await codeFrom(email, away);
    expect((await verify(email, fresh, away)).statusCode).toBe(200);
    // Still one notice for the day, and the password (now the fresh one) logs in.
    expect(await triedMails(email)).toHaveLength(1);
    expect((await login(email, 'Fresh#Pass2026', away)).statusCode).toBe(200);
  });
});

describe('attack: burning the verifyOtp limit (probe: the owner’s right code got 429, Retry-After 896)', () => {
  it('holds the attacker’s network after 10 tries; the owner’s right code from home is accepted', async () => {
    const { email, home } = await owner();
    const code = await codeFrom(email, home);
    const attacker = attackerNetwork();
    for (let i = 0; i < RATE_LIMITS.verifyOtp.perEmailNetwork; i++) {
      expect((await verify(email, wrongFor(code), attacker)).statusCode).toBe(400);
    }
    expectTooMany(await verify(email, code, attacker), RATE_LIMITS.verifyOtp.windowMs);
    const verified = await verify(email, code, home);
    expect(verified.statusCode).toBe(200);
    expect(json(verified).message).toBe(M.otpVerifiedForReset);
  });
});
