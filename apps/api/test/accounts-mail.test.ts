import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { AUTH_MESSAGES as M, User } from '@baan/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { DEMO_ADMIN } from '../src/services/accounts/ensure-admin.ts';
import { freshDatabase } from './helpers.ts';
import { bearer, json, lastCode, PASSWORD, post, register, uniqueEmail, userRow } from './support/accounts.ts';
import { codeIn, type SmtpReceiver, startSmtpReceiver } from './support/smtp-receiver.ts';

/** A 4-digit code standing alone (not inside a timestamp, an id or a token). */
const hasCode = (text: string, code: string) => new RegExp(`(?<![0-9A-Za-z_-])${code}(?![0-9A-Za-z_-])`).test(text);

type Started = { app: FastifyInstance; logs: string[]; dataDir: string; database: Database };

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** The real app with its pino output captured line by line. */
async function start(
  overrides: Partial<Config> = {},
  shared?: { dataDir: string; database: Database },
): Promise<Started> {
  const dataDir = shared?.dataDir ?? mkdtempSync(path.join(tmpdir(), 'baan-data-'));
  const database = shared?.database ?? (await freshDatabase());
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logs.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const config: Config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), logLevel: 'trace', ...overrides };
  const app = await buildApp({ config, database, logStream });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    if (!shared) {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
  return { app, logs, dataDir, database };
}

describe('mail through a real SMTP server', async () => {
  const smtp: SmtpReceiver = await startSmtpReceiver();
  cleanups.push(() => smtp.close());
  const { app, logs, dataDir } = await start({ smtpUrl: smtp.url, mailFrom: 'Baan <hello@baan.test>' });
  const responses: LightMyRequestResponse[] = [];
  const call = async (url: string, payload: unknown, headers: Record<string, string> = {}) => {
    const res = await post(app, url, payload, headers);
    responses.push(res);
    return res;
  };
  const secrets: string[] = [];

  it('mails the sign-up code in the person language, as text and HTML, and writes no outbox row', async () => {
    const email = uniqueEmail();
    const res = await call(
      '/api/register',
      { name: 'Иван <b>Петров</b>', email, password: PASSWORD, password_confirmation: PASSWORD, accept_terms: true },
      { 'accept-language': 'ru' },
    );
    expect(res.statusCode).toBe(201);
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    expect(mail.from).toBe('Baan <hello@baan.test>');
    expect(mail.subject).toBe('Подтвердите адрес электронной почты для Baan');
    expect(mail.text).toContain('Здравствуйте, Иван <b>Петров</b>!');
    const code = codeIn(mail);
    expect(mail.text).toContain(`Ваш код подтверждения: ${code}.`);
    expect(mail.html).toContain('<html lang="ru">');
    expect(mail.html).toContain('Иван &lt;b&gt;Петров&lt;/b&gt;');
    expect(mail.html).toContain(`>${code}</strong>`);
    secrets.push(code);
    const { mailOutbox } = await import('../src/db/schema.ts');
    expect(await app.db.select().from(mailOutbox)).toEqual([]);
    const verified = await call('/api/verifyOtp', { email, otp: code, type: 'register' });
    expect(verified.statusCode).toBe(200);
  });

  it('writes every language naturally for both kinds of code', async () => {
    const { codeMail } = await import('../src/services/mail/auth-mail.ts');
    const { LANGUAGES } = await import('@baan/contract');
    const subjects = new Set<string>();
    for (const lang of LANGUAGES) {
      for (const type of ['register', 'forgot_password'] as const) {
        const mail = codeMail(lang, type, 'Ann', '0427');
        expect(mail.text).toContain('0427');
        expect(mail.html).toContain('0427');
        expect(mail.text).toContain('Ann');
        subjects.add(mail.subject);
      }
    }
    expect(subjects.size).toBe(14);
  });

  it('walks sign-up, login, forgot password and a password change without leaking a secret to the log or a response', async () => {
    const email = uniqueEmail();
    await call(
      '/api/register',
      { name: 'Nok', email, password: PASSWORD, password_confirmation: PASSWORD, accept_terms: true },
      { 'accept-language': 'th' },
    );
    const first = codeIn(await smtp.waitFor((m) => m.to.includes(email)));
    await call('/api/resendOtp', { email, type: 'register' });
    const second = codeIn(
      await smtp.waitFor((m) => m.to.includes(email) && m !== smtp.mails.find((x) => x.to.includes(email))),
    );
    await call('/api/verifyOtp', { email, otp: first === second ? '0000' : first, type: 'register' });
    expect((await call('/api/verifyOtp', { email, otp: second, type: 'register' })).statusCode).toBe(200);
    const login = await call('/api/login', { email, password: PASSWORD, remember: true });
    const token = json<{ payload: { token: string } }>(login).payload.token;
    await call('/api/login', { email, password: 'Wrong#Secret7' });

    const before = smtp.mails.length;
    await call('/api/resendOtp', { email, type: 'forgot_password' });
    const forgotMail = await smtp.waitFor((m) => m.to.includes(email) && smtp.mails.indexOf(m) >= before);
    expect(forgotMail.subject).toBe('รหัสสำหรับรีเซ็ตรหัสผ่าน Baan ของคุณ');
    const forgotCode = codeIn(forgotMail);
    const verify = await call('/api/verifyOtp', { email, otp: forgotCode, type: 'forgot_password' });
    const resetToken = json<{ payload: string }>(verify).payload;
    const NEW = 'Reset#Secret8';
    expect(
      (
        await call('/api/newPassword', {
          email,
          password: NEW,
          password_confirmation: NEW,
          verification_token: resetToken,
        })
      ).statusCode,
    ).toBe(200);
    const login2 = await call('/api/login', { email, password: NEW });
    const token2 = json<{ payload: { token: string } }>(login2).payload.token;
    const CHANGED = 'Changed#Secret9';
    const change = await app.inject({
      method: 'POST',
      url: '/api/update/profile',
      headers: bearer(token2),
      payload: { current_password: NEW, new_password: CHANGED, new_password_confirmation: CHANGED },
    });
    expect(change.statusCode).toBe(200);
    responses.push(change);
    await app.mailer.drain();

    const row = await userRow(app, email);
    const jwtSecret = readFileSync(path.join(dataDir, 'secrets', 'jwt-secret'), 'utf8').trim();
    const hashParts = row?.passwordHash.split('$') ?? [];
    secrets.push(first, second, forgotCode);
    const neverLogged = [
      PASSWORD,
      NEW,
      CHANGED,
      'Wrong#Secret7',
      jwtSecret,
      token,
      token2,
      resetToken,
      ...hashParts.slice(4),
    ];
    expect(logs.length).toBeGreaterThan(20);
    for (const line of logs) {
      for (const secret of neverLogged) expect(line.includes(secret), `log line leaks a secret: ${line}`).toBe(false);
      for (const code of secrets) expect(hasCode(line, code), `log line leaks a code: ${line}`).toBe(false);
    }
    // Requests were logged, with the Authorization header redacted.
    expect(logs.some((l) => l.includes('/api/login'))).toBe(true);
    for (const res of responses) {
      for (const secret of [PASSWORD, NEW, CHANGED, jwtSecret, ...hashParts.slice(4)]) {
        expect(res.body.includes(secret), `response leaks a secret: ${res.body}`).toBe(false);
      }
      for (const code of secrets) expect(hasCode(res.body, code), `response leaks a code: ${res.body}`).toBe(false);
      expect(res.body).not.toMatch(/password_hash|scrypt\$/);
    }
  });

  it('keeps the generated token secret in DATA_DIR with mode 0600 and reuses it after a restart', async () => {
    const file = path.join(dataDir, 'secrets', 'jwt-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const shared = await start({}, undefined);
    const email = uniqueEmail();
    await register(shared.app, email);
    await post(shared.app, '/api/verifyOtp', { email, otp: await lastCode(shared.app, email), type: 'register' });
    const token = json<{ payload: { token: string } }>(
      await post(shared.app, '/api/login', { email, password: PASSWORD }),
    ).payload.token;
    const secret = readFileSync(path.join(shared.dataDir, 'secrets', 'jwt-secret'), 'utf8');
    const again = await start({}, { dataDir: shared.dataDir, database: shared.database });
    expect(readFileSync(path.join(shared.dataDir, 'secrets', 'jwt-secret'), 'utf8')).toBe(secret);
    expect((await again.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) })).statusCode).toBe(200);
    // With JWT_SECRET set, that secret signs and nothing is written.
    const configured = await start(
      { jwtSecret: 'x'.repeat(40) },
      { dataDir: mkdtempSync(path.join(tmpdir(), 'baan-data-')), database: shared.database },
    );
    expect(existsSync(path.join(configured.dataDir, 'secrets', 'jwt-secret'))).toBe(false);
    expect((await configured.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) })).statusCode).toBe(
      401,
    );
  });
});

describe('development outbox', async () => {
  const { app, logs } = await start();

  it('stores the mail and prints the code only in the outbox log line', async () => {
    const email = uniqueEmail();
    await register(app, email, {}, { 'accept-language': 'my' });
    const code = await lastCode(app, email);
    const withCode = logs.filter((l) => l.includes(`"code":"${code}"`));
    expect(withCode).toHaveLength(1);
    expect(withCode[0]).toContain('dev outbox');
    await post(app, '/api/verifyOtp', { email, otp: code, type: 'register' });
    for (const line of logs) {
      if (!line.includes('dev outbox')) expect(hasCode(line, code), line).toBe(false);
      expect(line).not.toContain(PASSWORD);
    }
  });
});

describe('admin account at start-up', async () => {
  it('creates the configured admin, and a later start with a new password updates it', async () => {
    const first = await start({ adminEmail: 'boss@baan.test', adminPassword: 'Admin#Pass1' });
    const login = await post(first.app, '/api/login', { email: 'boss@baan.test', password: 'Admin#Pass1' });
    expect(login.statusCode).toBe(200);
    const user = User.parse(json<{ payload: { user: unknown } }>(login).payload.user);
    expect(user.role).toBe('admin');
    for (const line of first.logs) expect(line).not.toContain('Admin#Pass1');

    const second = await start(
      { adminEmail: 'boss@baan.test', adminPassword: 'Admin#Pass2' },
      { dataDir: first.dataDir, database: first.database },
    );
    expect(
      (await post(second.app, '/api/login', { email: 'boss@baan.test', password: 'Admin#Pass1' })).statusCode,
    ).toBe(401);
    expect(
      (await post(second.app, '/api/login', { email: 'boss@baan.test', password: 'Admin#Pass2' })).statusCode,
    ).toBe(200);
  });

  it('seeds the demo admin and prints its credentials when SEED_DEMO is on without ADMIN_EMAIL', async () => {
    const { app, logs } = await start({ seedDemo: true });
    const res = await post(app, '/api/login', DEMO_ADMIN);
    expect(res.statusCode).toBe(200);
    expect(logs.some((l) => l.includes(DEMO_ADMIN.email) && l.includes(DEMO_ADMIN.password))).toBe(true);
  });

  it('app.requireAdmin answers 401 without a token, 403 to a user and lets an admin through', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'baan-data-'));
    const database = await freshDatabase();
    const config: Config = {
      ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }),
      adminEmail: 'root@baan.test',
      adminPassword: 'Root#Pass1',
    };
    const app = await buildApp({ config, database });
    app.get('/api/test-admin-only', { preHandler: app.requireAdmin }, async (request) => ({
      success: true,
      payload: request.user?.email,
    }));
    await app.ready();
    cleanups.push(async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const get = (headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url: '/api/test-admin-only', headers });
    expect((await get()).statusCode).toBe(401);
    const email = uniqueEmail();
    await register(app, email);
    await post(app, '/api/verifyOtp', { email, otp: await lastCode(app, email), type: 'register' });
    const userToken = json<{ payload: { token: string } }>(await post(app, '/api/login', { email, password: PASSWORD }))
      .payload.token;
    const forbidden = await get(bearer(userToken));
    expect(forbidden.statusCode).toBe(403);
    expect(json(forbidden).message).toBe(M.adminOnly);
    const adminToken = json<{ payload: { token: string } }>(
      await post(app, '/api/login', { email: 'root@baan.test', password: 'Root#Pass1' }),
    ).payload.token;
    const ok = await get(bearer(adminToken));
    expect(ok.statusCode).toBe(200);
    expect(json(ok).payload).toBe('root@baan.test');
  });
});
