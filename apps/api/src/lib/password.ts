import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import type { BoundedQueue, QueueTicket } from './bounded-queue.ts';

/**
 * Password hashing with Node's scrypt. A stored hash records its own parameters:
 * `scrypt$<logN>$<r>$<p>$<salt b64>$<key b64>`, so the cost can be raised later without breaking
 * existing hashes.
 */
const KEY_LENGTH = 64;
const R = 8;
const P = 1;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  // scrypt needs 128·N·r bytes; allow twice that so Node's default 32 MiB cap does not refuse it.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(password: string, logN: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, logN, R, P);
  return `scrypt$${logN}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** True when the password matches the stored hash; false for a wrong password or a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [logN, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (![logN, r, p].every(Number.isInteger) || logN < 10 || logN > 20 || r < 1 || r > 32 || p < 1 || p > 4) {
    return false;
  }
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const expected = Buffer.from(parts[5] ?? '', 'base64');
  if (expected.length !== KEY_LENGTH) return false;
  const key = await derive(password, salt, logN, r, p);
  return timingSafeEqual(key, expected);
}

/**
 * A well-formed hash that no password matches: verifying against it costs what a real hash of that
 * cost does, so an unknown e-mail at login takes as long as a wrong password.
 */
export function decoyHash(logN: number): string {
  return `scrypt$${logN}$${R}$${P}$${randomBytes(16).toString('base64')}$${randomBytes(KEY_LENGTH).toString('base64')}`;
}

/** The cost a stored hash was made with, or null when it is not one of ours. */
export function hashCost(stored: string): number | null {
  const parts = stored.split('$');
  return parts[0] === 'scrypt' && parts.length === 6 ? Number(parts[1]) : null;
}

/** Hashing and checking at the configured cost, through one bounded line (plugins/infra/passwords.ts makes it). */
export type Passwords = {
  /**
   * A new scrypt hash at the configured cost; 503 (Retry-After) when the hashing line is full. The
   * ticket names the client network and account, so the line stays fair (bounded-queue.ts).
   */
  hash: (password: string, ticket?: QueueTicket) => Promise<string>;
  /** Checks a password against a stored hash; 503 (Retry-After) when the hashing line is full. */
  verify: (password: string, stored: string, ticket?: QueueTicket) => Promise<boolean>;
  /** A hash no password matches, at the configured cost (see decoyHash). */
  decoy: string;
  /** The line every hash and check goes through. */
  queue: BoundedQueue;
};
