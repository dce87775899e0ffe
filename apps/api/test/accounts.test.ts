import { AUTH_ERROR_CODES, ErrorEnvelope, AUTH_MESSAGES as M, User } from '@baan/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, otpCodes, users } from '../src/db/schema.ts';
import { makeListing } from './fixtures.ts';
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
import { forged } from './support/forge.ts';

const app = await build();
const userCount = async () => (await app.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n ?? 0;
const otherCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

/** Moves the app's clock by `ms` for the rest of the test (restored by the caller). */
function advance(ms: number): () => void {
  const original = app.clock.now;
  const base = original().getTime();
  app.clock.now = () => new Date(base + ms);
  return () => {
    app.clock.now = original;
  };
}

describe('POST /api/register', () => {
  it('answers every missing field with its message and writes nothing', async () => {
    const before = await userCount();
    const res = await post(app, '/api/register', {});
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({
      success: false,
      message: M.fillAllFields,
      errors: {
        name: [M.nameRequired],
        email: [M.emailRequired],
        password: [M.passwordRequired],
        password_confirmation: [M.confirmRequired],
        accept_terms: [M.termsRequired],
      },
    });
    const blank = await post(app, '/api/register', {
      name: '  ',
      email: ' ',
      password: '',
      password_confirmation: '',
      accept_terms: true,
    });
    expect(json(blank).errors).toEqual({
      name: [M.nameRequired],
      email: [M.emailRequired],
      password: [M.passwordRequired, M.passwordTooShort],
      password_confirmation: [M.confirmRequired],
    });
    expect(await userCount()).toBe(before);
  });

  it('checks the e-mail, the password length and the confirmation', async () => {
    const cases: [Record<string, unknown>, string, Record<string, string[]>][] = [
      [{ email: 'not-an-email' }, M.invalidForm, { email: [M.emailInvalid] }],
      [{ email: `${'a'.repeat(320)}@x.co` }, M.invalidForm, { email: [M.emailTooLong] }],
      [{ password: 'Ab1#', password_confirmation: 'Ab1#' }, M.invalidForm, { password: [M.passwordTooShort] }],
      [
        { password: 'x'.repeat(201), password_confirmation: 'x'.repeat(201) },
        M.invalidForm,
        { password: [M.passwordTooLong] },
      ],
      [
        { password_confirmation: 'Different#1' },
        M.passwordsDontMatch,
        { password_confirmation: [M.passwordsDontMatch] },
      ],
      [{ name: 'n'.repeat(201) }, M.invalidForm, { name: [M.nameTooLong] }],
      [{ phone_number: '1'.repeat(41) }, M.invalidForm, { phone_number: [M.phoneTooLong] }],
      // The profile's rule at sign-up (L4): what the probe stored, hidden characters, numbers nobody can dial.
      [{ phone_number: 'abc' }, M.invalidForm, { phone_number: [M.phoneInvalid] }],
      [{ phone_number: "</script><script>alert('ph')</script>" }, M.invalidForm, { phone_number: [M.phoneInvalid] }],
      [{ phone_number: '081 234 5678\u202e' }, M.invalidForm, { phone_number: [M.phoneInvalid] }],
      [{ phone_number: '081\u200b234 5678' }, M.invalidForm, { phone_number: [M.phoneInvalid] }],
      [{ phone_number: '081\u001b234\u00075678' }, M.invalidForm, { phone_number: [M.phoneInvalid] }],
      [{ phone_number: '081\t234 5678' }, M.invalidForm, { phone_number: [M.phoneInvalid] }],
      [{ phone_number: '123456' }, M.invalidForm, { phone_number: [M.phoneInvalid] }],
      [{ phone_number: '08123456' }, M.invalidForm, { phone_number: [M.phoneInvalid] }],
      [{ phone_number: '081234567890' }, M.invalidForm, { phone_number: [M.phoneInvalid] }],
      [{ phone_number: 42 }, M.invalidForm, { phone_number: [M.phoneInvalid] }],
      // The Set New Password rules (spec 5) for every new password: each kind of character is needed.
      ...['password', 'PASSWORD1#', 'password1#', 'Password#x', 'Password1x'].map(
        (password): [Record<string, unknown>, string, Record<string, string[]>] => [
          { password, password_confirmation: password },
          M.invalidForm,
          { password: [M.passwordWeak] },
        ],
      ),
    ];
    const before = await userCount();
    for (const [extra, message, errors] of cases) {
      const res = await register(app, uniqueEmail(), extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(json(res)).toEqual({ success: false, message, errors });
    }
    expect(await userCount()).toBe(before);
  });

  it('takes the phone numbers people write at sign-up, as the profile does (trimmed; blank is none)', async () => {
    for (const [typed, stored] of [
      [' 081-234-5678 ', '081-234-5678'],
      ['02 123 4567', '02 123 4567'],
      ['+66 (0)81 234 5678', '+66 (0)81 234 5678'],
      ['+66 2 123 4567', '+66 2 123 4567'],
      ['+44 20 7946 0958', '+44 20 7946 0958'],
      ['  ', null],
    ] as const) {
      const email = uniqueEmail();
      const res = await register(app, email, { phone_number: typed });
      expect(res.statusCode, typed).toBe(201);
      expect((await userRow(app, email))?.phoneNumber, typed).toBe(stored);
    }
  });

  it('takes a password of exactly 8 characters with every kind of character, not 7', async () => {
    const seven = await register(app, uniqueEmail(), { password: 'Ab1#efg', password_confirmation: 'Ab1#efg' });
    expect(json(seven).errors).toEqual({ password: [M.passwordTooShort] });
    const eight = await register(app, uniqueEmail(), { password: 'Ab1#efgh', password_confirmation: 'Ab1#efgh' });
    expect(eight.statusCode).toBe(201);
    // Letters and digits of any script count: Thai digits, Cyrillic case.
    const thai = await register(app, uniqueEmail(), { password: 'Пароль๑#x', password_confirmation: 'Пароль๑#x' });
    expect(thai.statusCode).toBe(201);
  });

  it('creates an unverified user and mails a code in the request language', async () => {
    const email = uniqueEmail('Mixed');
    const res = await register(
      app,
      email.toUpperCase(),
      { phone_number: '0812345678' },
      { 'accept-language': 'th,en;q=0.8' },
    );
    expect(res.statusCode).toBe(201);
    const body = json<{ success: boolean; message: string; payload: unknown }>(res);
    expect(body.message).toBe(M.signupSuccess);
    const user = User.strict().parse(body.payload);
    expect(user).toMatchObject({
      email: email.toLowerCase(),
      name: 'Somchai Jaidee',
      role: 'user',
      company_name: null,
      profile_image: null,
      subscription: { is_active: 0, package_id: null, ends_at: null },
    });
    expect(res.body).not.toMatch(/password|scrypt|hash/i);
    const row = await userRow(app, email);
    expect(row).toMatchObject({ phoneNumber: '0812345678', language: 'th', emailVerifiedAt: null });
    expect(row?.passwordHash).toMatch(/^scrypt\$14\$8\$1\$/);
    expect(row?.passwordHash).not.toContain(PASSWORD);

    const mail = await lastMail(app, email);
    expect(mail?.subject).toBe('ยืนยันอีเมลของคุณสำหรับ Baan');
    expect(mail?.text).toMatch(/รหัสยืนยันของคุณคือ \d{4} /);
    expect(mail?.html).toContain('<html lang="th">');
    // Only an HMAC of the code is stored.
    const [otp] = await app.db.select().from(otpCodes).where(eq(otpCodes.userId, user.id));
    expect(otp?.codeHash).not.toContain(await lastCode(app, email));
  });

  it('answers a repeat sign-up of a pending e-mail like a new one: new details, a new code; 409 once verified', async () => {
    const email = uniqueEmail();
    const first = await register(app, email, { phone_number: '0811111111' });
    const oldCode = await lastCode(app, email);
    const again = await register(
      app,
      email,
      { name: 'Malee Sukjai', password: 'Second#Pass2', password_confirmation: 'Second#Pass2' },
      { 'accept-language': 'ja' },
    );
    expect(again.statusCode).toBe(201);
    expect(json(again).message).toBe(M.signupSuccess);
    // The same account (no second row), answered in the same shape as a new one.
    expect(json<{ payload: { id: number } }>(again).payload.id).toBe(
      json<{ payload: { id: number } }>(first).payload.id,
    );
    expect(Object.keys(json<{ payload: object }>(again).payload).sort()).toEqual(
      Object.keys(json<{ payload: object }>(first).payload).sort(),
    );
    expect(await userRow(app, email)).toMatchObject({ name: 'Malee Sukjai', phoneNumber: null, language: 'ja' });
    const mail = await lastMail(app, email);
    expect(mail?.subject).toBe('Baan のメールアドレス確認');
    const code = await lastCode(app, email);
    // The code the first sign-up mailed no longer works; the new one does, and the new password logs in.
    if (code !== oldCode) {
      const stale = await post(app, '/api/verifyOtp', { email, otp: oldCode, type: 'register' });
      expect(stale.statusCode).toBe(400);
    }
    expect((await post(app, '/api/verifyOtp', { email, otp: code, type: 'register' })).statusCode).toBe(200);
    expect((await post(app, '/api/login', { email, password: PASSWORD })).statusCode).toBe(401);
    expect((await post(app, '/api/login', { email, password: 'Second#Pass2' })).statusCode).toBe(200);

    const verified = await register(app, email);
    expect(verified.statusCode).toBe(409);
    expect(json(verified)).toEqual({ success: false, message: M.emailTaken, errors: { email: [M.emailTaken] } });
    expect((await userRow(app, email))?.name).toBe('Malee Sukjai');
  });
});

describe('POST /api/login', () => {
  it('asks for both fields', async () => {
    for (const payload of [{}, { email: 'a@b.co' }, { password: 'x' }, { email: ' ', password: '' }]) {
      const res = await post(app, '/api/login', payload);
      expect(res.statusCode).toBe(400);
      expect(json(res).message).toBe(M.fillLogin);
    }
    const res = await post(app, '/api/login', {});
    expect(json(res).errors).toEqual({ email: [M.emailRequired], password: [M.passwordRequired] });
  });

  it('gives one 401 message for an unknown e-mail or a wrong password, and 403 until verified', async () => {
    const email = uniqueEmail();
    await register(app, email);
    const unknown = await post(app, '/api/login', { email: uniqueEmail(), password: PASSWORD });
    const wrong = await post(app, '/api/login', { email, password: 'Wrong#Pass1' });
    for (const res of [unknown, wrong]) {
      expect(res.statusCode).toBe(401);
      expect(json(res)).toEqual({ success: false, message: M.invalidCredentials });
    }
    const unverified = await post(app, '/api/login', { email, password: PASSWORD });
    expect(unverified.statusCode).toBe(403);
    // A stable code, so the client can send a new code and open the code screen.
    expect(json(unverified)).toEqual({
      success: false,
      message: M.notVerified,
      errors: { email: [M.notVerified] },
      code: AUTH_ERROR_CODES.emailNotVerified,
    });
    expect(ErrorEnvelope.strict().safeParse(json(unverified)).success).toBe(true);
  });

  it('logs a verified user in with a token, stores their language, and GET /api/user answers the same user', async () => {
    const email = uniqueEmail();
    await register(app, email);
    await post(app, '/api/verifyOtp', { email, otp: await lastCode(app, email), type: 'register' });
    const res = await post(
      app,
      '/api/login',
      { email: ` ${email.toUpperCase()} `, password: PASSWORD },
      { 'accept-language': 'ja' },
    );
    expect(res.statusCode).toBe(200);
    const body = json<{ message: string; payload: { user: unknown; token: string } }>(res);
    expect(body.message).toBe(M.loginSuccess);
    const user = User.strict().parse(body.payload.user);
    expect((await userRow(app, email))?.language).toBe('ja');
    const me = await app.inject({ method: 'GET', url: '/api/user', headers: bearer(body.payload.token) });
    expect(me.statusCode).toBe(200);
    expect(json(me).payload).toEqual(user);
  });

  it('refuses a disabled account after the right password only', async () => {
    const { email, token } = await signUpAndLogin(app);
    await app.db.update(users).set({ disabledAt: new Date() }).where(eq(users.email, email));
    const wrong = await post(app, '/api/login', { email, password: 'Wrong#Pass1' });
    expect(wrong.statusCode).toBe(401);
    const right = await post(app, '/api/login', { email, password: PASSWORD });
    expect(right.statusCode).toBe(403);
    expect(json(right).message).toBe(M.disabled);
    const me = await app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
    expect(me.statusCode).toBe(401);
  });
});

describe('POST /api/verifyOtp (register)', () => {
  it('validates the code and the type', async () => {
    const email = uniqueEmail();
    for (const otp of [undefined, '', '12', '12345', 'abcd', '12a4']) {
      const res = await post(app, '/api/verifyOtp', { email, otp, type: 'register' });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({ success: false, message: M.fullOtpRequired, errors: { otp: [M.fullOtpRequired] } });
    }
    const badType = await post(app, '/api/verifyOtp', { email, otp: '1234', type: 'login' });
    expect(json(badType)).toEqual({ success: false, message: M.invalidForm, errors: { type: [M.typeInvalid] } });
    const noEmail = await post(app, '/api/verifyOtp', { otp: '1234', type: 'register' });
    expect(json(noEmail).errors).toEqual({ email: [M.emailRequired] });
  });

  it('refuses a wrong code, accepts the right one once, then refuses it reused', async () => {
    const email = uniqueEmail();
    await register(app, email);
    const code = await lastCode(app, email);
    const wrong = await post(app, '/api/verifyOtp', { email, otp: otherCode(code), type: 'register' });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toEqual({ success: false, message: M.invalidOtp, errors: { otp: [M.invalidOtp] } });
    expect((await userRow(app, email))?.emailVerifiedAt).toBeNull();

    const right = await post(app, '/api/verifyOtp', { email, otp: code, type: 'register', phone_number: '0812345678' });
    expect(right.statusCode).toBe(200);
    expect(json(right)).toEqual({ success: true, message: M.otpVerified, payload: null });
    expect((await userRow(app, email))?.emailVerifiedAt).toBeInstanceOf(Date);

    const reused = await post(app, '/api/verifyOtp', { email, otp: code, type: 'register' });
    expect(reused.statusCode).toBe(400);
    expect(json(reused).message).toBe(M.invalidOtp);
    // A register code is no forgot-password code.
    const otherType = await post(app, '/api/verifyOtp', { email, otp: code, type: 'forgot_password' });
    expect(json(otherType).message).toBe(M.invalidOtp);
  });

  it('answers an unknown e-mail like a wrong code', async () => {
    const res = await post(app, '/api/verifyOtp', { email: uniqueEmail(), otp: '1234', type: 'register' });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(M.invalidOtp);
  });

  it('expires a code after 10 minutes', async () => {
    const email = uniqueEmail();
    await register(app, email);
    const code = await lastCode(app, email);
    const restore = advance(10 * 60_000 + 1000);
    try {
      const res = await post(app, '/api/verifyOtp', { email, otp: code, type: 'register' });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({ success: false, message: M.expiredOtp, errors: { otp: [M.expiredOtp] } });
    } finally {
      restore();
    }
    const stillFine = advance(9 * 60_000);
    try {
      const res = await post(app, '/api/verifyOtp', { email, otp: code, type: 'register' });
      expect(res.statusCode).toBe(200);
    } finally {
      stillFine();
    }
  });

  it('voids a code on the fifth wrong try', async () => {
    const email = uniqueEmail();
    await register(app, email);
    const code = await lastCode(app, email);
    for (let i = 1; i <= 4; i++) {
      const res = await post(app, '/api/verifyOtp', { email, otp: otherCode(code), type: 'register' });
      expect(json(res).message, `try ${i}`).toBe(M.invalidOtp);
    }
    const fifth = await post(app, '/api/verifyOtp', { email, otp: otherCode(code), type: 'register' });
    expect(fifth.statusCode).toBe(400);
    expect(json(fifth).message).toBe(M.voidedOtp);
    const right = await post(app, '/api/verifyOtp', { email, otp: code, type: 'register' });
    expect(right.statusCode).toBe(400);
    expect(json(right).message).toBe(M.invalidOtp);
    expect((await userRow(app, email))?.emailVerifiedAt).toBeNull();
  });
});

describe('POST /api/resendOtp', () => {
  it('voids the old code and sends a new one', async () => {
    const email = uniqueEmail();
    await register(app, email);
    const first = await lastCode(app, email);
    const res = await post(app, '/api/resendOtp', { email, type: 'register' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ success: true, message: M.otpSent, payload: null });
    const second = await lastCode(app, email);
    const [{ n } = { n: 0 }] = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email));
    expect(n).toBe(2);
    if (first !== second) {
      const old = await post(app, '/api/verifyOtp', { email, otp: first, type: 'register' });
      expect(json(old).message).toBe(M.invalidOtp);
    }
    const fresh = await post(app, '/api/verifyOtp', { email, otp: second, type: 'register' });
    expect(fresh.statusCode).toBe(200);
  });

  it('answers the same for unknown, verified and pending e-mails, and mails only where a code is useful', async () => {
    const verified = await signUpAndLogin(app);
    const unknown = uniqueEmail();
    const outboxSize = async () => (await app.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox))[0]?.n ?? 0;
    const before = await outboxSize();
    const a = await post(app, '/api/resendOtp', { email: unknown, type: 'forgot_password' });
    const b = await post(app, '/api/resendOtp', { email: unknown, type: 'register' });
    const c = await post(app, '/api/resendOtp', { email: verified.email, type: 'register' });
    await app.mailer.drain();
    expect(await outboxSize()).toBe(before);
    const d = await post(app, '/api/resendOtp', { email: verified.email, type: 'forgot_password' });
    await app.mailer.drain();
    expect(await outboxSize()).toBe(before + 1);
    for (const res of [a, b, c, d]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(a.body);
    }
  });

  it('validates its input', async () => {
    const res = await post(app, '/api/resendOtp', { email: 'nope', type: 'x' });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({
      success: false,
      message: M.invalidForm,
      errors: { email: [M.emailInvalid], type: [M.typeInvalid] },
    });
  });
});

describe('forgot password', () => {
  async function resetToken(email: string) {
    // Earlier mails (the sign-up code) must be in the outbox first: two mail jobs in flight at once
    // can land in either order, and the newest row must be this code.
    await app.mailer.drain();
    await post(app, '/api/resendOtp', { email, type: 'forgot_password' });
    const code = await lastCode(app, email);
    const res = await post(app, '/api/verifyOtp', { email, otp: code, type: 'forgot_password' });
    expect(res.statusCode).toBe(200);
    const body = json<{ message: string; payload: string }>(res);
    expect(body.message).toBe(M.otpVerifiedForReset);
    expect(body.payload).toMatch(/^[A-Za-z0-9_-]{43}$/);
    return body.payload;
  }

  it('validates the new password form', async () => {
    const email = uniqueEmail();
    const cases: [Record<string, unknown>, string, Record<string, string[]>][] = [
      [
        { email, password: PASSWORD, password_confirmation: PASSWORD },
        M.missingToken,
        { verification_token: [M.missingToken] },
      ],
      [
        { email, password: '', password_confirmation: '', verification_token: 'x' },
        M.fillBothPasswords,
        { password: [M.passwordRequired, M.passwordTooShort], password_confirmation: [M.confirmRequired] },
      ],
      [
        { email, password: PASSWORD, password_confirmation: 'Other#Pass1', verification_token: 'x' },
        M.passwordsDontMatch,
        { password_confirmation: [M.passwordsDontMatch] },
      ],
      [
        { email, password: 'short', password_confirmation: 'short', verification_token: 'x' },
        M.invalidForm,
        { password: [M.passwordTooShort] },
      ],
    ];
    for (const [payload, message, errors] of cases) {
      const res = await post(app, '/api/newPassword', payload);
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({ success: false, message, errors });
    }
  });

  it('sets a new password once with the token, ends old sessions, and refuses the token again', async () => {
    const { email, token: oldToken } = await signUpAndLogin(app);
    const token = await resetToken(email);
    const NEW = 'Brand#New2pass';
    const wrongEmail = await post(app, '/api/newPassword', {
      email: uniqueEmail(),
      password: NEW,
      password_confirmation: NEW,
      verification_token: token,
    });
    expect(wrongEmail.statusCode).toBe(400);
    expect(json(wrongEmail).message).toBe(M.invalidResetToken);

    const ok = await post(app, '/api/newPassword', {
      email,
      password: NEW,
      password_confirmation: NEW,
      verification_token: token,
    });
    expect(ok.statusCode).toBe(200);
    expect(json(ok)).toEqual({ success: true, message: M.passwordResetSuccess, payload: null });

    const again = await post(app, '/api/newPassword', {
      email,
      password: 'Third#Pass3',
      password_confirmation: 'Third#Pass3',
      verification_token: token,
    });
    expect(again.statusCode).toBe(400);
    expect(json(again)).toEqual({
      success: false,
      message: M.invalidResetToken,
      errors: { verification_token: [M.invalidResetToken] },
    });

    expect((await post(app, '/api/login', { email, password: PASSWORD })).statusCode).toBe(401);
    expect((await post(app, '/api/login', { email, password: NEW })).statusCode).toBe(200);
    const old = await app.inject({ method: 'GET', url: '/api/user', headers: bearer(oldToken) });
    expect(old.statusCode).toBe(401);
  });

  it('refuses an expired token, and a newer token voids the older one', async () => {
    const { email } = await signUpAndLogin(app);
    const first = await resetToken(email);
    const second = await resetToken(email);
    const body = (verification_token: string) => ({
      email,
      password: 'Brand#New2pass',
      password_confirmation: 'Brand#New2pass',
      verification_token,
    });
    expect(json(await post(app, '/api/newPassword', body(first))).message).toBe(M.invalidResetToken);
    const restore = advance(16 * 60_000);
    try {
      expect(json(await post(app, '/api/newPassword', body(second))).message).toBe(M.invalidResetToken);
    } finally {
      restore();
    }
    expect((await post(app, '/api/newPassword', body(second))).statusCode).toBe(200);
  });

  it('lets an unverified account recover and counts it verified', async () => {
    const email = uniqueEmail();
    await register(app, email);
    const token = await resetToken(email);
    const res = await post(app, '/api/newPassword', {
      email,
      password: 'Brand#New2pass',
      password_confirmation: 'Brand#New2pass',
      verification_token: token,
    });
    expect(res.statusCode).toBe(200);
    expect((await post(app, '/api/login', { email, password: 'Brand#New2pass' })).statusCode).toBe(200);
  });
});

describe('tokens', () => {
  const me = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/user', headers });

  it('answers 401 without a token or with a malformed one', async () => {
    const variants: Record<string, string>[] = [
      {},
      { authorization: 'Bearer' },
      { authorization: 'Basic abc' },
      { authorization: 'Bearer a.b' },
    ];
    for (const headers of variants) {
      const res = await me(headers);
      expect(res.statusCode).toBe(401);
      expect(json(res)).toEqual({ success: false, message: M.loginRequired });
    }
  });

  it('answers 401 for a tampered token', async () => {
    const { token } = await signUpAndLogin(app);
    const [head, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const otherSubject = Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url');
    const flipped = forged(signature);
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    for (const bad of [`${head}.${otherSubject}.${signature}`, `${head}.${payload}.${flipped}`, none]) {
      expect((await me(bearer(bad))).statusCode).toBe(401);
    }
    expect((await me(bearer(token))).statusCode).toBe(200);
  });

  it('expires after a day, or after 30 days with remember-me', async () => {
    const short = await signUpAndLogin(app);
    const long = await signUpAndLogin(app, uniqueEmail(), true);
    let restore = advance(24 * 3600_000 - 60_000);
    try {
      expect((await me(bearer(short.token))).statusCode).toBe(200);
    } finally {
      restore();
    }
    restore = advance(24 * 3600_000 + 1000);
    try {
      const res = await me(bearer(short.token));
      expect(res.statusCode).toBe(401);
      expect(json(res).message).toBe(M.sessionExpired);
      expect((await me(bearer(long.token))).statusCode).toBe(200);
    } finally {
      restore();
    }
    restore = advance(30 * 24 * 3600_000 + 1000);
    try {
      expect((await me(bearer(long.token))).statusCode).toBe(401);
    } finally {
      restore();
    }
  });

  it('answers 401 for a deleted user', async () => {
    const { token, userId } = await signUpAndLogin(app);
    await app.db.delete(users).where(eq(users.id, userId));
    const res = await me(bearer(token));
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/update/profile', () => {
  const update = (token: string, payload: unknown) =>
    app.inject({ method: 'POST', url: '/api/update/profile', headers: bearer(token), payload: payload as object });

  it('needs a token', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/update/profile', payload: { name: 'X' } });
    expect(res.statusCode).toBe(401);
  });

  it('changes the name, refusing a blank one', async () => {
    const { token, email } = await signUpAndLogin(app);
    for (const payload of [{}, { name: '' }, { name: '   ' }]) {
      const res = await update(token, payload);
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({ success: false, message: M.nameRequired, errors: { name: [M.nameRequired] } });
    }
    const long = await update(token, { name: 'x'.repeat(201) });
    expect(json(long).message).toBe(M.nameTooLong);
    expect((await userRow(app, email))?.name).toBe('Somchai Jaidee');
    const res = await update(token, { name: '  Malee Sukjai ' });
    expect(res.statusCode).toBe(200);
    const body = json<{ message: string; payload: unknown }>(res);
    expect(body.message).toBe(M.profileUpdated);
    expect(User.strict().parse(body.payload).name).toBe('Malee Sukjai');
  });

  it('sets the mobile number and LINE ID that the owner’s listings show; bad ones change nothing', async () => {
    const { token, email, userId } = await signUpAndLogin(app);
    const before = await userRow(app, email);
    const refused: [Record<string, unknown>, string, string][] = [
      [{ line_id: 'ab' }, 'line_id', M.lineIdInvalid],
      [{ line_id: 'x'.repeat(21) }, 'line_id', M.lineIdInvalid],
      [{ line_id: 'siam prime' }, 'line_id', M.lineIdInvalid],
      [{ line_id: 'สยาม' }, 'line_id', M.lineIdInvalid],
      [{ line_id: 42 }, 'line_id', M.lineIdInvalid],
      [{ phone_number: 'call me' }, 'phone_number', M.phoneInvalid],
      [{ phone_number: '12345' }, 'phone_number', M.phoneInvalid],
      [{ phone_number: '1'.repeat(41) }, 'phone_number', M.phoneInvalid],
    ];
    for (const [fields, field, message] of refused) {
      const res = await update(token, { name: 'Malee Sukjai', ...fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(json(res)).toEqual({ success: false, message, errors: { [field]: [message] } });
    }
    expect(await userRow(app, email)).toEqual(before);

    // Four characters and twenty (the limits), an official account's @, upper case stored as LINE shows it.
    for (const lineId of ['abcd', 'a'.repeat(20), '@SiamPrime']) {
      const res = await update(token, { name: 'Malee Sukjai', line_id: lineId, phone_number: ' +66 81 234 5678 ' });
      expect(res.statusCode, lineId).toBe(200);
      const payload = User.strict().parse(json<{ payload: unknown }>(res).payload);
      expect(payload).toMatchObject({ line_id: lineId.toLowerCase(), phone_number: '+66 81 234 5678' });
    }
    const listing = await makeListing(app, userId, { status: 'active' });
    const detail = async () =>
      json<{ payload: { owner: Record<string, unknown> } }>(await app.inject(`/api/property/${listing.id}`)).payload
        .owner;
    expect(await detail()).toMatchObject({ phone_number: '+66 81 234 5678', line_id: '@siamprime' });

    // Left out, a detail stays; empty, it is removed and the page offers no button for it.
    await update(token, { name: 'Malee Sukjai' });
    expect(await detail()).toMatchObject({ phone_number: '+66 81 234 5678', line_id: '@siamprime' });
    expect((await update(token, { name: 'Malee Sukjai', line_id: '', phone_number: '  ' })).statusCode).toBe(200);
    expect(await detail()).toMatchObject({ phone_number: null, line_id: null });
    const me = await app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
    expect(json<{ payload: User }>(me).payload).toMatchObject({ phone_number: null, line_id: null });
  });

  it('changes the password with the right current one and ends other sessions', async () => {
    const { token, email } = await signUpAndLogin(app);
    const NEW = 'Changed#Pass9';
    const cases: [Record<string, unknown>, string, Record<string, string[]>][] = [
      [
        { current_password: '', new_password: '', new_password_confirmation: '' },
        M.allPasswordFieldsRequired,
        {
          current_password: [M.currentPasswordRequired],
          new_password: [M.passwordRequired, M.passwordTooShort],
          new_password_confirmation: [M.confirmRequired],
        },
      ],
      [
        { current_password: PASSWORD, new_password: NEW, new_password_confirmation: 'Other#Pass9' },
        M.passwordsDontMatch,
        { new_password_confirmation: [M.passwordsDontMatch] },
      ],
      [
        { current_password: 'Wrong#Pass1', new_password: NEW, new_password_confirmation: NEW },
        M.wrongCurrentPassword,
        { current_password: [M.wrongCurrentPassword] },
      ],
    ];
    const hashBefore = (await userRow(app, email))?.passwordHash;
    for (const [payload, message, errors] of cases) {
      const res = await update(token, payload);
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({ success: false, message, errors });
    }
    expect((await userRow(app, email))?.passwordHash).toBe(hashBefore);

    const res = await update(token, { current_password: PASSWORD, new_password: NEW, new_password_confirmation: NEW });
    expect(res.statusCode).toBe(200);
    const body = json<{ message: string; payload: { token: string } & Record<string, unknown> }>(res);
    expect(body.message).toBe(M.passwordChanged);
    expect(body.payload.email).toBe(email);
    expect(res.body).not.toContain(NEW);
    expect((await app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/api/user', headers: bearer(body.payload.token) })).statusCode,
    ).toBe(200);
    expect((await post(app, '/api/login', { email, password: NEW })).statusCode).toBe(200);
  });
});
