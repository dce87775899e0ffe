import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** Both drivers' databases share this shape, so services never know which one they talk to. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type Database = {
  /** The primary: every write, migrations, and reads that must see a write just made. */
  db: Db;
  /**
   * Where public read-only queries may go: a second pool on the read replica (DATABASE_READ_URL),
   * or the same object as `db` when there is none. It may lag behind `db` (streaming replication).
   */
  readDb: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

export type DatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** Told when the server drops an idle connection (restart, failover); the pool opens a new one when needed. */
      onIdleError?: (err: Error) => void;
      /**
       * A read replica of `url` (DATABASE_READ_URL): a second pool for read-only queries, never
       * migrated. Its first connection is opened lazily, so a replica that is down does not stop
       * the start (reads fall back to the primary, services/properties/listing-cache.ts).
       */
      readUrl?: string;
      /** Told when the replica drops an idle connection. */
      onReadIdleError?: (err: Error) => void;
    }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/** The PGlite constructor options every PGlite in the project uses (pg_trgm and cube loaded). */
export function pgliteOptions(loadDataDir?: Blob) {
  return {
    extensions: { pg_trgm, cube },
    // PostgreSQL's 128 MB buffer cache lives inside PGlite's WebAssembly heap, which never shrinks.
    // At 100,000 listings 64 MB cut the server's resident memory by ~45 MB with no measurable loss
    // on cold searches (the data files stay in the OS page cache); docs/benchmarks.md.
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=64MB'],
    ...(loadDataDir ? { loadDataDir } : {}),
  };
}

/** Opens the database and applies pending migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const primary = openPool(options.url, options.poolSize ?? 10, 'baan', options.onIdleError);
    const db = drizzlePg(primary.pool, { schema });
    // Migrations run on the primary only; a replica receives them through replication.
    try {
      await withMigrationLock(options.url, () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }));
    } catch (err) {
      await primary.close();
      throw err;
    }
    const replica = options.readUrl
      ? openPool(options.readUrl, options.poolSize ?? 10, 'baan-read', options.onReadIdleError, {
          // A replica that does not answer must not hold a read for long: it falls back to the primary.
          connectionTimeoutMillis: 3_000,
        })
      : undefined;
    const readDb = replica ? drizzlePg(replica.pool, { schema }) : db;
    const close = async () => {
      await Promise.all([primary.close(), replica?.close()]);
    };
    return { db: db as unknown as Db, readDb: readDb as unknown as Db, kind: 'postgres', close };
  }
  if (options.dataDir) mkdirSync(path.dirname(options.dataDir), { recursive: true });
  // PGlite keeps a single connection: never open the same folder from two processes.
  const client = options.dataDir
    ? new PGlite(options.dataDir, pgliteOptions())
    : new PGlite(pgliteOptions(options.loadDataDir));
  const db = drizzlePglite(client, { schema });
  // drizzle-kit's own migrate cannot load pg_trgm into PGlite; drizzle-orm's migrate() can.
  await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
  return { db: db as unknown as Db, readDb: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

/**
 * Applies pending migrations to a PostgreSQL database and closes its connections: the server runs it before the app is
 * built, so a migration that rewrites a large table (a stored column over a million listings takes minutes) is not
 * cut short by the plugins' start-up timeout (ADR 043). The app's own openDatabase then finds nothing left to do.
 * `after` runs on the migrated database under the same lock.
 */
export async function migratePostgres(url: string, after?: (db: Db) => Promise<unknown>): Promise<void> {
  const primary = openPool(url, 1, 'baan-migrate-run', undefined);
  try {
    await withMigrationLock(url, async () => {
      const db = drizzlePg(primary.pool, { schema });
      await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
      // What must follow the migrations before the app answers (server.ts: the named places, ADR 044).
      await after?.(db as unknown as Db);
    });
  } finally {
    await primary.close();
  }
}

/** The planner's cost of a random page read on the app's PostgreSQL sessions (openPool). */
const RANDOM_PAGE_COST = 1.1;

/** pg_advisory_lock key held while migrating ("baan" in ASCII). */
const MIGRATION_LOCK = 0x6261616e;

/**
 * Runs `migrate` while holding a session advisory lock on its own connection (not one of the pool's,
 * which may have a single connection): API nodes starting together then migrate one after the
 * other, and the later ones find nothing left to do, instead of racing to create the same tables.
 */
async function withMigrationLock(url: string, migrate: () => Promise<void>): Promise<void> {
  const lock = new pg.Client({ connectionString: url, application_name: 'baan-migrate' });
  lock.on('error', () => undefined);
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate();
  } finally {
    // Ending the session releases the lock too, also when the unlock itself failed.
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await lock.end().catch(() => undefined);
  }
}

/**
 * A pg pool whose close() returns only once every connection to the server has gone. The
 * application_name (overridable in the URL) tells the pools apart in pg_stat_activity.
 */
function openPool(
  url: string,
  max: number,
  applicationName: string,
  onIdleError: ((err: Error) => void) | undefined,
  extra: pg.PoolConfig = {},
) {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    application_name: applicationName,
    // pg closes a connection idle for 10 s by default, and the first statements on a new connection cost 100–500 ms
    // more than on a used one (its server process loads the catalog and plans afresh; bench:search at 100,000
    // listings saw such first searches at the top of its p99). Connections are kept 5 minutes instead.
    idleTimeoutMillis: 300_000,
    // Plan as on an SSD or a cached table, where a random page costs about what a sequential one does (1.1, not the
    // default 4 of spinning disks): with 4, a place search's few hundred "named elsewhere" rows were ANDed with a
    // bitmap of 294,000 active condos at a million listings, 53 ms instead of 2 ms (ADR 044). A URL's own `options`
    // come after and win.
    options: `-c random_page_cost=${RANDOM_PAGE_COST}`,
    ...extra,
  });
  // Without a listener, pg rethrows an idle connection's error and the process ends.
  pool.on('error', (err) => onIdleError?.(err));
  // pool.end() resolves once its connections are asked to close, not once they have: count
  // them, so close() returns only when no connection to the server is left.
  const open = new Set<pg.PoolClient>();
  pool.on('connect', (client) => open.add(client));
  pool.on('remove', (client) => open.delete(client));
  const close = async () => {
    await pool.end();
    while (open.size > 0) await new Promise((resolve) => pool.once('remove', resolve));
  };
  return { pool, close };
}
