import { readdirSync } from 'node:fs';
import path from 'node:path';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import * as schema from '../../src/db/schema.ts';

/** Every table of the schema, so a table added later is watched too. */
const TABLES = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable => is(value, PgTable));

/** Rows per table, in one query (the fuzz test counts around every request). */
export async function tableCounts(app: FastifyInstance): Promise<Record<string, number>> {
  const columns = TABLES.map(
    (table) => sql`(select count(*)::int from ${table}) as ${sql.identifier(getTableName(table))}`,
  );
  const result = (await app.db.execute(sql`select ${sql.join(columns, sql`, `)}`)) as unknown as {
    rows: Record<string, number>[];
  };
  return result.rows[0] ?? {};
}

/** Every row of every table, in a stable order: equal snapshots mean nothing was written. */
export async function tableContents(app: FastifyInstance): Promise<Record<string, string[]>> {
  const contents: Record<string, string[]> = {};
  for (const table of TABLES) {
    const rows = await app.db.select().from(table);
    contents[getTableName(table)] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return contents;
}

/** Files under the app's DATA_DIR uploads and temporary upload folders. */
export function storedFiles(dataDir: string): string[] {
  const list = (dir: string) => {
    try {
      return readdirSync(path.join(dataDir, dir), { recursive: true }).map((f) => `${dir}/${String(f)}`);
    } catch {
      return [];
    }
  };
  return [...list('uploads'), ...list('tmp/uploads')].sort();
}
