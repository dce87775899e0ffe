import { FURNISHINGS, PROPERTY_SUB_TYPES, PropertyListQuery, TITLE_DEEDS } from '@baan/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { projects, properties, savedSearchBuckets, savedSearches, users } from '../src/db/schema.ts';
import { matchingSearchIds, matchListing, savedSearchWhere } from '../src/services/alerts/match-listing.ts';
import {
  boxCells,
  CELL_SIZES,
  candidateIds,
  indexSavedSearches,
  mayMatchListing,
  writeMatchRows,
} from '../src/services/alerts/search-box.ts';
import { searchConditions } from '../src/services/properties/list-properties.ts';
import { STATIONS } from '../src/services/transit/stations.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';

/**
 * The alert matcher's constraint index (ADRs 042 and 050): on a generated corpus of saved searches and listings, the
 * indexed path (candidates from the listing's buckets by the box, then each search's own WHERE) answers exactly what
 * the full scan of every stored search answers, for every listing.
 */

const app = await build();
afterAll(() => app.close());

// A fixed pseudo-random sequence: the same corpus on every run and engine.
let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const maybe = (p: number) => random() < p;
const between = (lo: number, hi: number) => Math.round(lo + random() * (hi - lo));

const owner = await createUser(app, { email: 'index-owner@baan.example' });
const buyer = await createUser(app, { email: 'index-buyer@baan.example' });

const [tower] = await app.db
  .insert(projects)
  .values({ slug: 'index-tower', nameEn: 'Index Tower', nameTh: 'อินเด็กซ์ ทาวเวอร์', lat: 13.73, lon: 100.56 })
  .returning();
if (!tower) throw new Error('no project');
const [mergedAway] = await app.db
  .insert(projects)
  .values({ slug: 'old-index-tower', nameEn: 'Old Index Tower', lat: 13.73, lon: 100.56, mergedIntoId: tower.id })
  .returning();
const [other] = await app.db
  .insert(projects)
  .values({ slug: 'river-view', nameEn: 'River View', lat: 13.72, lon: 100.51 })
  .returning();
if (!mergedAway || !other) throw new Error('no projects');
const projectIds = [tower.id, other.id];

const stations = STATIONS.filter((s) => Math.abs(s.lat - 13.74) < 0.06 && Math.abs(s.lon - 100.55) < 0.06).slice(0, 6);
const words = ['คอนโด', 'ทองหล่อ', 'สุขุมวิท', 'สระว่ายน้ำ', 'condo', 'Sukhumvit', 'pool', 'quiet', 'Thonglor', 'garden'];
const phrases = [
  'condo for rent',
  'คอนโดให้เช่า',
  'house for sale',
  'บ้านขาย',
  '2 bedrooms',
  'under 30000',
  'ทองหล่อ 2 ห้องนอน',
  'Sukhumvit condo under 5 million',
];
const places = ['Bangkok', 'Watthana, Bangkok', 'Chiang Mai', 'Phuket', 'Khlong Toei, Bangkok'];

async function generateListing(): Promise<number> {
  const nearStation = maybe(0.5) ? pick(stations) : undefined;
  const noCoordinates = maybe(0.1);
  const lat = nearStation ? nearStation.lat + (random() - 0.5) * 0.02 : 13.6 + random() * 0.3;
  const lon = nearStation ? nearStation.lon + (random() - 0.5) * 0.02 : 100.4 + random() * 0.3;
  const type = maybe(0.5) ? 'rent' : 'sale';
  const title = `${pick(words)} ${pick(words)} ${between(1, 99)}`;
  const row = await makeListing(app, owner.id, {
    title,
    description: `${pick(words)} ${pick(words)}`,
    location: pick(places),
    type,
    propertyType: maybe(0.8) ? 'residential' : 'commercial',
    propertySubType: pick(PROPERTY_SUB_TYPES.slice(0, 4)),
    price: type === 'rent' ? between(5_000, 80_000) : between(1_000_000, 20_000_000),
    area: between(20, 200),
    bedRooms: between(0, 4),
    lat: noCoordinates ? null : lat,
    lon: noCoordinates ? null : lon,
    stationDistanceM: nearStation && !noCoordinates ? between(50, 1_500) : null,
    isFeatured: maybe(0.2),
    verified: maybe(0.3),
    foreignQuota: maybe(0.3),
    titleDeed: maybe(0.5) ? pick(TITLE_DEEDS) : null,
    furnishing: type === 'rent' && maybe(0.7) ? pick(FURNISHINGS) : null,
    petsAllowed: type === 'rent' && maybe(0.7) ? maybe(0.5) : null,
    depositMonths: type === 'rent' && maybe(0.7) ? between(1, 3) : null,
    minLeaseMonths: type === 'rent' && maybe(0.7) ? pick([1, 3, 6, 12]) : null,
    projectId: maybe(0.2) ? pick(projectIds) : null,
  });
  return row.id;
}

/** A search with a random combination of every filter a saved search can hold, open ranges included. */
function generateQuery(): string {
  const q = new URLSearchParams();
  if (maybe(0.6)) q.set('type', maybe(0.5) ? 'rent' : 'sale');
  if (maybe(0.2)) q.set('property_type', maybe(0.8) ? 'residential' : 'commercial');
  if (maybe(0.3)) q.set('sub_type', pick(PROPERTY_SUB_TYPES.slice(0, 4)));
  const rent = q.get('type') !== 'sale';
  const scale = rent ? 1 : 200;
  if (maybe(0.4)) q.set('min_price', String(between(5_000, 40_000) * scale));
  if (maybe(0.4)) q.set('max_price', String(between(20_000, 80_000) * scale));
  if (maybe(0.3)) q.set('min_area', String(between(20, 100)));
  if (maybe(0.2)) q.set('max_area', String(between(60, 200)));
  if (maybe(0.3)) q.set('bedrooms', String(between(1, 3)));
  if (maybe(0.3)) {
    // From a street to a region: filed under cells of every level, and under `*` when too large for the coarsest.
    const west = 100.4 + random() * 0.2;
    const south = 13.6 + random() * 0.2;
    const size = pick([0.01, 0.05, 0.2, 1, 6]) * (0.5 + random());
    q.set(
      'bbox',
      `${west.toFixed(4)},${south.toFixed(4)},${(west + size).toFixed(4)},${(south + size * (0.5 + random())).toFixed(4)}`,
    );
  }
  if (maybe(0.25)) {
    q.set('station', pick(stations).id);
    if (maybe(0.7)) q.set('within_m', String(pick([300, 500, 800, 1_000, 1_500])));
  } else if (maybe(0.1)) q.set('within_m', String(pick([500, 1_000])));
  if (maybe(0.1)) q.set('project', pick(['index-tower', 'old-index-tower', 'river-view']));
  // Text in Thai and English: plain words, and phrases read as a type, sub type, bedrooms or price (read-query.ts).
  if (maybe(0.3)) q.set('q', maybe(0.6) ? `${pick(words)}${maybe(0.5) ? ` ${pick(words)}` : ''}` : pick(phrases));
  if (maybe(0.2)) q.set('location', pick(['Bangkok', 'Chiang', 'Watthana', 'ok', 'ph', 'Khlong Toei']));
  if (maybe(0.1)) q.set('featured', maybe(0.5) ? '1' : '0');
  if (maybe(0.1)) q.set('verified', '1');
  if (maybe(0.1)) q.set('foreign_quota', '1');
  if (maybe(0.1)) q.set('title_deed', pick(TITLE_DEEDS));
  if (rent && maybe(0.15)) q.set('furnishing', pick(FURNISHINGS));
  if (rent && maybe(0.1)) q.set('pets', '1');
  if (rent && maybe(0.1)) q.set('max_deposit_months', String(between(1, 3)));
  if (rent && maybe(0.1)) q.set('max_min_lease_months', String(pick([1, 6, 12])));
  if (maybe(0.05)) q.set('at_or_below_median', '1');
  q.sort();
  return q.toString();
}

async function saveSearch(query: string, indexed = true): Promise<number> {
  const [row] = await app.db
    .insert(savedSearches)
    .values({
      userId: buyer.id,
      name: 'Generated',
      query,
      frequency: 'daily',
      createdAt: new Date('2025-01-01T00:00:00Z'),
      matchIndexed: indexed,
    })
    .returning({ id: savedSearches.id });
  if (!row) throw new Error('no saved search');
  if (indexed) await writeMatchRows(app.db, [{ id: row.id, query }]);
  return row.id;
}

const bucketsOf = async (id: number) =>
  (
    await app.db
      .select({ bucket: savedSearchBuckets.bucket })
      .from(savedSearchBuckets)
      .where(eq(savedSearchBuckets.savedSearchId, id))
      .orderBy(savedSearchBuckets.bucket)
  ).map((r) => r.bucket);

const listingIds: number[] = [];
for (let i = 0; i < 80; i++) listingIds.push(await generateListing());
// Listings no search may match: paused, pending review, and one whose owner is disabled (the matcher tests visibility
// once per statement, the full scan once per search).
const hidden = [await generateListing(), await generateListing(), await generateListing(), await generateListing()];
await app.db
  .update(properties)
  .set({ status: 'paused' })
  .where(eq(properties.id, hidden[0] as number));
await app.db
  .update(properties)
  .set({ review: 'pending' })
  .where(eq(properties.id, hidden[1] as number));
const disabledOwner = await createUser(app, { email: 'index-disabled@baan.example' });
await app.db
  .update(properties)
  .set({ userId: disabledOwner.id })
  .where(inArray(properties.id, hidden.slice(2)));
await app.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabledOwner.id));
listingIds.push(...hidden);
const searchIds: number[] = [];
for (let i = 0; i < 400; i++) searchIds.push(await saveSearch(generateQuery()));
// Stored queries that no longer parse, or name a station that is gone: skipped by both paths, never a failed job.
const malformed = [
  await saveSearch('min_price=abc'),
  await saveSearch('station=no-such-station'),
  await saveSearch('bbox=1,2', false),
];

/**
 * The full scan (the matcher before ADR 042): every stored search's whole WHERE (searchConditions, visibility
 * included) against the listing, written here rather than with the matcher's helpers, so it stays the reference.
 */
async function scanMatches(listingId: number): Promise<number[]> {
  const all = await app.db.select({ id: savedSearches.id, query: savedSearches.query }).from(savedSearches);
  const searches = all.flatMap((s) => {
    const parsed = PropertyListQuery.safeParse(Object.fromEntries(new URLSearchParams(s.query)));
    if (!parsed.success) return [];
    try {
      return [{ id: s.id, where: searchConditions(parsed.data) }];
    } catch {
      return [];
    }
  });
  const out: number[] = [];
  for (let start = 0; start < searches.length; start += 200) {
    const cases = sql.join(
      searches.slice(start, start + 200).map((s) => sql`case when ${s.where} then ${s.id}::int end`),
      sql`, `,
    );
    const result = await app.db.execute(
      sql`select array_remove(array[${cases}]::int[], null) as ids from ${properties} where ${properties.id} = ${listingId}`,
    );
    const ids = (result as unknown as { rows: { ids: unknown }[] }).rows[0]?.ids;
    for (const id of Array.isArray(ids) ? ids : []) out.push(Number(id));
  }
  return out.sort((a, b) => a - b);
}

/** The indexed path's candidates, then each candidate's own WHERE. */
async function candidates(listingId: number): Promise<number[]> {
  const rows = await app.db
    .select({ id: savedSearches.id })
    .from(savedSearches)
    .where(mayMatchListing(listingId))
    .orderBy(savedSearches.id);
  return rows.map((r) => r.id);
}

async function indexedMatches(listingId: number): Promise<number[]> {
  const rows = await app.db
    .select({ id: savedSearches.id, query: savedSearches.query })
    .from(savedSearches)
    .where(mayMatchListing(listingId));
  const searches = rows.flatMap((s) => {
    const where = savedSearchWhere(s.query);
    return where ? [{ id: s.id, where }] : [];
  });
  return [...(await matchingSearchIds(app.db, listingId, searches))].sort((a, b) => a - b);
}

describe('saved searches indexed by their constraints (ADR 042)', () => {
  it('answers exactly what the full scan answers, for every generated listing, from far fewer candidates', async () => {
    let matches = 0;
    let candidateCount = 0;
    for (const listingId of listingIds) {
      const expected = await scanMatches(listingId);
      expect({ listingId, ids: await indexedMatches(listingId) }).toEqual({ listingId, ids: expected });
      const found = await candidates(listingId);
      expect(found).toEqual(expect.arrayContaining(expected));
      matches += expected.length;
      candidateCount += found.length;
    }
    for (const listingId of hidden) expect(await scanMatches(listingId)).toEqual([]);
    // The corpus exercises the comparison: many matches, and the index leaves out most of the 403 searches.
    expect(matches).toBeGreaterThan(200);
    expect(candidateCount).toBeLessThan(listingIds.length * searchIds.length * 0.5);
  });

  it('matches through the alert job as the full scan does (matchListing), malformed searches skipped', async () => {
    for (const listingId of listingIds.slice(0, 30)) {
      const expected = await scanMatches(listingId);
      const { matched } = await matchListing(app.db, listingId);
      expect([...matched].sort((a, b) => a - b)).toEqual(expected);
    }
    for (const id of malformed) expect(await app.db.$count(savedSearches, eq(savedSearches.id, id))).toBe(1);
  });

  it('stops matching a search once its query is changed or it is deleted', async () => {
    const listing = await makeListing(app, owner.id, { type: 'rent', price: 12_345, area: 33, lat: 13.7, lon: 100.5 });
    const edited = await saveSearch('max_price=20000&type=rent');
    const deleted = await saveSearch('min_area=30&type=rent');
    expect(await candidates(listing.id)).toEqual(expect.arrayContaining([edited, deleted]));
    expect(await indexedMatches(listing.id)).toEqual(expect.arrayContaining([edited, deleted]));
    const query = 'type=sale';
    await app.db.update(savedSearches).set({ query }).where(eq(savedSearches.id, edited));
    await writeMatchRows(app.db, [{ id: edited, query }]);
    expect(await bucketsOf(edited)).toEqual(['sale|*|*']);
    await app.db.delete(savedSearches).where(eq(savedSearches.id, deleted));
    expect(await bucketsOf(deleted)).toEqual([]);
    const now = await candidates(listing.id);
    expect(now).not.toContain(edited);
    expect(now).not.toContain(deleted);
    expect(await indexedMatches(listing.id)).toEqual(await scanMatches(listing.id));
  });

  it('treats searches stored before the index as candidates until the backfill job files them', async () => {
    const listing = await makeListing(app, owner.id, { type: 'sale', price: 3_000_000, area: 50, bedRooms: 2 });
    const old = await saveSearch('bedrooms=2&type=sale', false);
    const oldOther = await saveSearch('type=rent', false);
    const before = await candidates(listing.id);
    expect(before).toEqual(expect.arrayContaining([old, oldOther]));
    expect(await indexedMatches(listing.id)).toContain(old);
    expect(await indexSavedSearches(app.db)).toBeGreaterThanOrEqual(3);
    const [row] = await app.db
      .select({ indexed: savedSearches.matchIndexed })
      .from(savedSearches)
      .where(eq(savedSearches.id, oldOther));
    expect(row?.indexed).toBe(true);
    expect(await bucketsOf(oldOther)).toEqual(['rent|*|*']);
    expect(await bucketsOf(old)).toEqual(['sale|*|*']);
    const after = await candidates(listing.id);
    expect(after).toContain(old);
    expect(after).not.toContain(oldOther);
    expect(await indexedMatches(listing.id)).toEqual(await scanMatches(listing.id));
    // Nothing left: the hourly run is a no-op.
    expect(await indexSavedSearches(app.db)).toBe(0);
  });

  it('still equals the full scan after the backfill, malformed rows included', async () => {
    for (const listingId of listingIds.slice(0, 20)) {
      expect(await indexedMatches(listingId)).toEqual(await scanMatches(listingId));
    }
    expect(await app.db.$count(properties)).toBeGreaterThan(80);
  });

  it('files a search under its type, sub type and place: a key, the cells of its map box, or *', async () => {
    const key = await saveSearch('location=Thonglor&sub_type=condo&type=rent');
    const project = await saveSearch('project=index-tower&type=sale');
    const street = await saveSearch('bbox=100.5610,13.7310,100.5690,13.7390');
    const region = await saveSearch('bbox=99.0,12.0,101.0,14.5&sub_type=house');
    const country = await saveSearch('bbox=97.0,5.0,106.0,21.0&type=rent');
    const read = await saveSearch('q=condo%20for%20rent');
    expect(await bucketsOf(key)).toEqual(['rent|condo|l:tho']);
    expect(await bucketsOf(project)).toEqual(['sale|*|p:index-tower']);
    // 100.561–100.569 and 13.731–13.739 lie in one 0.04° cell (2514, 343): level 0.
    expect(await bucketsOf(street)).toEqual(['*|*|g0:343:2514']);
    expect(boxCells([13.731, 13.739], [100.561, 100.569])).toEqual(['g0:343:2514']);
    // 2° by 2.5°: more than four cells until the 2.56° level, where it covers four.
    expect(await bucketsOf(region)).toEqual([
      '*|house|g3:4:38',
      '*|house|g3:4:39',
      '*|house|g3:5:38',
      '*|house|g3:5:39',
    ]);
    expect(await bucketsOf(country)).toEqual(['rent|*|*']);
    // What `q` reads as a type and sub type files the search as the filters would.
    expect(await bucketsOf(read)).toEqual(['rent|condo|*']);
    expect(CELL_SIZES[0]).toBe(0.04);
  });

  it('finds a listing on the edge of a box and of a cell, as the full scan does', async () => {
    // 13.72 and 100.56 are a box's corner; the listing lies exactly on it, and a second one a hair outside.
    const on = await makeListing(app, owner.id, { type: 'rent', price: 20_000, lat: 13.72, lon: 100.56 });
    const off = await makeListing(app, owner.id, { type: 'rent', price: 20_000, lat: 13.72, lon: 100.559_999 });
    const corner = await saveSearch('bbox=100.56,13.72,100.57,13.73&type=rent');
    const wide = await saveSearch('bbox=100.50,13.60,100.56,13.72&type=rent');
    for (const listing of [on, off]) {
      const found = await candidates(listing.id);
      const expected = await scanMatches(listing.id);
      expect(expected).toEqual(expect.arrayContaining(listing === on ? [corner, wide] : [wide]));
      expect(found).toEqual(expect.arrayContaining(expected));
      expect(await indexedMatches(listing.id)).toEqual(expected);
    }
    expect(await candidates(off.id)).not.toContain(corner);
  });

  it("finds a listing priced exactly at a search's highest or lowest price, and not one baht over (ADR 053)", async () => {
    const at = await makeListing(app, owner.id, { type: 'rent', price: 27_000, lat: 13.9, lon: 100.9 });
    const over = await makeListing(app, owner.id, { type: 'rent', price: 27_001, lat: 13.9, lon: 100.9 });
    const upTo = await saveSearch('type=rent&max_price=27000');
    const from = await saveSearch('type=rent&min_price=27000&max_price=27000');
    for (const listing of [at, over]) {
      const expected = await scanMatches(listing.id);
      expect(await candidates(listing.id)).toEqual(expect.arrayContaining(expected));
      expect(await indexedMatches(listing.id)).toEqual(expected);
    }
    expect(await scanMatches(at.id)).toEqual(expect.arrayContaining([upTo, from]));
    expect(await candidates(over.id)).not.toContain(upTo);
    expect(await candidates(over.id)).not.toContain(from);
  });

  it('reads the buckets index-only: the box is tested in the index, no table row fetched', async () => {
    const listing = listingIds[0] as number;
    // As autovacuum leaves a table: statistics, and its pages marked all-visible.
    await app.db.execute(sql`vacuum analyze saved_search_buckets`);
    const plan = await app.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const result = await tx.execute(sql`explain (costs off) ${candidateIds(listing)}`);
      return (result as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toMatch(/Index Only Scan using saved_search_buckets_bucket_idx/);
    expect(plan).toMatch(/Filter: \(match_box @> /);
  });
});
