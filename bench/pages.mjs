// Server render throughput (issue 12): /detail/{id} and /Quick as HTML, from the render cache (a hot page) and
// rendered anew on every request (read cache off), next to the bare Fastify route in the same run, at 32
// connections. Then (issue 27) one client at a time: p50/p90 of uncached /detail/{id}, /, /th/detail/{id} and /Quick
// as a browser asks for them (Accept-Encoding br), and their HTML size.
// Usage: npm run bench:pages   (builds first). Options: BENCH_SECONDS, ROUNDS, ONE_CLIENT_REQUESTS (200 a page),
// ONLY=one (the one-client part alone), BENCH_ROOT (start another checkout's build, e.g. an older commit's copy),
// BENCH_LABEL (writes bench/results/pages-<label>.json; else pages.json).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg as osLoadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ROOT, startNode } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS || 5);
const ROUNDS = Number(process.env.ROUNDS || 3);
const ONE_CLIENT_REQUESTS = Number(process.env.ONE_CLIENT_REQUESTS || 200);
const ONLY_ONE = process.env.ONLY === 'one';
const SERVER_ROOT = process.env.BENCH_ROOT ? path.resolve(process.env.BENCH_ROOT) : ROOT;
const LABEL = process.env.BENCH_LABEL;
const loadavg = () => osLoadavg().map((l) => Math.round(l * 100) / 100);
const run = ([url, headers = {}]) =>
  new Promise((resolve, reject) =>
    autocannon({ url, headers, connections: 32, duration: SECONDS }, (err, r) => (err ? reject(err) : resolve(r))),
  );
const browser = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html' };

async function start(env) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'baan-pages-'));
  const server = await startNode(
    path.join(SERVER_ROOT, 'apps/api/bin/baan.js'),
    { NODE_ENV: 'production', DATA_DIR: dataDir, SEED_DEMO: '1', LOG_LEVEL: 'warn', ...env },
    '/api/health',
  );
  return { ...server, dataDir };
}

/** One client, one request at a time: p50/p90 in ms and the (decoded) HTML size of each page. */
async function oneClient(base, pages) {
  const results = {};
  for (const [name, pagePath] of Object.entries(pages)) {
    const times = [];
    let bytes = 0;
    for (let i = 0; i < ONE_CLIENT_REQUESTS; i++) {
      const t0 = performance.now();
      const res = await fetch(base + pagePath, { headers: browser });
      const body = await res.arrayBuffer();
      times.push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`${name}: ${res.status}`);
      bytes = body.byteLength;
    }
    // The first tenth warms the JIT up and is left out.
    const kept = times.slice(Math.floor(times.length / 10)).sort((a, b) => a - b);
    const at = (q) => Math.round(kept[Math.min(kept.length - 1, Math.floor(kept.length * q))] * 10) / 10;
    results[name] = { p50_ms: at(0.5), p90_ms: at(0.9), html_bytes: bytes, requests: kept.length };
  }
  return results;
}

const firstId = async (base) => {
  for (let i = 0; i < 300; i++) {
    const id = (await (await fetch(`${base}/api/properties?per_page=1`)).json()).payload?.items?.[0]?.id;
    if (id) return id;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('no listing');
};

// Uncached: the read cache (and the page cache with it) off, and no render limit for the one client that asks.
const UNCACHED = { LISTING_CACHE_TTL_MS: '0', PAGE_RENDER_BURST: '1000000000' };
const output = { date: new Date().toISOString(), server: SERVER_ROOT, load_before: loadavg() };
if (ONLY_ONE) {
  const server = await start(UNCACHED);
  try {
    const id = await firstId(server.url);
    output.one_client_uncached = await oneClient(server.url, {
      detail: `/detail/${id}`,
      home: '/',
      th_detail: `/th/detail/${id}`,
      quick: '/Quick',
    });
  } finally {
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
  finish();
  process.exit(0);
}

function finish() {
  output.load_after = loadavg();
  console.log(`one client at a time, uncached (${ONE_CLIENT_REQUESTS} requests a page, the first tenth left out):`);
  for (const [name, r] of Object.entries(output.one_client_uncached ?? {}))
    console.log(`${name.padEnd(18)} p50 ${r.p50_ms} ms  p90 ${r.p90_ms} ms  ${r.html_bytes} bytes of HTML`);
  console.log(`load average ${output.load_before.join(' / ')} before, ${output.load_after.join(' / ')} after`);
  writeFileSync(
    path.join(ROOT, `bench/results/${LABEL ? `pages-${LABEL}` : 'pages'}.json`),
    `${JSON.stringify(output, null, 2)}\n`,
  );
}

const cached = await start({});
const uncached = await start(UNCACHED);
const bare = await startNode(path.join(ROOT, 'bench/bare-server.mjs'), {}, '/bare');
try {
  let id;
  for (let i = 0; i < 300 && !id; i++) {
    id = (await (await fetch(`${cached.url}/api/properties?per_page=1`)).json()).payload?.items?.[0]?.id;
    if (!id) await new Promise((r) => setTimeout(r, 500));
  }
  const targets = {
    bare: [`${bare.url}/bare`],
    detail_cached: [`${cached.url}/detail/${id}`, browser],
    quick_cached: [`${cached.url}/Quick`, browser],
    th_detail_cached: [`${cached.url}/th/detail/${id}`, browser],
    detail_uncached: [`${uncached.url}/detail/${id}`, browser],
    quick_uncached: [`${uncached.url}/Quick`, browser],
    home_uncached: [`${uncached.url}/`, browser],
  };
  const rates = Object.fromEntries(Object.keys(targets).map((k) => [k, []]));
  const p99s = Object.fromEntries(Object.keys(targets).map((k) => [k, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, target] of Object.entries(targets)) {
      const result = await run(target);
      if (result.non2xx > 0) throw new Error(`${name}: ${result.non2xx} answers were not 2xx`);
      rates[name].push(result.requests.average);
      p99s[name].push(result.latency.p99);
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const bareRate = median(rates.bare);
  console.log(`${SECONDS} s × ${ROUNDS} rounds at 32 connections, medians:`);
  for (const name of Object.keys(targets))
    console.log(
      `${name.padEnd(18)} ${String(Math.round(median(rates[name]))).padStart(6)} req/s  ${((median(rates[name]) / bareRate) * 100).toFixed(1).padStart(5)}% of bare  p99 ${median(p99s[name])} ms`,
    );
  output.at_32_connections = Object.fromEntries(
    Object.keys(targets).map((name) => [name, { req_s: Math.round(median(rates[name])), p99_ms: median(p99s[name]) }]),
  );
  // One client at a time on the uncached node, after the throughput rounds (the JIT is warm by then).
  output.one_client_uncached = await oneClient(uncached.url, {
    detail: `/detail/${id}`,
    home: '/',
    th_detail: `/th/detail/${id}`,
    quick: '/Quick',
  });
  finish();
} finally {
  for (const server of [cached, uncached]) {
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
  await bare.stop();
}
