import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { properties, subscriptions } from '../../db/schema.ts';
import { enqueueJob } from '../jobs/queue.ts';

/**
 * What a package sells on a listing, kept in step with the owner's subscription (ADR 017, "Package end"):
 * - `premium`: the owner's active package (the period covering now) has `premiumVisibility` in its features;
 * - `is_featured`: cleared on every listing of an owner whose package ended (they stay published), and trimmed to
 *   the newest `featured_quota` non-hidden listings when the active package allows fewer.
 * Owners who never had a package are left alone (the demo's listings, what an admin featured for them), and so are
 * admins' own listings: admins featuring from the console are not limited.
 *
 * Every statement is set-based; `scope` narrows it to some owners. Columns are spelled out with their table inside
 * the sub-selects: drizzle writes an UPDATE's own columns without it, which a sub-select would read as its own.
 */

/** The job kind that clears the listing read cache after a transaction changed perks (plugins/app/owner-perks.ts). */
export const PERKS_INVALIDATE_JOB = 'perks.invalidate';

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/** The owner's period covering now, joined with its package, as a sub-select body (`s`, `k`). */
const activePeriod = (now: Date, owner: SQL) =>
  sql`from subscriptions s join packages k on k.id = s.package_id
      where s.user_id = ${owner} and s.starts_at <= ${at(now)} and s.ends_at > ${at(now)}`;

const OWNER = sql.raw('properties.user_id');
const NOT_ADMIN = sql`properties.user_id not in (select u.id from users u where u.role = 'admin')`;
const HAD_PACKAGE = sql`exists (select 1 from subscriptions any_s where any_s.user_id = properties.user_id)`;

function ownerScope(userIds: readonly number[] | undefined): SQL | undefined {
  if (userIds === undefined) return undefined;
  return userIds.length === 0 ? sql`false` : inArray(properties.userId, [...userIds]);
}

/** Applies the rules to the given owners (all owners when undefined); returns the ids of the listings it changed. */
export async function syncPerks(db: Db | Tx, now: Date, userIds?: readonly number[]): Promise<number[]> {
  const scope = ownerScope(userIds);
  const rankedScope =
    userIds === undefined
      ? sql``
      : userIds.length === 0
        ? sql`and false`
        : sql`and p.user_id in (${sql.join(
            userIds.map((id) => sql`${id}`),
            sql`, `,
          )})`;

  // Premium visibility follows the active package, both ways.
  const wantsPremium = sql`exists (select 1 ${activePeriod(now, OWNER)} and k.features @> '["premiumVisibility"]'::jsonb)`;
  const premium = await db
    .update(properties)
    .set({ premium: sql`${wantsPremium}` })
    .where(and(scope, sql`properties.premium is distinct from ${wantsPremium}`))
    .returning({ id: properties.id });

  // A package ended with no other running: no featured listing at all.
  const ended = await db
    .update(properties)
    .set({ isFeatured: false })
    .where(
      and(
        scope,
        eq(properties.isFeatured, true),
        NOT_ADMIN,
        HAD_PACKAGE,
        sql`not exists (select 1 ${activePeriod(now, OWNER)})`,
      ),
    )
    .returning({ id: properties.id });

  // A smaller package: the newest `featured_quota` featured listings (hidden ones do not count) stay featured.
  const beyondQuota = sql`select ranked.id from (
      select p.id,
             row_number() over (partition by p.user_id order by p.created_at desc, p.id desc) as place,
             (select k.featured_quota ${activePeriod(now, sql.raw('p.user_id'))}
                order by s.starts_at desc limit 1) as quota
        from properties p
       where p.is_featured and p.status <> 'hidden'
         and p.user_id not in (select u.id from users u where u.role = 'admin')
         ${rankedScope}
    ) ranked
    where ranked.quota is not null and ranked.place > ranked.quota`;
  const trimmed = await db
    .update(properties)
    .set({ isFeatured: false })
    .where(sql`properties.id in (${beyondQuota})`)
    .returning({ id: properties.id });

  return [...new Set([...premium, ...ended, ...trimmed].map((row) => row.id))];
}

/** One owner's perks, in the caller's transaction (a payment, an admin's grant); returns the listings changed. */
export async function syncOwnerPerks(tx: Db | Tx, userId: number, now: Date): Promise<number[]> {
  return syncPerks(tx, now, [userId]);
}

/**
 * After a subscription was activated or extended, in its transaction: the owner's perks now, and, when a listing
 * changed, a job that clears the listing read cache once the transaction has committed (services import no plugin).
 */
export async function applyOwnerPerks(tx: Db | Tx, userId: number, now: Date): Promise<number[]> {
  const changed = await syncOwnerPerks(tx, userId, now);
  if (changed.length > 0) await enqueueJob(tx, PERKS_INVALIDATE_JOB, { user_id: userId }, { runAt: now });
  return changed;
}

/**
 * Owners whose standing may have changed lately: a period of theirs started or ended within `windowMs` before now
 * (the hourly pass; the daily pass looks at everyone).
 */
export async function ownersWithRecentBoundary(db: Db | Tx, now: Date, windowMs: number): Promise<number[]> {
  const since = new Date(now.getTime() - windowMs);
  const rows = await db
    .selectDistinct({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(
      or(
        and(sql`${subscriptions.endsAt} > ${at(since)}`, sql`${subscriptions.endsAt} <= ${at(now)}`),
        and(sql`${subscriptions.startsAt} > ${at(since)}`, sql`${subscriptions.startsAt} <= ${at(now)}`),
      ),
    );
  return rows.map((r) => r.userId);
}
