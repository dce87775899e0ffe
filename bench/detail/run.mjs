// /detail p99 with view recording on vs off (issue 14). The production build on 127.0.0.1 with the demo seed;
// RATE page loads a second of /detail/{id} (the first 24 listings in turn), open loop. "off": the page only.
// "on": each page followed, once it has arrived, by its POST /api/property/{id}/view beacon, as the browser sends
// it, each from a new visitor (X-Forwarded-For with TRUST_PROXY=1, so every beacon is a first visit: the most
// writes, and no per-address limit). The modes alternate for ROUNDS rounds of BENCH_SECONDS each, so machine
// load hits both alike. Afterwards the database is opened to check that every beacon was counted.
// Usage: npm run bench:detail   (builds first). Options: BENCH_SECONDS (10), ROUNDS (2), RATE (200),
// LISTING_CACHE_TTL_MS (results then go to bench/results/detail-ttl-<ms>.json).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { ROOT, startNode } from '../lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const ROUNDS = Number(process.env.ROUNDS || 2);
const RATE = Number(process.env.RATE || 200);
const UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const PAGE_HEADERS = { 'user-agent': UA, accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' };

const dataDir = mkdtempSync(path.join(tmpdir(), 'baan-detail-'));
const server = await startNode(
  path.join(ROOT, 'apps/api/bin/baan.js'),
  {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '1',
    // Every page load comes from 127.0.0.1: the render limit per network (ADR 021) would refuse the uncached renders
    // of one "visitor" that stands for many.
    PAGE_RENDER_BURST: '100000',
    // The read and page caches' lifetime (5 s by default) can be set to see what their expiry costs.
    ...(process.env.LISTING_CACHE_TTL_MS ? { LISTING_CACHE_TTL_MS: process.env.LISTING_CACHE_TTL_MS } : {}),
  },
  '/api/health',
);
const { port } = new URL(server.url);
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One request, its body read to the end: status and milliseconds. */
function request(method, urlPath, headers, body) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request({ host: '127.0.0.1', port, method, path: urlPath, headers, agent }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * The view token each listing's page was rendered with (ADR 020: a beacon counts only with one). A token counts once
 * per network and every beacon here comes from a new one, so one token a listing serves a whole run (30 minutes).
 */
async function viewTokens(ids) {
  const tokens = new Map();
  for (const id of ids) {
    const html = await (await fetch(`${server.url}/detail/${id}`)).text();
    const token = new RegExp(`\\b${id}\\.\\d+\\.[A-Za-z0-9_-]{16}\\.[A-Za-z0-9_-]{22}(?![\\w-])`).exec(html)?.[0];
    if (!token) throw new Error(`no view token in /detail/${id}`);
    tokens.set(id, token);
  }
  return tokens;
}
let tokens = new Map();

const percentile = (xs, p) => {
  const sorted = Float64Array.from(xs).sort();
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0;
};
const round1 = (x) => Math.round(x * 10) / 10;

let visitorSeq = 0;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * One mode for `seconds` at a fixed arrival rate of RATE pages a second (open loop: a slow answer does not slow
 * the arrivals, so both modes meet the same page traffic): page latencies, beacon latencies, answers that were
 * not 200/204.
 */
async function runMode(recording, seconds, ids) {
  const pages = [];
  const beacons = [];
  let bad = 0;
  const inFlight = new Set();
  const interval = 1000 / RATE;
  const start = performance.now();
  for (let i = 0; performance.now() - start < seconds * 1000; i++) {
    const wait = start + i * interval - performance.now();
    if (wait > 1) await sleep(wait);
    const id = ids[i % ids.length];
    const visit = (async () => {
      const page = await request('GET', `/detail/${id}`, PAGE_HEADERS);
      pages.push(page.ms);
      if (page.status !== 200) bad++;
      if (recording) {
        visitorSeq++;
        const visitor = `10.${(visitorSeq >> 16) & 255}.${(visitorSeq >> 8) & 255}.${visitorSeq & 255}`;
        const beacon = await request(
          'POST',
          `/api/property/${id}/view`,
          { 'user-agent': UA, 'x-forwarded-for': visitor, 'content-type': 'application/json' },
          JSON.stringify({ token: tokens.get(id) }),
        );
        beacons.push(beacon.ms);
        if (beacon.status !== 204) bad++;
      }
    })();
    inFlight.add(visit);
    visit.finally(() => inFlight.delete(visit));
  }
  await Promise.all(inFlight);
  return { pages, beacons, bad, seconds };
}

const results = { off: [], on: [] };
/** Every beacon sent, the warm-up's included. */
let beaconsSent = 0;
const load = { start: loadavg().map(round1) };
try {
  let ids = [];
  for (let i = 0; i < 300 && ids.length === 0; i++) {
    const body = await (await fetch(`${server.url}/api/properties?per_page=24`)).json();
    ids = (body.payload?.items ?? []).map((item) => item.id);
    if (ids.length === 0) await new Promise((r) => setTimeout(r, 500));
  }
  if (ids.length === 0) throw new Error('the demo seed made no listings');
  tokens = await viewTokens(ids);
  // Warm-up: every page rendered and cached once, the code paths compiled.
  beaconsSent += (await runMode(true, 3, ids)).beacons.length;
  for (let round = 0; round < ROUNDS; round++) {
    for (const mode of round % 2 === 0 ? ['off', 'on'] : ['on', 'off']) {
      const r = await runMode(mode === 'on', SECONDS, ids);
      if (r.bad > 0) throw new Error(`${mode}: ${r.bad} answers were not 200/204`);
      beaconsSent += r.beacons.length;
      results[mode].push(r);
    }
  }
  load.end = loadavg().map(round1);
} finally {
  agent.destroy();
  await server.stop();
}

// Every beacon came from a new visitor: each must be one view and one visitor.
const db = new PGlite(path.join(dataDir, 'db'), { extensions: { pg_trgm } });
const counted = (
  await db.query(
    'select coalesce(sum(views), 0)::int as views, coalesce(sum(visitors), 0)::int as visitors from listing_daily_stats',
  )
).rows[0];
await db.close();
rmSync(dataDir, { recursive: true, force: true });

const summary = Object.fromEntries(
  Object.entries(results).map(([mode, runs]) => {
    const pages = runs.flatMap((r) => r.pages);
    const beacons = runs.flatMap((r) => r.beacons);
    const seconds = runs.reduce((n, r) => n + r.seconds, 0);
    return [
      mode,
      {
        pages: pages.length,
        pages_per_s: Math.round(pages.length / seconds),
        page_p50_ms: round1(percentile(pages, 50)),
        page_p90_ms: round1(percentile(pages, 90)),
        page_p95_ms: round1(percentile(pages, 95)),
        page_p99_ms: round1(percentile(pages, 99)),
        page_max_ms: round1(percentile(pages, 100)),
        per_round_page_p99_ms: runs.map((r) => round1(percentile(r.pages, 99))),
        ...(beacons.length
          ? {
              beacons: beacons.length,
              beacon_p50_ms: round1(percentile(beacons, 50)),
              beacon_p99_ms: round1(percentile(beacons, 99)),
            }
          : {}),
      },
    ];
  }),
);
const report = {
  date: new Date().toISOString(),
  node: process.version,
  pages_per_second: RATE,
  max_sockets: 64,
  seconds_per_round: SECONDS,
  rounds: ROUNDS,
  listings: 24,
  listing_cache_ttl_ms: process.env.LISTING_CACHE_TTL_MS
    ? Number(process.env.LISTING_CACHE_TTL_MS)
    : 'default (PGlite: 30,000 ms, served 30,000 ms more while refreshed; config.ts)',
  load,
  uptime: readFileSync('/proc/loadavg', 'utf8').trim(),
  ...summary,
  counted: { ...counted, beacons_sent: beaconsSent },
};
const resultName = process.env.LISTING_CACHE_TTL_MS ? `detail-ttl-${process.env.LISTING_CACHE_TTL_MS}` : 'detail';
writeFileSync(path.join(ROOT, `bench/results/${resultName}.json`), `${JSON.stringify(report, null, 2)}\n`);
console.log(JSON.stringify(report, null, 2));
if (counted.views !== beaconsSent || counted.visitors !== beaconsSent)
  throw new Error(`beacons not counted as expected: ${JSON.stringify(counted)}, ${beaconsSent} sent`);
