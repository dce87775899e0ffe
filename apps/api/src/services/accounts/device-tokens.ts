import { createHmac, randomBytes } from 'node:crypto';
import { DEVICE_TOKEN_PATTERN } from '@baan/contract';
import { and, desc, eq, gt, inArray, lte, ne, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { deviceTokens, users } from '../../db/schema.ts';
import type { UserRow } from './to-public-user.ts';

/** A device token works this long after it was issued or last logged in (ADR 019). */
export const DEVICE_TOKEN_DAYS = 180;
const DEVICE_TOKEN_MS = DEVICE_TOKEN_DAYS * 24 * 60 * 60_000;
/** Devices kept per account; logging in on one more forgets the one unused longest. */
export const DEVICES_PER_ACCOUNT = 20;

/** The stored form of a device token: a keyed hash (base64url), so the table alone lets nobody in. */
export function deviceTokenHash(key: Buffer, token: string): string {
  return createHmac('sha256', key).update(token).digest('base64url');
}

/** A live device token of this request (any account): its row id and account; undefined for anything else. */
export async function findDeviceToken(
  db: Db,
  key: Buffer,
  token: unknown,
  now: Date,
): Promise<{ id: number; userId: number } | undefined> {
  // Shape first: a header of any other length or alphabet costs no query.
  if (typeof token !== 'string' || !DEVICE_TOKEN_PATTERN.test(token)) return undefined;
  const [row] = await db
    .select({ id: deviceTokens.id, userId: deviceTokens.userId })
    .from(deviceTokens)
    .innerJoin(users, eq(users.id, deviceTokens.userId))
    .where(
      and(
        eq(deviceTokens.tokenHash, deviceTokenHash(key, token)),
        gt(deviceTokens.expiresAt, now),
        // Issued under the account's present session version: a password change or reset ended it.
        eq(deviceTokens.sessionVersion, users.sessionVersion),
      ),
    )
    .limit(1);
  return row;
}

/**
 * After a successful login, a verified sign-up code or a reset: the device keeps its token (a live one of this
 * account, renewed for DEVICE_TOKEN_DAYS) or gets a new one. Returns the token to hand back. Forgets this
 * account's expired and ended tokens, and all but the newest DEVICES_PER_ACCOUNT.
 */
export async function keepDeviceToken(
  db: Db,
  key: Buffer,
  user: Pick<UserRow, 'id' | 'sessionVersion'>,
  sent: unknown,
  now: Date,
): Promise<string> {
  const expiresAt = new Date(now.getTime() + DEVICE_TOKEN_MS);
  const live = await findDeviceToken(db, key, sent, now);
  if (live && live.userId === user.id && typeof sent === 'string') {
    await db.update(deviceTokens).set({ lastUsedAt: now, expiresAt }).where(eq(deviceTokens.id, live.id));
    return sent;
  }
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await tx.insert(deviceTokens).values({
      userId: user.id,
      tokenHash: deviceTokenHash(key, token),
      sessionVersion: user.sessionVersion,
      createdAt: now,
      lastUsedAt: now,
      expiresAt,
    });
    await tx
      .delete(deviceTokens)
      .where(
        and(
          eq(deviceTokens.userId, user.id),
          or(lte(deviceTokens.expiresAt, now), ne(deviceTokens.sessionVersion, user.sessionVersion)),
        ),
      );
    const kept = await tx
      .select({ id: deviceTokens.id })
      .from(deviceTokens)
      .where(eq(deviceTokens.userId, user.id))
      .orderBy(desc(deviceTokens.lastUsedAt), desc(deviceTokens.id));
    const extra = kept.slice(DEVICES_PER_ACCOUNT).map((row) => row.id);
    if (extra.length > 0) await tx.delete(deviceTokens).where(inArray(deviceTokens.id, extra));
  });
  return token;
}

/** Ends every device token of the account (a password change or reset, the account's deletion). */
export async function forgetDeviceTokens(db: Db | Tx, userId: number): Promise<void> {
  await db.delete(deviceTokens).where(eq(deviceTokens.userId, userId));
}
