import { PropertyListQuery } from '@baan/contract';
import { and, eq, inArray, isNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { properties, savedSearches, savedSearchHits } from '../../db/schema.ts';
import { ALERT_SEND_JOB } from '../jobs/alert-jobs.ts';
import { enqueueJob, enqueueJobs } from '../jobs/queue.ts';
import { searchFilters } from '../properties/list-properties.ts';
import { isVisible } from '../properties/visible.ts';
import { candidateSearchIds, idAmong, mayMatchListing } from './search-box.ts';

/**
 * Saved searches tested by one statement: one CASE each inside one array, so the limit is the statement's bind
 * parameters (65,535; a search with every filter uses about 20).
 */
export const MATCH_CHUNK = 500;

export type MatchOptions = {
  /** Only saved searches created by this moment (when the listing went live); all when absent. */
  liveAt?: Date;
  /** The time stored on new hits and their instant send jobs (the app clock). */
  now?: Date;
};

export type MatchResult = {
  /** Saved searches the listing matches now, among those that did not hold it yet (the owner's own never do). */
  matched: number[];
  /** Those that had not matched it before: new hits (a listing is never alerted twice to one search). */
  added: number[];
};

/**
 * A stored query's filters (searchFilters: its search's WHERE without the visibility test, which the statements below
 * make once for the listing), or null for one that no longer parses or names a station that is gone (searchFilters
 * throws the search's 400): such a search is skipped, never a failed job.
 */
export function savedSearchWhere(query: string): SQL | null {
  const parsed = PropertyListQuery.safeParse(Object.fromEntries(new URLSearchParams(query)));
  if (!parsed.success) return null;
  try {
    return searchFilters(parsed.data);
  } catch {
    return null;
  }
}

/**
 * The ids of the saved searches (their filters from savedSearchWhere) whose conditions the listing's row meets now: per
 * chunk of MATCH_CHUNK one statement reading the row if it is visible (`array[case when <search 1> then 1 end, …]`).
 * The visibility test is made once per statement, not once per search (it holds a sub-plan over disabled users).
 */
export async function matchingSearchIds(
  db: Db,
  listingId: number,
  searches: readonly { id: number; where: SQL }[],
): Promise<Set<number>> {
  const out = new Set<number>();
  for (let start = 0; start < searches.length; start += MATCH_CHUNK) {
    const chunk = searches.slice(start, start + MATCH_CHUNK);
    const cases = sql.join(
      chunk.map((s) => sql`case when ${s.where} then ${s.id}::int end`),
      sql`, `,
    );
    const result = await db.execute(
      sql`select array_remove(array[${cases}]::int[], null) as ids from ${properties} where ${and(eq(properties.id, listingId), isVisible)}`,
    );
    const row = ((result as { rows?: { ids?: unknown }[] }).rows ?? [])[0];
    if (!row) return new Set();
    for (const id of Array.isArray(row.ids) ? row.ids : []) out.add(Number(id));
  }
  return out;
}

/**
 * Matches one listing against the saved searches (of other users) created before it went live, with the search's
 * own WHERE (searchFilters and the visibility test, so a filter exists once): for each chunk of searches one statement reads the
 * listing's row and answers the ids of the searches whose conditions hold (`array[case when <search 1> then 1
 * end, …]`). New matches become saved_search_hits (ON CONFLICT DO NOTHING, and searches that already hold the
 * listing are not asked again: re-activation or re-approval never alerts the same listing twice); an instant
 * search with a new hit gets its send job in the same transaction. A listing that is not visible matches nothing.
 * Only the candidates of the constraint index (ADR 042, search-box.ts) are tested, so the cost follows the number of
 * searches that may match, not the number stored.
 */
export async function matchListing(db: Db, listingId: number, options: MatchOptions = {}): Promise<MatchResult> {
  const now = options.now ?? new Date();
  const [listing] = await db
    .select({ userId: properties.userId })
    .from(properties)
    .where(and(eq(properties.id, listingId), isVisible));
  if (!listing) return { matched: [], added: [] };

  const candidates = await db
    .select({ id: savedSearches.id, query: savedSearches.query, frequency: savedSearches.frequency })
    .from(savedSearches)
    .where(
      and(
        // Only the searches the constraint index leaves (ADR 042); their own WHERE decides below.
        mayMatchListing(listingId),
        ne(savedSearches.userId, listing.userId),
        options.liveAt ? lte(savedSearches.createdAt, options.liveAt) : undefined,
        sql`not exists (select 1 from ${savedSearchHits} where ${savedSearchHits.savedSearchId} = ${savedSearches.id} and ${savedSearchHits.propertyId} = ${listingId})`,
      ),
    )
    .orderBy(savedSearches.id);
  const searches = candidates.flatMap((s) => {
    const where = savedSearchWhere(s.query);
    return where ? [{ ...s, where }] : [];
  });

  const ids = await matchingSearchIds(db, listingId, searches);
  const matched = searches.filter((s) => ids.has(s.id));
  // An instant search that matched this listing before, but whose mail skipped it (the listing was paused or hidden
  // before the send job ran), still holds an unsent hit: going live again sends it now, not with some later match.
  const waiting = await db
    .select({ id: savedSearchHits.savedSearchId })
    .from(savedSearchHits)
    .innerJoin(savedSearches, eq(savedSearches.id, savedSearchHits.savedSearchId))
    .where(
      and(
        eq(savedSearchHits.propertyId, listingId),
        isNull(savedSearchHits.sentAt),
        eq(savedSearches.frequency, 'instant'),
      ),
    );
  if (waiting.length > 0) {
    await db.transaction(async (tx) => {
      for (const { id } of waiting) await enqueueJob(tx, ALERT_SEND_JOB, { savedSearchId: id }, { runAt: now });
    });
  }
  if (matched.length === 0) return { matched: [], added: [] };

  const added = await db.transaction(async (tx) => {
    const inserted = await insertHits(
      tx,
      matched.map((s) => ({ savedSearchId: s.id, propertyId: listingId })),
      now,
    );
    const fresh = new Set(inserted.map((r) => r.savedSearchId));
    const send = matched.filter((s) => s.frequency === 'instant' && fresh.has(s.id));
    await enqueueJobs(
      tx,
      ALERT_SEND_JOB,
      send.map((s) => ({ savedSearchId: s.id })),
      { runAt: now },
    );
    return [...fresh];
  });
  return { matched: matched.map((s) => s.id), added: added.sort((a, b) => a - b) };
}

/** Hit rows per insert: three bind parameters each, well under a statement's 65,535. */
const HITS_PER_INSERT = 10_000;

/**
 * New hits (ON CONFLICT DO NOTHING), HITS_PER_INSERT to a statement: a listing can match tens of thousands of searches
 * at a million stored. Answers the searches of the rows inserted.
 */
async function insertHits(
  tx: Tx,
  pairs: readonly { savedSearchId: number; propertyId: number }[],
  now: Date,
): Promise<{ savedSearchId: number }[]> {
  const out: { savedSearchId: number }[] = [];
  for (let start = 0; start < pairs.length; start += HITS_PER_INSERT) {
    const rows = await tx
      .insert(savedSearchHits)
      .values(pairs.slice(start, start + HITS_PER_INSERT).map((p) => ({ ...p, matchedAt: now })))
      .onConflictDoNothing()
      .returning({ savedSearchId: savedSearchHits.savedSearchId });
    out.push(...rows);
  }
  return out;
}

/**
 * Matches many listings that went live together (an import's batch, ADR 038; at most ALERT_MATCH_BATCH) as
 * matchListing matches one, in a fixed number of statements instead of three or more per listing: the visible
 * listings, the saved searches created by `liveAt` that the constraint index leaves for any of them (ADR 042; each query parsed once), per chunk of MATCH_CHUNK searches one
 * statement over all the listings' rows, the hits they already hold, the unsent hits of instant searches waiting for
 * them; then the new hits and one send job per instant search that gained any, in one transaction. A search never
 * matches its owner's own listing, and a listing already held by a search is not added again.
 */
export async function matchListings(
  db: Db,
  listingIds: readonly number[],
  options: MatchOptions = {},
): Promise<{ matched: number; added: number }> {
  const now = options.now ?? new Date();
  if (listingIds.length === 0) return { matched: 0, added: 0 };
  const listings = await db
    .select({ id: properties.id, userId: properties.userId })
    .from(properties)
    .where(and(inArray(properties.id, [...listingIds]), isVisible));
  if (listings.length === 0) return { matched: 0, added: 0 };
  const ids = listings.map((l) => l.id);
  const owner = new Map(listings.map((l) => [l.id, l.userId]));

  const candidates = await db
    .select({
      id: savedSearches.id,
      userId: savedSearches.userId,
      query: savedSearches.query,
      frequency: savedSearches.frequency,
    })
    .from(savedSearches)
    .where(
      and(
        idAmong(await candidateSearchIds(db, ids)),
        options.liveAt ? lte(savedSearches.createdAt, options.liveAt) : undefined,
      ),
    )
    .orderBy(savedSearches.id);
  const searches = candidates.flatMap((s) => {
    const where = savedSearchWhere(s.query);
    return where ? [{ ...s, where }] : [];
  });

  const held = new Set(
    (
      await db
        .select({ s: savedSearchHits.savedSearchId, p: savedSearchHits.propertyId })
        .from(savedSearchHits)
        .where(inArray(savedSearchHits.propertyId, ids))
    ).map((h) => `${h.s}:${h.p}`),
  );
  const pairs: { savedSearchId: number; propertyId: number }[] = [];
  for (let start = 0; start < searches.length; start += MATCH_CHUNK) {
    const chunk = searches.slice(start, start + MATCH_CHUNK);
    const cases = sql.join(
      chunk.map((s) => sql`case when ${s.where} then ${s.id}::int end`),
      sql`, `,
    );
    const result = await db.execute(
      sql`select ${properties.id} as id, array_remove(array[${cases}]::int[], null) as ids from ${properties} where ${and(inArray(properties.id, ids), isVisible)}`,
    );
    for (const row of (result as { rows?: { id?: unknown; ids?: unknown }[] }).rows ?? []) {
      const propertyId = Number(row.id);
      for (const raw of Array.isArray(row.ids) ? row.ids : []) {
        const search = chunk.find((s) => s.id === Number(raw));
        if (!search || search.userId === owner.get(propertyId) || held.has(`${search.id}:${propertyId}`)) continue;
        pairs.push({ savedSearchId: search.id, propertyId });
      }
    }
  }

  // Unsent hits of instant searches that were waiting for these listings (as in matchListing).
  const waiting = await db
    .select({ id: savedSearchHits.savedSearchId })
    .from(savedSearchHits)
    .innerJoin(savedSearches, eq(savedSearches.id, savedSearchHits.savedSearchId))
    .where(
      and(
        inArray(savedSearchHits.propertyId, ids),
        isNull(savedSearchHits.sentAt),
        eq(savedSearches.frequency, 'instant'),
      ),
    );
  const instant = new Set(searches.filter((s) => s.frequency === 'instant').map((s) => s.id));
  if (pairs.length === 0 && waiting.length === 0) return { matched: 0, added: 0 };
  const added = await db.transaction(async (tx) => {
    const inserted = pairs.length === 0 ? [] : await insertHits(tx, pairs, now);
    const send = new Set([
      ...waiting.map((w) => w.id),
      ...inserted.map((r) => r.savedSearchId).filter((id) => instant.has(id)),
    ]);
    await enqueueJobs(
      tx,
      ALERT_SEND_JOB,
      [...send].map((savedSearchId) => ({ savedSearchId })),
      { runAt: now },
    );
    return inserted.length;
  });
  return { matched: pairs.length, added };
}
