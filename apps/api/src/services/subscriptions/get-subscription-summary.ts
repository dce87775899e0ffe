import type { SubscriptionSummary } from '@baan/contract';
import type { Db } from '../../db/client.ts';

/**
 * The user's subscription as the user object carries it. There is no subscriptions table yet:
 * until the packages and payments issue adds one, nobody has an active subscription. That issue
 * replaces this function only.
 */
export async function getSubscriptionSummary(_db: Db, _userId: number): Promise<SubscriptionSummary> {
  return { is_active: 0, package_id: null, ends_at: null };
}
