import { AUTH_MESSAGES, toE164 } from '@baan/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { QueueTicket } from '../../lib/bounded-queue.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Passwords } from '../../lib/password.ts';
import { forgetDeviceTokens } from './device-tokens.ts';
import type { UserRow } from './to-public-user.ts';

/**
 * The settings form's profile: the name, and the contact details the owner's listings show. A detail left out stays
 * as it is; an empty one is removed.
 */
export async function updateProfile(
  db: Db,
  userId: number,
  input: { name: string; phone_number?: string; line_id?: string },
  now: Date,
): Promise<UserRow> {
  const cleared = (value: string | undefined) => (value === undefined ? undefined : value || null);
  const phone = cleared(input.phone_number);
  // Another number is not verified (ADR 036): the verified state stays only when it is the same number in E.164.
  const same = phone ? toE164(phone) : null;
  const phoneVerifiedAt =
    phone === undefined
      ? undefined
      : same
        ? sql`case when ${users.phoneNumber} = ${same} then ${users.phoneVerifiedAt} else null end`
        : null;
  const [row] = await db
    .update(users)
    .set({
      name: input.name,
      phoneNumber:
        same && phone !== undefined
          ? sql`case when ${users.phoneNumber} = ${same} then ${users.phoneNumber} else ${phone} end`
          : phone,
      phoneVerifiedAt,
      lineId: cleared(input.line_id),
      updatedAt: now,
    })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new Error('user vanished during update');
  return row;
}

/**
 * Changes the password after checking the current one (400 when wrong). Other sessions end: the
 * session version goes up, and the caller gets a fresh token from the route.
 */
export async function changePassword(
  db: Db,
  user: UserRow,
  input: { current: string; next: string },
  opts: { passwords: Passwords; now: Date; ticket?: QueueTicket },
): Promise<UserRow> {
  if (!(await opts.passwords.verify(input.current, user.passwordHash, opts.ticket))) {
    throw badRequest(AUTH_MESSAGES.wrongCurrentPassword, { current_password: [AUTH_MESSAGES.wrongCurrentPassword] });
  }
  const passwordHash = await opts.passwords.hash(input.next, opts.ticket);
  const [row] = await db
    .update(users)
    .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: opts.now })
    .where(eq(users.id, user.id))
    .returning();
  if (!row) throw new Error('user vanished during update');
  // Devices that logged in with the old password no longer pass the limits (ADR 019).
  await forgetDeviceTokens(db, user.id);
  return row;
}
