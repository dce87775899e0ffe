// Buyers at 100,000 listings (issue 15): the map, the station filter and alert matching, on the production build.
//  1. GET /api/properties/map with areas and zooms of a country (Thailand, zoom 6), a city (all of Bangkok, 10;
//     central ~15 km, 12), a district (~2 km, 14) and a street (~600 m, 16), and with filters (type, price range);
//  2. GET /api/properties?station=<id>&within_m=1000 over every station, and within_m=500 alone (any station);
//  3. the alert matcher (services/alerts) for one new listing against 1,000 saved searches, ~20 runs.
// The listing read cache is OFF (LISTING_CACHE_TTL_MS=0: every read goes to the database) and every map request has
// its own area besides, so no answer is shared; GET /metrics confirms no cache hit afterwards. Load: closed loop from
// 127.0.0.1 with 1 and then 4 clients (CONNECTIONS), BENCH_SECONDS each. On PostgreSQL (default; the cluster test's
// throwaway server, e2e/cluster/harness.ts) the query plans of one request of each kind are logged by auto_explain
// (EXPLAIN ANALYZE) into bench/results/buyers-plans.txt; BENCH_DB=pglite runs the same on PGlite (no plans).
// Usage: npm run bench:buyers (builds first). Options: BENCH_DB (postgres|pglite), BENCH_LISTINGS (100000),
// BENCH_SECONDS (4), CONNECTIONS ("1,4"), SAVED_SEARCHES (1000), MATCH_RUNS (20), ALERT_MATCHER ("<module>#<export>"),
// BENCH_SERVER (the server script), BENCH_DATABASE_URL (an existing PostgreSQL database, e.g. bench:million's kept one:
// generated into when it holds fewer than BENCH_LISTINGS listings, else reused as it is after VACUUM ANALYZE; no plans
// are taken there, as the server's settings are not the bench's to change).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import neighbourhoods from '../../apps/api/src/services/locations/places/neighbourhoods.json' with { type: 'json' };
import { STATIONS } from '../../apps/api/src/services/transit/stations.ts';
import { type PostgresServer, startPostgres } from '../../e2e/cluster/harness.ts';
import { ROOT, sampleRss, startNode } from '../lib.mjs';
import { fillListings, gauss, generateListing, insertListings, pick, prng, type Query } from './listings.ts';
import { fillSavedSearches } from './searches.ts';

const KIND = (process.env.BENCH_DB || 'postgres') as 'postgres' | 'pglite';
const LISTINGS = Number(process.env.BENCH_LISTINGS || 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS || 4);
const CONNECTIONS = (process.env.CONNECTIONS || '1,4').split(',').map(Number);
const SAVED_SEARCHES = Number(process.env.SAVED_SEARCHES || 1_000);
const MATCH_RUNS = Number(process.env.MATCH_RUNS || 20);
const ALERT_MATCHER = process.env.ALERT_MATCHER || 'apps/api/src/services/alerts/match-listing.ts#matchListing';
const METRICS_TOKEN = 'bench-buyers-metrics-token';
/** The production build's entry (another bundle of the same source can be named, e.g. one built beside dist/server.js). */
const SERVER = path.resolve(ROOT, process.env.BENCH_SERVER || 'apps/api/bin/baan.js');
const TARGET_P99_MS = 50;
const KEPT_DATABASE = process.env.BENCH_DATABASE_URL;

const round1 = (x: number) => Math.round(x * 10) / 10;
const load = () => loadavg().map(round1);
const percentile = (xs: number[], p: number) => {
  const sorted = Float64Array.from(xs).sort();
  return sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number) : 0;
};

// ---------------------------------------------------------------------------------------------
// The requests. Every map request has its own area (a random centre, or random edges for all of Bangkok).

type Place = { en: string; lat: number; lon: number; province?: string };
const bangkokPlaces = (neighbourhoods as Place[]).filter((p) => p.province === 'Bangkok');
const bbox = (west: number, south: number, east: number, north: number) =>
  [west, south, east, north].map((x) => x.toFixed(5)).join(',');
/** A square of `km` around (lat, lon). */
const square = (lat: number, lon: number, km: number) => {
  const dLat = km / 2 / 111.32;
  const dLon = km / 2 / (111.32 * Math.cos((lat * Math.PI) / 180));
  return bbox(lon - dLon, lat - dLat, lon + dLon, lat + dLat);
};
const random = prng(42);
const AREAS = {
  /** All of Thailand, each edge moved by up to ~300 m (the map's zoom 6). */
  country: () => {
    const j = () => (random() - 0.5) * 0.006;
    return bbox(97.3 + j(), 5.6 + j(), 105.7 + j(), 20.5 + j());
  },
  /** ~600 m: a few streets (the map's zoom 16, where it shows single listings). */
  street: () => {
    const p = pick(random, bangkokPlaces);
    return square(p.lat + gauss(random) * 0.004, p.lon + gauss(random) * 0.004, 0.6);
  },
  /** ~2 km: one neighbourhood (Thonglor, Ari, Silom…), its centre moved a little each time. */
  district: () => {
    const p = pick(random, bangkokPlaces);
    return square(p.lat + gauss(random) * 0.004, p.lon + gauss(random) * 0.004, 2);
  },
  /** ~15 km around Siam / Asok. */
  central: () => square(13.745 + gauss(random) * 0.01, 100.55 + gauss(random) * 0.01, 15),
  /** The whole of Bangkok (~65 × 50 km), each edge moved by up to ~300 m. */
  bangkok: () => {
    const j = () => (random() - 0.5) * 0.006;
    return bbox(100.32 + j(), 13.49 + j(), 100.94 + j(), 13.96 + j());
  },
};
/** The zoom a 1280-pixel-wide map shows each area at (ADR 041: the cells of its clusters follow it). */
const ZOOMS: Record<keyof typeof AREAS, number> = { country: 6, bangkok: 10, central: 12, district: 14, street: 16 };
const map =
  (area: keyof typeof AREAS, filters = '') =>
  () =>
    `/api/properties/map?bbox=${AREAS[area]()}&zoom=${ZOOMS[area]}${filters ? `&${filters}` : ''}`;

const SCENARIOS: { name: string; group: 'map' | 'station' | 'reference'; next: () => string }[] = [
  { name: 'map_country_z6', group: 'map', next: map('country') },
  { name: 'map_country_z6_rent_condo', group: 'map', next: map('country', 'type=rent&sub_type=condo') },
  { name: 'map_street_600m_z16', group: 'map', next: map('street') },
  { name: 'map_district_2km', group: 'map', next: map('district') },
  { name: 'map_central_15km', group: 'map', next: map('central') },
  { name: 'map_bangkok_all', group: 'map', next: map('bangkok') },
  { name: 'map_district_rent_max30k', group: 'map', next: map('district', 'type=rent&max_price=30000') },
  { name: 'map_central_rent', group: 'map', next: map('central', 'type=rent') },
  {
    name: 'map_central_sale_3m_10m',
    group: 'map',
    next: map('central', 'type=sale&min_price=3000000&max_price=10000000'),
  },
  {
    name: 'map_bangkok_condo_rent_10k_40k',
    group: 'map',
    next: map('bangkok', 'type=rent&sub_type=condo&min_price=10000&max_price=40000'),
  },
  {
    name: 'station_any_1000m',
    group: 'station',
    next: () => `/api/properties?station=${pick(random, STATIONS).id}&within_m=1000`,
  },
  {
    name: 'station_any_1000m_rent',
    group: 'station',
    next: () => `/api/properties?station=${pick(random, STATIONS).id}&within_m=1000&type=rent`,
  },
  { name: 'within_500m_alone', group: 'station', next: () => '/api/properties?within_m=500' },
  {
    name: 'within_500m_rent_max30k',
    group: 'station',
    next: () => '/api/properties?within_m=500&type=rent&max_price=30000',
  },
  // For comparison: the plain first page with the cache off (the search as it was before issue 15).
  { name: 'reference_first_page', group: 'reference', next: () => '/api/properties' },
];

// ---------------------------------------------------------------------------------------------

let agent: http.Agent | undefined;
function get(port: number, urlPath: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; ms: number; body: string }>((resolve, reject) => {
    const started = performance.now();
    const req = http.request({ host: '127.0.0.1', port, method: 'GET', path: urlPath, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          ms: performance.now() - started,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** `clients` loops, each sending its next request when the previous answer has arrived, for `seconds`. */
async function closedLoop(port: number, next: () => string, clients: number, seconds: number) {
  const ms: number[] = [];
  const bad: string[] = [];
  const sizes: number[] = [];
  const totals: number[] = [];
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        const url = next();
        const r = await get(port, url);
        ms.push(r.ms);
        sizes.push(r.body.length);
        if (r.status !== 200) {
          if (bad.length < 5) bad.push(`${r.status} ${url} ${r.body.slice(0, 200)}`);
          continue;
        }
        const total = (JSON.parse(r.body) as { payload?: { total?: number } }).payload?.total;
        if (typeof total === 'number') totals.push(total);
      }
    }),
  );
  return {
    clients,
    requests: ms.length,
    per_second: Math.round(ms.length / seconds),
    p50_ms: round1(percentile(ms, 50)),
    p90_ms: round1(percentile(ms, 90)),
    p99_ms: round1(percentile(ms, 99)),
    max_ms: round1(percentile(ms, 100)),
    not_200: ms.length - totals.length,
    errors: bad,
    matches_median: percentile(totals, 50),
    matches_max: percentile(totals, 100),
    body_kb_median: round1(percentile(sizes, 50) / 1024),
  };
}

/** The plans auto_explain logged for queries on listings (not the job runner's polls), each with its duration. */
function listingPlans(log: string): string {
  return log
    .split(/^(?=\S.*LOG: {2}duration: )/m)
    .filter((entry) => /Query Text:.*\b(properties|saved_searches)\b/.test(entry))
    .join('');
}

/** Reads the listing-cache hit counter of GET /metrics. */
async function cacheHits(port: number) {
  const r = await get(port, '/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
  const value = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(r.body)?.[1] ?? NaN);
  return { hits: value('baan_listing_cache_hits_total'), misses: value('baan_listing_cache_misses_total') };
}

// ---------------------------------------------------------------------------------------------

const dataDir = mkdtempSync(path.join(tmpdir(), 'baan-buyers-'));
let postgres: PostgresServer | undefined;
/** BENCH_DATABASE_URL's pool (kept: never stopped beyond its connections). */
let kept: pg.Pool | undefined;
let server: Awaited<ReturnType<typeof startNode>> | undefined;
const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  database: KEPT_DATABASE
    ? 'PostgreSQL (BENCH_DATABASE_URL, kept)'
    : KIND === 'postgres'
      ? 'PostgreSQL (throwaway server, e2e/cluster/harness.ts)'
      : 'PGlite (DATA_DIR)',
  machine: { cpus: cpus().length, node: process.version, load_start: load() },
  listings: LISTINGS,
  seconds_per_run: SECONDS,
  listing_cache: 'off (LISTING_CACHE_TTL_MS=0) and a distinct bbox per map request',
};
let plansText = '';

try {
  // 1. An empty, migrated database (the server migrates it at start), then 100,000 listings.
  let env: Record<string, string> = {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    LISTING_CACHE_TTL_MS: '0',
    METRICS_TOKEN,
  };
  let pglite: PGlite | undefined;
  let query: Query;
  if (KEPT_DATABASE) {
    const pool = new pg.Pool({ connectionString: KEPT_DATABASE, max: 2 });
    kept = pool;
    env = { ...env, DATABASE_URL: KEPT_DATABASE };
    query = async (text, params) => ({ rows: (await pool.query(text, params)).rows });
  } else if (KIND === 'postgres') {
    postgres = await startPostgres({ replica: false });
    env = { ...env, DATABASE_URL: postgres.url };
    const pgServer = postgres;
    query = async (text, params) => ({ rows: await pgServer.query(text, params) });
  } else {
    query = async (text, params) => {
      if (!pglite) pglite = new PGlite(path.join(dataDir, 'db'), { extensions: { pg_trgm, cube } });
      return pglite.query(text, params);
    };
  }
  server = await startNode(SERVER, env, '/api/health');
  await server.stop();
  server = undefined;
  const started = performance.now();
  const [{ n: already } = { n: 0 }] = (
    (await query('select count(*)::int as n from properties')) as {
      rows: { n: number }[];
    }
  ).rows;
  const reuse = KEPT_DATABASE !== undefined && already >= LISTINGS;
  if (reuse) console.log(`bench: reusing the ${already} listings of BENCH_DATABASE_URL (VACUUM ANALYZE first)`);
  else {
    console.log(`bench: generating ${LISTINGS} listings on ${KIND}…`);
    await fillListings(query, LISTINGS);
  }
  await query('vacuum analyze properties');
  const counts = (
    (await query(
      `select count(*)::int as listings,
              count(*) filter (where station_distance_m <= 500)::int as within_500,
              count(*) filter (where station_distance_m <= 1000)::int as within_1000,
              count(*) filter (where lat is null)::int as without_pin,
              count(*) filter (where point(lon, lat) <@ box(point(100.32, 13.49), point(100.94, 13.96)))::int as in_bangkok
         from properties`,
    )) as { rows: Record<string, number>[] }
  ).rows[0];
  results.generated = { reused: reuse, seconds: round1((performance.now() - started) / 1000), ...counts };
  console.log('generated', results.generated);
  if (pglite) {
    await pglite.close();
    pglite = undefined;
  }
  if (postgres) {
    // auto_explain in every new session, silent until the explain phase below turns it on.
    await postgres.query("load 'auto_explain'");
    await postgres.query("alter system set session_preload_libraries = 'auto_explain'");
    await postgres.query('select pg_reload_conf()');
  }

  // 2. The production build, warm; then every scenario at each concurrency.
  server = await startNode(SERVER, env, '/api/health', path.join(ROOT, 'bench/results/buyers-server.log'));
  const port = Number(new URL(server.url).port);
  if (postgres) {
    // The server's start-up backfills (district and place of each generated listing, services/properties) update
    // every row one by one: let them finish before timing, then vacuum so the table is as autovacuum keeps it in
    // steady state (index-only scans need the visibility map). Earlier runs timed the map during the backfill.
    const pg = postgres;
    const unplaced = async () =>
      ((await pg.query('select count(*)::int as n from properties where place is null')) as { n: number }[])[0]?.n;
    const waited = performance.now();
    for (let last = -1, now = await unplaced(); now !== last && performance.now() - waited < 600_000; ) {
      await new Promise((r) => setTimeout(r, 3_000));
      last = now ?? -1;
      now = await unplaced();
    }
    await pg.query('vacuum analyze properties');
    results.backfill_wait_seconds = round1((performance.now() - waited) / 1000);
    console.log(`bench: start-up backfills done in ${results.backfill_wait_seconds} s, vacuumed`);
  }
  agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  for (const s of SCENARIOS) await closedLoop(port, s.next, 2, 0.5); // warm-up: code paths compiled, pages in cache
  const stopRss = sampleRss(server.pid);
  const before = await cacheHits(port);
  const runs: Record<string, unknown>[] = [];
  for (const clients of CONNECTIONS) {
    for (const s of SCENARIOS) {
      const loadBefore = load();
      const r = await closedLoop(port, s.next, clients, SECONDS);
      const row = { scenario: s.name, group: s.group, ...r, load_before: loadBefore, load_after: load() };
      runs.push(row);
      console.log(
        `${s.name.padEnd(34)} c=${clients} ${String(r.per_second).padStart(5)}/s p50 ${r.p50_ms} p99 ${r.p99_ms} ms` +
          ` (matches ~${r.matches_median}${r.not_200 ? `, ${r.not_200} not 200: ${r.errors[0]}` : ''})`,
      );
    }
  }
  const after = await cacheHits(port);
  results.peak_server_rss_mb = stopRss();
  results.cache_during_runs = { hits: after.hits - before.hits, misses: after.misses - before.misses };
  results.runs = runs;
  const single = runs.filter((r) => r.clients === CONNECTIONS[0] && r.group !== 'reference');
  results.target = {
    p99_ms: TARGET_P99_MS,
    clients: CONNECTIONS[0],
    met: single.filter((r) => r.not_200 === 0 && (r.p99_ms as number) <= TARGET_P99_MS).map((r) => r.scenario),
    missed: single.filter((r) => r.not_200 === 0 && (r.p99_ms as number) > TARGET_P99_MS).map((r) => r.scenario),
    failed: single.filter((r) => (r.not_200 as number) > 0).map((r) => r.scenario),
  };

  // 3. The plans: one request of each scenario with auto_explain's EXPLAIN ANALYZE on (PostgreSQL only).
  if (postgres) {
    const settings = [
      ['auto_explain.log_min_duration', '0'],
      ['auto_explain.log_analyze', 'on'],
      ['auto_explain.log_buffers', 'on'],
      ['auto_explain.log_timing', 'on'],
    ];
    for (const [name, value] of settings) await postgres.query(`alter system set ${name} = '${value}'`);
    await postgres.query('select pg_reload_conf()');
    await new Promise((r) => setTimeout(r, 500));
    for (const s of SCENARIOS) {
      const from = postgres.primaryLog().length;
      const url = s.next();
      const r = await get(port, url);
      await new Promise((res) => setTimeout(res, 300));
      plansText += `\n===== ${s.name}: GET ${url} → ${r.status} in ${round1(r.ms)} ms\n${listingPlans(postgres.primaryLog().slice(from))}`;
    }
    for (const [name] of settings) await postgres.query(`alter system reset ${name}`);
    await postgres.query('select pg_reload_conf()');
  }
  await server.stop();
  server = undefined;
  agent.destroy();

  // 4. Alert matching: SAVED_SEARCHES saved searches, then MATCH_RUNS new listings, each matched on its own.
  if (ALERT_MATCHER !== 'none') await alertMatching();
  results.machine = { ...(results.machine as object), load_end: load() };
} finally {
  agent?.destroy();
  await server?.stop();
  await postgres?.stop();
  await kept?.end();
  rmSync(dataDir, { recursive: true, force: true });
}

/** Time per run of the alert matcher (ALERT_MATCHER) for one new listing against SAVED_SEARCHES saved searches. */
async function alertMatching() {
  if (KEPT_DATABASE) throw new Error('alert matching needs a throwaway database: set ALERT_MATCHER=none');
  const pgServer = postgres;
  const [modulePath, exportName] = ALERT_MATCHER.split('#') as [string, string];
  const matcherModule = (await import(path.resolve(ROOT, modulePath))) as Record<string, unknown>;
  const matcher = matcherModule[exportName] as (db: unknown, listingId: number) => Promise<unknown>;
  if (typeof matcher !== 'function') throw new Error(`${ALERT_MATCHER} is not a function`);
  const { openDatabase } = await import('../../apps/api/src/db/client.ts');
  const database = await openDatabase(
    pgServer
      ? { kind: 'postgres', url: pgServer.url, poolSize: 4 }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
  );
  try {
    const dbQuery: Query = async (text, params) =>
      pgServer
        ? { rows: await pgServer.query(text, params) }
        : (database.db as unknown as { $client: PGlite }).$client.query(text, params);
    const owner = (
      (await dbQuery(`select id from users where email = 'bench-owner@baan.example'`)) as {
        rows: { id: number }[];
      }
    ).rows[0]?.id as number;
    const started = performance.now();
    const queries = await fillSavedSearches(dbQuery, SAVED_SEARCHES);
    await dbQuery('analyze saved_searches');
    const kinds = (key: string) => queries.filter((q) => new RegExp(`(^|&)${key}=`).test(q)).length;
    results.saved_searches = {
      count: queries.length,
      with: Object.fromEntries(
        [
          'type',
          'sub_type',
          'min_price',
          'max_price',
          'location',
          'bbox',
          'station',
          'within_m',
          'q',
          'foreign_quota',
        ].map((k) => [k, kinds(k)]),
      ),
      examples: queries.slice(0, 5),
    };
    // New listings in Bangkok (where most searches look), inserted now: after every saved search.
    const newRandom = prng(2026);
    const fresh = [];
    while (fresh.length < MATCH_RUNS + 1) {
      const l = generateListing(newRandom, 0);
      if (l.lat !== null && l.lat > 13.49 && l.lat < 13.96 && l.status === 'active') fresh.push(l);
    }
    const times: number[] = [];
    const hits: number[] = [];
    let warmUp = 0;
    for (const [i, listing] of fresh.entries()) {
      await insertListings(dbQuery, owner, [listing]);
      const id = ((await dbQuery('select max(id)::int as id from properties')) as { rows: { id: number }[] }).rows[0]
        ?.id as number;
      const before = await dbQuery('select count(*)::int as n from saved_search_hits');
      const t = performance.now();
      await matcher(database.db, id);
      const ms = performance.now() - t;
      const afterHits = await dbQuery('select count(*)::int as n from saved_search_hits');
      const n = (afterHits as { rows: { n: number }[] }).rows[0]?.n ?? 0;
      const m = (before as { rows: { n: number }[] }).rows[0]?.n ?? 0;
      if (i === 0) warmUp = ms;
      else {
        times.push(ms);
        hits.push(n - m);
      }
    }
    results.alert_matching = {
      saved_searches: SAVED_SEARCHES,
      runs: times.length,
      warm_up_ms: round1(warmUp),
      median_ms: round1(percentile(times, 50)),
      max_ms: round1(percentile(times, 100)),
      each_ms: times.map(round1),
      hits_per_listing: hits,
      setup_seconds: round1((performance.now() - started) / 1000),
    };
    console.log('alert matching', results.alert_matching);
  } finally {
    await database.close();
  }
}

const suffix = KIND === 'postgres' ? '' : '-pglite';
writeFileSync(path.join(ROOT, `bench/results/buyers${suffix}.json`), `${JSON.stringify(results, null, 2)}\n`);
if (plansText) writeFileSync(path.join(ROOT, 'bench/results/buyers-plans.txt'), plansText);
console.log(
  JSON.stringify({ target: results.target, cache: results.cache_during_runs, load: results.machine }, null, 2),
);
