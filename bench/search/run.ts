// Search that understands what people type (issue 23) at 100,000 listings, on the production build:
//  1. GET /api/properties?q=… with queries as people type them (places in Thai and Latin script and other languages,
//     several words with sub types, bedrooms, prices and rent/sale, leftover text, typos that take the spelling retry);
//  2. GET /api/search/suggest?q=… with prefixes of place names and words as one types them;
//  3. recall: for every place pair of the corpus (apps/api/test/search/query-corpus.json, the same place in two
//     scripts) whether both give the same result set, now and with the search as it was (one LIKE over the text).
// The listings are bench/buyers' (placed like a portal's, 12 % with a Thai location), given their district, province
// and place by the app's own resolvePlace, as create and the start-up backfill store them. The listing read cache is
// OFF (LISTING_CACHE_TTL_MS=0), so every request reads the database. Closed loop from 127.0.0.1, 1 client, then 4.
// Usage: npm run bench:search (builds first). Options: BENCH_LISTINGS (100000), BENCH_SECONDS (5), CONNECTIONS ("1,4").
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { resolvePlace } from '../../apps/api/src/services/locations/resolve-place.ts';
import corpus from '../../apps/api/test/search/query-corpus.json' with { type: 'json' };
import { type PostgresServer, startPostgres } from '../../e2e/cluster/harness.ts';
import { fillListings, pick, prng, type Query } from '../buyers/listings.ts';
import { benchHeader, closeAgent, closedLoop, get, load, round1, uncachedServerEnv } from '../closed-loop.ts';
import { ROOT, startNode } from '../lib.mjs';

const LISTINGS = Number(process.env.BENCH_LISTINGS || 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS || 5);
const CONNECTIONS = (process.env.CONNECTIONS || '1,4').split(',').map(Number);
const SERVER = path.resolve(ROOT, process.env.BENCH_SERVER || 'apps/api/bin/baan.js');
const TARGETS = { search: 50, suggest: 30 };

const random = prng(23);
/** What people type into the search box (each request one of these, at random). */
const SEARCHES = [
  'สุขุมวิท',
  'Sukhumvit',
  'ทองหล่อ',
  'Thonglor',
  'ภูเก็ต',
  'Phuket',
  'condo Sukhumvit',
  'คอนโด สุขุมวิท 2 ห้องนอน ไม่เกิน 3 ล้าน',
  'condo for rent silom 2 bed under 30k',
  'house for sale Chiang Mai 3-5M',
  'บ้านเดี่ยว เชียงใหม่',
  'Pattaya condo',
  'パタヤ コンドミニアム',
  'кондо Паттайя до 3 млн',
  '曼谷 公寓 出租',
  'BTS Asok',
  'Ari',
  'Rama 9 condo',
  'Bangkok',
  'กรุงเทพ คอนโด ให้เช่า',
  'quiet garden',
  'renovated townhouse',
  'Sukumvit',
  'Tonglor condo',
  'luxry villa',
];
/** What people have typed so far when suggestions are asked for. */
const PREFIXES = [
  'สุขุม',
  'Sukh',
  'ทอง',
  'Thon',
  'ภูเ',
  'Phu',
  'パタ',
  'Патт',
  '曼',
  'Asok',
  'Sil',
  'Rama',
  'Sukumvit',
  'Garden',
  'cozy',
  'บาง',
  'Bang',
  'Chiang',
  'Hua H',
  'Nimm',
];

const dataDir = mkdtempSync(path.join(tmpdir(), 'baan-search-'));
let postgres: PostgresServer | undefined;
let server: Awaited<ReturnType<typeof startNode>> | undefined;
const results: Record<string, unknown> = benchHeader(LISTINGS, SECONDS);

try {
  postgres = await startPostgres({ replica: false });
  const pgServer = postgres;
  const query: Query = async (text, params) => ({ rows: await pgServer.query(text, params) });
  const env = uncachedServerEnv(dataDir, postgres.url);

  server = await startNode(SERVER, env, '/api/health');
  await server.stop();
  server = undefined;
  console.log(`bench: generating ${LISTINGS} listings…`);
  const started = performance.now();
  await fillListings(query, LISTINGS);
  // Their places, as create and the start-up backfill store them.
  const rows = (await pgServer.query('select id, location from properties')) as { id: number; location: string }[];
  for (let i = 0; i < rows.length; i += 5000) {
    const chunk = rows.slice(i, i + 5000).map((r) => ({ id: r.id, ...resolvePlace(r.location) }));
    await pgServer.query(
      `update properties p set district = u.district, province = u.province, place = u.place
         from unnest($1::int[], $2::text[], $3::text[], $4::text[]) as u(id, district, province, place)
        where p.id = u.id`,
      [chunk.map((r) => r.id), chunk.map((r) => r.district), chunk.map((r) => r.province), chunk.map((r) => r.place)],
    );
  }
  await pgServer.query('vacuum analyze properties');
  const placed = (
    await pgServer.query(
      `select count(*)::int as listings, count(place)::int as with_place,
              count(*) filter (where place like 'neighbourhood:%')::int as in_neighbourhood,
              count(*) filter (where location ~ '[ก-๙]')::int as thai_location from properties`,
    )
  )[0];
  results.generated = { seconds: round1((performance.now() - started) / 1000), ...placed };
  console.log('generated', results.generated);

  server = await startNode(SERVER, env, '/api/health');
  const port = Number(new URL(server.url).port);
  const scenarios = [
    {
      name: 'search_q',
      target: TARGETS.search,
      next: () => `/api/properties?q=${encodeURIComponent(pick(random, SEARCHES))}`,
    },
    {
      name: 'suggest',
      target: TARGETS.suggest,
      next: () =>
        `/api/search/suggest?q=${encodeURIComponent(pick(random, PREFIXES))}&lang=${pick(random, ['en', 'th'])}`,
    },
    { name: 'reference_first_page', target: null, next: () => '/api/properties' },
  ];
  for (const s of scenarios) await closedLoop(port, s.next, 2, 1); // warm-up
  // Each query once, alone: which are slow.
  const perQuery: Record<string, { ms: number; total: number; corrected: string | null }> = {};
  for (const text of SEARCHES) {
    const r = await get(port, `/api/properties?q=${encodeURIComponent(text)}`);
    const payload = JSON.parse(r.body).payload as { total: number; corrected: string | null };
    perQuery[text] = { ms: round1(r.ms), total: payload.total, corrected: payload.corrected };
  }
  results.per_query = perQuery;
  const runs: Record<string, unknown>[] = [];
  for (const clients of CONNECTIONS) {
    for (const s of scenarios) {
      const loadBefore = load();
      const r = await closedLoop(port, s.next, clients, SECONDS);
      runs.push({ scenario: s.name, target_p99_ms: s.target, ...r, load_before: loadBefore, load_after: load() });
      console.log(`${s.name.padEnd(22)} c=${clients} p50 ${r.p50_ms} p99 ${r.p99_ms} ms (${r.requests} requests)`);
    }
  }
  results.runs = runs;

  // Recall: the same place in two scripts gives the same result set: every match, by id, through the search's own
  // WHERE (searchConditions, as GET /api/properties builds it), against the search as it was (one LIKE over the text).
  const { openDatabase } = await import('../../apps/api/src/db/client.ts');
  const { searchConditions } = await import('../../apps/api/src/services/properties/list-properties.ts');
  const { properties } = await import('../../apps/api/src/db/schema.ts');
  const database = await openDatabase({ kind: 'postgres', url: pgServer.url, poolSize: 2 });
  const matches = async (text: string) =>
    (
      await database.db
        .select({ id: properties.id })
        .from(properties)
        .where(searchConditions({ q: text }))
    )
      .map((r) => r.id)
      .sort((x, y) => x - y);
  const searchText = "lower(title || ' ' || location || ' ' || description)";
  const before = async (text: string) =>
    (
      (await pgServer.query(
        `select count(*)::int as n from properties where status = 'active' and ${searchText} like $1`,
        [`%${text.toLowerCase()}%`],
      )) as { n: number }[]
    )[0]?.n ?? 0;
  const pairs = [];
  let same = 0;
  let sameBefore = 0;
  for (const [a, b] of corpus.pairs as [string, string][]) {
    const [ra, rb] = [await matches(a), await matches(b)];
    const equal = JSON.stringify(ra) === JSON.stringify(rb);
    const [ba, bb] = [await before(a), await before(b)];
    if (equal) same++;
    if (ba === bb) sameBefore++;
    pairs.push({ a, b, now: [ra.length, rb.length], same: equal, before: [ba, bb] });
  }
  await database.close();
  results.recall = { pairs: pairs.length, same_set_now: same, same_count_before: sameBefore, detail: pairs };
  console.log(
    `recall: ${same}/${pairs.length} pairs give the same set (before: ${sameBefore}/${pairs.length} the same count)`,
  );
  results.machine = { ...(results.machine as object), load_end: load() };
  writeFileSync(path.join(ROOT, 'bench/results/search.json'), `${JSON.stringify(results, null, 2)}\n`);
} finally {
  closeAgent();
  await server?.stop();
  await postgres?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
