import { AUTH_MESSAGES, type Language, type RegisterRequest } from '@baan/contract';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { conflict } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import type { UserRow } from './to-public-user.ts';

/** Creates an unverified account; 409 when the e-mail is taken (the unique index decides races). */
export async function registerUser(
  db: Db,
  input: RegisterRequest,
  opts: { language: Language; scryptLogN: number; now: Date },
): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password, opts.scryptLogN);
  const [row] = await db
    .insert(users)
    .values({
      name: input.name,
      email: input.email,
      passwordHash,
      phoneNumber: input.phone_number || null,
      language: opts.language,
      createdAt: opts.now,
      updatedAt: opts.now,
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (!row) throw conflict(AUTH_MESSAGES.emailTaken, { email: [AUTH_MESSAGES.emailTaken] });
  return row;
}
