import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { properties } from '../src/db/schema.ts';
import { allPlaces, type Place } from '../src/services/locations/place-ids.ts';
import {
  mentionConditions,
  namedPlaces,
  patternMention,
  storedInPlace,
  syncPlaceMentions,
  wordMention,
} from '../src/services/properties/place-mentions.ts';
import { searchWords } from '../src/services/properties/search-text.ts';
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

// Locations that name a place (so listings are stored under places, or under none) and texts that name others.
const LOCATIONS = ['Silom, Bang Rak', 'Thonglor, Watthana', 'Ari, Phaya Thai', 'Sukhumvit 31', 'Patong, Phuket', ''];
for (let i = 0; i < 400; i++) {
  await makeListing(app, owner.id, {
    title: text().slice(0, 200),
    location: `${i % 3 === 0 ? pick(LOCATIONS) : ''} ${text()}`.trim().slice(0, 200),
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

// ADR 044: a listing's `named_places` (kept by migration 0038's trigger, rewritten by syncPlaceMentions) holds exactly
// the places whose names its text holds while it is not stored under them: the search's own conditions, on every place.
describe('named places against the names in the text', () => {
  const places = allPlaces().filter((p) => p.kind !== 'province');
  const byConditions = (place: Place) =>
    ids(sql`(${sql.join(mentionConditions(place.phrases), sql` or `)}) and (${storedInPlace(place)}) is not true`);
  const byColumn = (place: Place) => ids(sql`${namedPlaces} @> ${`{"${place.id}"}`}::text[]`);
  const differences = async () => {
    const differ: string[] = [];
    let named = 0;
    for (const place of places) {
      if (mentionConditions(place.phrases).length === 0) continue;
      const [a, b] = [await byConditions(place), await byColumn(place)];
      named += a.length;
      if (JSON.stringify(a) !== JSON.stringify(b)) differ.push(`${place.id}: text ${a.length}, column ${b.length}`);
    }
    return { differ, named };
  };
  const rows = async <T>(query: SQL) => ((await app.db.execute(query)) as unknown as { rows: T[] }).rows;
  const columns = async () =>
    (await rows(sql`select id, named_places from properties order by id`)).map((r) => JSON.stringify(r));

  it('the trigger writes, on insert, the places named and not stored under', async () => {
    const { differ, named } = await differences();
    expect(differ).toEqual([]);
    // It means something: many listings name places, and some of them are stored under one they name.
    expect(named).toBeGreaterThan(200);
    const [stored] = await rows<{ n: number }>(
      sql`select count(*)::int as n from properties where place is not null and search_words && '{silom,thonglor,ari}'`,
    );
    expect(stored?.n).toBeGreaterThan(0);
  });

  it('the rewrite from the gazetteer gives every listing the same places as the trigger', async () => {
    const before = await columns();
    await app.db.execute(sql`update place_mentions_state set version = 'old'`);
    await app.db.execute(sql`update properties set named_places = '{"neighbourhood:nowhere"}'`);
    expect(await syncPlaceMentions(app.db)).toBe(true);
    expect(await columns()).toEqual(before);
    // Today's version is stored: the next start reads one row and writes nothing.
    expect(await syncPlaceMentions(app.db)).toBe(false);
  });

  it('a changed gazetteer rewrites the rules and the listings, and new listings follow the new rules', async () => {
    const silom = places.find((p) => p.id === 'neighbourhood:silom') as Place;
    const renamed: Place = { ...silom, phrases: [...silom.phrases, 'Ferrari'] };
    const changed = allPlaces().map((p) => (p.id === silom.id ? renamed : p));
    try {
      expect(await syncPlaceMentions(app.db, changed)).toBe(true);
      const ferrari = await ids(sql`${searchWords} @> '{ferrari}' and place is distinct from ${silom.id}`);
      expect(ferrari.length).toBeGreaterThan(0);
      expect(await byColumn(silom)).toEqual(
        await ids(
          sql`(${sql.join(mentionConditions(renamed.phrases), sql` or `)}) and (${storedInPlace(silom)}) is not true`,
        ),
      );
      const listing = await makeListing(app, owner.id, { title: 'Ferrari red condo', location: 'Ari' });
      expect((await ids(sql`${namedPlaces} @> '{"neighbourhood:silom"}'`)).includes(listing.id)).toBe(true);
    } finally {
      await syncPlaceMentions(app.db);
    }
    expect((await differences()).differ).toEqual([]);
  });

  it('follows an edit of the text and of the stored place, and nothing else rewrites it', async () => {
    const listing = await makeListing(app, owner.id, { title: 'Flat near Silom', location: 'Ari, Phaya Thai' });
    const named = async () =>
      (await rows<{ named_places: string[] }>(sql`select named_places from properties where id = ${listing.id}`))[0]
        ?.named_places;
    expect(await named()).toEqual(['neighbourhood:silom']);
    // Stored under Silom now: it names Silom where it is stored, and Ari (its location) where it is not.
    await app.db.update(properties).set({ place: 'neighbourhood:silom' }).where(sql`${properties.id} = ${listing.id}`);
    expect(await named()).toEqual(['neighbourhood:ari']);
    await app.db
      .update(properties)
      .set({ description: 'Walk to Thonglor and Ari.' })
      .where(sql`${properties.id} = ${listing.id}`);
    expect(await named()).toEqual(['neighbourhood:ari', 'neighbourhood:thonglor']);
    // A change of another column leaves the array as it is (the trigger fires on the text and the place only).
    await app.db.execute(sql`update properties set named_places = '{"x"}' where id = ${listing.id}`);
    await app.db.update(properties).set({ price: 12_345 }).where(sql`${properties.id} = ${listing.id}`);
    expect(await named()).toEqual(['x']);
    await app.db.execute(sql`update properties set title = title where id = ${listing.id}`);
    expect(await named()).toEqual(['neighbourhood:ari', 'neighbourhood:thonglor']);
  });
});
