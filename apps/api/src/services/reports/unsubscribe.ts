import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';

export const UNSUBSCRIBE_MESSAGES = {
  invalid: 'The unsubscribe link is not valid.',
  done: 'You will no longer receive the weekly report.',
} as const;

/** The signed part of an owner's unsubscribe link: an HMAC of `weekly-report:<userId>` (base64url). */
export function unsubscribeToken(key: Buffer, userId: number): string {
  return createHmac('sha256', key).update(`weekly-report:${userId}`).digest('base64url');
}

/** Whether the token is the owner's, compared in constant time. */
export function isUnsubscribeToken(key: Buffer, userId: number, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(key, userId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The API address of the one-click unsubscribe (List-Unsubscribe, RFC 8058) and the web page's query. */
export function unsubscribeQuery(key: Buffer, userId: number): string {
  return `u=${userId}&t=${unsubscribeToken(key, userId)}`;
}

/**
 * POST /api/reports/unsubscribe?u=&t=: turns the owner's weekly report off. A forged or damaged token is
 * a 400 and changes nothing; a valid one always succeeds (again, or for an account since deleted).
 */
export async function unsubscribeWeeklyReport(db: Db, key: Buffer, userId: number, token: string): Promise<void> {
  if (!isUnsubscribeToken(key, userId, token)) throw badRequest(UNSUBSCRIBE_MESSAGES.invalid);
  await db.update(users).set({ weeklyReport: false }).where(eq(users.id, userId));
}
