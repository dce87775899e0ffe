import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';

const target = inject('dbTarget');

// Only meaningful against a PostgreSQL server: the suite's second run (TEST_DATABASE_URL).
describe.runIf(target.kind === 'postgres')('the PostgreSQL connection pool', async () => {
  if (target.kind !== 'postgres') return;
  const name = `baan_pool_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: target.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${target.template}`);
  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
  const url = new URL(target.url);
  url.pathname = `/${name}`;

  const backends = async () =>
    (await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [name])).rows.map(
      (r) => r.pid,
    );
  const databaseName = async (database: Database) =>
    ((await database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] })
      .rows[0]?.name;

  it('survives the server dropping its idle connections, reports it, and queries again', async () => {
    const dropped: Error[] = [];
    const database = await openDatabase({
      kind: 'postgres',
      url: url.toString(),
      onIdleError: (err) => dropped.push(err),
    });
    try {
      expect(await databaseName(database)).toBe(name);
      const pids = await backends();
      expect(pids.length).toBeGreaterThan(0);
      for (const pid of pids) await admin.query('select pg_terminate_backend($1)', [pid]);
      // Before the pool had a listener, this error ended the process.
      await expect.poll(() => dropped.length).toBeGreaterThan(0);
      expect(dropped[0]?.message).toMatch(/terminating connection/);
      expect(await databaseName(database)).toBe(name);
    } finally {
      await database.close();
    }
  });

  it('close() returns only once every connection to the server has gone', async () => {
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
    await Promise.all(Array.from({ length: 4 }, () => database.db.execute(sql`select pg_sleep(0.05)`)));
    expect((await backends()).length).toBeGreaterThanOrEqual(4);
    await database.close();
    expect(await backends()).toEqual([]);
  });

  it('plans with the cost of a random page read of an SSD, unless the URL says otherwise', async () => {
    const cost = async (database: Database) =>
      (
        (await database.db.execute(sql`select current_setting('random_page_cost') as cost`)) as unknown as {
          rows: { cost: string }[];
        }
      ).rows[0]?.cost;
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
    try {
      expect(await cost(database)).toBe('1.1');
    } finally {
      await database.close();
    }
    const own = new URL(url);
    own.searchParams.set('options', '-c random_page_cost=2');
    const tuned = await openDatabase({ kind: 'postgres', url: own.toString(), poolSize: 1 });
    try {
      expect(await cost(tuned)).toBe('2');
    } finally {
      await tuned.close();
    }
  });
});
