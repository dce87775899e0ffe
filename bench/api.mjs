// API benchmark at 100,000 listings (issue 3): autocannon from 127.0.0.1 against the production
// build on PGlite, each figure next to a bare Fastify route measured in the same run.
// Usage: npm run bench:api   (builds first). Options: BENCH_LISTINGS, BENCH_SECONDS, BENCH_CONNECTIONS.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import autocannon from 'autocannon';
import { generateListingsSql } from './generate-listings.mjs';
import { ROOT, sampleRss, startNode } from './lib.mjs';

const LISTINGS = Number(process.env.BENCH_LISTINGS || 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 32);
const SERVER = path.join(ROOT, 'apps/api/bin/baan.js');
const BARE = path.join(ROOT, 'bench/bare-server.mjs');

const dataDir = mkdtempSync(path.join(tmpdir(), 'baan-bench-'));
const env = { NODE_ENV: 'production', DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'warn' };

function run(url, connections = CONNECTIONS, duration = SECONDS) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, pipelining: 1 }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

const summary = (r) => ({
  requests_per_sec: Math.round(r.requests.average),
  latency_p50_ms: r.latency.p50,
  latency_p99_ms: r.latency.p99,
  errors: r.errors + r.non2xx,
  bytes_per_sec: Math.round(r.throughput.average),
});

try {
  // 1. Let the server create and migrate the database, then fill it directly.
  let server = await startNode(SERVER, env, '/api/health');
  await server.stop();
  console.log(`bench: generating ${LISTINGS} listings…`);
  const started = Date.now();
  const db = new PGlite(path.join(dataDir, 'db'), { extensions: { pg_trgm } });
  for (const statement of generateListingsSql(LISTINGS)) await db.exec(statement);
  await db.exec('VACUUM ANALYZE');
  const [{ id: detailId }] = (
    await db.query("select id from properties where status = 'active' order by id desc limit 1")
  ).rows;
  await db.close();
  console.log(`bench: generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  // 2. The app and the yardstick, both warm.
  server = await startNode(SERVER, env, '/api/health', path.join(ROOT, 'bench/results/api-server.log'));
  const bare = await startNode(BARE, {}, '/bare');
  const targets = {
    bare_fastify_route: `${bare.url}/bare`,
    first_page: `${server.url}/api/properties`,
    filtered_page: `${server.url}/api/properties?type=rent&min_price=15000&max_price=60000&bedrooms=2&sort=price_asc`,
    text_search: `${server.url}/api/properties?q=sukhumvit`,
    text_search_thai: `${server.url}/api/properties?q=${encodeURIComponent('สุขุมวิท')}`,
    detail: `${server.url}/api/property/${detailId}`,
  };
  for (const url of Object.values(targets)) await run(url, 4, 2); // warm-up

  const results = {};
  const stopSampling = sampleRss(server.pid);
  for (const [name, url] of Object.entries(targets)) {
    results[name] = summary(await run(url));
    console.log(name, results[name]);
  }
  const peakRss = stopSampling();

  // 3. The old design for contrast: every listing in one answer.
  const whole = [];
  for (let i = 0; i < 3; i += 1) {
    const t = performance.now();
    const res = await fetch(`${server.url}/api/all/properties`);
    const bytes = (await res.arrayBuffer()).byteLength;
    whole.push({ status: res.status, ms: Math.round(performance.now() - t), bytes });
  }
  const page = [];
  for (let i = 0; i < 3; i += 1) {
    const t = performance.now();
    const res = await fetch(`${server.url}/api/properties`);
    const bytes = (await res.arrayBuffer()).byteLength;
    page.push({ status: res.status, ms: Math.round(performance.now() - t), bytes });
  }
  await bare.stop();
  await server.stop();

  const bareRps = results.bare_fastify_route.requests_per_sec;
  const report = {
    date: new Date().toISOString(),
    machine: { cores: (await import('node:os')).cpus().length, node: process.version },
    listings: LISTINGS,
    seconds_per_target: SECONDS,
    connections: CONNECTIONS,
    results,
    share_of_bare_route: Object.fromEntries(
      Object.entries(results).map(([k, v]) => [k, Math.round((v.requests_per_sec / bareRps) * 1000) / 10]),
    ),
    peak_rss_mb: peakRss,
    all_properties: whole,
    one_page: page,
  };
  writeFileSync(path.join(ROOT, 'bench/results/api.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(JSON.stringify(report, null, 2));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
