import { AUTH_MESSAGES as M } from '@baan/contract';
import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../src/lib/rate-limit.ts';
import { build } from './helpers.ts';
import { json, lastCode, PASSWORD, post, register, uniqueEmail } from './support/accounts.ts';

const app = await build();

/** Moves the app's clock forward for good (tests below only ever go forward). */
let offset = 0;
const realNow = app.clock.now;
function advance(ms: number) {
  offset += ms;
  app.clock.now = () => new Date(realNow().getTime() + offset);
}

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

describe('rate limits', () => {
  it('limits login per e-mail whatever the address, then lets it in again after the window', async () => {
    const email = uniqueEmail();
    const rule = RATE_LIMITS.login;
    for (let i = 0; i < rule.perEmail; i++) {
      const res = await post(app, '/api/login', { email, password: 'Wrong#Pass1' });
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const blocked = await post(app, '/api/login', { email, password: 'Wrong#Pass1' });
    expect429(blocked, rule.windowMs);
    expect(blocked.body).not.toContain(M.invalidCredentials);
    // Another e-mail from a fresh address is not affected.
    expect((await post(app, '/api/login', { email: uniqueEmail(), password: 'x' })).statusCode).toBe(401);
    advance(rule.windowMs);
    expect((await post(app, '/api/login', { email, password: 'Wrong#Pass1' })).statusCode).toBe(401);
  });

  it('limits login per client address across e-mails', async () => {
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

  it('limits register per address and per e-mail', async () => {
    const rule = RATE_LIMITS.register;
    const ip = '198.51.100.1';
    for (let i = 0; i < rule.perIp; i++) {
      expect((await post(app, '/api/register', {}, {}, ip)).statusCode).toBe(400);
    }
    expect429(await post(app, '/api/register', {}, {}, ip), rule.windowMs);

    const email = uniqueEmail();
    // A repeat sign-up of a pending e-mail sends a new code, so it counts against the same limit.
    for (let i = 0; i < rule.perEmail; i++) {
      const res = await register(app, email);
      expect(res.statusCode).toBe(201);
    }
    expect429(await register(app, email), rule.windowMs);
  });

  it('limits resendOtp per address and per e-mail, whether or not the account exists', async () => {
    const rule = RATE_LIMITS.resendOtp;
    const ip = '198.51.100.2';
    for (let i = 0; i < rule.perIp; i++) {
      expect((await post(app, '/api/resendOtp', { email: uniqueEmail(), type: 'register' }, {}, ip)).statusCode).toBe(
        200,
      );
    }
    expect429(await post(app, '/api/resendOtp', { email: uniqueEmail(), type: 'register' }, {}, ip), rule.windowMs);

    for (const email of [uniqueEmail(), uniqueEmail()]) {
      for (let i = 0; i < rule.perEmail; i++) {
        expect((await post(app, '/api/resendOtp', { email, type: 'forgot_password' })).statusCode).toBe(200);
      }
      expect429(await post(app, '/api/resendOtp', { email, type: 'forgot_password' }), rule.windowMs);
    }
  });

  it('limits verifyOtp per e-mail, so the code cannot be guessed by spreading tries over new codes', async () => {
    const rule = RATE_LIMITS.verifyOtp;
    const email = uniqueEmail();
    await register(app, email);
    const code = await lastCode(app, email);
    const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
    for (let i = 0; i < rule.perEmail; i++) {
      expect((await post(app, '/api/verifyOtp', { email, otp: wrong, type: 'register' })).statusCode).toBe(400);
    }
    expect429(await post(app, '/api/verifyOtp', { email, otp: code, type: 'register' }), rule.windowMs);

    const ip = '198.51.100.3';
    for (let i = 0; i < rule.perIp; i++) {
      const res = await post(app, '/api/verifyOtp', { email: uniqueEmail(), otp: '0000', type: 'register' }, {}, ip);
      expect(res.statusCode).toBe(400);
    }
    expect429(
      await post(app, '/api/verifyOtp', { email: uniqueEmail(), otp: '0000', type: 'register' }, {}, ip),
      rule.windowMs,
    );
  });

  it('limits password changes like logins, so a stolen token cannot guess the password', async () => {
    const email = uniqueEmail();
    await register(app, email);
    await post(app, '/api/verifyOtp', { email, otp: await lastCode(app, email), type: 'register' });
    const login = await post(app, '/api/login', { email, password: PASSWORD });
    const token = json<{ payload: { token: string } }>(login).payload.token;
    const change = () =>
      app.inject({
        method: 'POST',
        url: '/api/update/profile',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          current_password: 'Guess#0001',
          new_password: 'Whatever#1',
          new_password_confirmation: 'Whatever#1',
        },
      });
    // The login above counted once against this e-mail.
    for (let i = 1; i < RATE_LIMITS.login.perEmail; i++) expect((await change()).statusCode).toBe(400);
    expect429(await change(), RATE_LIMITS.login.windowMs);
  });

  it('does not limit a person who logs in normally', async () => {
    const email = uniqueEmail();
    await register(app, email);
    await post(app, '/api/verifyOtp', { email, otp: await lastCode(app, email), type: 'register' });
    for (let i = 0; i < 3; i++) {
      expect((await post(app, '/api/login', { email, password: PASSWORD })).statusCode).toBe(200);
    }
  });
});
