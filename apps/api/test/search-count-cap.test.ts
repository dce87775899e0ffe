import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { properties } from '../src/db/schema.ts';
import { COUNT_CAP } from '../src/services/properties/list-properties.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';

/**
 * Past 10,000 matches a search counts no further: `total` is 10,000 and `total_capped: 1` (api.md, GET
 * /api/properties; issue 23's bench: the exact count of "Bangkok"'s 60,000 matches was most of its time). Exactly
 * 10,000 is still exact. The rows are copies of one listing made in one INSERT … SELECT.
 */
const app = await build();
afterAll(() => app.close());
const owner = await createUser(app, { email: 'count-cap@baan.example' });
const template = await makeListing(app, owner.id, { title: 'Bulk condo', location: 'Pattaya, Chonburi' });
const other = await makeListing(app, owner.id, { title: 'House in Hua Hin', location: 'Hua Hin, Prachuap Khiri Khan' });

/** Copies the template listing n times (every column but the id and the generated ones). */
async function copies(n: number) {
  const columns = Object.values(properties)
    .filter((c): c is typeof properties.id => typeof c === 'object' && c !== null && 'name' in c && 'columnType' in c)
    .filter((c) => c.name !== 'id' && !c.generated)
    .map((c) => c.name);
  const list = sql.raw(columns.map((c) => `"${c}"`).join(', '));
  await app.db.execute(
    sql`insert into properties (${list}) select ${list} from properties, generate_series(1, ${n}) where id = ${template.id}`,
  );
}

async function page(query: string) {
  app.listingCache.clear();
  const res = await app.inject({ method: 'GET', url: `/api/properties?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload as { total: number; total_capped?: number; items: { id: number }[] };
}

describe('the count of a broad search', () => {
  it('is exact up to 10,000 matches and then says it is a lower bound', async () => {
    expect(COUNT_CAP).toBe(10_000);
    await copies(COUNT_CAP - 1);
    // The template and its 9,999 copies: exactly 10,000, exact.
    const atCap = await page('q=Pattaya');
    expect([atCap.total, atCap.total_capped]).toEqual([10_000, undefined]);
    // One more: 10,001 match, counted as 10,000 with total_capped.
    await copies(1);
    const past = await page('q=Pattaya');
    expect([past.total, past.total_capped]).toEqual([10_000, 1]);
    expect(past.items).toHaveLength(16);
    // Without q, too (10,002 visible listings); a narrow search beside it stays exact.
    const all = await page('');
    expect([all.total, all.total_capped]).toEqual([10_000, 1]);
    const narrow = await page('q=Hua%20Hin');
    expect([narrow.total, narrow.total_capped, narrow.items.map((i) => i.id)]).toEqual([1, undefined, [other.id]]);
    // The last pages of the capped range still answer listings.
    const last = await page('q=Pattaya&page=625');
    expect(last.items).toHaveLength(16);
  });
});
