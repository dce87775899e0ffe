// Enqueue cost on the request path (issue 13 target: p99 ≤ 2 ms): the time enqueueJob adds inside a
// transaction that also writes the row causing the job (as sign-up's code mail does), on PGlite and,
// when BENCH_DATABASE_URL is set, on PostgreSQL. Run by bench/jobs.mjs; prints one JSON line.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { enqueueJob } from '../../apps/api/src/services/jobs/queue.ts';

const ROUNDS = Number(process.env.ROUNDS || 3000);
const WARMUP = 300;

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function measure(kind: 'pglite' | 'postgres', url?: string) {
  const database =
    kind === 'postgres' && url
      ? await openDatabase({ kind, url, poolSize: 4 })
      : await openDatabase({ kind: 'pglite' });
  const { db } = database;
  await db.execute(sql`create temporary table if not exists bench_change (id serial primary key, at timestamptz)`);
  const times: number[] = [];
  const mail = {
    to: 'bench@baan.test',
    subject: 'Your code',
    text: 'Code 1234'.repeat(20),
    html: '<p>1234</p>'.repeat(20),
  };
  for (let i = 0; i < WARMUP + ROUNDS; i++) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into bench_change (at) values (now())`);
      const started = process.hrtime.bigint();
      await enqueueJob(tx, 'mail.send', mail, { runAt: new Date() });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (i >= WARMUP) times.push(ms);
    });
  }
  await database.close();
  times.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return {
    kind,
    rounds: ROUNDS,
    p50: round(percentile(times, 50)),
    p99: round(percentile(times, 99)),
    max: round(times.at(-1) ?? 0),
  };
}

const results = [await measure('pglite')];
if (process.env.BENCH_DATABASE_URL) results.push(await measure('postgres', process.env.BENCH_DATABASE_URL));
console.log(JSON.stringify(results));
