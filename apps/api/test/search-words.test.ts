import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { properties } from '../src/db/schema.ts';
import { allPlaces } from '../src/services/locations/place-ids.ts';
import { patternMention, wordMention } from '../src/services/properties/reading-conditions.ts';
import { createRng } from '../src/services/seed/prng.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';

// ADR 040: a place name mentioned in a listing's text is found by the listing's words (search_words, GIN) where that is
// the same test as the word-edge regex on the text; the two must find the same listings on this engine, whatever its
// locale, for every name of the gazetteer, on texts made to sit on the edges.
const app = await build({ jobsWorker: false });
const owner = await createUser(app, { email: 'words@search.test' });

const names = [
  ...new Set(
    allPlaces()
      .flatMap((p) => p.phrases)
      .map((n) => n.toLowerCase().trim()),
  ),
];
// Besides the gazetteer's: words with ASCII and non-ASCII letters, digits, underscores, the word "null".
const extra = ['ari', 'naïve', 'café', 'null', 'soi_7', 'sukhumvit 71', 'сукхумвит', 'όνομα', 'on-nut', 'thong lo'];
const all = [...new Set([...names, ...extra])];

const { next: rng, pick } = createRng(40);
const SEPARATORS = [' ', '  ', '-', '_', '.', ', ', '/', '', '(', ')', '\n', 'x', 'é', '7', 'ก', '«'];
const FILLER = ['Ferrari', 'safari', 'condo', 'Road', 'NULL', 'naïve', 'Soi', 'ЖК', 'ห้องชุด', '2', 'Ari', 'ARI'];
function text(): string {
  const parts: string[] = [];
  const n = 1 + Math.floor(rng() * 4);
  for (let i = 0; i < n; i++) {
    const name = pick(all);
    // Upper-case some; glue each to its neighbours with a separator that may or may not end a word.
    parts.push(rng() < 0.3 ? name.toUpperCase() : name, pick(SEPARATORS), pick(FILLER), pick(SEPARATORS));
  }
  return parts.join('');
}

for (let i = 0; i < 400; i++) {
  await makeListing(app, owner.id, {
    title: text().slice(0, 200),
    location: text().slice(0, 200),
    description: text(),
  });
}

const ids = async (where: SQL) =>
  (await app.db.select({ id: properties.id }).from(properties).where(where)).map((r) => r.id).sort((a, b) => a - b);

describe('search words against the word-edge regex', () => {
  it('uses the words for most names and finds exactly the same listings for every name', async () => {
    let byWords = 0;
    let found = 0;
    const differ: string[] = [];
    for (const name of all) {
      const words = wordMention(name);
      if (!words) continue;
      byWords += 1;
      const [a, b] = [await ids(words), await ids(patternMention(name))];
      found += b.length;
      if (JSON.stringify(a) !== JSON.stringify(b)) differ.push(`${name}: words ${a.length}, regex ${b.length}`);
    }
    expect(differ).toEqual([]);
    // The comparison means something: most spaced names go by words, and they find listings.
    expect(byWords).toBeGreaterThan(100);
    expect(found).toBeGreaterThan(200);
  });

  it('keeps the regex for what words cannot say exactly', () => {
    expect(wordMention('naïve')).toBeNull();
    expect(wordMention('café')).toBeNull();
    expect(wordMention('สุขุมวิท')).toBeNull();
    expect(wordMention('ari')).not.toBeNull();
    expect(wordMention('phahon yothin 7')).not.toBeNull();
    expect(wordMention('сукхумвит')).not.toBeNull();
  });

  it('stores the words with the listing and keeps them in step with an edit', async () => {
    const listing = await makeListing(app, owner.id, {
      title: 'Quiet flat in Ari',
      description: 'Near Phahon Yothin 7.',
    });
    const hit = (name: string) => ids(sql`${properties.id} = ${listing.id} and ${wordMention(name)}`);
    expect(await hit('ari')).toEqual([listing.id]);
    await app.db
      .update(properties)
      .set({ title: 'Quiet flat in Ferrari street' })
      .where(sql`${properties.id} = ${listing.id}`);
    expect(await hit('ari')).toEqual([]);
    expect(await hit('phahon yothin 7')).toEqual([listing.id]);
  });
});
