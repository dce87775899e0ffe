import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PHONE_MESSAGES, toE164 } from '@baan/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { otpCodes, users } from '../src/db/schema.ts';
import { OTP_MAX_ATTEMPTS } from '../src/services/accounts/otp-codes.ts';
import { httpSmsProvider, SMS_ANSWER_MAX_BYTES } from '../src/services/sms/sms-provider.ts';
import { createUser, makeListing } from './fixtures.ts';
import { body } from './helpers.ts';
import { startLoggedApp } from './support/logged-app.ts';
import { phoneCalls } from './support/phone-calls.ts';

let netCounter = 0;
/** A fresh IPv4 network per call (each /32 is its own network). */
const newNetwork = () => `10.${60 + Math.floor(netCounter / 250)}.${netCounter % 250}.${++netCounter % 250}`;

describe('phone numbers verified by an SMS code (demo provider)', async () => {
  const { app, logs } = await startLoggedApp();
  const realNow = app.clock.now.bind(app.clock);
  let offset = 0;
  app.clock.now = () => new Date(realNow().getTime() + offset);

  const { send, verify, sentCode } = phoneCalls(app, () => '10.0.0.1');
  const userRow = async (id: number) => (await app.db.select().from(users).where(eq(users.id, id)))[0];

  it('normalises Thai numbers to E.164 and bounds the input before any pattern', () => {
    expect(toE164('081-234-5678')).toBe('+66812345678');
    expect(toE164('+66 (0)81 234 5678')).toBe('+66812345678');
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
    expect(toE164('12')).toBeNull();
    expect(toE164(`0812345678${' '.repeat(40)}`)).toBeNull();
  });

  it('sends a 6-digit code by SMS (demo outbox), stores only its hash, and a right code verifies the number', async () => {
    const user = await createUser(app, { email: 'phone-ok@example.com' });
    const res = await send(user.token, '081-234-5678');
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(PHONE_MESSAGES.codeSent);
    const code = await sentCode('+66812345678');
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await app.db.select().from(otpCodes).where(eq(otpCodes.userId, user.id));
    expect(row?.type).toBe('phone');
    expect(row?.target).toBe('+66812345678');
    expect(row?.codeHash).not.toContain(code);
    expect((await userRow(user.id))?.phoneVerifiedAt).toBeNull();

    expect((await verify(user.token, code)).statusCode).toBe(200);
    const after = await userRow(user.id);
    expect(after?.phoneNumber).toBe('+66812345678');
    expect(after?.phoneVerifiedAt).not.toBeNull();
    // Spent: the same code does not work twice.
    expect((await verify(user.token, code)).statusCode).toBe(400);
  });

  it('refuses a bad number and a malformed code with a 400, changing nothing', async () => {
    const user = await createUser(app, { email: 'phone-bad@example.com' });
    expect((await send(user.token, 'not a phone')).statusCode).toBe(400);
    expect((await send(user.token, '0'.repeat(41))).statusCode).toBe(400);
    expect((await verify(user.token, '12345')).statusCode).toBe(400);
    expect((await verify(user.token, '123456')).statusCode).toBe(400);
    expect(await app.db.select().from(otpCodes).where(eq(otpCodes.userId, user.id))).toHaveLength(0);
  });

  it('a wrong code is refused and counted; the code is void at the limit, not before', async () => {
    const user = await createUser(app, { email: 'phone-wrong@example.com' });
    await send(user.token, '0812345001');
    const code = await sentCode('+66812345001');
    const wrong = code === '000000' ? '000001' : '000000';
    // Tries from different networks (one network alone stops at 3 per code, like e-mail codes).
    for (let i = 1; i < OTP_MAX_ATTEMPTS; i++) {
      const res = await verify(user.token, wrong, newNetwork());
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toBe(PHONE_MESSAGES.wrongCode);
    }
    const last = await verify(user.token, wrong, newNetwork());
    expect(body(last).message).toBe(PHONE_MESSAGES.voidedCode);
    // Void: even the right code no longer works.
    expect((await verify(user.token, code)).statusCode).toBe(400);
    expect((await userRow(user.id))?.phoneVerifiedAt).toBeNull();
  });

  it('an expired code is refused as expired; a new one works', async () => {
    const user = await createUser(app, { email: 'phone-expired@example.com' });
    await send(user.token, '0812345002');
    const code = await sentCode('+66812345002');
    offset += 10 * 60_000 + 1000;
    const res = await verify(user.token, code);
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(PHONE_MESSAGES.expiredCode);
    await send(user.token, '0812345002');
    expect((await verify(user.token, await sentCode('+66812345002'))).statusCode).toBe(200);
  });

  it('the owner still gets and uses a code while another network hammers the account', async () => {
    const user = await createUser(app, { email: 'phone-owner@example.com' });
    const owner = '10.9.9.9';
    await send(user.token, '0812345003', owner);
    const code = await sentCode('+66812345003');
    const attacker = '10.8.8.8';
    const wrong = code === '000000' ? '000001' : '000000';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await verify(user.token, wrong, attacker)).statusCode);
    // One network cannot void the owner's code: after its 3 tries it is refused without a try counted.
    expect(statuses.every((s) => s === 400 || s === 429)).toBe(true);
    expect((await verify(user.token, code, owner)).statusCode).toBe(200);
  });

  it('counts IPv6 by /64: two addresses of one /64 share the per-network tries on a code', async () => {
    const user = await createUser(app, { email: 'phone-v6@example.com' });
    await send(user.token, '0812345004', '2001:db8:1:2::1');
    const code = await sentCode('+66812345004');
    const wrong = code === '000000' ? '000001' : '000000';
    for (const host of ['::a', '::b', '::c']) await verify(user.token, wrong, `2001:db8:1:2${host}`);
    const fourth = await verify(user.token, wrong, '2001:db8:1:2::d');
    expect(fourth.statusCode).toBe(400);
    // Another /64 still may try, and the owner's code is not void.
    expect((await verify(user.token, code, '2001:db8:1:3::1')).statusCode).toBe(200);
  });

  it('caps SMS to one number like code mails: 3 an hour, the 4th is 429', async () => {
    const user = await createUser(app, { email: 'phone-cap@example.com' });
    for (let i = 0; i < 3; i++) expect((await send(user.token, '0812345005', newNetwork())).statusCode).toBe(200);
    expect((await send(user.token, '0812345005', newNetwork())).statusCode).toBe(429);
  });

  it('changing the number in the profile drops its verified state; the same number keeps it', async () => {
    const user = await createUser(app, { email: 'phone-change@example.com' });
    await send(user.token, '0812345006');
    await verify(user.token, await sentCode('+66812345006'));
    const update = (phone_number: string) =>
      app.inject({
        method: 'POST',
        url: '/api/update/profile',
        headers: { authorization: `Bearer ${user.token}` },
        payload: { name: 'Phone Change', phone_number },
      });
    expect((await update('081-234-5006')).statusCode).toBe(200);
    expect((await userRow(user.id))?.phoneVerifiedAt).not.toBeNull();
    expect((await update('0899999999')).statusCode).toBe(200);
    const after = await userRow(user.id);
    expect(after?.phoneNumber).toBe('0899999999');
    expect(after?.phoneVerifiedAt).toBeNull();
  });

  it('the account’s own profile and its listings’ contact box say whether the number is verified', async () => {
    const user = await createUser(app, { email: 'phone-wire@example.com' });
    const listing = await makeListing(app, user.id);
    const me = async () =>
      body<{ payload: { phone_number: string | null; phone_verified: number } }>(
        await app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${user.token}` } }),
      ).payload;
    const owner = async () =>
      body<{ payload: { owner: { phone_number: string | null; phone_verified: number } } }>(
        await app.inject({ method: 'GET', url: `/api/property/${listing.id}` }),
      ).payload.owner;
    expect(await me()).toMatchObject({ phone_number: null, phone_verified: 0 });
    await send(user.token, '0812345007');
    // A code sent is not a number verified.
    expect((await me()).phone_verified).toBe(0);
    await verify(user.token, await sentCode('+66812345007'));
    expect(await me()).toMatchObject({ phone_number: '+66812345007', phone_verified: 1 });
    expect(await owner()).toMatchObject({ phone_number: '+66812345007', phone_verified: 1 });
    await app.inject({
      method: 'POST',
      url: '/api/update/profile',
      headers: { authorization: `Bearer ${user.token}` },
      payload: { name: 'Phone Wire', phone_number: '0899999998' },
    });
    expect(await me()).toMatchObject({ phone_number: '0899999998', phone_verified: 0 });
    expect(await owner()).toMatchObject({ phone_number: '0899999998', phone_verified: 0 });
  });

  it('never logs a code nor a full number, the demo SMS line included', () => {
    expect(logs.some((l) => l.includes('demo SMS'))).toBe(true);
    expect(logs.some((l) => /\+6681234500\d/.test(l))).toBe(false);
    expect(logs.some((l) => /"code":"\d{6}"/.test(l))).toBe(false);
    expect(logs.some((l) => /code is \d{6}/.test(l))).toBe(false);
  });
});

describe('the HTTP SMS provider (a local server stands for the internet provider)', () => {
  let server: Server;
  let url: string;
  const received: { auth?: string; body: string }[] = [];
  let mode: 'ok' | 'slow' | 'big' | 'down' = 'ok';
  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      let data = '';
      req.on('data', (c) => {
        data += c;
      });
      req.on('end', () => {
        received.push({ auth: req.headers.authorization, body: data });
        if (mode === 'slow') return void setTimeout(() => res.end('{}'), 2000);
        if (mode === 'big') {
          res.writeHead(200);
          res.end('x'.repeat(SMS_ANSWER_MAX_BYTES + 1));
          return;
        }
        if (mode === 'down') {
          res.writeHead(503);
          res.end('{}');
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"id":"m1"}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  const provider = () => httpSmsProvider({ url, token: 'tok', timeoutMs: 300, sender: 'Baan' });

  it('POSTs JSON with the bearer token', async () => {
    mode = 'ok';
    await provider().send({ to: '+66812345678', text: 'Baan: 123456' });
    const last = received.at(-1);
    expect(last?.auth).toBe('Bearer tok');
    expect(JSON.parse(last?.body ?? '{}')).toEqual({ to: '+66812345678', text: 'Baan: 123456', sender: 'Baan' });
  });

  it('fails a slow answer within its time limit, an oversized one and a refusal, without the code or number in the error', async () => {
    for (const m of ['slow', 'big', 'down'] as const) {
      mode = m;
      const started = Date.now();
      const err = await provider()
        .send({ to: '+66812345678', text: 'Baan: 123456' })
        .then(
          () => null,
          (e: Error) => e,
        );
      expect(err, m).toBeInstanceOf(Error);
      expect(err?.message).not.toContain('123456');
      expect(err?.message).not.toContain('+66812345678');
      if (m === 'slow') expect(Date.now() - started).toBeLessThan(1500);
    }
  });

  it('an outage delays the SMS (the job retries) and the code still works within its expiry', async () => {
    mode = 'down';
    const { app, logs } = await startLoggedApp({
      SMS_PROVIDER: 'http',
      SMS_API_URL: url,
      SMS_API_TOKEN: 'tok',
      JOBS_RETRY_BASE_MS: '10',
      JOBS_RETRY_MAX_MS: '20',
    });
    const user = await createUser(app, { email: 'phone-outage@example.com' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/phone/send-code',
      headers: { authorization: `Bearer ${user.token}` },
      payload: { phone_number: '0812345010' },
    });
    expect(res.statusCode).toBe(200);
    const before = received.length;
    await app.jobs.drain();
    expect(received.length).toBeGreaterThan(before);
    // The provider is back: the retried job hands the same SMS over.
    mode = 'ok';
    await new Promise((r) => setTimeout(r, 50));
    await app.jobs.drain();
    expect(received.at(-1)?.body).toBe(received.at(-2)?.body);
    const text = JSON.parse(received.at(-1)?.body ?? '{}').text as string;
    const code = text.match(/\d{6}/)?.[0] ?? '';
    // Sent later (the provider came back): the code from the retried SMS is still good.
    const ok = await app.inject({
      method: 'POST',
      url: '/api/user/phone/verify',
      headers: { authorization: `Bearer ${user.token}` },
      payload: { code },
    });
    expect(ok.statusCode).toBe(200);
    expect(logs.some((l) => l.includes(code))).toBe(false);
    expect(logs.some((l) => l.includes('+66812345010'))).toBe(false);
  });
});

describe('production start', () => {
  const refused = (env: Record<string, string>) => {
    try {
      loadConfig({ NODE_ENV: 'production', ...env });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return String((err as Error).message);
    }
    throw new Error('accepted');
  };
  it('refuses the demo SMS provider and an HTTP provider without URL or token', () => {
    expect(refused({ SMS_PROVIDER: 'demo' })).toContain('SMS_PROVIDER');
    expect(refused({ SMS_PROVIDER: 'http' })).toContain('SMS_API_URL');
    expect(refused({ SMS_PROVIDER: 'http', SMS_API_URL: 'https://sms.example/send' })).toContain('SMS_API_TOKEN');
    expect(loadConfig({ NODE_ENV: 'production' }).sms).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test' }).sms).toEqual({ provider: 'demo' });
  });
});
