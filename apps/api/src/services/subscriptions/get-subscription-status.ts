import type { SubscriptionStatus } from '@baan/contract';
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { agencyMembers, packages, payments, subscriptions } from '../../db/schema.ts';
import { currentStanding, daysLeft } from './subscription-period.ts';

type LivePeriod = { startsAt: Date; endsAt: Date; packageId: number; packageName: string };
/** `sharedBy`: the agency admin whose package covers this member (ADR 037); absent for the user's own package. */
export type Standing = { current: LivePeriod; endsAt: Date; sharedBy?: number };

async function livePeriods(db: Db, userIds: readonly number[], now: Date) {
  return db
    .select({
      userId: subscriptions.userId,
      startsAt: subscriptions.startsAt,
      endsAt: subscriptions.endsAt,
      packageId: subscriptions.packageId,
      packageName: packages.name,
    })
    .from(subscriptions)
    .innerJoin(packages, eq(packages.id, subscriptions.packageId))
    .where(and(inArray(subscriptions.userId, [...userIds]), gt(subscriptions.endsAt, now)));
}

const admins = alias(agencyMembers, 'agency_admins');

/**
 * Each user's standing now (null without a running period), computed from their periods' dates
 * with their package's name: the one reading of the subscriptions table for one user or a page of them.
 * A member of an agency without a package of their own is covered by the package of one of its admins (the one
 * running longest; ADR 037): package sharing.
 */
export async function subscriptionStandings(
  db: Db,
  userIds: readonly number[],
  now: Date,
): Promise<Map<number, Standing | null>> {
  const result = new Map<number, Standing | null>();
  if (userIds.length === 0) return result;
  const periods = await livePeriods(db, userIds, now);
  for (const id of userIds) {
    result.set(
      id,
      currentStanding(
        periods.filter((p) => p.userId === id),
        now,
      ),
    );
  }
  const uncovered = userIds.filter((id) => !result.get(id));
  if (uncovered.length === 0) return result;
  const links = await db
    .select({ userId: agencyMembers.userId, adminId: admins.userId })
    .from(agencyMembers)
    .innerJoin(admins, and(eq(admins.agencyId, agencyMembers.agencyId), eq(admins.role, 'admin')))
    .where(inArray(agencyMembers.userId, uncovered));
  const adminIds = [...new Set(links.map((l) => l.adminId))];
  if (adminIds.length === 0) return result;
  const adminPeriods = await livePeriods(db, adminIds, now);
  const adminStanding = new Map(
    adminIds.map((id) => [
      id,
      currentStanding(
        adminPeriods.filter((p) => p.userId === id),
        now,
      ),
    ]),
  );
  for (const id of uncovered) {
    let best: Standing | null = null;
    for (const link of links) {
      if (link.userId !== id) continue;
      const standing = adminStanding.get(link.adminId);
      if (standing && (!best || standing.endsAt > best.endsAt)) best = { ...standing, sharedBy: link.adminId };
    }
    if (best) result.set(id, best);
  }
  return result;
}

/** The user's subscription now: computed from the periods' dates, plus any payment under review. */
export async function getSubscriptionStatus(db: Db, userId: number, now: Date): Promise<SubscriptionStatus> {
  const standing = (await subscriptionStandings(db, [userId], now)).get(userId) ?? null;
  const [pending] = await db
    .select({
      id: payments.id,
      packageId: payments.packageId,
      packageName: packages.name,
      amount: payments.amount,
      method: payments.method,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .innerJoin(packages, eq(packages.id, payments.packageId))
    .where(and(eq(payments.userId, userId), eq(payments.status, 'pending')))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return {
    is_active: standing ? 1 : 0,
    package_id: standing?.current.packageId ?? null,
    package_name: standing?.current.packageName ?? null,
    starts_at: standing?.current.startsAt.toISOString() ?? null,
    ends_at: standing?.endsAt.toISOString() ?? null,
    days_left: daysLeft(standing?.endsAt ?? null, now),
    pending_payment: pending
      ? {
          id: pending.id,
          package_id: pending.packageId,
          package_name: pending.packageName,
          amount: pending.amount,
          method: pending.method,
          created_at: pending.createdAt.toISOString(),
        }
      : null,
  };
}
