import type { ContactChannel } from '@baan/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { listingDailyStats, listingVisits } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { bangkokDay, bangkokHalfHour } from './bangkok-day.ts';
import { STATS_MESSAGES } from './read-stats.ts';

/**
 * Counting rules (ADR 017 "Statistics", ADR 020), per listing and Asia/Bangkok day:
 * - a view counts only with a valid view token (checked by the route), and each token counts once per network: its
 *   use is a `token` row keyed by the token and the network, dated by the day the token was issued, inserted first in
 *   the same statement, so concurrent beacons with one token on one or several nodes count once;
 * - `visitors` +1 the first time a visitor (visitor.ts: at most VISITORS_PER_NETWORK per network) sends a counted view
 *   beacon that day (a `view` row);
 * - `views` +1 per counted beacon, but at most once per visitor per half hour of the Bangkok clock (a `view:NN`
 *   row, NN = 0…47), so reloading a page again and again counts one view, not hundreds;
 * - `clicks_<channel>` +1 the first time a visitor clicks that contact channel that day.
 * Each is one statement: the visit rows are inserted with ON CONFLICT DO NOTHING and the day's counters
 * move by what was new, so concurrent beacons of one visitor never count twice.
 */

/** A view token's use: the day it was issued (Bangkok) and its key (`tokenUseKey`). */
export type TokenUse = { day: string; key: string };

/** Records a view beacon that carried a valid token; returns whether it counted as a view. */
export async function recordView(
  db: Db,
  propertyId: number,
  visitor: string,
  now: Date,
  token: TokenUse,
): Promise<boolean> {
  const day = bangkokDay(now);
  const slot = `view:${String(bangkokHalfHour(now)).padStart(2, '0')}`;
  const result = await db
    .execute(sql`
    with used as (
      insert into ${listingVisits} (property_id, day, visitor, kind)
      values (${propertyId}::int, ${token.day}::date, ${token.key}, 'token')
      on conflict do nothing
      returning 1
    ),
    fresh as (
      insert into ${listingVisits} (property_id, day, visitor, kind)
      select ${propertyId}::int, ${day}::date, ${visitor}, v.kind
      from (values ('view'), (${slot})) as v(kind)
      where exists (select 1 from used)
      on conflict do nothing
      returning kind
    )
    insert into ${listingDailyStats} (property_id, day, views, visitors)
    select ${propertyId}::int, ${day}::date, count(*) filter (where kind <> 'view'), count(*) filter (where kind = 'view')
    from fresh
    having count(*) > 0
    on conflict (property_id, day) do update set
      views = ${listingDailyStats.views} + excluded.views,
      visitors = ${listingDailyStats.visitors} + excluded.visitors
    returning 1 as counted`)
    .catch(listingGone);
  return rowsOf(result).length > 0;
}

const CLICK_COLUMNS = {
  phone: sql.raw('clicks_phone'),
  email: sql.raw('clicks_email'),
  line: sql.raw('clicks_line'),
} as const satisfies Record<ContactChannel, unknown>;

/** Records a contact click; counted once per visitor, listing, channel and day. Returns whether it counted. */
export async function recordContactClick(
  db: Db,
  propertyId: number,
  channel: ContactChannel,
  visitor: string,
  now: Date,
): Promise<boolean> {
  const day = bangkokDay(now);
  const column = CLICK_COLUMNS[channel];
  const result = await db
    .execute(sql`
    with fresh as (
      insert into ${listingVisits} (property_id, day, visitor, kind)
      values (${propertyId}::int, ${day}::date, ${visitor}, ${channel})
      on conflict do nothing
      returning kind
    )
    insert into ${listingDailyStats} (property_id, day, ${column})
    select ${propertyId}::int, ${day}::date, 1 from fresh
    on conflict (property_id, day) do update set ${column} = ${listingDailyStats}.${column} + 1
    returning 1 as counted`)
    .catch(listingGone);
  return rowsOf(result).length > 0;
}

/** Counts an inquiry on its listing's day; call it in the transaction that stores the inquiry. */
export async function countInquiry(tx: Tx | Db, propertyId: number, now: Date): Promise<void> {
  await tx
    .insert(listingDailyStats)
    .values({ propertyId, day: bangkokDay(now), inquiries: 1 })
    .onConflictDoUpdate({
      target: [listingDailyStats.propertyId, listingDailyStats.day],
      set: { inquiries: sql`${listingDailyStats.inquiries} + 1` },
    });
}

/** Counts a viewing request on its listing's Bangkok day; call it in the transaction that stores the request. */
export async function countViewing(tx: Tx | Db, propertyId: number, now: Date): Promise<void> {
  await tx
    .insert(listingDailyStats)
    .values({ propertyId, day: bangkokDay(now), viewings: 1 })
    .onConflictDoUpdate({
      target: [listingDailyStats.propertyId, listingDailyStats.day],
      set: { viewings: sql`${listingDailyStats.viewings} + 1` },
    });
}

/**
 * Counts a new favourite on its listing's Bangkok day; call it in the transaction that stores the favourite, only
 * when the favourite is new. `favorites` is favourites added per day: removing one later does not subtract, and a
 * user who removes and adds the same listing again counts once that day (a `favorite` visit row keyed by the user).
 */
export async function countFavorite(tx: Tx | Db, propertyId: number, userId: number, now: Date): Promise<void> {
  const day = bangkokDay(now);
  await tx.execute(sql`
    with fresh as (
      insert into ${listingVisits} (property_id, day, visitor, kind)
      values (${propertyId}::int, ${day}::date, ${`user:${userId}`}, 'favorite')
      on conflict do nothing
      returning kind
    )
    insert into ${listingDailyStats} (property_id, day, favorites)
    select ${propertyId}::int, ${day}::date, 1 from fresh
    on conflict (property_id, day) do update set favorites = ${listingDailyStats.favorites} + 1`);
}

/** PostgreSQL's foreign_key_violation, looked for through the drivers' wrapped errors. */
const isForeignKeyViolation = (err: unknown): boolean => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
};

/**
 * A beacon statement's failure. The route found the listing through the read cache; deleted since, its visit row
 * breaks the foreign key: that is a 404 as for a listing the cache did not have, not a 500.
 */
function listingGone(err: unknown): never {
  if (isForeignKeyViolation(err)) throw notFound(STATS_MESSAGES.publicNotFound);
  throw err;
}

/** Both drivers answer `execute` with `{rows}`. */
function rowsOf(result: unknown): unknown[] {
  return (result as { rows?: unknown[] }).rows ?? [];
}
