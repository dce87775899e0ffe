import type { SubscriptionSummary } from '@baan/contract';
import type { Db } from '../../db/client.ts';
import { getSubscriptionStatus } from './get-subscription-status.ts';

/** The user's subscription as the user object carries it (login, GET /api/user), computed at `now`. */
export async function getSubscriptionSummary(db: Db, userId: number, now: Date): Promise<SubscriptionSummary> {
  const status = await getSubscriptionStatus(db, userId, now);
  return { is_active: status.is_active, package_id: status.package_id, ends_at: status.ends_at };
}
