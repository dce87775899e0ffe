// Server render throughput (issue 12): /detail/{id} and /Quick as HTML, from the render cache (a hot page) and
// rendered anew on every request (read cache off), next to the bare Fastify route in the same run, at 32
// connections. Usage: npm run bench:pages   (builds first). Options: BENCH_SECONDS, ROUNDS.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ROOT, startNode } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS || 5);
const ROUNDS = Number(process.env.ROUNDS || 3);
const run = ([url, headers = {}]) =>
  new Promise((resolve, reject) =>
    autocannon({ url, headers, connections: 32, duration: SECONDS }, (err, r) => (err ? reject(err) : resolve(r))),
  );
const browser = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html' };

async function start(env) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'baan-pages-'));
  const server = await startNode(
    path.join(ROOT, 'apps/api/bin/baan.js'),
    { NODE_ENV: 'production', DATA_DIR: dataDir, SEED_DEMO: '1', LOG_LEVEL: 'warn', ...env },
    '/api/health',
  );
  return { ...server, dataDir };
}

const cached = await start({});
const uncached = await start({ LISTING_CACHE_TTL_MS: '0' });
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
} finally {
  for (const server of [cached, uncached]) {
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
  await bare.stop();
}
