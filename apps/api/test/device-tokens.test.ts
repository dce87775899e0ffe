/**
 * Issue 21, item 2 (ADR 019): a device that logged in before passes the limits others spent, even from a shared
 * network (an office NAT where an attacker also tries the owner's e-mail). The token is random, stored only as a
 * keyed hash, good for the account that got it, and ended by a password change or reset and by the account's deletion.
 */
import { randomBytes } from 'node:crypto';
import { DEVICE_TOKEN_HEADER, AUTH_MESSAGES as M } from '@baan/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { deviceTokens } from '../src/db/schema.ts';
import { RATE_LIMITS } from '../src/lib/rate-limit.ts';
import { DEVICE_TOKEN_DAYS, deviceTokenHash } from '../src/services/accounts/device-tokens.ts';
import { LOGIN_CEILING } from '../src/services/accounts/login-guard.ts';
import { json, lastCode, PASSWORD, post, uniqueEmail, userRow } from './support/accounts.ts';
import { startLoggedApp } from './support/logged-app.ts';

const { app, logs } = await startLoggedApp();
const DAY = 24 * 60 * 60_000;

let offset = 0;
const realNow = app.clock.now;
function advance(ms: number) {
  offset += ms;
  app.clock.now = () => new Date(realNow().getTime() + offset);
}

let seq = 0;
const network = () => {
  seq += 1;
  return `198.18.${Math.floor(seq / 250) % 250}.${(seq % 250) + 1}`;
};

const deviceOf = (res: LightMyRequestResponse) => {
  const token = res.headers[DEVICE_TOKEN_HEADER];
  expect(token, res.body).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return String(token);
};
const login = (email: string, password: string, ip: string, device?: string) =>
  post(app, '/api/login', { email, password }, device ? { [DEVICE_TOKEN_HEADER]: device } : {}, ip);

/** An owner who signed up and verified at the office; returns the device token the verified code gave. */
async function owner(office = network()) {
  const email = uniqueEmail('owner');
  const reg = await post(
    app,
    '/api/register',
    { name: 'Somchai Jaidee', email, password: PASSWORD, password_confirmation: PASSWORD, accept_terms: true },
    {},
    office,
  );
  expect(reg.statusCode, reg.body).toBe(201);
  // Sign-up gives no token: only a proof (a code, the password) does.
  expect(reg.headers[DEVICE_TOKEN_HEADER]).toBeUndefined();
  const otp = await lastCode(app, email);
  const verified = await post(app, '/api/verifyOtp', { email, otp, type: 'register' }, {}, office);
  expect(verified.statusCode).toBe(200);
  return { email, office, device: deviceOf(verified) };
}

/** The attacker, on the owner's own network (one NAT), spends the (e-mail, network) wrong-password limit. */
async function attackerSpendsPairLimit(email: string, office: string) {
  for (let i = 0; i < RATE_LIMITS.login.perEmailNetwork; i++) {
    expect((await login(email, `Guess#${i}xxxx`, office)).statusCode).toBe(401);
  }
  expect((await login(email, 'Guess#more', office)).statusCode).toBe(429);
}

describe('device tokens', () => {
  it('are handed out by a verified code and a login, renewed when sent back, and stored only as a keyed hash', async () => {
    const { email, office, device } = await owner();
    const [user] = [await userRow(app, email)];
    if (!user) throw new Error('no user');
    // A login that sends its device's token keeps it (renewed); one that sends none gets a new one.
    const again = await login(email, PASSWORD, office, device);
    expect(again.statusCode).toBe(200);
    expect(deviceOf(again)).toBe(device);
    const other = deviceOf(await login(email, PASSWORD, network()));
    expect(other).not.toBe(device);
    const rows = await app.db.select().from(deviceTokens).where(eq(deviceTokens.userId, user.id));
    expect(rows.map((r) => r.tokenHash).sort()).toEqual(
      [deviceTokenHash(app.deviceKey, device), deviceTokenHash(app.deviceKey, other)].sort(),
    );
    expect(JSON.stringify(rows)).not.toContain(device);
    // Never in a log line.
    expect(logs.join('\n')).not.toContain(device);
    expect(logs.join('\n')).not.toContain(other);
  });

  it("lets the owner's device in after an attacker on the same network spent the (e-mail, network) limit", async () => {
    const { email, office, device } = await owner();
    await attackerSpendsPairLimit(email, office);
    // Without the token the owner is refused as before; with it, in.
    expect((await login(email, PASSWORD, office)).statusCode).toBe(429);
    const res = await login(email, PASSWORD, office, device);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ message: string }>(res).message).toBe(M.loginSuccess);
    // The device's own wrong passwords are held by its own limit, not the network's spent one.
    for (let i = 0; i < RATE_LIMITS.login.perEmailNetwork; i++) {
      expect((await login(email, `Typo#${i}xxxx`, office, device)).statusCode).toBe(401);
    }
    expect((await login(email, PASSWORD, office, device)).statusCode).toBe(429);
  });

  it("lets the owner's device in after an attacker spent the office network's login limit", async () => {
    const { email, office, device } = await owner();
    for (let i = 0; i < RATE_LIMITS.login.perIp; i++) {
      await login(uniqueEmail(), 'Guess#0000', office);
    }
    expect((await login(email, PASSWORD, office)).statusCode).toBe(429);
    expect((await login(email, PASSWORD, office, device)).statusCode).toBe(200);
    // Another account's token does not open the network's limit for this one.
    const stranger = await owner();
    expect((await login(stranger.email, PASSWORD, office, device)).statusCode).toBe(429);
  });

  it('lets the device past the account-wide ceiling from a network the account never used', async () => {
    const { email, device } = await owner();
    // Distributed guessing makes the account "being tried": new networks get a few tries a day.
    for (let i = 0; i < LOGIN_CEILING.failuresPerDay; i++) {
      expect((await login(email, `Guess#${i}xxxx`, network())).statusCode).toBe(401);
    }
    const cafe = network();
    for (let i = 0; i < LOGIN_CEILING.triesPerNewNetwork; i++) await login(email, `Guess#${i}yyyy`, cafe);
    expect((await login(email, PASSWORD, cafe)).statusCode).toBe(429);
    expect((await login(email, PASSWORD, cafe, device)).statusCode).toBe(200);
  });

  it("gives no pass for another account's token, a forged one, or one ended by a password change", async () => {
    const a = await owner();
    const b = await owner();
    await attackerSpendsPairLimit(a.email, a.office);
    // B's token at A's login: refused as any login from there.
    expect((await login(a.email, PASSWORD, a.office, b.device)).statusCode).toBe(429);
    // A token nobody issued, and a malformed one.
    expect((await login(a.email, PASSWORD, a.office, randomBytes(32).toString('base64url'))).statusCode).toBe(429);
    expect((await login(a.email, PASSWORD, a.office, 'x'.repeat(5_000))).statusCode).toBe(429);
    // A's own token works until A changes the password.
    const session = await login(a.email, PASSWORD, a.office, a.device);
    expect(session.statusCode).toBe(200);
    const bearer = json<{ payload: { token: string } }>(session).payload.token;
    const fresh = 'Fresh#Pass2026';
    const changed = await app.inject({
      method: 'POST',
      url: '/api/update/profile',
      headers: { authorization: `Bearer ${bearer}` },
      payload: { current_password: PASSWORD, new_password: fresh, new_password_confirmation: fresh },
      remoteAddress: network(),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await login(a.email, fresh, a.office, a.device)).statusCode).toBe(429);
    const user = await userRow(app, a.email);
    expect(
      await app.db
        .select()
        .from(deviceTokens)
        .where(eq(deviceTokens.userId, user?.id ?? 0)),
    ).toEqual([]);
  });

  it('ends with a password reset (the device that reset gets a fresh one) and after 180 days', async () => {
    const { email, office, device } = await owner();
    const home = network();
    await app.mailer.drain();
    expect((await post(app, '/api/resendOtp', { email, type: 'forgot_password' }, {}, home)).statusCode).toBe(200);
    const otp = await lastCode(app, email);
    const verified = await post(app, '/api/verifyOtp', { email, otp, type: 'forgot_password' }, {}, home);
    // A reset code gives no token: the reset that follows ends them all.
    expect(verified.headers[DEVICE_TOKEN_HEADER]).toBeUndefined();
    const fresh = 'Fresh#Pass2026';
    const reset = await post(
      app,
      '/api/newPassword',
      {
        email,
        password: fresh,
        password_confirmation: fresh,
        verification_token: json<{ payload: string }>(verified).payload,
      },
      {},
      home,
    );
    expect(reset.statusCode, reset.body).toBe(200);
    const afterReset = deviceOf(reset);
    await attackerSpendsPairLimit(email, office);
    expect((await login(email, fresh, office, device)).statusCode).toBe(429);
    expect((await login(email, fresh, office, afterReset)).statusCode).toBe(200);
    // 180 days without a login: the token has run out.
    advance((DEVICE_TOKEN_DAYS + 1) * DAY);
    await attackerSpendsPairLimit(email, office);
    expect((await login(email, fresh, office, afterReset)).statusCode).toBe(429);
  });
});
