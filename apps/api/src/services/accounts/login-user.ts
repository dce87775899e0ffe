import { AUTH_ERROR_CODES, AUTH_MESSAGES } from '@baan/contract';
import type { QueueTicket } from '../../lib/bounded-queue.ts';
import { HttpError, unauthorized } from '../../lib/errors.ts';
import type { Passwords } from '../../lib/password.ts';
import type { UserRow } from './to-public-user.ts';

/**
 * Checks the password of the account found for the e-mail (undefined when none has it). 401 with one message for an unknown e-mail or a wrong
 * password (an unknown e-mail is checked against a decoy hash, so it takes as long); only when the
 * password is right does it tell a disabled (403) or unverified (403, `email_not_verified`, so the
 * client can offer a new code) account apart.
 */
export async function loginUser(
  passwords: Passwords,
  user: UserRow | undefined,
  password: string,
  ticket?: QueueTicket,
): Promise<UserRow> {
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
