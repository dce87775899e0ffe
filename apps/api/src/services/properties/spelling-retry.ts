import { and, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { properties } from '../../db/schema.ts';
import { allPlaces } from '../locations/place-ids.ts';
import { normalise, similarity, trigrams } from '../locations/search-locations.ts';
import { isUnspacedScript } from '../search/normalise-query.ts';
import type { QueryReading } from '../search/read-query.ts';
import { STATIONS } from '../transit/stations.ts';
import { containsPattern, searchText } from './search-text.ts';
import { isVisible } from './visible.ts';

/**
 * The spelling-tolerant retry (ADR 027): when a search finds nothing and `exact=1` is not given, the words of `q` that
 * were read as text are compared, by trigram similarity, with the names of places and stations (the gazetteer, in
 * memory: "Sukumvit" → "Sukhumvit", "Tonglor" → "Thonglor") and then with the words of the listings' text (pg_trgm's
 * word similarity over the search's trigram index, on PGlite and PostgreSQL alike: "condominum" → "condominium"). The
 * search runs again with the corrected text, which the answer gives as `corrected`.
 */

/** Below this Dice coefficient two spellings are different words (search-locations.ts uses the same). */
const MIN_SIMILARITY = 0.5;
/** Shorter words are not corrected: three letters share a trigram with too many names. */
const MIN_LENGTH = 4;
/** A name much shorter or longer than the word is not its spelling. */
const MIN_LENGTH_RATIO = 0.6;
/** Runs of up to this many words are tried as one name ("thong lorr", a Thai name split by the segmenter). */
const MAX_RUN = 3;
/** Listings whose text pg_trgm finds similar that are searched for the closest word. */
const CANDIDATE_ROWS = 20;
/** pg_trgm's word similarity from which a listing is a candidate. */
const WORD_THRESHOLD = 0.4;

type Name = { compact: string; grams: Set<string>; latin: string; thai: string };

let names: Name[] | null = null;

function nameIndex(): Name[] {
  if (names) return names;
  const out: Name[] = [];
  const add = (phrase: string, latin: string, thai: string) => {
    const compact = normalise(phrase).replaceAll(' ', '');
    if ([...compact].length >= MIN_LENGTH) out.push({ compact, grams: trigrams(compact), latin, thai });
  };
  for (const place of allPlaces()) {
    for (const phrase of place.phrases) add(phrase, place.entry.name.en, place.entry.name.th);
  }
  for (const station of STATIONS) {
    add(station.name_en, station.name_en, station.name_th);
    add(station.name_th, station.name_en, station.name_th);
  }
  names = out;
  return out;
}

type Fix = { from: number; to: number; spelling: string; score: number };

function closest(candidates: Iterable<{ compact: string; grams: Set<string> }>, word: string) {
  const compact = word.replaceAll(' ', '');
  const grams = trigrams(compact);
  let best: { compact: string; score: number } | null = null;
  for (const c of candidates) {
    if (c.compact === compact) return null;
    const ratio = Math.min(c.compact.length, compact.length) / Math.max(c.compact.length, compact.length);
    if (ratio < MIN_LENGTH_RATIO) continue;
    const score = similarity(grams, c.grams);
    if (score >= MIN_SIMILARITY && (!best || score > best.score)) best = { compact: c.compact, score };
  }
  return best;
}

/** Place and station names for runs of the reading's words, best first, not overlapping. */
function placeFixes(words: string[]): Fix[] {
  const index = nameIndex();
  const found: Fix[] = [];
  for (let from = 0; from < words.length; from++) {
    for (let to = from + 1; to <= Math.min(words.length, from + MAX_RUN); to++) {
      const run = words.slice(from, to).join('');
      if ([...run].length < MIN_LENGTH) continue;
      const best = closest(index, run);
      if (!best) continue;
      const name = index.find((n) => n.compact === best.compact);
      if (!name) continue;
      const spelling = [...run].some(isUnspacedScript) ? name.thai : name.latin;
      found.push({ from, to, spelling, score: best.score });
    }
  }
  found.sort((a, b) => b.score - a.score || b.to - b.from - (a.to - a.from));
  const taken = new Set<number>();
  const fixes: Fix[] = [];
  for (const fix of found) {
    const span = Array.from({ length: fix.to - fix.from }, (_, i) => fix.from + i);
    if (span.some((i) => taken.has(i))) continue;
    for (const i of span) taken.add(i);
    fixes.push(fix);
  }
  return fixes;
}

/**
 * The listing word closest to `word`: pg_trgm finds listings whose text holds a similar word (`<%`, the search's
 * trigram index; the first CANDIDATE_ROWS, unordered, so a common misspelling never makes it rank thousands of long
 * texts), and the closest word of those is taken here. A word some listing holds as typed is not corrected.
 */
async function listingWord(db: Db, word: string): Promise<{ spelling: string; score: number } | null> {
  const [asTyped] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(isVisible, sql`${searchText} like ${containsPattern(word)}`))
    .limit(1);
  if (asTyped) return null;
  // pg_trgm's default word-similarity threshold (0.6) misses a dropped letter in a short word ("luxry" in "luxury"
  // is 0.44): this statement's own threshold is lower, and the closest word is then chosen here (Dice ≥ 0.5).
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_THRESHOLD)}, true)`);
    return tx
      .select({ text: sql<string>`${searchText}` })
      .from(properties)
      .where(and(isVisible, sql`${word} <% ${searchText}`))
      .limit(CANDIDATE_ROWS);
  });
  const tokens = new Map<string, { compact: string; grams: Set<string> }>();
  for (const row of rows) {
    for (const token of normalise(row.text.slice(0, 5000)).split(' ')) {
      if ([...token].length >= MIN_LENGTH && !tokens.has(token)) {
        tokens.set(token, { compact: token, grams: trigrams(token) });
      }
    }
  }
  const best = closest(tokens.values(), word);
  return best ? { spelling: best.compact, score: best.score } : null;
}

/** The text with each fixed run of words replaced by its spelling, left to right. */
function applyFixes(reading: QueryReading, fixes: Fix[]): string | null {
  const words = reading.words;
  let text = reading.text;
  let cursor = 0;
  for (const fix of [...fixes].sort((a, b) => a.from - b.from)) {
    const runWords = words.slice(fix.from, fix.to);
    const start = text.indexOf(runWords[0] as string, cursor);
    if (start < 0) continue;
    let end = start + (runWords[0] as string).length;
    for (const w of runWords.slice(1)) {
      const at = text.indexOf(w, end);
      if (at < 0) break;
      end = at + w.length;
    }
    text = text.slice(0, start) + fix.spelling + text.slice(end);
    cursor = start + fix.spelling.length;
  }
  return text === reading.text ? null : text;
}

/**
 * The corrections to try, best first: the words read as place or station names (no database), then every word
 * corrected by the listings' own words (when the first finds nothing, or there was none). Empty when nothing is close.
 */
export async function* correctedQueries(db: Db, reading: QueryReading): AsyncGenerator<string> {
  const words = reading.words;
  if (words.length === 0) return;
  const places = placeFixes(words);
  const byPlace = places.length > 0 ? applyFixes(reading, places) : null;
  if (byPlace !== null) yield byPlace;
  const fixes: Fix[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    if ([...word].length < MIN_LENGTH || /^\d+$/.test(word)) continue;
    const found = await listingWord(db, word);
    if (found) fixes.push({ from: i, to: i + 1, spelling: found.spelling, score: found.score });
  }
  const byWords = fixes.length > 0 ? applyFixes(reading, fixes) : null;
  if (byWords !== null && byWords !== byPlace) yield byWords;
}
