import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { OtpType } from '@baan/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { otpCodes, otpFailures } from '../../db/schema.ts';

export const OTP_TTL_MS = 10 * 60_000;
/** Wrong tries a code takes, from every network together, before it is void (docs/api.md; only the code). */
export const OTP_MAX_ATTEMPTS = 5;

export type OtpRow = typeof otpCodes.$inferSelect;
/** E-mail codes (the contract's OtpType) and SMS codes for a phone number (ADR 036). */
export type CodeKind = OtpType | 'phone';
/** E-mail codes have 4 digits; SMS codes 6 (docs/api.md). */
export const CODE_DIGITS: Record<CodeKind, number> = { register: 4, forgot_password: 4, phone: 6 };

function digest(key: Buffer, salt: string, code: string): string {
  return createHmac('sha256', key).update(`${salt}:${code}`).digest('base64');
}

/**
 * Makes a new code (CODE_DIGITS of its kind) for the user and voids their older unused ones of the same type, noting
 * the network that asked for it (ADR 019). Returns the code in clear text, for the e-mail only.
 */
export async function issueOtp(
  db: Db,
  key: Buffer,
  userId: number,
  type: CodeKind,
  now: Date,
  network: string | null = null,
  target: string | null = null,
): Promise<string> {
  const digits = CODE_DIGITS[type];
  const code = String(randomInt(0, 10 ** digits)).padStart(digits, '0');
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
      network,
      target,
      expiresAt: new Date(now.getTime() + OTP_TTL_MS),
      createdAt: now,
    });
  });
  return code;
}

/** The user's newest unused code of that type (it may have expired), or null. */
export async function liveOtp(db: Db, userId: number, type: CodeKind): Promise<OtpRow | null> {
  const [live] = await db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.userId, userId), eq(otpCodes.type, type), isNull(otpCodes.consumedAt)))
    .orderBy(desc(otpCodes.id))
    .limit(1);
  return live ?? null;
}

export type OtpCheck = 'ok' | 'invalid' | 'voided';

/**
 * Checks a code against a live code row. A right code is spent at once (so it works only once, even
 * for two requests racing); a wrong one is recorded with the network it came from (otp_failures, for
 * the limits of code-guard.ts) and counts a try, and the fifth wrong try in all voids the code.
 */
export async function consumeOtp(
  db: Db,
  key: Buffer,
  live: OtpRow,
  code: string,
  now: Date,
  from: { network: string; isKnownNetwork: boolean },
): Promise<OtpCheck> {
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
  return db.transaction(async (tx) => {
    const [counted] = await tx
      .update(otpCodes)
      .set({ attempts: sql`${otpCodes.attempts} + 1` })
      .where(and(eq(otpCodes.id, live.id), isNull(otpCodes.consumedAt)))
      .returning({ attempts: otpCodes.attempts });
    // Spent or voided meanwhile: nothing was guessed against a live code.
    if (!counted) return 'invalid';
    await tx.insert(otpFailures).values({
      userId: live.userId,
      codeId: live.id,
      network: from.network,
      knownNetwork: from.isKnownNetwork,
      createdAt: now,
    });
    if (counted.attempts >= OTP_MAX_ATTEMPTS) {
      await tx.update(otpCodes).set({ consumedAt: now }).where(eq(otpCodes.id, live.id));
      return 'voided';
    }
    return 'invalid';
  });
}
