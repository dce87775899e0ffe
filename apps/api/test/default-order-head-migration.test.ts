import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { build } from './helpers.ts';

/**
 * Migration 0046 (ADR 054) rebuilds the default order's index over every listing (about 120 MB at a million). It must
 * build the new index while readers go on: a DROP INDEX first takes an ACCESS EXCLUSIVE lock on `properties` that
 * PostgreSQL holds until the migrations' transaction commits, so every search, listing page and sitemap read would
 * wait for the whole build. Each statement is run here in one transaction, as the migrator does, and before the build
 * this transaction must hold no lock on `properties` that blocks reads.
 */
describe('migration 0046 (the default order head index)', async () => {
  const app = await build();
  const migration = readFileSync(new URL('../drizzle/0046_default-order-head.sql', import.meta.url), 'utf8');
  const statements = migration
    .split('--> statement-breakpoint')
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter((s) => s.length > 0);

  it('builds the index before anything locks readers out of properties, and ends with the same index', async () => {
    const builds = statements.filter((s) => /^CREATE INDEX/i.test(s));
    expect(builds).toHaveLength(1);
    const rollback = new Error('rollback');
    await expect(
      app.db.transaction(async (tx) => {
        const blockingReads = async () =>
          (
            (await tx.execute(sql`select mode from pg_locks l join pg_class c on c.oid = l.relation
              where c.relname = 'properties' and l.pid = pg_backend_pid() and l.mode = 'AccessExclusiveLock'`)) as unknown as {
              rows: unknown[];
            }
          ).rows.length;
        for (const statement of statements) {
          if (/^CREATE INDEX/i.test(statement)) expect(await blockingReads(), statement).toBe(0);
          await tx.execute(sql.raw(statement));
        }
        const [index] = (
          (await tx.execute(
            sql`select indexdef from pg_indexes where indexname = 'properties_status_premium_created_idx'`,
          )) as unknown as { rows: { indexdef: string }[] }
        ).rows;
        expect(index?.indexdef).toContain('INCLUDE (review, user_id, lat, lon, type, property_type, price');
        const leftovers = (
          (await tx.execute(
            sql`select indexname from pg_indexes where tablename = 'properties' and indexname like 'properties_status_premium_created%'`,
          )) as unknown as { rows: unknown[] }
        ).rows;
        expect(leftovers).toHaveLength(1);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
  });
});
