/**
 * Issue 21, items 2, 3 and 5 (ADR 019): a burst of the calls attackers flood from one network is answered with a
 * proof-of-work challenge instead of the work. Below the burst nobody sees one; a solution is good once, for the
 * network it was issued to, before it expires; a bad one is a 400 and writes nothing; the owner's login from their
 * own network is never challenged by another network's burst.
 */
import { createHash } from 'node:crypto';
import { AUTH_ERROR_CODES, CHALLENGE_HEADERS, leadingZeroBits, AUTH_MESSAGES as M } from '@baan/contract';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contactMessages, jobs, propertyInquiries, users } from '../src/db/schema.ts';
import { DEFAULT_CHALLENGE } from '../src/lib/burst-challenge.ts';
import { RATE_LIMITS } from '../src/lib/rate-limit.ts';
import { HASH_CONCURRENCY, HASH_MAX_WAITING } from '../src/plugins/infra/passwords.ts';
import { SEND_CODE_JOB } from '../src/routes/accounts/index.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';
import { json, lastCode, PASSWORD, post, uniqueEmail } from './support/accounts.ts';

// The production rules, with challenges cheap enough for a test to solve at once (2^8 hashes, not 2^16).
const RULES = { ...DEFAULT_CHALLENGE, bits: 8, maxBits: 10 };
const app = await build({ challenge: RULES });

let offset = 0;
const realNow = app.clock.now;
function advance(ms: number) {
  offset += ms;
  app.clock.now = () => new Date(realNow().getTime() + offset);
}

afterEach(() => {
  vi.restoreAllMocks();
});

let seq = 0;
/** A network nobody used before. */
const network = () => {
  seq += 1;
  return `203.0.${Math.floor(seq / 250) % 250}.${(seq % 250) + 1}`;
};

/** The first nonce that solves the challenge, as the web app finds it. */
function solve(challenge: string, bits: number): string {
  for (let nonce = 0; ; nonce++) {
    if (leadingZeroBits(createHash('sha256').update(`${challenge}${nonce}`).digest()) >= bits) return String(nonce);
  }
}
/** A nonce that does not solve it. */
function wrongNonce(challenge: string, bits: number): string {
  for (let nonce = 0; ; nonce++) {
    if (leadingZeroBits(createHash('sha256').update(`${challenge}${nonce}`).digest()) < bits) return String(nonce);
  }
}

function challengeOf(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(429);
  expect(json(res)).toEqual({ success: false, message: M.challengeRequired, code: AUTH_ERROR_CODES.challengeRequired });
  const challenge = String(res.headers[CHALLENGE_HEADERS.challenge]);
  const bits = Number(res.headers[CHALLENGE_HEADERS.bits]);
  expect(challenge).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
  return { challenge, bits, solution: `${challenge}:${solve(challenge, bits)}` };
}

function expectInvalid(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(400);
  expect(json(res)).toEqual({ success: false, message: M.challengeInvalid, code: AUTH_ERROR_CODES.challengeInvalid });
  expect(res.headers[CHALLENGE_HEADERS.challenge]).toBeUndefined();
}

const solved = (solution: string) => ({ [CHALLENGE_HEADERS.solution]: solution });
const resend = (ip: string, headers: Record<string, string> = {}, email = uniqueEmail()) =>
  post(app, '/api/resendOtp', { email, type: 'forgot_password' }, headers, ip);
const codeJobs = async () =>
  (await app.db.select({ n: count() }).from(jobs).where(eq(jobs.kind, SEND_CODE_JOB)))[0]?.n ?? 0;

/** Spends the network's burst with well-formed code requests, each answered as usual. */
async function spendBurst(ip: string) {
  for (let i = 0; i < RULES.burst; i++) {
    const res = await resend(ip);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers[CHALLENGE_HEADERS.challenge]).toBeUndefined();
  }
}

describe('a burst from one network is challenged', () => {
  it('answers the burst unchallenged, then challenges the next call and does none of its work', async () => {
    const ip = network();
    const before = await codeJobs();
    await spendBurst(ip);
    expect(await codeJobs()).toBe(before + RULES.burst);
    // One past the burst: a challenge of the first difficulty, and no code job.
    const { bits } = challengeOf(await resend(ip));
    expect(bits).toBe(RULES.bits);
    expect(await codeJobs()).toBe(before + RULES.burst);
    // Another network is not touched by this one's burst.
    expect((await resend(network())).statusCode).toBe(200);
  });

  it('asks more work the longer the burst goes on, up to the most', async () => {
    const ip = network();
    await spendBurst(ip);
    const asked: number[] = [];
    // Code requests up to the network's hourly limit of them, then sign-ups: one burst across the calls.
    for (let i = 0; i < RATE_LIMITS.resendOtp.perIp - RULES.burst; i++) asked.push(challengeOf(await resend(ip)).bits);
    for (let i = 0; i < RULES.stepCalls; i++) {
      const body = {
        name: 'S',
        email: uniqueEmail(),
        password: PASSWORD,
        password_confirmation: PASSWORD,
        accept_terms: true,
      };
      asked.push(challengeOf(await post(app, '/api/register', body, {}, ip)).bits);
    }
    const steps = (RULES.maxBits - RULES.bits + 1) * RULES.stepCalls;
    expect(asked.length).toBeGreaterThan(steps);
    expect(asked.slice(0, RULES.stepCalls)).toEqual(Array(RULES.stepCalls).fill(RULES.bits));
    expect(asked.slice(RULES.stepCalls, 2 * RULES.stepCalls)).toEqual(Array(RULES.stepCalls).fill(RULES.bits + 1));
    // Never past the most.
    expect(asked.slice(steps - RULES.stepCalls)).toEqual(
      Array(asked.length - steps + RULES.stepCalls).fill(RULES.maxBits),
    );
  });

  it('accepts a solved challenge once, then refuses the replay and does nothing for it', async () => {
    const ip = network();
    await spendBurst(ip);
    const { solution } = challengeOf(await resend(ip));
    const before = await codeJobs();
    expect((await resend(ip, solved(solution))).statusCode).toBe(200);
    expect(await codeJobs()).toBe(before + 1);
    expectInvalid(await resend(ip, solved(solution)));
    expect(await codeJobs()).toBe(before + 1);
  });

  it('refuses a solution from another network, an expired one, a wrong nonce and a forged one, writing nothing', async () => {
    const ip = network();
    await spendBurst(ip);
    const { challenge, bits, solution } = challengeOf(await resend(ip));
    const before = await codeJobs();
    // Another network, even one below its own burst: the challenge was issued to `ip`.
    expectInvalid(await resend(network(), solved(solution)));
    // A nonce that does not give the bits.
    expectInvalid(await resend(ip, solved(`${challenge}:${wrongNonce(challenge, bits)}`)));
    // The payload changed (fewer bits asked): the signature no longer fits.
    const [payload = '', signature = ''] = challenge.split('.');
    const easier = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), b: 1 }),
    ).toString('base64url');
    expectInvalid(await resend(ip, solved(`${easier}.${signature}:0`)));
    // Malformed, and far too long (bounded before it is parsed).
    expectInvalid(await resend(ip, solved('not a solution')));
    expectInvalid(await resend(ip, solved(`${'a'.repeat(5_000)}:1`)));
    expect(await codeJobs()).toBe(before);
    // The right solution after its lifetime.
    advance(RULES.ttlMs + 1_000);
    expectInvalid(await resend(ip, solved(solution)));
    expect(await codeJobs()).toBe(before);
  });

  it('challenges sign-up past the burst: no account is made until the challenge is solved', async () => {
    const ip = network();
    await spendBurst(ip);
    const email = uniqueEmail('burst');
    const signUp = (headers: Record<string, string> = {}) =>
      post(
        app,
        '/api/register',
        { name: 'Somchai Jaidee', email, password: PASSWORD, password_confirmation: PASSWORD, accept_terms: true },
        headers,
        ip,
      );
    const { solution } = challengeOf(await signUp());
    expect(await app.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expectInvalid(await signUp(solved(`${solution.split(':')[0]}:${wrongNonce(solution.split(':')[0] ?? '', 8)}`)));
    expect(await app.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    const created = await signUp(solved(solution));
    expect(created.statusCode, created.body).toBe(201);
    expect(await lastCode(app, email)).toMatch(/^\d{4}$/);
  });

  it('challenges the contact form and inquiries in the same burst, storing and mailing nothing', async () => {
    const ip = network();
    await spendBurst(ip);
    const owner = await createUser(app, { email: uniqueEmail('owner') });
    const listing = await makeListing(app, owner.id);
    const contactBody = { name: 'Somchai', email: uniqueEmail(), subject: 'Hello', message: 'A question.' };
    const inquiryBody = { name: 'Anong', email: uniqueEmail(), message: 'Is it still available?' };
    const contacts = async () => (await app.db.select({ n: count() }).from(contactMessages))[0]?.n ?? 0;
    const inquiries = async () =>
      (
        await app.db.select({ n: count() }).from(propertyInquiries).where(eq(propertyInquiries.propertyId, listing.id))
      )[0]?.n ?? 0;
    const contactsBefore = await contacts();
    const contact = challengeOf(await post(app, '/api/contact-us', contactBody, {}, ip));
    expect(await contacts()).toBe(contactsBefore);
    const inquiry = challengeOf(await post(app, `/api/property/${listing.id}/inquiry`, inquiryBody, {}, ip));
    expect(await inquiries()).toBe(0);
    // Solved, each goes through once.
    expect((await post(app, '/api/contact-us', contactBody, solved(contact.solution), ip)).statusCode).toBe(201);
    const sent = await post(app, `/api/property/${listing.id}/inquiry`, inquiryBody, solved(inquiry.solution), ip);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await contacts()).toBe(contactsBefore + 1);
    expect(await inquiries()).toBe(1);
  });

  it('turns off with CHALLENGE_BURST=0 (the API tests’ default)', async () => {
    const off = await build({ challenge: { ...RULES, burst: 0 } });
    const ip = network();
    for (let i = 0; i < RULES.burst + 3; i++) {
      const res = await post(off, '/api/resendOtp', { email: uniqueEmail(), type: 'forgot_password' }, {}, ip);
      expect(res.statusCode).toBe(200);
    }
  });
});

describe('logins while the hashing line is half full', () => {
  /** Takes the hashing slot and half the line (each place an owner at home's) until the returned function is called. */
  function halfFillLine(): () => Promise<void> {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held = Array.from({ length: HASH_CONCURRENCY + HASH_MAX_WAITING / 2 }, (_, i) =>
      app.passwords.queue.run(() => gate, { keys: [`half:${i}`], preferred: true }),
    );
    expect(app.passwords.queue.waiting).toBe(HASH_MAX_WAITING / 2);
    return async () => {
      release();
      await Promise.all(held);
    };
  }

  /** An owner who signed up, verified and logged in from home. */
  async function owner() {
    const email = uniqueEmail('owner');
    const home = network();
    await post(
      app,
      '/api/register',
      { name: 'Somchai Jaidee', email, password: PASSWORD, password_confirmation: PASSWORD, accept_terms: true },
      {},
      home,
    );
    const otp = await lastCode(app, email);
    expect((await post(app, '/api/verifyOtp', { email, otp, type: 'register' }, {}, home)).statusCode).toBe(200);
    expect((await post(app, '/api/login', { email, password: PASSWORD }, {}, home)).statusCode).toBe(200);
    return { email, home };
  }

  it('never challenges logins while the line is not half full, even from a network past its burst', async () => {
    const ip = network();
    await spendBurst(ip);
    for (let i = 0; i < RULES.burst + 3; i++) {
      const res = await post(app, '/api/login', { email: uniqueEmail(), password: 'Wrong#Pass1' }, {}, ip);
      expect(res.statusCode).toBe(401);
    }
  });

  it("challenges the attacker's burst, and leaves the owner's logins from home and from a new network unchallenged", async () => {
    const { email, home } = await owner();
    const attacker = network();
    // The attacker's network has sent its burst of flooded calls (code requests for the owner's e-mail and others).
    await spendBurst(attacker);
    const verify = vi.spyOn(app.passwords, 'verify');
    let release = halfFillLine();
    try {
      // While the line is half full, the attacker's login must show work first; nothing is hashed for it.
      challengeOf(await post(app, '/api/login', { email, password: 'Guess#0001' }, {}, attacker));
      expect(verify).not.toHaveBeenCalled();
    } finally {
      await release();
    }
    // The owner from home (a known network) and from a network never used before: in line, never challenged.
    for (const from of [home, network()]) {
      release = halfFillLine();
      const login = post(app, '/api/login', { email, password: PASSWORD }, {}, from);
      await vi.waitFor(() => expect(app.passwords.queue.waiting).toBe(HASH_MAX_WAITING / 2 + 1));
      await release();
      const res = await login;
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers[CHALLENGE_HEADERS.challenge]).toBeUndefined();
    }
  });
});
