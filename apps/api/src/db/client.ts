import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
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
  db: Db;
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
    }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/** The PGlite constructor options every PGlite in the project uses (pg_trgm loaded). */
export function pgliteOptions(loadDataDir?: Blob) {
  return {
    extensions: { pg_trgm },
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
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // Without a listener, pg rethrows an idle connection's error and the process ends.
    pool.on('error', (err) => options.onIdleError?.(err));
    // pool.end() resolves once its connections are asked to close, not once they have: count
    // them, so close() returns only when no connection to the server is left.
    const open = new Set<pg.PoolClient>();
    pool.on('connect', (client) => open.add(client));
    pool.on('remove', (client) => open.delete(client));
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
    const close = async () => {
      await pool.end();
      while (open.size > 0) await new Promise((resolve) => pool.once('remove', resolve));
    };
    return { db: db as unknown as Db, kind: 'postgres', close };
  }
  if (options.dataDir) mkdirSync(path.dirname(options.dataDir), { recursive: true });
  // PGlite keeps a single connection: never open the same folder from two processes.
  const client = options.dataDir
    ? new PGlite(options.dataDir, pgliteOptions())
    : new PGlite(pgliteOptions(options.loadDataDir));
  const db = drizzlePglite(client, { schema });
  // drizzle-kit's own migrate cannot load pg_trgm into PGlite; drizzle-orm's migrate() can.
  await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}
