import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  AUTH_ERROR_CODES,
  AUTH_MESSAGES,
  CHALLENGE_HEADERS,
  CHALLENGE_NONCE,
  leadingZeroBits,
  MAX_CHALLENGE_SOLUTION_LENGTH,
} from '@baan/contract';
import { HttpError } from './errors.ts';

/**
 * The proof-of-work challenge of a burst per network (ADR 019). A challenge is `<payload>.<signature>`:
 * the payload (base64url JSON) names the bits asked, when it expires and a random part; the signature is an
 * HMAC of the payload and the client network it was issued to, so it is good for that network only and
 * nobody can make one. The server keeps nothing per challenge until it is used (then its signature is
 * counted as spent in the rate-limit store, so it is accepted once).
 */

/**
 * The rules of the proof-of-work challenge of a burst per client network (ADR 019; config.ts reads their
 * overrides): the calls attackers flood (register, resendOtp, the contact and inquiry forms, and login while the
 * hashing line is half full) count per network; past `burst` of them within `windowMs` each is answered 429 with
 * a challenge of `bits` zero bits, one bit more (twice the work) every `stepCalls` further calls, at most
 * `maxBits`. 2^16 SHA-256s take an idle browser about a second (docs/benchmarks.md); a flooder pays that for
 * every request past the burst, and more the longer it keeps on.
 */
export type ChallengeRules = {
  /** Flooded calls a network makes within windowMs without a challenge (CHALLENGE_BURST; 0 turns it off). */
  burst: number;
  windowMs: number;
  /** Zero bits of the first challenge (CHALLENGE_BITS). */
  bits: number;
  /** One more bit every this many calls past the burst. */
  stepCalls: number;
  /** The most bits ever asked (CHALLENGE_MAX_BITS; at least CHALLENGE_BITS). */
  maxBits: number;
  /** How long a challenge can be solved and used (once). */
  ttlMs: number;
};
export const DEFAULT_CHALLENGE: ChallengeRules = {
  burst: 6,
  windowMs: 10 * 60_000,
  bits: 16,
  stepCalls: 4,
  maxBits: 22,
  ttlMs: 2 * 60_000,
};

/** Zero bits asked of the `count`-th flooded call of a network in the window; 0 while within the burst. */
export function challengeBits(rules: ChallengeRules, count: number): number {
  if (rules.burst === 0 || count <= rules.burst) return 0;
  return Math.min(rules.maxBits, rules.bits + Math.floor((count - rules.burst - 1) / rules.stepCalls));
}

type Payload = { b: number; e: number; r: string };

const sign = (key: Buffer, payload: string, network: string) =>
  createHmac('sha256', key).update(`${payload}\n${network}`).digest('base64url');

/** A new challenge for this network. */
export function issueChallenge(key: Buffer, network: string, bits: number, expiresAtMs: number): string {
  const body: Payload = { b: bits, e: expiresAtMs, r: randomBytes(12).toString('base64url') };
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${payload}.${sign(key, payload, network)}`;
}

/** Why a solution was refused (logged, never shown: the client gets one message). */
export type SolutionProblem = 'malformed' | 'forged' | 'expired' | 'unsolved';
export type SolutionCheck = { ok: true; id: string; expiresAt: number } | { ok: false; problem: SolutionProblem };

const SOLUTION = /^([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{43}):(\d{1,20})$/;

/**
 * Checks an `X-Challenge-Solution` (`<challenge>:<nonce>`) sent from `network`: signed by us for this
 * network, not expired, and SHA-256(challenge + nonce) has the bits the challenge asked. Whether it was
 * used before is the caller's (the store's) to say; `id` names it.
 */
export function checkSolution(key: Buffer, network: string, solution: string, nowMs: number): SolutionCheck {
  if (solution.length > MAX_CHALLENGE_SOLUTION_LENGTH) return { ok: false, problem: 'malformed' };
  const match = SOLUTION.exec(solution);
  if (!match) return { ok: false, problem: 'malformed' };
  const [, payload = '', signature = '', nonce = ''] = match;
  if (!CHALLENGE_NONCE.test(nonce)) return { ok: false, problem: 'malformed' };
  const expected = Buffer.from(sign(key, payload, network));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, problem: 'forged' };
  let body: Payload;
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Payload;
  } catch {
    return { ok: false, problem: 'forged' };
  }
  if (!Number.isInteger(body.b) || !Number.isFinite(body.e)) return { ok: false, problem: 'forged' };
  if (body.e <= nowMs) return { ok: false, problem: 'expired' };
  const digest = createHash('sha256').update(`${payload}.${signature}${nonce}`).digest();
  if (leadingZeroBits(digest) < body.b) return { ok: false, problem: 'unsolved' };
  return { ok: true, id: signature, expiresAt: body.e };
}

/** The 429 that asks for work: the challenge and its bits in headers, `code: challenge_required`. */
export function challengeRequired(challenge: string, bits: number): HttpError {
  return new HttpError(
    429,
    AUTH_MESSAGES.challengeRequired,
    undefined,
    { [CHALLENGE_HEADERS.challenge]: challenge, [CHALLENGE_HEADERS.bits]: String(bits) },
    AUTH_ERROR_CODES.challengeRequired,
  );
}

/** The 400 of a solution that is no good (forged, another network's, expired, used, wrong nonce). */
export function challengeInvalid(): HttpError {
  return new HttpError(400, AUTH_MESSAGES.challengeInvalid, undefined, undefined, AUTH_ERROR_CODES.challengeInvalid);
}
