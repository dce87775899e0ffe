// Alert matching by index (issue 27 item 4, ADR 042): N saved searches (argument, default 100,000; 1,000,000 works)
// with the filters buyers save (bench/buyers/searches.ts), 20,000 listings, then the alert job's match
// (matchListing: candidates by the constraint index, each candidate's own WHERE, the hits and send jobs written) for
// a few hundred listings, one at a time: p50/p99 per listing, candidates and matches per listing, the plan.
//
//   npm run bench:alerts -- [searches=100000] [listings=300]
//
// On PostgreSQL: TEST_DATABASE_URL (default the dev server, postgres://postgres@127.0.0.1:55432/postgres); the bench
// creates and drops its own database `baan_bench_alerts` there. BENCH_KEEP=1 keeps it, and a later run with the same
// number of searches matches against the kept data without generating it again.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { savedSearches } from '../../apps/api/src/db/schema.ts';
import { matchListing } from '../../apps/api/src/services/alerts/match-listing.ts';
import { candidateIds, indexSavedSearches, writeMatchRows } from '../../apps/api/src/services/alerts/search-box.ts';
import { fillListings, prng } from '../buyers/listings.ts';
import { savedQuery } from '../buyers/searches.ts';

const SEARCHES = Number(process.argv[2] ?? 100_000);
const SAMPLE = Number(process.argv[3] ?? 300);
const LISTINGS = 20_000;
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:55432/postgres';
const DB_NAME = 'baan_bench_alerts';
const url = new URL(ADMIN_URL);
url.pathname = `/${DB_NAME}`;

const round1 = (x: number) => Math.round(x * 10) / 10;
const percentile = (xs: number[], p: number) => {
  const sorted = Float64Array.from(xs).sort();
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const load = () => loadavg().map(round1).join(' ');

const KEEP = process.env.BENCH_KEEP === '1';
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
const kept = KEEP && (await admin.query('select 1 from pg_database where datname = $1', [DB_NAME])).rows.length > 0;
if (!kept) {
  await admin.query(`drop database if exists ${DB_NAME}`);
  await admin.query(`create database ${DB_NAME}`);
}
console.log(`load at start: ${load()}`);

const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
const { db } = database;
const raw = new pg.Client({ connectionString: url.toString() });
await raw.connect();
const query = (text: string, params?: unknown[]) => raw.query(text, params);

async function generate() {
  let started = performance.now();
  await fillListings(query, LISTINGS);
  console.log(`${LISTINGS} listings generated in ${round1((performance.now() - started) / 1000)} s`);

  // The searches: queries generated as buyers save them, 10 to a user, inserted 1,000 rows to a statement, then filed
  // in their buckets as createSavedSearch files them (ADR 050).
  started = performance.now();
  const users = Math.ceil(SEARCHES / 10);
  await query(
    `insert into users (name, email, password_hash, email_verified_at)
     select 'Buyer ' || g, 'buyer-' || g || '@bench.example', 'not-a-login', now() from generate_series(1, $1::int) g`,
    [users],
  );
  const firstUser = Number(
    ((await query(`select min(id) as id from users where email like 'buyer-%'`)) as { rows: { id: number }[] }).rows[0]
      ?.id,
  );
  const random = prng(2704);
  const created = new Date(Date.now() - 86_400_000);
  const CHUNK = 1_000;
  for (let start = 0; start < SEARCHES; start += CHUNK) {
    const rows = [];
    for (let i = start; i < Math.min(SEARCHES, start + CHUNK); i++) {
      const q = savedQuery(random);
      rows.push({
        userId: firstUser + Math.floor(i / 10),
        name: `Search ${i + 1}`,
        query: q,
        frequency: (i % 2 === 0 ? 'instant' : i % 4 === 1 ? 'daily' : 'weekly') as 'instant' | 'daily' | 'weekly',
        notifyPriceDrops: i % 5 === 0,
        createdAt: created,
        matchIndexed: true,
      });
    }
    const stored = await db
      .insert(savedSearches)
      .values(rows)
      .returning({ id: savedSearches.id, query: savedSearches.query });
    await writeMatchRows(db, stored);
    if ((start / CHUNK) % 100 === 99) {
      console.log(`  ${start + CHUNK} searches, ${round1((performance.now() - started) / 1000)} s`);
    }
  }
  await query('vacuum analyze');
  const generation = round1((performance.now() - started) / 1000);
  const sizes = (
    (await query(
      `select pg_size_pretty(pg_total_relation_size('saved_searches')) as total,
              pg_size_pretty(pg_total_relation_size('saved_search_buckets')) as buckets,
              pg_size_pretty(pg_relation_size('saved_search_buckets_bucket_idx')) as bucket_index,
              (select count(*) from saved_search_buckets)::int as rows`,
    )) as { rows: { total: string; buckets: string; bucket_index: string; rows: number }[] }
  ).rows[0];
  console.log(
    `${SEARCHES} saved searches generated and filed in ${generation} s (table ${sizes?.total}; buckets ${sizes?.rows} rows, ${sizes?.buckets} with the bucket index of ${sizes?.bucket_index})`,
  );
}

try {
  const stored = kept
    ? Number(((await query('select count(*)::int as n from saved_searches')) as { rows: { n: number }[] }).rows[0]?.n)
    : 0;
  if (stored === SEARCHES) {
    console.log(`kept database: ${stored} saved searches, ${LISTINGS} listings`);
    // A database kept from before migration 0042: its searches are filed by the backfill job's function.
    const started = performance.now();
    const filed = await indexSavedSearches(db);
    if (filed > 0) {
      await query('vacuum analyze saved_search_buckets');
      console.log(`${filed} searches filed by indexSavedSearches in ${round1((performance.now() - started) / 1000)} s`);
    }
  } else {
    if (kept) throw new Error(`the kept database holds ${stored} saved searches, not ${SEARCHES}: drop it first`);
    await generate();
  }

  // The listings to match: a fixed sample of the visible ones.
  const sample = (
    (await query(`select id from properties where status = 'active' order by md5(id::text) limit $1`, [SAMPLE])) as {
      rows: { id: number }[];
    }
  ).rows.map((r) => r.id);

  // The plan of the candidate query for the first listing.
  const plan = await db.execute(sql`explain (analyze, buffers, costs off) ${candidateIds(sample[0] as number)}`);
  console.log(
    ((plan as unknown as { rows: Record<string, string>[] }).rows ?? []).map((r) => Object.values(r)[0]).join('\n'),
  );

  // A kept database holds the hits and send jobs of the run before: without them every listing matches afresh.
  if (kept) await query(`truncate saved_search_hits; delete from jobs where kind = 'alerts.send'`);
  console.log(`load before matching: ${load()}`);
  const candidateMs: number[] = [];
  const candidateCounts: number[] = [];
  const matchMs: number[] = [];
  const matchCounts: number[] = [];
  for (const id of sample) {
    let t = performance.now();
    const candidates = await db.execute(candidateIds(id));
    candidateMs.push(performance.now() - t);
    candidateCounts.push((candidates as unknown as { rows: unknown[] }).rows.length);
    t = performance.now();
    const { matched } = await matchListing(db, id, { now: new Date() });
    matchMs.push(performance.now() - t);
    matchCounts.push(matched.length);
  }
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  console.log(
    `candidate query: p50 ${round1(percentile(candidateMs, 50))} ms, p99 ${round1(percentile(candidateMs, 99))} ms; candidates per listing: mean ${round1(sum(candidateCounts) / sample.length)}, p50 ${percentile(candidateCounts, 50)}, p99 ${percentile(candidateCounts, 99)}, max ${Math.max(...candidateCounts)}`,
  );
  console.log(
    `matchListing (candidates + exact check + hits and send jobs written): p50 ${round1(percentile(matchMs, 50))} ms, p99 ${round1(percentile(matchMs, 99))} ms, max ${round1(Math.max(...matchMs))} ms; matches per listing: mean ${round1(sum(matchCounts) / sample.length)}, p99 ${percentile(matchCounts, 99)}`,
  );
  console.log(`load at end: ${load()}; ${new Date().toISOString()}`);
} finally {
  await raw.end();
  await database.close();
  if (!KEEP) await admin.query(`drop database if exists ${DB_NAME}`);
  await admin.end();
}
