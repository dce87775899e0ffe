import { AUTH_ERROR_CODES, AUTH_MESSAGES } from '@baan/contract';
import type { Db } from '../../db/client.ts';
import type { QueueTicket } from '../../lib/bounded-queue.ts';
import { HttpError, unauthorized } from '../../lib/errors.ts';
import type { Passwords } from '../../lib/password.ts';
import { findUserByEmail } from './find-user-by-email.ts';
import type { UserRow } from './to-public-user.ts';

/**
 * The account for these credentials. 401 with one message for an unknown e-mail or a wrong
 * password (an unknown e-mail is checked against a decoy hash, so it takes as long); only when the
 * password is right does it tell a disabled (403) or unverified (403, `email_not_verified`, so the
 * client can offer a new code) account apart.
 */
export async function loginUser(
  db: Db,
  passwords: Passwords,
  email: string,
  password: string,
  ticket?: QueueTicket,
): Promise<UserRow> {
  const user = await findUserByEmail(db, email);
  const matches = await passwords.verify(password, user?.passwordHash ?? passwords.decoy, ticket);
  if (!user || !matches) throw unauthorized(AUTH_MESSAGES.invalidCredentials);
  if (user.disabledAt) throw new HttpError(403, AUTH_MESSAGES.disabled);
  if (!user.emailVerifiedAt) {
    throw new HttpError(
      403,
      AUTH_MESSAGES.notVerified,
      { email: [AUTH_MESSAGES.notVerified] },
      undefined,
      AUTH_ERROR_CODES.emailNotVerified,
    );
  }
  return user;
}
