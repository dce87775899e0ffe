import { AUTH_MESSAGES } from '@baan/contract';
import type { Db } from '../../db/client.ts';
import { HttpError, unauthorized } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { findUserByEmail } from './find-user-by-email.ts';
import type { UserRow } from './to-public-user.ts';

// A real hash of a random password: an unknown e-mail costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;
async function burnTime(logN: number, password: string): Promise<void> {
  dummyHash ??= hashPassword(crypto.randomUUID(), logN);
  await verifyPassword(password, await dummyHash);
}

/**
 * The account for these credentials. 401 with one message for an unknown e-mail or a wrong
 * password; only when the password is right does it tell an unverified (403) or disabled (403)
 * account apart.
 */
export async function loginUser(db: Db, email: string, password: string, scryptLogN: number): Promise<UserRow> {
  const user = await findUserByEmail(db, email);
  if (!user) {
    await burnTime(scryptLogN, password);
    throw unauthorized(AUTH_MESSAGES.invalidCredentials);
  }
  if (!(await verifyPassword(password, user.passwordHash))) throw unauthorized(AUTH_MESSAGES.invalidCredentials);
  if (user.disabledAt) throw new HttpError(403, AUTH_MESSAGES.disabled);
  if (!user.emailVerifiedAt) throw new HttpError(403, AUTH_MESSAGES.notVerified);
  return user;
}
