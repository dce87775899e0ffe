// Search at a million listings (issue 27 item 5) on PostgreSQL and the production build: the first page, a filtered
// search, text in Thai and in English, a station, the price-per-m² sort and a project's listings, each on its own for
// BENCH_SECONDS with one client (then CONNECTIONS more), the listing read cache OFF so every request reads the database.
// Listings from bench/buyers/listings.ts, placed by the app's resolvePlace as create stores them; PROJECTS buildings
// in central Bangkok, each given the listings generated nearest to it (up to 400), as the wizard links them.
// Usage: npm run bench:million (builds first). Options: BENCH_LISTINGS (1000000), BENCH_SECONDS (5),
// CONNECTIONS ("1,4"), BENCH_SERVER, BENCH_DATABASE_URL (an existing PostgreSQL database to use instead of a throwaway
// server: generated into once, reused as it is when it already holds BENCH_LISTINGS listings, so a change can be
// measured again in two minutes). Writes bench/results/million.json. Takes about 15 minutes at a million.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { resolvePlace } from '../../apps/api/src/services/locations/resolve-place.ts';
import { type PostgresServer, startPostgres } from '../../e2e/cluster/harness.ts';
import { fillListings, pick, prng, type Query, STATION_IDS } from '../buyers/listings.ts';
import { benchHeader, closeAgent, closedLoop, get, load, round1, uncachedServerEnv } from '../closed-loop.ts';
import { ROOT, startNode } from '../lib.mjs';

const LISTINGS = Number(process.env.BENCH_LISTINGS || 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS || 5);
const CONNECTIONS = (process.env.CONNECTIONS || '1,4').split(',').map(Number);
const SERVER = path.resolve(ROOT, process.env.BENCH_SERVER || 'apps/api/bin/baan.js');
const KEPT_DATABASE = process.env.BENCH_DATABASE_URL;
const PROJECTS = 40;
const TARGET_MS = 50;

const random = prng(27);
const results: Record<string, unknown> = benchHeader(LISTINGS, SECONDS);
const dataDir = mkdtempSync(path.join(tmpdir(), 'baan-million-'));
let postgres: PostgresServer | { url: string; query: PostgresServer['query']; stop(): Promise<void> } | undefined;
let server: Awaited<ReturnType<typeof startNode>> | undefined;
try {
  postgres = KEPT_DATABASE ? await keptDatabase(KEPT_DATABASE) : await startPostgres({ replica: false });
  const db = postgres;
  const env = uncachedServerEnv(dataDir, postgres.url);

  server = await startNode(SERVER, env, '/api/health'); // migrates
  await server.stop();
  server = undefined;
  const [{ n: already } = { n: 0 }] = (await db.query('select count(*)::int as n from properties')) as { n: number }[];
  if (KEPT_DATABASE && already >= LISTINGS) {
    // A migration since the last run may have rewritten the table: without this its index-only scans read the heap.
    console.log(`bench: reusing the ${already} listings of the kept database (VACUUM ANALYZE first)`);
    await db.query('vacuum analyze');
  } else await generate(db);
  const counts = (
    await db.query(
      `select count(*)::int as listings, count(place)::int as with_place, count(project_id)::int as in_projects,
              count(*) filter (where location ~ '[ก-๙]')::int as thai_location from properties`,
    )
  )[0];
  results.generated = { reused: KEPT_DATABASE !== undefined && already >= LISTINGS, ...counts };
  console.log('generated', results.generated);

  server = await startNode(SERVER, env, '/api/health');
  // The start-up backfills (nearest station, place: services/transit, services/properties) read every listing they
  // could not give one, in batches, at every start (~340 statements at a million): let them finish before timing.
  const waited = performance.now();
  for (let idle = 0; idle < 3 && performance.now() - waited < 180_000; ) {
    await new Promise((r) => setTimeout(r, 1_000));
    const [{ n: busy } = { n: 0 }] = (await db.query(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and application_name = 'baan' and state = 'active'`,
    )) as { n: number }[];
    idle = busy === 0 ? idle + 1 : 0;
  }
  results.start_up_wait_seconds = round1((performance.now() - waited) / 1000);
  console.log(`bench: start-up backfills done in ${results.start_up_wait_seconds} s`);
  const port = Number(new URL(server.url).port);
  const price = () => 5_000 + Math.floor(random() * 20) * 2_500;
  const scenarios = [
    { name: 'first_page', next: () => `/api/properties?page=${1 + Math.floor(random() * 5)}` },
    {
      name: 'filtered',
      next: () =>
        `/api/properties?type=rent&sub_type=condo&min_price=${price()}&max_price=${price() + 40_000}&bedrooms=${1 + Math.floor(random() * 3)}`,
    },
    {
      name: 'text_thai',
      next: () =>
        `/api/properties?q=${encodeURIComponent(pick(random, ['สุขุมวิท', 'ทองหล่อ', 'คอนโด สีลม', 'ภูเก็ต', 'อารีย์']))}`,
    },
    {
      name: 'text_english',
      next: () =>
        `/api/properties?q=${encodeURIComponent(pick(random, ['Sukhumvit', 'Thonglor', 'condo Silom', 'Phuket', 'Ari', 'sea view']))}`,
    },
    { name: 'station', next: () => `/api/properties?station=${pick(random, STATION_IDS)}&within_m=1000` },
    {
      name: 'price_per_sqm_sort',
      next: () => `/api/properties?sort=${pick(random, ['price_per_sqm_asc', 'price_per_sqm_desc'])}&type=sale`,
    },
    { name: 'project', next: () => `/api/properties?project=bench-tower-${Math.floor(random() * PROJECTS)}` },
  ];
  for (const s of scenarios) await closedLoop(port, s.next, 2, 1); // warm-up
  // One request of each, alone: what it answers.
  const sample: Record<string, { ms: number; total: number; total_capped: boolean }> = {};
  for (const s of scenarios) {
    const r = await get(port, s.next());
    const payload = JSON.parse(r.body).payload as { total: number; total_capped?: 1 };
    sample[s.name] = { ms: round1(r.ms), total: payload.total, total_capped: payload.total_capped === 1 };
  }
  results.sample = sample;
  const runs: Record<string, unknown>[] = [];
  for (const clients of CONNECTIONS) {
    for (const s of scenarios) {
      const loadBefore = load();
      const r = await closedLoop(port, s.next, clients, SECONDS);
      runs.push({ scenario: s.name, target_p99_ms: TARGET_MS, ...r, load_before: loadBefore, load_after: load() });
      console.log(`${s.name.padEnd(20)} c=${clients} p50 ${r.p50_ms} p99 ${r.p99_ms} ms (${r.requests} requests)`);
    }
  }
  results.runs = runs;
  results.machine = { ...(results.machine as object), load_end: load() };
  writeFileSync(path.join(ROOT, 'bench/results/million.json'), `${JSON.stringify(results, null, 2)}\n`);
} finally {
  closeAgent();
  await server?.stop();
  await postgres?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

/** Fills an empty database: the listings, their places, the buildings; then VACUUM ANALYZE. */
async function generate(db: { query: PostgresServer['query'] }): Promise<void> {
  const started = performance.now();
  const query: Query = async (text, params) => ({ rows: await db.query(text, params) });
  console.log(`bench: generating ${LISTINGS} listings…`);
  await fillListings(query, LISTINGS);
  console.log(`generated in ${round1((performance.now() - started) / 1000)} s; placing them…`);
  const CHUNK = 20_000;
  for (let last = 0; ; ) {
    const rows = (await db.query('select id, location from properties where id > $1 order by id limit $2', [
      last,
      CHUNK,
    ])) as { id: number; location: string }[];
    if (rows.length === 0) break;
    last = rows.at(-1)?.id ?? last;
    const placed = rows.map((r) => ({ id: r.id, ...resolvePlace(r.location) }));
    await db.query(
      `update properties p set district = u.district, province = u.province, place = u.place
         from unnest($1::int[], $2::text[], $3::text[], $4::text[]) as u(id, district, province, place)
        where p.id = u.id`,
      [
        placed.map((r) => r.id),
        placed.map((r) => r.district),
        placed.map((r) => r.province),
        placed.map((r) => r.place),
      ],
    );
  }
  // Buildings in central Bangkok (a grid between Silom and Thonglor); each takes the condos nearest to it.
  for (let i = 0; i < PROJECTS; i++) {
    const lat = 13.72 + (i % 8) * 0.006;
    const lon = 100.53 + Math.floor(i / 8) * 0.012;
    const [row] = (await db.query(
      `insert into projects (slug, name_en, name_th, lat, lon, province, district)
       values ($1, $2, $3, $4, $5, 'Bangkok', 'Watthana') returning id`,
      [`bench-tower-${i}`, `Bench Tower ${i}`, `เบนช์ ทาวเวอร์ ${i}`, lat, lon],
    )) as { id: number }[];
    await db.query(
      `update properties set project_id = $1 where id in (
         select id from properties where property_sub_type = 'condo' and project_id is null
         order by (lat - $2) ^ 2 + (lon - $3) ^ 2 limit 400)`,
      [row?.id, lat, lon],
    );
  }
  await db.query('vacuum analyze');
  results.generation_seconds = round1((performance.now() - started) / 1000);
  console.log(`generation took ${results.generation_seconds} s`);
}

/** BENCH_DATABASE_URL: a database kept between runs (never dropped here). */
async function keptDatabase(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  return {
    url,
    query: async (text: string, params?: unknown[]) => (await pool.query(text, params)).rows,
    stop: () => pool.end(),
  };
}
