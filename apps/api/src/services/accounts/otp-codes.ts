import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { OtpType } from '@baan/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { otpCodes } from '../../db/schema.ts';

export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;

function digest(key: Buffer, salt: string, code: string): string {
  return createHmac('sha256', key).update(`${salt}:${code}`).digest('base64');
}

/**
 * Makes a new 4-digit code for the user and voids their older unused ones of the same type.
 * Returns the code in clear text, for the e-mail only.
 */
export async function issueOtp(db: Db, key: Buffer, userId: number, type: OtpType, now: Date): Promise<string> {
  const code = String(randomInt(0, 10_000)).padStart(4, '0');
  const salt = randomBytes(16).toString('base64');
  await db.transaction(async (tx) => {
    await tx
      .update(otpCodes)
      .set({ consumedAt: now })
      .where(and(eq(otpCodes.userId, userId), eq(otpCodes.type, type), isNull(otpCodes.consumedAt)));
    await tx.insert(otpCodes).values({
      userId,
      type,
      salt,
      codeHash: digest(key, salt, code),
      expiresAt: new Date(now.getTime() + OTP_TTL_MS),
      createdAt: now,
    });
  });
  return code;
}

export type OtpCheck = 'ok' | 'invalid' | 'expired' | 'voided';

/**
 * Checks a code against the user's live code of that type. A right code is spent at once (so it
 * works only once, even for two requests racing); a wrong one counts a try, and the fifth wrong
 * try voids the code.
 */
export async function consumeOtp(
  db: Db,
  key: Buffer,
  userId: number,
  type: OtpType,
  code: string,
  now: Date,
): Promise<OtpCheck> {
  const [live] = await db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.userId, userId), eq(otpCodes.type, type), isNull(otpCodes.consumedAt)))
    .orderBy(desc(otpCodes.id))
    .limit(1);
  if (!live) return 'invalid';
  if (live.expiresAt.getTime() <= now.getTime()) return 'expired';

  const given = Buffer.from(digest(key, live.salt, code));
  const expected = Buffer.from(live.codeHash);
  if (given.length === expected.length && timingSafeEqual(given, expected)) {
    const spent = await db
      .update(otpCodes)
      .set({ consumedAt: now })
      .where(and(eq(otpCodes.id, live.id), isNull(otpCodes.consumedAt)))
      .returning({ id: otpCodes.id });
    return spent.length === 1 ? 'ok' : 'invalid';
  }
  const [counted] = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(and(eq(otpCodes.id, live.id), isNull(otpCodes.consumedAt)))
    .returning({ attempts: otpCodes.attempts });
  if (counted && counted.attempts >= OTP_MAX_ATTEMPTS) {
    await db.update(otpCodes).set({ consumedAt: now }).where(eq(otpCodes.id, live.id));
    return 'voided';
  }
  return 'invalid';
}
