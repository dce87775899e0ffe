import type { Suggestion } from '@baan/contract';
import { describe, expect, it } from 'vitest';
import { createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';

// Title suggestions (services/suggestions/suggest.ts): a common word is looked for first among the newest visible
// listings in the list's order, a rare one by the trigram index; either way the answer is the first `limit` of all
// matching titles, premium first, then newest.
const app = await build({ jobsWorker: false });
const owner = await createUser(app, { email: 'suggest@listings.test' });

type Made = { id: number; premium: boolean; createdAt: Date; title: string };
const made: Made[] = [];
const at = (minutes: number) => new Date(Date.UTC(2026, 5, 1) + minutes * 60_000);
// The oldest: an orchid villa, far behind the 400 newest.
made.push(await makeListing(app, owner.id, { title: 'Rare orchid villa', createdAt: at(0) }));
for (let i = 1; i <= 460; i++) {
  const garden = i % 9 === 0;
  made.push(
    await makeListing(app, owner.id, {
      title: garden ? `Garden flat ${i}` : `Plain flat ${i}`,
      premium: garden && i % 4 === 0,
      createdAt: at(i),
    }),
  );
}
// A paused garden listing, the newest of all, is never suggested.
await makeListing(app, owner.id, { title: 'Garden flat paused', createdAt: at(999), status: 'paused' });

const expected = (word: string, limit: number) =>
  made
    .filter((m) => m.title.toLowerCase().includes(word))
    .sort(
      (a, b) => Number(b.premium) - Number(a.premium) || b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id,
    )
    .slice(0, limit)
    .map((m) => `/detail/${m.id}`);

const listings = async (query: string) => {
  const res = await app.inject({ method: 'GET', url: `/api/search/suggest?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().payload as Suggestion[]).filter((s) => s.kind === 'listing').map((s) => s.url);
};

describe('listing suggestions', () => {
  it('a common word: the first matches of all, premium then newest (from the newest listings)', async () => {
    const got = await listings('q=garden&limit=15');
    // No place or project is called "garden": listings fill the list.
    expect(got).toEqual(expected('garden', 15));
    expect(await listings('q=garden')).toEqual(expected('garden', 8));
  });

  it('a word only an old listing holds is still found (past the newest listings)', async () => {
    expect(await listings('q=orchid')).toEqual(expected('orchid', 8));
    expect(await listings('q=orchid')).toHaveLength(1);
  });
});
