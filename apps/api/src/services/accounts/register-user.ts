import { AUTH_MESSAGES, type Language, type RegisterRequest } from '@baan/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { QueueTicket } from '../../lib/bounded-queue.ts';
import { conflict } from '../../lib/errors.ts';
import type { Passwords } from '../../lib/password.ts';
import { recordConsent } from '../consents/consents.ts';
import { holdSignupNewsletter } from '../newsletter/newsletter-confirmation.ts';
import { findUserByEmail } from './find-user-by-email.ts';
import type { UserRow } from './to-public-user.ts';

const taken = () => conflict(AUTH_MESSAGES.emailTaken, { email: [AUTH_MESSAGES.emailTaken] });

/**
 * Creates an unverified account; the caller then mails it a code. 409 when a verified (or disabled)
 * account has the e-mail, found before any hashing. A sign-up for an e-mail whose account nobody has
 * verified yet takes the new details and gets a new code, answered exactly like a new account:
 * nobody has proven they own the address, whoever reads the code does, and a person who lost the
 * code screen is not stranded (nor can anyone tell a pending account from a new one).
 *
 * The agreement to the terms and the privacy notice is recorded with the account in one transaction (PDPA, ADR 023):
 * no account exists without it. A ticked newsletter waits for the e-mail code (ADR 055): the address is not proven
 * yet, so its consent is recorded only when the code is entered.
 */
export async function registerUser(
  db: Db,
  input: RegisterRequest,
  opts: {
    language: Language;
    passwords: Passwords;
    now: Date;
    ticket?: QueueTicket;
    /** Runs after the 409 check and before any hashing or write: the code-mail cap (code-guard.ts). */
    beforeHash?: () => Promise<void>;
  },
): Promise<UserRow> {
  const existing = await findUserByEmail(db, input.email);
  if (existing && (existing.emailVerifiedAt || existing.disabledAt)) throw taken();
  await opts.beforeHash?.();
  const details = {
    name: input.name,
    passwordHash: await opts.passwords.hash(input.password, opts.ticket),
    phoneNumber: input.phone_number || null,
    language: opts.language,
    updatedAt: opts.now,
  };
  return db.transaction(async (tx) => {
    const row = existing
      ? await tx
          .update(users)
          .set(details)
          .where(and(eq(users.id, existing.id), isNull(users.emailVerifiedAt), isNull(users.disabledAt)))
          .returning()
          .then(([updated]) => updated)
      : await tx
          .insert(users)
          .values({ ...details, email: input.email, createdAt: opts.now })
          // Another sign-up for this e-mail got in between; the unique index decides.
          .onConflictDoNothing({ target: users.email })
          .returning()
          .then(([inserted]) => inserted);
    if (!row) throw taken();
    const subject = { userId: row.id, email: row.email };
    await recordConsent(tx, subject, 'terms_privacy', 'signup', opts.now);
    await holdSignupNewsletter(
      tx,
      { id: row.id, email: row.email },
      input.newsletter ? { language: opts.language } : null,
      opts.now,
    );
    return row;
  });
}
