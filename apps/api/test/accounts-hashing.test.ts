import { AUTH_MESSAGES as M } from '@baan/contract';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mailOutbox, users } from '../src/db/schema.ts';
import { RATE_LIMITS } from '../src/lib/rate-limit.ts';
import { HASH_CONCURRENCY, HASH_MAX_WAITING } from '../src/plugins/infra/passwords.ts';
import { RESET_TOKEN_TTL_MS } from '../src/services/accounts/reset-password.ts';
import { build } from './helpers.ts';
import {
  bearer,
  json,
  lastCode,
  PASSWORD,
  post,
  register,
  signUpAndLogin,
  uniqueEmail,
  userRow,
} from './support/accounts.ts';

const app = await build();
const NEW = 'Brand#New2pass';
const count = async (table: typeof users | typeof mailOutbox) =>
  (await app.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n ?? 0;

/** Counts the real hasher's calls (it still hashes). */
function watchHashing() {
  return { hash: vi.spyOn(app.passwords, 'hash'), verify: vi.spyOn(app.passwords, 'verify') };
}

afterEach(() => {
  vi.restoreAllMocks();
});

async function resetToken(email: string): Promise<string> {
  await app.mailer.drain(); // the sign-up code's mail lands first, so the newest row is this code
  await post(app, '/api/resendOtp', { email, type: 'forgot_password' });
  const res = await post(app, '/api/verifyOtp', { email, otp: await lastCode(app, email), type: 'forgot_password' });
  return json<{ payload: string }>(res).payload;
}

/** Takes every hashing slot and every place in line until the returned function is called. */
function fillHashingLine(): () => Promise<void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  // Each place is a preferred one (an owner at home), so no newcomer can take it.
  const held = Array.from({ length: HASH_CONCURRENCY + HASH_MAX_WAITING }, (_, i) =>
    app.passwords.queue.run(() => gate, { keys: [`filler:${i}`], preferred: true }),
  );
  expect(app.passwords.queue.waiting).toBe(HASH_MAX_WAITING);
  return async () => {
    release();
    await Promise.all(held);
  };
}

function expectBusy(res: Awaited<ReturnType<typeof post>>) {
  expect(res.statusCode).toBe(503);
  expect(json(res)).toEqual({ success: false, message: M.busy });
  expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
}

describe('password hashing line', () => {
  it('answers 503 with Retry-After on every hashing call while the line is full, and changes nothing', async () => {
    const { email, token } = await signUpAndLogin(app);
    const reset = await resetToken(email);
    const hashBefore = (await userRow(app, email))?.passwordHash;
    const usersBefore = await count(users);
    await app.mailer.drain();
    const mailsBefore = await count(mailOutbox);

    const release = fillHashingLine();
    try {
      expectBusy(await register(app, uniqueEmail()));
      expectBusy(await post(app, '/api/login', { email, password: PASSWORD }));
      // An unknown e-mail is refused the same way, so a full line tells no one which accounts exist.
      expectBusy(await post(app, '/api/login', { email: uniqueEmail(), password: PASSWORD }));
      expectBusy(
        await post(app, '/api/newPassword', {
          email,
          password: NEW,
          password_confirmation: NEW,
          verification_token: reset,
        }),
      );
      expectBusy(
        await app.inject({
          method: 'POST',
          url: '/api/update/profile',
          headers: bearer(token),
          payload: { current_password: PASSWORD, new_password: NEW, new_password_confirmation: NEW },
        }),
      );
      // Calls that hash nothing still answer.
      expect((await app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) })).statusCode).toBe(200);
    } finally {
      await release();
    }

    await app.mailer.drain();
    expect(await count(users)).toBe(usersBefore);
    expect(await count(mailOutbox)).toBe(mailsBefore);
    expect((await userRow(app, email))?.passwordHash).toBe(hashBefore);
    // The reset token was not spent: it works now that the line is free, and so does everything else.
    const ok = await post(app, '/api/newPassword', {
      email,
      password: NEW,
      password_confirmation: NEW,
      verification_token: reset,
    });
    expect(ok.statusCode).toBe(200);
    expect((await post(app, '/api/login', { email, password: NEW })).statusCode).toBe(200);
    expect((await register(app, uniqueEmail())).statusCode).toBe(201);
  });

  it('hashes one password at a time however many arrive together', async () => {
    const { hash } = watchHashing();
    let inside = 0;
    let most = 0;
    const { queue } = app.passwords;
    const run = queue.run.bind(queue);
    vi.spyOn(queue, 'run').mockImplementation((task) =>
      run(async () => {
        inside += 1;
        most = Math.max(most, inside);
        try {
          return await task();
        } finally {
          inside -= 1;
        }
      }),
    );
    const answers = await Promise.all(Array.from({ length: 6 }, () => register(app, uniqueEmail())));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    expect(hash).toHaveBeenCalledTimes(6);
    expect(most).toBe(HASH_CONCURRENCY);
  });
});

describe('cheap checks before any hashing', () => {
  it('POST /api/newPassword: a wrong, spent or expired token is refused without hashing', async () => {
    const { email } = await signUpAndLogin(app);
    const { hash } = watchHashing();
    const body = (verification_token: string, to = email) => ({
      email: to,
      password: NEW,
      password_confirmation: NEW,
      verification_token,
    });
    const wrong = await post(app, '/api/newPassword', body('made-up-token'));
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toEqual({
      success: false,
      message: M.invalidResetToken,
      errors: { verification_token: [M.invalidResetToken] },
    });
    const token = await resetToken(email);
    // A real token offered for another e-mail is as wrong.
    expect((await post(app, '/api/newPassword', body(token, uniqueEmail()))).statusCode).toBe(400);
    expect(hash).not.toHaveBeenCalled();

    expect((await post(app, '/api/newPassword', body(token))).statusCode).toBe(200);
    expect(hash).toHaveBeenCalledTimes(1);
    // Spent.
    expect((await post(app, '/api/newPassword', body(token))).statusCode).toBe(400);
    // Expired.
    const later = await resetToken(email);
    const realNow = app.clock.now;
    app.clock.now = () => new Date(realNow().getTime() + RESET_TOKEN_TTL_MS + 1000);
    try {
      expect((await post(app, '/api/newPassword', body(later))).statusCode).toBe(400);
    } finally {
      app.clock.now = realNow;
    }
    expect(hash).toHaveBeenCalledTimes(1);
  });

  it('POST /api/newPassword is limited per address and per e-mail, and a limited call hashes nothing', async () => {
    const rule = RATE_LIMITS.newPassword;
    const { hash } = watchHashing();
    const ip = '198.51.100.40';
    const attempt = (email: string, from?: string) =>
      post(
        app,
        '/api/newPassword',
        { email, password: NEW, password_confirmation: NEW, verification_token: 'guess' },
        {},
        from,
      );
    for (let i = 0; i < rule.perIp; i++) expect((await attempt(uniqueEmail(), ip)).statusCode).toBe(400);
    const byIp = await attempt(uniqueEmail(), ip);
    expect(byIp.statusCode).toBe(429);
    expect(Number(byIp.headers['retry-after'])).toBeGreaterThan(0);

    const email = uniqueEmail();
    const from = '198.51.100.41';
    for (let i = 0; i < rule.perEmailNetwork; i++) expect((await attempt(email, from)).statusCode).toBe(400);
    expect((await attempt(email, from)).statusCode).toBe(429);
    // Per (e-mail, network): the same e-mail from another network is not held.
    expect((await attempt(email, '198.51.100.42')).statusCode).toBe(400);
    expect(hash).not.toHaveBeenCalled();
  });

  it('POST /api/register: a verified e-mail is 409 before any hashing', async () => {
    const { email } = await signUpAndLogin(app);
    const { hash } = watchHashing();
    const res = await register(app, email);
    expect(res.statusCode).toBe(409);
    expect(json(res)).toEqual({ success: false, message: M.emailTaken, errors: { email: [M.emailTaken] } });
    expect(hash).not.toHaveBeenCalled();
  });

  it('POST /api/login: a limited attempt checks no password', async () => {
    const { email } = await signUpAndLogin(app);
    const { verify } = watchHashing();
    const from = '198.51.100.43';
    for (let i = 0; i < RATE_LIMITS.login.perEmailNetwork; i++) {
      expect((await post(app, '/api/login', { email, password: 'Wrong#Pass1' }, {}, from)).statusCode).toBe(401);
    }
    expect(verify).toHaveBeenCalledTimes(RATE_LIMITS.login.perEmailNetwork);
    expect((await post(app, '/api/login', { email, password: PASSWORD }, {}, from)).statusCode).toBe(429);
    expect(verify).toHaveBeenCalledTimes(RATE_LIMITS.login.perEmailNetwork);
  });
});

describe('a hashing flood (issue 21, M1)', () => {
  const from = (ip: string) => (url: string, payload: unknown) => post(app, url, payload, {}, ip);

  /** A verified account that logged in from `home` (so home is a network it proved itself on). */
  async function ownerAt(home: string) {
    const email = uniqueEmail('owner');
    const at = from(home);
    await at('/api/register', {
      name: 'Somchai',
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      accept_terms: true,
    });
    expect((await at('/api/verifyOtp', { email, otp: await lastCode(app, email), type: 'register' })).statusCode).toBe(
      200,
    );
    expect((await at('/api/login', { email, password: PASSWORD })).statusCode).toBe(200);
    return email;
  }

  /** Holds the one hashing slot until the returned function is called (the line stays empty). */
  function holdTheSlot(): () => Promise<void> {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const running = app.passwords.queue.run(() => gate);
    return async () => {
      release();
      await running;
    };
  }

  it('counts no request answered 503 against any limit: the person refused during the flood gets in after it', async () => {
    const email = await ownerAt('198.51.100.60');
    const at = from('198.51.100.61');
    const release = fillHashingLine();
    try {
      // More refusals than the network's login limit (30) and than its wrong-password limit (10).
      for (let i = 0; i < RATE_LIMITS.login.perIp + 5; i++)
        expectBusy(await at('/api/login', { email, password: PASSWORD }));
      for (let i = 0; i < RATE_LIMITS.register.perIp + 2; i++) {
        const other = uniqueEmail();
        expectBusy(
          await at('/api/register', {
            name: 'S',
            email: other,
            password: PASSWORD,
            password_confirmation: PASSWORD,
            accept_terms: true,
          }),
        );
      }
    } finally {
      await release();
    }
    // Nothing of it was counted: the counters are as if those requests never came.
    const counters = app.rateLimit.counters();
    expect((await counters.peek('login:ip:198.51.100.61')).count).toBe(0);
    expect((await counters.peek('register:ip:198.51.100.61')).count).toBe(0);
    expect((await at('/api/login', { email, password: PASSWORD })).statusCode).toBe(200);
    expect(
      (
        await at('/api/register', {
          name: 'S',
          email: uniqueEmail(),
          password: PASSWORD,
          password_confirmation: PASSWORD,
          accept_terms: true,
        })
      ).statusCode,
    ).toBe(201);
  });

  it('keeps one waiting hash per network and per account; the rest are answered 503 at once', async () => {
    const release = holdTheSlot();
    const target = uniqueEmail('target');
    let waiting: Promise<Awaited<ReturnType<typeof post>>>[] = [];
    try {
      waiting = [from('198.51.100.70')('/api/login', { email: uniqueEmail(), password: PASSWORD })];
      await vi.waitFor(() => expect(app.passwords.queue.waiting).toBe(1));
      // The same network again, for another account: refused without waiting.
      expectBusy(await from('198.51.100.70')('/api/login', { email: uniqueEmail(), password: PASSWORD }));
      waiting.push(from('198.51.100.71')('/api/login', { email: target, password: PASSWORD }));
      await vi.waitFor(() => expect(app.passwords.queue.waiting).toBe(2));
      // The same account from another network: refused without waiting.
      expectBusy(await from('198.51.100.72')('/api/login', { email: target, password: PASSWORD }));
    } finally {
      await release();
    }
    expect((await Promise.all(waiting)).map((r) => r.statusCode)).toEqual([401, 401]);
  });

  it('lets the owner’s login from their home network go first, taking a flooder’s place in a full line', async () => {
    const home = '198.51.100.80';
    const email = await ownerAt(home);
    const { verify } = watchHashing();
    const release = holdTheSlot();
    // Which client each hash was for, in the order they ran.
    const ran: string[] = [];
    const { queue } = app.passwords;
    const run = queue.run.bind(queue);
    vi.spyOn(queue, 'run').mockImplementation((task, ticket) =>
      run(async () => {
        ran.push(ticket?.keys[0] ?? 'none');
        return task();
      }, ticket),
    );
    const flood: Promise<Awaited<ReturnType<typeof post>>>[] = [];
    let owner: Promise<Awaited<ReturnType<typeof post>>> | undefined;
    try {
      for (let i = 0; i < HASH_MAX_WAITING; i++) {
        flood.push(from(`198.51.101.${i + 1}`)('/api/login', { email: uniqueEmail(), password: PASSWORD }));
        await vi.waitFor(() => expect(app.passwords.queue.waiting).toBe(i + 1));
      }
      expectBusy(await from('198.51.101.99')('/api/login', { email: uniqueEmail(), password: PASSWORD }));
      // The owner from a network they never used waits like anyone: the line is full.
      expectBusy(await from('198.51.101.98')('/api/login', { email, password: PASSWORD }));
      owner = from(home)('/api/login', { email, password: PASSWORD });
      await vi.waitFor(() => expect(verify).toHaveBeenCalledTimes(HASH_MAX_WAITING + 3));
    } finally {
      await release();
    }
    expect((await owner)?.statusCode).toBe(200);
    const answers = (await Promise.all(flood)).map((r) => r.statusCode);
    // The newest flooder gave its place; the others were hashed after the owner.
    expect(answers).toEqual([...Array(HASH_MAX_WAITING - 1).fill(401), 503]);
    expect(ran[0]).toBe(`net:${home}`);
    expect(ran).toHaveLength(HASH_MAX_WAITING);
  });
});
