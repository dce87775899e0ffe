// `npm test`: every check, in the order that fails fastest. The API suite runs on PGlite, and again
// on PostgreSQL when TEST_DATABASE_URL is set; it starts its own redis-server processes for the
// shared rate-limit store. The end-to-end suite needs Debian's Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

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
