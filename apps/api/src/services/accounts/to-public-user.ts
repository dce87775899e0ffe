import type { User } from '@baan/contract';
import type { Db } from '../../db/client.ts';
import type { users } from '../../db/schema.ts';
import type { Storage } from '../../storage/storage.ts';
import { getSubscriptionSummary } from '../subscriptions/get-subscription-summary.ts';

export type UserRow = typeof users.$inferSelect;

/** The user object of docs/api.md: no password hash, no internal columns. */
export async function toPublicUser(db: Db, storage: Storage, row: UserRow, now: Date = new Date()): Promise<User> {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    company_name: row.companyName,
    profile_image: row.profileImage ? storage.url(row.profileImage) : null,
    phone_number: row.phoneNumber,
    phone_verified: row.phoneNumber !== null && row.phoneVerifiedAt !== null ? 1 : 0,
    line_id: row.lineId,
    subscription: await getSubscriptionSummary(db, row.id, now),
  };
}
