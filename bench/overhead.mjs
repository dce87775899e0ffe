// Quick per-request overhead probe (no 100,000-row database): the production build with the demo
// seed next to the bare Fastify route, alternating short autocannon runs so machine load hits
// both alike. Usage: node bench/overhead.mjs   (after `npm run build`). Options: BENCH_SECONDS, ROUNDS.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ROOT, startNode } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS || 3);
const ROUNDS = Number(process.env.ROUNDS || 3);
const dataDir = mkdtempSync(path.join(tmpdir(), 'baan-overhead-'));
const run = ([url, headers = {}]) =>
  new Promise((resolve, reject) =>
    autocannon({ url, headers, connections: 32, duration: SECONDS }, (err, r) => (err ? reject(err) : resolve(r))),
  );
const br = { 'accept-encoding': 'gzip, deflate, br' };

const server = await startNode(
  path.join(ROOT, 'apps/api/bin/baan.js'),
  {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
  },
  '/api/health',
);
const bare = await startNode(path.join(ROOT, 'bench/bare-server.mjs'), {}, '/bare');
try {
  const first = await (await fetch(`${server.url}/api/properties`)).json();
  const id = first.payload.items[0].id;
  const targets = {
    bare: [`${bare.url}/bare`],
    first_page: [`${server.url}/api/properties`],
    first_page_br: [`${server.url}/api/properties`, br],
    detail: [`${server.url}/api/property/${id}`],
    detail_br: [`${server.url}/api/property/${id}`, br],
  };
  const totals = Object.fromEntries(Object.keys(targets).map((k) => [k, []]));
  for (let round = 0; round < ROUNDS; round++)
    for (const [name, target] of Object.entries(targets)) totals[name].push((await run(target)).requests.average);
  const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const bareRate = median([...totals.bare]);
  for (const [name, xs] of Object.entries(totals))
    console.log(
      `${name.padEnd(14)} ${Math.round(median(xs))} req/s  ${((median(xs) / bareRate) * 100).toFixed(1)}% of bare`,
    );
} finally {
  await server.stop();
  await bare.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
