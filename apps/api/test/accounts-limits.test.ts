import { AUTH_ERROR_CODES, codeMailsCappedMessage, AUTH_MESSAGES as M } from '@baan/contract';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jobs, otpCodes } from '../src/db/schema.ts';
import { RATE_LIMITS } from '../src/lib/rate-limit.ts';
import { CODE_RULES } from '../src/services/accounts/code-guard.ts';
import { build } from './helpers.ts';
import { json, lastCode, PASSWORD, post, register, uniqueEmail, userRow } from './support/accounts.ts';

const app = await build();

/** Moves the app's clock forward for good (tests below only ever go forward). */
let offset = 0;
const realNow = app.clock.now;
function advance(ms: number) {
  offset += ms;
  app.clock.now = () => new Date(realNow().getTime() + offset);
}

afterEach(() => {
  vi.restoreAllMocks();
});

let net = 0;
/** A network no test used before (IPv4 /32). */
const newNetwork = () => {
  net += 1;
  return `198.18.${Math.floor(net / 250)}.${(net % 250) + 1}`;
};

function expect429(res: Awaited<ReturnType<typeof post>>, windowMs: number) {
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
  const minutes = Math.ceil(retryAfter / 60);
  expect(json(res)).toEqual({
    success: false,
    message: `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  });
}

async function verifiedAccount(email = uniqueEmail()) {
  await register(app, email);
  const res = await post(app, '/api/verifyOtp', { email, otp: await lastCode(app, email), type: 'register' });
  expect(res.statusCode).toBe(200);
  return email;
}

const codeCount = async (email: string) => {
  const user = await userRow(app, email);
  const [row] = await app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(otpCodes)
    .where(eq(otpCodes.userId, user?.id ?? 0));
  return row?.n ?? 0;
};

describe('login limits', () => {
  it('counts wrong passwords per (e-mail, network): the 11th from one network is refused, another network is not', async () => {
    const email = await verifiedAccount();
    const rule = RATE_LIMITS.login;
    const ip = newNetwork();
    const verify = vi.spyOn(app.passwords, 'verify');
    for (let i = 0; i < rule.perEmailNetwork; i++) {
      const res = await post(app, '/api/login', { email, password: 'Wrong#Pass1' }, {}, ip);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const blocked = await post(app, '/api/login', { email, password: 'Wrong#Pass1' }, {}, ip);
    expect429(blocked, rule.windowMs);
    expect(blocked.body).not.toContain(M.invalidCredentials);
    // The pair's limit holds for the right password too, and a refused try checks no password.
    expect429(await post(app, '/api/login', { email, password: PASSWORD }, {}, ip), rule.windowMs);
    expect(verify).toHaveBeenCalledTimes(rule.perEmailNetwork);
    // Another network's tries are its own: the owner there logs in.
    expect((await post(app, '/api/login', { email, password: PASSWORD }, {}, newNetwork())).statusCode).toBe(200);
    advance(rule.windowMs);
    expect((await post(app, '/api/login', { email, password: PASSWORD }, {}, ip)).statusCode).toBe(200);
  });

  it('does not count right passwords: many logins from one network all succeed', async () => {
    const email = await verifiedAccount();
    const ip = newNetwork();
    for (let i = 0; i < RATE_LIMITS.login.perEmailNetwork + 2; i++) {
      expect((await post(app, '/api/login', { email, password: PASSWORD }, {}, ip)).statusCode, `login ${i + 1}`).toBe(
        200,
      );
    }
  });

  it('limits login per client network across e-mails', async () => {
    const rule = RATE_LIMITS.login;
    const ip = '203.0.113.7';
    for (let i = 0; i < rule.perIp; i++) {
      expect((await post(app, '/api/login', { email: uniqueEmail(), password: 'x' }, {}, ip)).statusCode).toBe(401);
    }
    expect429(await post(app, '/api/login', { email: uniqueEmail(), password: 'x' }, {}, ip), rule.windowMs);
    // Even an invalid body counts and is refused before it is read.
    expect429(await post(app, '/api/login', {}, {}, ip), rule.windowMs);
    expect((await post(app, '/api/login', { email: uniqueEmail(), password: 'x' }, {}, '203.0.113.8')).statusCode).toBe(
      401,
    );
  });

  it('limits wrong current passwords of a password change per (account, network), like logins', async () => {
    const email = await verifiedAccount();
    const login = await post(app, '/api/login', { email, password: PASSWORD });
    const token = json<{ payload: { token: string } }>(login).payload.token;
    const ip = newNetwork();
    const change = (current: string, from = ip) =>
      app.inject({
        method: 'POST',
        url: '/api/update/profile',
        headers: { authorization: `Bearer ${token}` },
        payload: { current_password: current, new_password: 'Whatever#1', new_password_confirmation: 'Whatever#1' },
        remoteAddress: from,
      });
    for (let i = 0; i < RATE_LIMITS.login.perEmailNetwork; i++)
      expect((await change('Guess#0001')).statusCode).toBe(400);
    expect429(await change('Guess#0001'), RATE_LIMITS.login.windowMs);
    expect429(await change(PASSWORD), RATE_LIMITS.login.windowMs);
    // The same pair counter as logging in: that network's login is held too, another network's is not.
    expect429(await post(app, '/api/login', { email, password: PASSWORD }, {}, ip), RATE_LIMITS.login.windowMs);
    expect((await change(PASSWORD, newNetwork())).statusCode).toBe(200);
  });
});

describe('sign-up and code limits', () => {
  it('limits register per network, and per (e-mail, network) for an address that is taken', async () => {
    const rule = RATE_LIMITS.register;
    const ip = '198.51.100.1';
    for (let i = 0; i < rule.perIp; i++) {
      expect((await post(app, '/api/register', {}, {}, ip)).statusCode).toBe(400);
    }
    expect429(await post(app, '/api/register', {}, {}, ip), rule.windowMs);

    const taken = await verifiedAccount();
    const from = newNetwork();
    const again = () =>
      post(
        app,
        '/api/register',
        {
          name: 'Somchai Jaidee',
          email: taken,
          password: PASSWORD,
          password_confirmation: PASSWORD,
          accept_terms: true,
        },
        {},
        from,
      );
    for (let i = 0; i < rule.perEmailNetwork; i++) expect((await again()).statusCode).toBe(409);
    expect429(await again(), rule.windowMs);
    expect((await register(app, taken)).statusCode).toBe(409);
  });

  it('limits resendOtp per network and per (e-mail, network), whether or not the account exists', async () => {
    const rule = RATE_LIMITS.resendOtp;
    const ip = '198.51.100.2';
    for (let i = 0; i < rule.perIp; i++) {
      expect((await post(app, '/api/resendOtp', { email: uniqueEmail(), type: 'register' }, {}, ip)).statusCode).toBe(
        200,
      );
    }
    expect429(await post(app, '/api/resendOtp', { email: uniqueEmail(), type: 'register' }, {}, ip), rule.windowMs);

    for (const email of [uniqueEmail(), await verifiedAccount()]) {
      const from = newNetwork();
      for (let i = 0; i < rule.perEmailNetwork; i++) {
        expect((await post(app, '/api/resendOtp', { email, type: 'forgot_password' }, {}, from)).statusCode).toBe(200);
      }
      expect429(await post(app, '/api/resendOtp', { email, type: 'forgot_password' }, {}, from), rule.windowMs);
      advance(rule.windowMs);
    }
  });

  it('limits verifyOtp per (e-mail, network) and per network', async () => {
    const rule = RATE_LIMITS.verifyOtp;
    const email = uniqueEmail();
    await register(app, email);
    const code = await lastCode(app, email);
    const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
    const ip = newNetwork();
    for (let i = 0; i < rule.perEmailNetwork; i++) {
      expect((await post(app, '/api/verifyOtp', { email, otp: wrong, type: 'register' }, {}, ip)).statusCode).toBe(400);
    }
    expect429(await post(app, '/api/verifyOtp', { email, otp: code, type: 'register' }, {}, ip), rule.windowMs);
    // The person with the code, on their own network, is not held by that.
    expect(
      (await post(app, '/api/verifyOtp', { email, otp: code, type: 'register' }, {}, newNetwork())).statusCode,
    ).toBe(200);

    const many = '198.51.100.3';
    for (let i = 0; i < rule.perIp; i++) {
      const res = await post(app, '/api/verifyOtp', { email: uniqueEmail(), otp: '0000', type: 'register' }, {}, many);
      expect(res.statusCode).toBe(400);
    }
    expect429(
      await post(app, '/api/verifyOtp', { email: uniqueEmail(), otp: '0000', type: 'register' }, {}, many),
      rule.windowMs,
    );
  });

  it('mails at most 3 codes an hour and 10 a day to one address, whoever asks (sign-up and resend together)', async () => {
    advance(CODE_RULES.windowMs);
    const email = uniqueEmail('stranger');
    const ask = () => post(app, '/api/resendOtp', { email, type: 'register' }, {}, newNetwork());
    const capped = (res: Awaited<ReturnType<typeof post>>, maxSeconds: number) => {
      expect(res.statusCode).toBe(429);
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
      expect(json(res)).toEqual({
        success: false,
        message: codeMailsCappedMessage(retryAfter),
        code: AUTH_ERROR_CODES.codeMailsCapped,
      });
    };
    // Sign-up, then resends from ever-new networks: three mails in the hour.
    expect((await register(app, email)).statusCode).toBe(201);
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(200);
    await app.mailer.drain();
    const codesAtCap = await codeCount(email);
    expect(codesAtCap).toBe(3);
    const hash = vi.spyOn(app.passwords, 'hash');
    capped(await ask(), 3600);
    capped(await register(app, email), 3600);
    await app.mailer.drain();
    expect(await codeCount(email)).toBe(codesAtCap);
    expect(hash).not.toHaveBeenCalled();
    // An address without an account is answered the same way (nobody learns which exist).
    const nobody = uniqueEmail('nobody');
    for (let i = 0; i < CODE_RULES.mailsPerHour; i++) {
      expect(
        (await post(app, '/api/resendOtp', { email: nobody, type: 'register' }, {}, newNetwork())).statusCode,
      ).toBe(200);
    }
    capped(await post(app, '/api/resendOtp', { email: nobody, type: 'register' }, {}, newNetwork()), 3600);

    // Hour after hour until the day's ten: the 10th goes out, the 11th is refused for the rest of the day.
    let sent = 3;
    while (sent < CODE_RULES.mailsPerDay) {
      advance(60 * 60_000);
      for (let i = 0; i < CODE_RULES.mailsPerHour && sent < CODE_RULES.mailsPerDay; i++, sent++) {
        expect((await ask()).statusCode, `mail ${sent + 1}`).toBe(200);
      }
    }
    advance(60 * 60_000);
    capped(await ask(), 24 * 3600);
    await app.mailer.drain();
    expect(await codeCount(email)).toBe(CODE_RULES.mailsPerDay);
  });

  it('does the same work for resendOtp whether or not the account exists: one queued job, the answer the same', async () => {
    const known = await verifiedAccount();
    const unknown = uniqueEmail('unknown');
    const jobCount = async () =>
      (await app.db.select({ n: sql<number>`count(*)::int` }).from(jobs).where(eq(jobs.kind, 'accounts.sendCode')))[0]
        ?.n ?? 0;
    await app.mailer.drain(); // the sign-up code is made; the count below starts after it
    const codesBefore = await codeCount(known);
    const answers = [];
    for (const email of [known, unknown]) {
      const before = await jobCount();
      const res = await post(app, '/api/resendOtp', { email, type: 'forgot_password' }, {}, newNetwork());
      expect(await jobCount()).toBe(before + 1);
      answers.push([res.statusCode, res.json()]);
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toEqual([200, { success: true, message: M.otpSent, payload: null }]);
    // The job mails the account that exists, and nobody else.
    await app.mailer.drain();
    expect(await codeCount(known)).toBe(codesBefore + 1);
    expect(await userRow(app, unknown)).toBeUndefined();
  });

  it('does not limit a person who logs in normally', async () => {
    const email = await verifiedAccount();
    for (let i = 0; i < 3; i++) {
      expect((await post(app, '/api/login', { email, password: PASSWORD })).statusCode).toBe(200);
    }
  });
});
