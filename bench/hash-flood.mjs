// Password-hashing flood (issue 11, issue 21): how long one photo and one script take, and what the
// account's owner gets when logging in, while CLIENTS clients hammer POST /api/newPassword (made-up
// tokens) and POST /api/login (unknown e-mails) on the production build (NODE_ENV=production,
// scrypt N = 2^17, demo seed for the photos). Every flood request comes from a new 127.x.y.z address
// with a new e-mail, as a botnet's would, so no per-IP or per-e-mail limit ever applies: whatever
// protects the files and the owner's login must hold without them.
// The owner (ADMIN_EMAIL/ADMIN_PASSWORD of the started node) logs in once from 127.0.0.2 before
// anything (its home network), then every OWNER_EVERY_MS from there and, as a second probe, from a
// new 127.1.x.y address each time (a network it never used); after the flood, once more from home.
// First a quiet phase (the same probes, no flood), then the flood; 127.0.0.1 only, bounded in time.
// Usage: npm run bench:hash-flood. Options: BENCH_SECONDS (flood, 30), QUIET_SECONDS (10),
// CLIENTS (16), OWNER_EVERY_MS (3000), BENCH_ROOT (a checkout whose build to start, e.g. an older
// commit's worktree), BENCH_LABEL (results go to bench/results/hash-flood[-label].json).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, startNode } from './lib.mjs';

const FLOOD_SECONDS = Number(process.env.BENCH_SECONDS || 30);
const QUIET_SECONDS = Number(process.env.QUIET_SECONDS || 10);
const CLIENTS = Number(process.env.CLIENTS || 16);
const SERVER_ROOT = path.resolve(process.env.BENCH_ROOT || ROOT);
const LABEL = process.env.BENCH_LABEL || '';
/** A probe request slower than this is counted as timed out (and as this long in the figures). */
const PROBE_TIMEOUT_MS = 120_000;
const PASSWORD = 'Flood#Pass12345';
const OWNER_EVERY_MS = Number(process.env.OWNER_EVERY_MS || 3000);
const OWNER = { email: 'owner@bench.example', password: 'Owner#Bench-2026-long' };
const OWNER_HOME = '127.0.0.2';

const round1 = (n) => Math.round(n * 10) / 10;
const load = () => loadavg().map((n) => round1(n));

/** Flood requests still waiting for an answer: dropped when the flood ends, so the bench ends on time. */
const inFlight = new Set();

/** One request over a new or kept-alive connection; resolves {status, ms}, never rejects. */
function request(base, { method = 'GET', path: urlPath, body, localAddress, agent, timeoutMs = PROBE_TIMEOUT_MS }) {
  const url = new URL(urlPath, base);
  const payload = body ? JSON.stringify(body) : undefined;
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        localAddress,
        agent,
        headers: payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {},
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode, ms: performance.now() - started, retryAfter: res.headers['retry-after'] }),
        );
        res.on('error', () => resolve({ status: 'error', ms: performance.now() - started }));
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error('timeout')));
    req.on('error', (err) =>
      resolve({ status: err.message === 'timeout' ? 'timeout' : 'error', ms: performance.now() - started }),
    );
    if (localAddress) {
      inFlight.add(req);
      req.on('close', () => inFlight.delete(req));
    }
    req.end(payload);
  });
}

function summary(samples) {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  const at = (q) => ms[Math.max(0, Math.ceil(q * ms.length) - 1)] ?? null;
  return {
    count: ms.length,
    timeouts: samples.filter((s) => s.status === 'timeout').length,
    failed: samples.filter((s) => s.status !== 200 && s.status !== 'timeout').length,
    p50_ms: at(0.5) === null ? null : Math.round(at(0.5)),
    p99_ms: at(0.99) === null ? null : Math.round(at(0.99)),
    max_ms: ms.length ? Math.round(ms.at(-1)) : null,
  };
}

/**
 * Fetches each target again and again until `until`, one request at a time per target over its own
 * kept-alive connection (as a visitor's browser would), the targets side by side so a slow photo
 * does not hold up the script's samples.
 */
async function probe(base, targets, until) {
  const entries = await Promise.all(
    Object.entries(targets).map(async ([name, urlPath]) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const samples = [];
      while (performance.now() < until) samples.push(await request(base, { path: urlPath, agent }));
      agent.destroy();
      return [name, samples];
    }),
  );
  return Object.fromEntries(entries);
}

// 127.0.x.x and 127.1.x.x are the owner's; the flood takes the rest.
const randomLoopback = () =>
  `127.${2 + Math.floor(Math.random() * 253)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
const newOwnerNetwork = () => `127.1.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

const ownerLogin = (base, localAddress) =>
  request(base, { method: 'POST', path: '/api/login', body: OWNER, localAddress, agent: false });

/**
 * The owner logs in every OWNER_EVERY_MS until `until` from home, and (on its own clock, so a slow answer
 * of one does not thin out the other) from a new network each time.
 */
async function ownerProbe(base, until) {
  const every = async (from) => {
    const samples = [];
    while (performance.now() < until) {
      const next = performance.now() + OWNER_EVERY_MS;
      samples.push(await ownerLogin(base, from()));
      const wait = next - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
    return samples;
  };
  const [home, elsewhere] = await Promise.all([every(() => OWNER_HOME), every(newOwnerNetwork)]);
  return { home, elsewhere };
}

/** Status counts ("200": 12, "503": 3) and the latency figures of a list of answers. */
function statuses(samples) {
  const counts = {};
  for (const s of samples) counts[s.status] = (counts[s.status] ?? 0) + 1;
  return { statuses: counts, ...summary(samples), sequence: samples.map((s) => s.status).join(' ') };
}

/** One flooding client: newPassword and login in turn, each from a new address, until stopped. */
async function flooder(base, stats, isRunning) {
  let n = 0;
  while (isRunning()) {
    n += 1;
    const email = `flood-${randomBytes(6).toString('hex')}@example.com`;
    const call =
      n % 2
        ? {
            path: '/api/newPassword',
            body: {
              email,
              password: PASSWORD,
              password_confirmation: PASSWORD,
              verification_token: randomBytes(32).toString('base64url'),
            },
          }
        : { path: '/api/login', body: { email, password: PASSWORD } };
    const { status, ms } = await request(base, {
      method: 'POST',
      ...call,
      localAddress: randomLoopback(),
      agent: false,
      // A flooder waits for its answer (16 clients means 16 requests at a time, never more).
      timeoutMs: 0,
    });
    if (!isRunning()) break;
    const key = `${call.path} ${status}`;
    stats[key] = stats[key] ?? { count: 0, totalMs: 0 };
    stats[key].count += 1;
    stats[key].totalMs += ms;
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'baan-hash-flood-'));
const server = await startNode(
  path.join(SERVER_ROOT, 'apps/api/bin/baan.js'),
  {
    NODE_ENV: 'production',
    PASSWORD_SCRYPT_LOG_N: '17',
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
  },
  '/api/health',
);
try {
  const page = await (await fetch(`${server.url}/api/properties?per_page=1`)).json();
  const photo = new URL(page.payload.items[0].cover_image, server.url).pathname;
  const html = await (await fetch(`${server.url}/`)).text();
  // The server-rendered page loads its entry script as a module (modulepreload link or import()).
  const script = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!script) throw new Error('no /assets/*.js script in the home page');
  const targets = { photo, script, health: '/api/health' };

  await probe(server.url, targets, performance.now() + 2_000); // warm-up
  const firstLogin = await ownerLogin(server.url, OWNER_HOME);
  if (firstLogin.status !== 200) throw new Error(`the owner's first login answered ${firstLogin.status}`);
  const loadBefore = load();
  const quietUntil = performance.now() + QUIET_SECONDS * 1000;
  const [quiet, ownerQuiet] = await Promise.all([
    probe(server.url, targets, quietUntil),
    ownerProbe(server.url, quietUntil),
  ]);

  let running = true;
  const flood = {};
  const flooders = Array.from({ length: CLIENTS }, () => flooder(server.url, flood, () => running));
  // Let the flood fill whatever queue it fills before measuring.
  await new Promise((r) => setTimeout(r, 2_000));
  const floodUntil = performance.now() + FLOOD_SECONDS * 1000;
  const [during, ownerFlood] = await Promise.all([
    probe(server.url, targets, floodUntil),
    ownerProbe(server.url, floodUntil),
  ]);
  const loadAfter = load();
  running = false;
  for (const req of inFlight) req.destroy();
  await Promise.all(flooders);
  // Whatever the flood made the owner's attempts count, the owner is not locked out after it.
  const afterFlood = await ownerLogin(server.url, OWNER_HOME);

  const floodCalls = Object.fromEntries(
    Object.entries(flood)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, { count, totalMs }]) => [key, { count, mean_ms: Math.round(totalMs / count) }]),
  );
  const report = {
    date: new Date().toISOString(),
    label: LABEL || undefined,
    server_root: SERVER_ROOT,
    clients: CLIENTS,
    flood_seconds: FLOOD_SECONDS,
    quiet_seconds: QUIET_SECONDS,
    load_average: { before: loadBefore, after: loadAfter },
    targets,
    quiet: Object.fromEntries(Object.entries(quiet).map(([k, v]) => [k, summary(v)])),
    flood: Object.fromEntries(Object.entries(during).map(([k, v]) => [k, summary(v)])),
    flood_calls: floodCalls,
    owner: {
      every_ms: OWNER_EVERY_MS,
      quiet: { home: statuses(ownerQuiet.home), new_network: statuses(ownerQuiet.elsewhere) },
      flood: { home: statuses(ownerFlood.home), new_network: statuses(ownerFlood.elsewhere) },
      after_flood_home: { status: afterFlood.status, retry_after: afterFlood.retryAfter ?? null },
    },
  };
  const name = LABEL ? `hash-flood-${LABEL}` : 'hash-flood';
  writeFileSync(path.join(ROOT, `bench/results/${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
  console.log(JSON.stringify(report, null, 2));
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
