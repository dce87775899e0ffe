// Render flood (issue 21, M7): one client asks for /Quick with a new query string every time
// (`?page=N&min_price=N`, 200 connections, as the probe did), so no page is ever in the cache. Meanwhile one
// visitor from another address loads a cached /Quick and a cached listing page and `/api/health`, one request at a
// time each over its own kept-alive connection, as a browser would. A quiet phase first (the visitor alone). Reports
// the visitor's p50/p99 quiet and during the flood, what the flood got (status codes, req/s, latency, time-outs),
// the server's RSS and the load average. Production build with the demo seed; 127.0.0.1 only, bounded in time.
// The flood runs in a child process of its own, so its load generator does not delay the visitor's measurements.
// Usage: npm run bench:render-flood. Options: BENCH_SECONDS (flood, 30), QUIET_SECONDS (10), CONNECTIONS (200),
// SHAPE (`canonical`: `?min_price=N&page=N`, every one a render; `probe`: `?page=N&min_price=N` as the probe sent it,
// which the fixed build answers with a redirect), BENCH_ROOT (start another checkout's build, e.g. the commit before
// the fix), BENCH_LABEL (results go to bench/results/render-flood[-label].json).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ROOT, rssMb, sampleRss, startNode } from './lib.mjs';

const FLOOD_SECONDS = Number(process.env.BENCH_SECONDS || 30);
const QUIET_SECONDS = Number(process.env.QUIET_SECONDS || 10);
const CONNECTIONS = Number(process.env.CONNECTIONS || 200);
const SERVER_ROOT = path.resolve(process.env.BENCH_ROOT || ROOT);
const LABEL = process.env.BENCH_LABEL || '';
const SHAPE = process.env.SHAPE === 'probe' ? 'probe' : 'canonical';
/** The visitor's address: another network than the flooding client's 127.0.0.1. */
const VISITOR = '127.0.0.2';
const PROBE_TIMEOUT_MS = 60_000;

const round1 = (n) => Math.round(n * 10) / 10;
const load = () => loadavg().map((n) => round1(n));

/** One GET over `agent`; resolves {status, ms}, never rejects. */
function get(base, urlPath, agent) {
  const url = new URL(urlPath, base);
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        localAddress: VISITOR,
        agent,
        headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started }));
        res.on('error', () => resolve({ status: 'error', ms: performance.now() - started }));
      },
    );
    req.setTimeout(PROBE_TIMEOUT_MS, () => req.destroy(new Error('timeout')));
    req.on('error', (err) =>
      resolve({ status: err.message === 'timeout' ? 'timeout' : 'error', ms: performance.now() - started }),
    );
    req.end();
  });
}

function summary(samples) {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  const at = (q) => ms[Math.max(0, Math.ceil(q * ms.length) - 1)] ?? null;
  return {
    count: ms.length,
    not_200: samples.filter((s) => s.status !== 200).length,
    p50_ms: at(0.5) === null ? null : Math.round(at(0.5)),
    p99_ms: at(0.99) === null ? null : Math.round(at(0.99)),
    max_ms: ms.length ? Math.round(ms.at(-1)) : null,
  };
}

/** Each target again and again until `until`, one request at a time over its own kept-alive connection. */
async function probe(base, targets, until) {
  const entries = await Promise.all(
    Object.entries(targets).map(async ([name, urlPath]) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const samples = [];
      while (performance.now() < until) samples.push(await get(base, urlPath, agent));
      agent.destroy();
      return [name, samples];
    }),
  );
  return Object.fromEntries(entries);
}

/** The flooding client (in this file's child process): autocannon from 127.0.0.1, a new query string every time. */
function floodHere(base, seconds, connections, shape) {
  let n = 0;
  return new Promise((resolve, reject) =>
    autocannon(
      {
        url: `${base}/Quick`,
        connections,
        duration: seconds,
        timeout: 30,
        headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
        requests: [
          {
            setupRequest: (req) => {
              n += 1;
              const page = 2 + (n % 500);
              const query = shape === 'probe' ? `page=${page}&min_price=${n}` : `min_price=${n}&page=${page}`;
              return { ...req, path: `/Quick?${query}` };
            },
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    ),
  );
}

if (process.argv[2] === '--flood') {
  const [, , , base, seconds, connections, shape] = process.argv;
  const result = await floodHere(base, Number(seconds), Number(connections), shape);
  process.stdout.write(JSON.stringify(result));
  process.exit(0);
}

/** Starts the flood in a child process; resolves autocannon's result. */
function flood(base) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [new URL(import.meta.url).pathname, '--flood', base, String(FLOOD_SECONDS), String(CONNECTIONS), SHAPE],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`flood exited ${code}`))));
  });
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'baan-render-flood-'));
const server = await startNode(
  path.join(SERVER_ROOT, 'apps/api/bin/baan.js'),
  { NODE_ENV: 'production', DATA_DIR: dataDir, SEED_DEMO: '1', LOG_LEVEL: 'warn' },
  '/api/health',
);
try {
  let id;
  for (let i = 0; i < 300 && !id; i++) {
    id = (await (await fetch(`${server.url}/api/properties?per_page=1`)).json()).payload?.items?.[0]?.id;
    if (!id) await new Promise((r) => setTimeout(r, 500));
  }
  const targets = { quick_cached: '/Quick', detail_cached: `/detail/${id}`, health: '/api/health' };
  await probe(server.url, targets, performance.now() + 2_000); // warm-up: the two pages are now in the cache
  const loadBefore = load();
  const rssBefore = rssMb(server.pid);
  const quiet = await probe(server.url, targets, performance.now() + QUIET_SECONDS * 1000);

  const stopRss = sampleRss(server.pid);
  const flooding = flood(server.url);
  const during = await probe(server.url, targets, performance.now() + FLOOD_SECONDS * 1000);
  const result = await flooding;
  const loadAfter = load();
  const rssPeak = stopRss();
  const healthAfter = await get(server.url, '/api/health', false);

  const report = {
    date: new Date().toISOString(),
    label: LABEL || undefined,
    server_root: SERVER_ROOT,
    connections: CONNECTIONS,
    shape: SHAPE,
    flood_seconds: FLOOD_SECONDS,
    quiet_seconds: QUIET_SECONDS,
    load_average: { before: loadBefore, after: loadAfter },
    rss_mb: { before_flood: rssBefore, peak_in_flood: rssPeak, after_flood: rssMb(server.pid) },
    visitor: {
      quiet: Object.fromEntries(Object.entries(quiet).map(([k, v]) => [k, summary(v)])),
      flood: Object.fromEntries(Object.entries(during).map(([k, v]) => [k, summary(v)])),
    },
    flood: {
      requests: result.requests.total,
      req_per_s: Math.round(result.requests.average),
      status_codes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([k, v]) => [k, v.count])),
      timeouts: result.timeouts,
      errors: result.errors,
      p50_ms: result.latency.p50,
      p99_ms: result.latency.p99,
      max_ms: result.latency.max,
    },
    health_right_after_ms: Math.round(healthAfter.ms),
  };
  const name = LABEL ? `render-flood-${LABEL}` : 'render-flood';
  writeFileSync(path.join(ROOT, `bench/results/${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
  console.log(JSON.stringify(report, null, 2));
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
