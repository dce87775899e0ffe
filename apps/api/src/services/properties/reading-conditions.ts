import { DEFAULT_WITHIN_M, type Station } from '@baan/contract';
import { and, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { properties } from '../../db/schema.ts';
import type { Place } from '../locations/place-ids.ts';
import { isSpacedWordChar } from '../search/normalise-query.ts';
import type { QueryReading } from '../search/read-query.ts';
import { nearStation } from './geo-search.ts';
import { listingProjectNamed } from './project-names.ts';
import { containsPattern, searchText, searchWords } from './search-text.ts';

/**
 * The SQL of a query's reading (services/search/read-query.ts, ADR 027): what `q` was read as, as conditions next to
 * the search's explicit filters, and how well a listing matches it (relevance).
 */

/** `\m…\M` (PostgreSQL's word edges) around a spaced-script name; the regex's own characters taken literally. */
function wordPattern(name: string): string {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, (c) => `\\${c}`);
  return `\\m${escaped}\\M`;
}

/**
 * Names shorter than this are not looked for in the text: the trigram index cannot find fewer than three characters
 * (a LIKE on "曼谷" reads the whole index and tests every listing; 4 s at 100,000 listings, docs/benchmarks.md). Such a
 * name still finds the place's listings: the condition is built from the place, whose other names are longer.
 */
const MIN_MENTION = 3;

/** `\mname\M` on the text: the trigram index finds the candidates by LIKE, the regex checks them. */
export function patternMention(name: string): SQL {
  return sql`(${searchText} like ${containsPattern(name)} and ${searchText} ~ ${wordPattern(name)})`;
}

/** Words as one text[] parameter, each quoted (a word "null" is a word, not NULL); none holds a quote or backslash. */
const wordArray = (words: readonly string[]) => sql`${`{${words.map((w) => `"${w}"`).join(',')}}`}::text[]`;

/** ASCII words between ASCII separators: what PostgreSQL splits the same way under any locale. */
const ASCII_WORDS = /^[a-z0-9_]+(?:[^a-z0-9_\u0080-\u{10ffff}]+[a-z0-9_]+)*$/u;
/** One word of letters of a spaced script, none of them ASCII (under the C locale none is a word character). */
const NON_ASCII_WORD = /^[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}]+$/u;

/**
 * `\mname\M` by the listing's words (`search_words`, ADR 040) where that is the same test under every locale, else
 * null. A one-word name is simply one of the words. A name of several ASCII words needs them all among the listing's
 * words (the GIN index finds those few listings) and then the phrase itself at word edges, checked on them only
 * (`regexp_like`, a function, so the planner cannot trade the word index for the trigram index's slow regex scan).
 */
export function wordMention(name: string): SQL | null {
  if (ASCII_WORDS.test(name)) {
    const words = name.split(/[^a-z0-9_]+/);
    const all = sql`${searchWords} @> ${wordArray(words)}`;
    return words.length === 1 ? all : sql`(${all} and regexp_like(${searchText}, ${wordPattern(name)}))`;
  }
  // Every letter outside ASCII: a word character everywhere but the C locale, where such a name never stands between
  // word edges and is never one of the words either.
  if (NON_ASCII_WORD.test(name) && ![...name].some((c) => c.charCodeAt(0) < 0x80)) {
    return sql`${searchWords} @> ${wordArray([name])}`;
  }
  return null;
}

/**
 * A listing mentions one of the place's names in its text, and a name in a spaced script must stand as a word ("Ari"
 * is not in "Ferrari"): by the listing's words where that is exact (wordMention), else the trigram index finds the
 * candidates by LIKE and the word-edge regex checks them; a name in an unspaced script by LIKE alone.
 */
function mentions(names: readonly string[]): SQL[] {
  const seen = new Set<string>();
  const out: SQL[] = [];
  for (const raw of names) {
    const name = raw.toLowerCase().trim();
    if ([...name].length < MIN_MENTION || seen.has(name)) continue;
    seen.add(name);
    const spaced = isSpacedWordChar(name[0]) || isSpacedWordChar(name[name.length - 1]);
    out.push(spaced ? (wordMention(name) ?? patternMention(name)) : sql`${searchText} like ${containsPattern(name)}`);
  }
  return out;
}

/** The listing is stored under the place (or a place inside it: a province's districts, Sukhumvit's Thonglor). */
export function storedInPlace(place: Place): SQL {
  const { entry } = place;
  if (place.kind === 'province') return eq(properties.province, entry.name.en);
  if (place.kind === 'district') {
    return and(eq(properties.district, entry.name.en), eq(properties.province, entry.province?.en ?? '')) as SQL;
  }
  return inArray(properties.place, [place.id, ...place.parts]);
}

/**
 * Stored under the place, or naming it in its text in any of the place's names (so any script finds the same). A
 * province is its stored listings only: every listing whose location names a place in it is stored there, and a
 * text that names a province elsewhere ("two hours from Bangkok") is rarely in it; the column's index answers even
 * "Bangkok" (70,000 of 100,000 listings) at once, where the names' text search read every match (1.4 s).
 */
export function inPlace(place: Place): SQL {
  if (place.kind === 'province') return storedInPlace(place);
  return or(storedInPlace(place), ...mentions(place.phrases)) as SQL;
}

/** Within the default walk of the station (as the `station` filter), or naming it in the text. */
function atStation(station: Station): SQL {
  return or(nearStation(station, DEFAULT_WITHIN_M), ...mentions([station.name_en, station.name_th])) as SQL;
}

/**
 * A tier of a place search's relevance (placeTiers, ADR 043): `stored`, the listings stored under one of the places;
 * `named`, the others that name one of them. Each its own condition, so the planner reads that tier's index alone.
 */
export type PlaceTier = 'stored' | 'named';

function placeCondition(places: readonly Place[], tier: PlaceTier | undefined): SQL {
  if (tier === 'stored') return or(...places.map(storedInPlace)) as SQL;
  if (tier === 'named') {
    // A province is matched by its stored listings only: all of them are in the stored tier.
    const named = places.flatMap((p) => (p.kind === 'province' ? [] : mentions(p.phrases)));
    const stored = or(...places.map(storedInPlace)) as SQL;
    return named.length > 0 ? sql`(${or(...named)} and (${stored}) is not true)` : sql`false`;
  }
  return or(...places.map(inPlace)) as SQL;
}

/** The reading's conditions, every one of which a listing meets (places, stations and sub types: any of each). */
export function readingConditions(reading: QueryReading, tier?: PlaceTier): SQL[] {
  const out: SQL[] = [];
  if (reading.places.length > 0) out.push(placeCondition(reading.places, tier));
  if (reading.stations.length > 0) out.push(or(...reading.stations.map(atStation)) as SQL);
  if (reading.subTypes.length > 0) out.push(inArray(properties.propertySubType, reading.subTypes));
  if (reading.type) out.push(eq(properties.type, reading.type));
  if (reading.bedrooms !== null) out.push(gte(properties.bedRooms, reading.bedrooms));
  if (reading.minPrice !== null) out.push(gte(properties.price, reading.minPrice));
  if (reading.maxPrice !== null) out.push(lte(properties.price, reading.maxPrice));
  // A word matches the listing's text or its project's names and aliases in any script (ADR 028).
  for (const word of reading.words) {
    out.push(or(sql`${searchText} like lower(${containsPattern(word)})`, listingProjectNamed(word)) as SQL);
  }
  return out;
}

/**
 * How well a listing matches the reading, for `sort=relevance` (the default with a `q`): 2 for a listing stored
 * under a named place (1 when it only mentions it), plus 1 for each word in the title (the rest are in the location
 * or description). Null when the reading has neither places (other than provinces) nor words: every match is as
 * good, and the default order (premium, newest, on its index) is the relevance order.
 */
export function relevanceScore(reading: QueryReading): SQL | null {
  const parts: SQL[] = [];
  const stored = storedInNamedPlace(reading);
  if (stored) parts.push(sql`(case when ${stored} then 2 else 1 end)`);
  for (const word of reading.words) {
    parts.push(sql`(case when lower(${properties.title}) like lower(${containsPattern(word)}) then 1 else 0 end)`);
  }
  if (parts.length === 0) return null;
  return sql.join(parts, sql` + `);
}

/**
 * The listing is stored under one of the reading's places, when that part of relevance tells matches apart: some
 * place is not a province (provinces match by the stored province only, so every such match scores the same); else
 * null.
 */
export function storedInNamedPlace(reading: QueryReading): SQL | null {
  if (!reading.places.some((p) => p.kind !== 'province')) return null;
  return or(...reading.places.map(storedInPlace)) as SQL;
}

/**
 * The relevance of a reading with places and no words has two tiers: stored under a place (2) before only naming it
 * (1), each in the default order. Then a page is read tier by tier on the indexes, instead of scoring and sorting
 * every match (list-properties.ts, ADR 043). The stored tier's condition, or null when relevance is not just that.
 */
export function placeTiers(reading: QueryReading): SQL | null {
  return reading.words.length === 0 ? storedInNamedPlace(reading) : null;
}
