import { createHash, randomBytes } from 'node:crypto';
import { AUTH_MESSAGES } from '@baan/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passwordResetTokens, users } from '../../db/schema.ts';
import type { QueueTicket } from '../../lib/bounded-queue.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Passwords } from '../../lib/password.ts';
import { forgetDeviceTokens } from './device-tokens.ts';

/** How long the token from a verified forgot-password code may be used to set a new password. */
export const RESET_TOKEN_TTL_MS = 15 * 60_000;

const sha256 = (token: string) => createHash('sha256').update(token).digest('base64');

/** A single-use token (only its SHA-256 is stored); older unused tokens of the user stop working. */
export async function createResetToken(db: Db, userId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    await tx.insert(passwordResetTokens).values({
      userId,
      tokenHash: sha256(token),
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
      createdAt: now,
    });
  });
  return token;
}

/**
 * Spends the token and sets the new password; returns the account's id. The token is checked before the password is hashed,
 * so a made-up token costs one indexed lookup, never a hash; it is spent in the same statement that
 * checks it again, so two requests racing with one token cannot both succeed. The account's older
 * sessions end (session version bumped), and the e-mail counts as verified: the person just proved
 * they read its mail.
 */
export async function resetPassword(
  db: Db,
  input: { email: string; password: string; token: string },
  opts: { passwords: Passwords; now: Date; ticket?: QueueTicket },
): Promise<number> {
  const live = and(
    eq(passwordResetTokens.tokenHash, sha256(input.token)),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, opts.now),
    sql`${passwordResetTokens.userId} = (select id from users where email = ${input.email})`,
  );
  const [found] = await db.select({ id: passwordResetTokens.id }).from(passwordResetTokens).where(live).limit(1);
  if (!found) throw invalidToken();
  const passwordHash = await opts.passwords.hash(input.password, opts.ticket);
  const userId = await db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: opts.now })
      .where(live)
      .returning({ userId: passwordResetTokens.userId });
    if (!spent) return null;
    await tx
      .update(users)
      .set({
        passwordHash,
        sessionVersion: sql`${users.sessionVersion} + 1`,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${opts.now.toISOString()}::timestamptz)`,
        updatedAt: opts.now,
      })
      .where(eq(users.id, spent.userId));
    // Devices that logged in with the old password no longer pass the limits (ADR 019).
    await forgetDeviceTokens(tx, spent.userId);
    return spent.userId;
  });
  if (userId === null) throw invalidToken();
  return userId;
}

const invalidToken = () =>
  badRequest(AUTH_MESSAGES.invalidResetToken, { verification_token: [AUTH_MESSAGES.invalidResetToken] });
