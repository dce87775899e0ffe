import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** The planner-statistics check on PGlite: how often it looks (one catalogue read when nothing changed). */
export const ANALYZE_EVERY_MS = 2 * 60_000;

/** A table is analysed again once its size moved by this share of what the last ANALYZE saw (autovacuum uses 10 %). */
const GROWTH = 0.1;
/** …and by at least this many 8 kB pages, so small tables are not analysed on every check. */
const MIN_PAGES = 4;

/**
 * The tables of the app's schema whose planner statistics are missing or stale: never analysed (reltuples -1) and not
 * empty, or whose size in pages moved by more than GROWTH (at least MIN_PAGES) since the last ANALYZE or VACUUM
 * recorded it. Names come from the catalogue, never from input.
 */
export async function tablesNeedingAnalyze(db: Db): Promise<string[]> {
  const result = await db.execute(sql`
    select c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r'
      and (
        (c.reltuples < 0 and pg_relation_size(c.oid) > 0)
        or abs(pg_relation_size(c.oid) / current_setting('block_size')::int - c.relpages)
           > greatest(${MIN_PAGES}::int, c.relpages * ${GROWTH}::float8)
      )
    order by c.relname`);
  return ((result as { rows?: { name?: unknown }[] }).rows ?? []).map((r) => String(r.name));
}

/**
 * PGlite runs no autovacuum (one process, no background workers), so without this its planner never has statistics:
 * it takes every table for a few rows and picks plans such as walking every active listing once per row of a join
 * (ADR 039). Analyses the tables tablesNeedingAnalyze names, one statement each; returns their names.
 */
export async function analyzeStaleTables(db: Db): Promise<string[]> {
  const tables = await tablesNeedingAnalyze(db);
  for (const table of tables) await db.execute(sql`analyze ${sql.identifier(table)}`);
  return tables;
}

/** The nightly VACUUM (ANALYZE) of the whole PGlite database: dead row versions are reclaimed and statistics renewed. */
export async function vacuumDatabase(db: Db): Promise<void> {
  await db.execute(sql`vacuum (analyze)`);
}
