// `npm test`: every check, in the order that fails fastest. The API suite runs on PGlite, and again
// on PostgreSQL when TEST_DATABASE_URL is set; it starts its own redis-server processes for the
// shared rate-limit store. The cluster step starts a PostgreSQL primary and streaming replica
// (Debian's postgresql binaries), redis-server, S3 and SMTP servers and two API processes from the
// build. The end-to-end suite needs Debian's Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const redisServer = process.env.REDIS_SERVER_PATH || 'redis-server';
const { TEST_DATABASE_URL, ...envWithoutPg } = process.env;

const steps = [
  ['lint', 'npm', ['run', 'lint'], process.env],
  ['typecheck', 'npm', ['run', 'typecheck'], process.env],
  ['build', 'npm', ['run', 'build'], process.env],
  ['unit (contract, web)', 'npm', ['run', 'test:unit'], process.env],
  ['api on PGlite', 'npm', ['run', 'test:api'], envWithoutPg],
];
if (TEST_DATABASE_URL) steps.push(['api on PostgreSQL', 'npm', ['run', 'test:api'], process.env]);
else console.log('test: TEST_DATABASE_URL is not set, so the API suite runs on PGlite only.');
steps.push(['cluster (2 nodes: PostgreSQL + replica, Redis, S3, SMTP)', 'npm', ['run', 'test:cluster'], process.env]);
steps.push(['e2e in Chromium', 'npm', ['run', 'test:e2e'], process.env]);

if (!existsSync(chromium)) {
  console.error(`test: Chromium not found at ${chromium}. Install it with: sudo apt-get install -y chromium`);
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

let passed = 0;
for (const [name, cmd, args, env] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit', env });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\ntest: "${name}" failed after ${secs}s`);
    console.log(`steps: ${passed} passed, 1 failed`);
    process.exit(result.status || 1);
  }
  passed += 1;
  console.log(`=== ${name}: ok in ${secs}s ===`);
}
console.log(`steps: ${passed} passed, 0 failed`);
