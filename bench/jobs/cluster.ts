// Jobs and two nodes (issue 13 targets), on the same real parts as the cluster test (e2e/cluster/harness.ts):
// PostgreSQL, redis-server, s3rver, an SMTP receiver and the production build, 127.0.0.1 only.
//  1. enqueue cost inside a transaction, PGlite and PostgreSQL (bench/jobs/enqueue.ts);
//  2. 10,000 queued mails drained by two nodes: time and mails/s;
//  3. the same with node A killed (SIGKILL) and restarted five times while it drains: lost and duplicated mails;
//  4. the cached first page through a local round-robin proxy: 1 node vs 2 nodes (req/s, p99), peak RSS per node.
// Usage: npm run bench:jobs (after npm run build). Options: MAILS (10000), BENCH_SECONDS (10 per load run).
// Results: bench/results/jobs.json.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  type ApiNode,
  clusterEnv,
  restartNode,
  startNode,
  startServices,
  stopAll,
  waitUntil,
} from '../../e2e/cluster/harness.ts';
import { ROOT, sampleRss } from '../lib.mjs';

const MAILS = Number(process.env.MAILS || 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const load = () => loadavg().map((n) => Math.round(n * 10) / 10);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const services = await startServices({ replica: false });
const nodes: ApiNode[] = [];
const results: Record<string, unknown> = { machine: { cpus: 2, loadBefore: load() } };
try {
  // 1. Enqueue cost.
  const enqueue = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/jobs/enqueue.ts')], {
    env: { ...process.env, BENCH_DATABASE_URL: services.postgres.url },
    encoding: 'utf8',
  });
  if (enqueue.status !== 0) throw new Error(`enqueue bench failed:\n${enqueue.stderr}`);
  results.enqueue = JSON.parse(enqueue.stdout.trim().split('\n').at(-1) ?? '[]');
  console.log('enqueue', results.enqueue);

  const env = clusterEnv(services, { LOG_LEVEL: 'warn', JOBS_RETRY_BASE_MS: '1000', JOBS_RETRY_MAX_MS: '5000' });
  nodes.push(await startNode({ name: 'A', env }), await startNode({ name: 'B', env }));
  const rss = nodes.map((n) => sampleRss(n.pid));

  /** Queues `count` mails in one transaction (as if that many requests had each queued one). */
  async function queueMails(prefix: string, count: number) {
    await services.postgres.query(
      `insert into jobs (kind, payload, run_at)
       select 'mail.send',
              jsonb_build_object('to', $1 || g || '@bench.example', 'subject', 'Your Baan code',
                                 'text', 'Your verification code is 1234. It expires in 10 minutes.',
                                 'html', '<p>Your verification code is <b>1234</b>.</p>'),
              now()
         from generate_series(1, $2::int) g`,
      [prefix, count],
    );
  }
  function tally(prefix: string, count: number) {
    const seen = new Map<string, number>();
    for (const mail of services.smtp.mails)
      for (const to of mail.to) if (to.startsWith(prefix)) seen.set(to, (seen.get(to) ?? 0) + 1);
    let lost = 0;
    let duplicated = 0;
    for (let g = 1; g <= count; g++) {
      const n = seen.get(`${prefix}${g}@bench.example`) ?? 0;
      if (n === 0) lost += 1;
      if (n > 1) duplicated += n - 1;
    }
    return { received: [...seen.values()].reduce((a, b) => a + b, 0), lost, duplicated };
  }

  // 2. Drain.
  {
    const started = Date.now();
    await queueMails('drain', MAILS);
    await waitUntil('all mails delivered', () => tally('drain', MAILS).received >= MAILS, 15 * 60_000);
    const seconds = (Date.now() - started) / 1000;
    await sleep(3_000);
    results.drain = {
      mails: MAILS,
      nodes: 2,
      seconds: Math.round(seconds * 10) / 10,
      perSecond: Math.round(MAILS / seconds),
      ...tally('drain', MAILS),
      load: load(),
    };
    console.log('drain', results.drain);
  }

  // 3. Drain with five kill -9 rounds of node A.
  {
    const started = Date.now();
    await queueMails('kill', MAILS);
    const kills: number[] = [];
    for (let round = 0; round < 5; round++) {
      await sleep(2_000);
      const a = nodes[0] as ApiNode;
      await a.kill('SIGKILL');
      kills.push(tally('kill', MAILS).received);
      nodes[0] = await restartNode(a);
      rss.push(sampleRss((nodes[0] as ApiNode).pid));
    }
    await waitUntil('all mails delivered after the kills', () => tally('kill', MAILS).received >= MAILS, 15 * 60_000);
    const seconds = (Date.now() - started) / 1000;
    // A job whose worker died is taken again after its lease (60 s): wait past it for late repeats.
    await sleep(65_000);
    results.killRounds = {
      mails: MAILS,
      rounds: 5,
      deliveredAtEachKill: kills,
      seconds: Math.round(seconds * 10) / 10,
      ...tally('kill', MAILS),
      load: load(),
    };
    console.log('kill rounds', results.killRounds);
  }

  // 4. One node vs two behind a round-robin proxy (the proxy runs in this process, as a small LB would).
  {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    function proxy(targets: ApiNode[]) {
      let next = 0;
      const server = http.createServer((req, res) => {
        const target = targets[next++ % targets.length] as ApiNode;
        const upstream = http.request(
          { host: '127.0.0.1', port: target.port, path: req.url, method: req.method, headers: req.headers, agent },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on('error', () => {
          res.writeHead(502);
          res.end();
        });
        req.pipe(upstream);
      });
      return new Promise<http.Server>((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
    }
    async function measure(label: string, targets: ApiNode[]) {
      const server = await proxy(targets);
      const port = (server.address() as { port: number }).port;
      const url = `http://127.0.0.1:${port}/api/properties?page=1`;
      for (const t of targets) await fetch(`http://127.0.0.1:${t.port}/api/properties?page=1`);
      const run = await autocannon({ url, connections: 32, duration: SECONDS });
      await new Promise((resolve) => server.close(resolve));
      const figures = {
        label,
        reqPerSec: Math.round(run.requests.average),
        p50Ms: run.latency.p50,
        p99Ms: run.latency.p99,
        non2xx: run.non2xx,
        errors: run.errors,
        load: load(),
      };
      console.log(figures);
      return figures;
    }
    results.roundRobin = [
      await measure('1 node behind the proxy', [nodes[0] as ApiNode]),
      await measure('2 nodes behind the proxy', nodes),
      await measure('1 node behind the proxy (again)', [nodes[0] as ApiNode]),
    ];
    agent.destroy();
  }
  results.peakRssMb = rss.map((stop) => stop());
  results.machine = { ...(results.machine as object), loadAfter: load() };
} finally {
  await stopAll(nodes, services);
}
writeFileSync(path.join(ROOT, 'bench/results/jobs.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(JSON.stringify(results, null, 2));
