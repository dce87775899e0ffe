import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { build } from './helpers.ts';

const app = await build();

/** The plan of a query with sequential scans priced out, so the plan shows whether an index can serve it at all. */
async function plan(where: string): Promise<string> {
  return app.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = (await tx.execute(
      sql.raw(`explain select id from properties where status = 'active' and type = 'rent' and ${where}`),
    )) as unknown as { rows: Record<string, string>[] };
    return result.rows.map((r) => Object.values(r)[0]).join('\n');
  });
}

describe('rental-term filter indexes (issue 26 item 1)', () => {
  it.each([
    ["furnishing = 'furnished'", 'properties_rent_furnishing_idx'],
    ['pets_allowed = true', 'properties_rent_pets_idx'],
    ['deposit_months <= 2', 'properties_rent_deposit_idx'],
    ['min_lease_months <= 6', 'properties_rent_min_lease_idx'],
  ])('%s can use %s', async (where, index) => {
    expect(await plan(where)).toContain(index);
  });
});
