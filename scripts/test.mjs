// `npm test`: every check, in the order that fails fastest, with steps that wait on different things run side by
// side (ADR 022 says which and why). The API suite runs in full on one engine — PostgreSQL when TEST_DATABASE_URL is
// set, else PGlite — and, when both are at hand, its engine-specific files (apps/api/test/engines.ts) on the other.
// It starts its own redis-server processes for the shared rate-limit store. The cluster step starts a PostgreSQL
// primary and streaming replica (Debian's postgresql binaries), redis-server, S3 and SMTP servers and two API
// processes from the build. The end-to-end suite needs Debian's Chromium.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The e2e suite prefers Debian's headless shell (half the CPU per page) and falls back to the full browser
// (e2e/support/browser.ts, ADR 031).
const chromium =
  process.env.CHROMIUM_PATH ||
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => existsSync(p)) ||
  '/usr/bin/chromium';
const redisServer = process.env.REDIS_SERVER_PATH || 'redis-server';
const { TEST_DATABASE_URL, ...envWithoutPg } = process.env;

if (!existsSync(chromium)) {
  console.error(
    `test: Chromium not found at ${chromium}. Install it with: sudo apt-get install -y chromium-headless-shell (or chromium)`,
  );
  process.exit(1);
}
if (spawnSync(redisServer, ['--version'], { stdio: 'ignore' }).status !== 0) {
  console.error(
    `test: ${redisServer} not found; the API suite tests the Redis rate-limit store against it. ` +
      'Install it with: sudo apt-get install -y redis-server',
  );
  process.exit(1);
}
// The cluster step runs initdb, pg_ctl and pg_basebackup (e2e/cluster/harness.ts finds them the same way).
const pgTools = ['initdb', 'pg_ctl', 'pg_basebackup', 'postgres'];
const pgBins = process.env.PG_BIN
  ? [process.env.PG_BIN]
  : (existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql') : []).map((v) =>
      path.join('/usr/lib/postgresql', v, 'bin'),
    );
if (!pgBins.some((dir) => pgTools.every((tool) => existsSync(path.join(dir, tool))))) {
  console.error(
    `test: PostgreSQL server binaries (${pgTools.join(', ')}) not found under /usr/lib/postgresql/*/bin ` +
      '(or PG_BIN); the cluster step runs a primary and a streaming replica. ' +
      'Install them with: sudo apt-get install -y postgresql',
  );
  process.exit(1);
}

const step = (name, args, env = process.env) => ({ name, args, env });
const api = TEST_DATABASE_URL
  ? [
      step('api on PostgreSQL (every file)', ['run', 'test:api'], process.env),
      step('api on PGlite (engine-specific files)', ['run', 'test:api'], { ...envWithoutPg, API_TEST_FILES: 'engine' }),
    ]
  : [step('api on PGlite (every file)', ['run', 'test:api'], envWithoutPg)];
if (!TEST_DATABASE_URL) {
  console.log('test: TEST_DATABASE_URL is not set, so the API suite runs on PGlite only.');
}

// The data folders every e2e server starts from (migrated; with the demo data) are made beside the unit step, whose
// cluster neighbour mostly waits, instead of at the start of the e2e step (e2e/support/templates.ts).
const e2eTemplates = mkdtempSync(path.join(tmpdir(), 'baan-e2e-templates-'));
process.on('exit', () => rmSync(e2eTemplates, { recursive: true, force: true }));
const e2eEnv = {
  ...process.env,
  BAAN_E2E_TEMPLATES: JSON.stringify({
    empty: path.join(e2eTemplates, 'empty'),
    demo: path.join(e2eTemplates, 'demo'),
  }),
};

// Each entry is a group whose steps run side by side; groups run one after the other. Side by side are steps that
// mostly wait (lint is native and quick; the cluster test waits on its servers and its SMTP outage) beside one
// that computes, so both cores stay busy without two CPU-bound suites fighting over them.
const groups = [
  [
    step('lint', ['run', 'lint']),
    // The workspaces' typechecks in two lanes of about half a minute each, so no core idles once lint and build end.
    step('typecheck (web)', ['run', 'typecheck', '-w', '@baan/web']),
    step('typecheck (api, contract, e2e, bench)', [
      'run',
      'typecheck',
      '-w',
      '@baan/api',
      '-w',
      '@baan/contract',
      '-w',
      '@baan/e2e',
      '-w',
      '@baan/bench',
      '--if-present',
    ]),
    step('build', ['run', 'build']),
  ],
  [
    step('unit (contract, web)', ['run', 'test:unit']),
    step('layer rules bite (planted files)', ['run', 'test:layers']),
    step('cluster (2 nodes: PostgreSQL + replica, Redis, S3, SMTP)', ['run', 'test:cluster']),
    step('e2e data folders (empty, demo)', ['run', 'e2e:templates', '--', e2eTemplates]),
  ],
  ...api.map((s) => [s]),
  [step('e2e in Chromium', ['run', 'test:e2e'], e2eEnv)],
];

/** Runs one step; a step beside others has its output held back and printed whole when it ends. */
function run({ name, args, env }, alone) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', args, { env, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    if (!alone) {
      child.stdout.on('data', (c) => chunks.push(c));
      child.stderr.on('data', (c) => chunks.push(c));
    }
    child.on('close', (code) => {
      const secs = (Date.now() - started) / 1000;
      if (!alone) process.stdout.write(`\n--- ${name} ---\n${Buffer.concat(chunks).toString()}`);
      resolve({ name, ok: code === 0, secs });
    });
  });
}

const started = Date.now();
const times = [];
for (const group of groups) {
  const alone = group.length === 1;
  console.log(`\n=== ${group.map((s) => s.name).join(' | ')} ===`);
  const results = await Promise.all(group.map((s) => run(s, alone)));
  for (const r of results) {
    times.push(r);
    console.log(`=== ${r.name}: ${r.ok ? 'ok' : 'FAILED'} in ${r.secs.toFixed(1)}s ===`);
  }
  const failed = results.filter((r) => !r.ok);
  if (failed.length) {
    console.error(`\ntest: ${failed.map((r) => `"${r.name}"`).join(', ')} failed`);
    console.log(`steps: ${times.length - failed.length} passed, ${failed.length} failed`);
    process.exit(1);
  }
}
console.log('\nstep times:');
for (const r of times) console.log(`  ${r.secs.toFixed(1).padStart(6)}s  ${r.name}`);
console.log(`steps: ${times.length} passed, 0 failed, ${((Date.now() - started) / 1000).toFixed(0)}s in all`);
