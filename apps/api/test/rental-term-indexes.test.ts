import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { build } from './helpers.ts';

const app = await build();

/**
 * The plan of a query with sequential scans priced out, so the plan shows whether an index can serve it at all. The
 * indexes that begin with status and type (the price-per-m² orders and price ranges within sale or rent, the map's newest-first walk, the station distance
 * within sale or rent, the map's price bands and its cells by age, the default order with the head's columns) are dropped
 * for the question, in a transaction rolled back: on a near-empty table that prefix looks as cheap as any, whatever
 * the filter.
 */
async function plan(where: string): Promise<string> {
  let text = '';
  await app.db
    .transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(
        sql`drop index properties_status_type_ppsqm_idx, properties_status_type_ppsqm_desc_idx, properties_status_type_price_idx, properties_map_newest_idx, properties_status_type_station_idx, properties_type_price_band_newest_idx, properties_cell15_newest_idx, properties_cell14_newest_idx, properties_status_premium_created_idx`,
      );
      const result = (await tx.execute(
        sql.raw(`explain select id from properties where status = 'active' and type = 'rent' and ${where}`),
      )) as unknown as { rows: Record<string, string>[] };
      text = result.rows.map((r) => Object.values(r)[0]).join('\n');
      tx.rollback();
    })
    .catch((err: unknown) => {
      if (!text) throw err;
    });
  return text;
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
