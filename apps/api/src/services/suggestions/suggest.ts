import {
  type Language,
  type Station,
  SUGGEST_DEFAULT_LIMIT,
  SUGGEST_MAX_LENGTH,
  type Suggestion,
} from '@baan/contract';
import { and, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projects, properties } from '../../db/schema.ts';
import { LINES } from '../locations/gazetteer.ts';
import { allPlaces, type Place, placeById, placeLabel } from '../locations/place-ids.ts';
import { similarity, trigrams } from '../locations/search-locations.ts';
import { isPublicProject, projectIdsNamed } from '../properties/project-names.ts';
import { containsPattern, titleLocationText } from '../properties/search-text.ts';
import { isVisible } from '../properties/visible.ts';
import { compactPhrase, normaliseQuery } from '../search/normalise-query.ts';
import { STATION_ALIASES, STATIONS } from '../transit/stations.ts';

/**
 * GET /api/search/suggest (docs/api.md "Search that understands what people type"): places and stations from the
 * gazetteer in memory (a prefix of any of their names in any script, then a substring, then a near spelling by
 * trigram similarity), then visible listings whose title holds the text (the search's trigram index). Labels in the
 * request's language; a place runs its name as `q` (read as that place, in any script the same set), a station the
 * `station` filter, a listing opens its page.
 */

type Entry = {
  kind: 'place' | 'station';
  place: Place | null;
  station: Station | null;
  keys: { compact: string; words: string[]; grams: Set<string>; alias: boolean }[];
  rank: number;
};

const KIND_RANK = { province: 0, district: 1, neighbourhood: 2, station: 3 } as const;
const SCORE = { exact: 100, prefix: 90, wordStart: 80, substring: 60, fuzzyFloor: 10, fuzzyCeiling: 39 };
const MIN_FUZZY_LENGTH = 4;
const ALIAS_PENALTY = 5;
const MIN_SIMILARITY = 0.5;
/** Listings are asked for only from this many characters (a trigram index needs three). */
const MIN_LISTING_QUERY = 3;

let entries: Entry[] | null = null;

function key(phrase: string, alias: boolean) {
  const text = normaliseQuery(phrase);
  const compact = compactPhrase(phrase);
  return { compact, words: text.split(/[\s\-.,/]+/).filter(Boolean), grams: trigrams(compact), alias };
}

function index(): Entry[] {
  if (entries) return entries;
  const out: Entry[] = [];
  for (const place of allPlaces()) {
    const own = new Set(Object.values(place.names));
    const keys = place.phrases.map((phrase) => key(phrase, !own.has(phrase)));
    out.push({ kind: 'place', place, station: null, keys, rank: KIND_RANK[place.kind] });
  }
  for (const station of STATIONS) {
    const keys = [
      key(station.name_en, false),
      key(station.name_th, false),
      ...(STATION_ALIASES.get(station.id) ?? []).map((alias) => key(alias, true)),
    ];
    out.push({ kind: 'station', place: null, station, keys, rank: KIND_RANK.station });
  }
  entries = out;
  return out;
}

/** The best score of the entry's names; another spelling (an alias: "Sukhumvit 21" for Asok) scores a hair lower. */
function score(entry: Entry, compact: string, grams: Set<string>): number {
  let best = 0;
  for (const k of entry.keys) {
    const s = keyScore(k, compact, grams);
    best = Math.max(best, k.alias ? s - ALIAS_PENALTY : s);
  }
  return best;
}

function keyScore(k: Entry['keys'][number], compact: string, grams: Set<string>): number {
  if (k.compact === compact) return SCORE.exact;
  if (k.compact.startsWith(compact)) return SCORE.prefix;
  if (k.words.some((_, i) => k.words.slice(i).join('').startsWith(compact))) return SCORE.wordStart;
  if (compact.length >= 2 && k.compact.includes(compact)) return SCORE.substring;
  if (compact.length < MIN_FUZZY_LENGTH) return 0;
  const ratio = Math.min(k.compact.length, compact.length) / Math.max(k.compact.length, compact.length);
  if (ratio < 0.6) return 0;
  const s = similarity(grams, k.grams);
  if (s < MIN_SIMILARITY) return 0;
  return SCORE.fuzzyFloor + ((s - MIN_SIMILARITY) / (1 - MIN_SIMILARITY)) * (SCORE.fuzzyCeiling - SCORE.fuzzyFloor);
}

function placeSuggestion(place: Place, language: Language): Suggestion {
  const label = placeLabel(place, language);
  const province = place.entry.province ? placeLabelOfProvince(place, language) : null;
  return { kind: 'place', label, secondary: province, query: `q=${encodeURIComponent(label)}`, url: null };
}

function placeLabelOfProvince(place: Place, language: Language): string | null {
  const province = allPlaces().find((p) => p.kind === 'province' && p.entry.name.en === place.entry.province?.en);
  if (!province) return null;
  return placeLabel(placeById(province.id) ?? province, language);
}

function stationSuggestion(station: Station, language: Language): Suggestion {
  const pick = (names: { en: string; th: string } | undefined) =>
    names ? (language === 'th' ? names.th : names.en) : '';
  return {
    kind: 'station',
    label: language === 'th' ? station.name_th : station.name_en,
    secondary:
      station.lines
        .map((id) => pick(LINES[id]))
        .filter(Boolean)
        .join(', ') || null,
    query: `station=${encodeURIComponent(station.id)}`,
    url: null,
  };
}

/** Places and stations for `q`, best first (no database). */
export function suggestPlaces(q: string, language: Language, limit: number): Suggestion[] {
  const compact = compactPhrase(q.slice(0, SUGGEST_MAX_LENGTH));
  if (!compact) return [];
  const grams = trigrams(compact);
  const scored: { entry: Entry; score: number }[] = [];
  for (const entry of index()) {
    const s = score(entry, compact, grams);
    if (s > 0) scored.push({ entry, score: s });
  }
  scored.sort(
    (a, b) =>
      b.score - a.score ||
      a.entry.rank - b.entry.rank ||
      (a.entry.place?.entry.name.en ?? a.entry.station?.name_en ?? '').length -
        (b.entry.place?.entry.name.en ?? b.entry.station?.name_en ?? '').length,
  );
  const seen = new Set<string>();
  const out: Suggestion[] = [];
  for (const { entry } of scored) {
    if (out.length >= limit) break;
    const suggestion = entry.place
      ? placeSuggestion(entry.place, language)
      : stationSuggestion(entry.station as Station, language);
    // One line per name and context ("Chom Thong" in two provinces stays two lines).
    const id = `${suggestion.kind}|${suggestion.label}|${suggestion.secondary}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(suggestion);
  }
  return out;
}

/** How many of the newest visible listings a title suggestion looks through before it asks the trigram index. */
const RECENT_WINDOW = 400;

/** Visible listings whose title holds `q` (premium, then newest), for the rest of the list. */
async function suggestListings(db: Db, q: string, limit: number): Promise<Suggestion[]> {
  const text = normaliseQuery(q.slice(0, SUGGEST_MAX_LENGTH));
  if ([...text].length < MIN_LISTING_QUERY || limit <= 0) return [];
  const pattern = containsPattern(text);
  const columns = { id: properties.id, title: properties.title, price: properties.price, type: properties.type };
  const order = [
    sql`${properties.premium} desc nulls last`,
    sql`${properties.createdAt} desc nulls last`,
    sql`${properties.id} desc nulls last`,
  ];
  const holdsText = sql`lower(${properties.title}) like ${pattern}`;
  // A common word ("Garden": one title in eight) first looks among the first RECENT_WINDOW visible listings in the
  // list's own order (its index, no sort): when `limit` of them hold it, they are the first `limit` of all (same
  // order), and the index's 12,000 candidates are never read (34 ms at 100,000 listings, docs/benchmarks.md).
  const recent = db
    .select({ ...columns, premium: properties.premium, createdAt: properties.createdAt })
    .from(properties)
    .where(isVisible)
    .orderBy(...order)
    .limit(RECENT_WINDOW)
    .as('recent');
  const early = await db
    .select({ id: recent.id, title: recent.title, price: recent.price, type: recent.type })
    .from(recent)
    .where(sql`lower(${recent.title}) like ${pattern}`)
    .orderBy(sql`${recent.premium} desc nulls last`, sql`${recent.createdAt} desc nulls last`, sql`${recent.id} desc`)
    .limit(limit);
  const rows =
    early.length >= limit
      ? early
      : await db
          .select(columns)
          .from(properties)
          // The title-and-location trigram index finds the candidates (short texts to recheck, where the whole text's
          // index rechecked every description naming it: 77 ms for "Garden"); the title must hold it itself.
          .where(and(isVisible, sql`${titleLocationText} like ${pattern}`, holdsText))
          .orderBy(...order)
          .limit(limit);
  return rows.map((row) => ({
    kind: 'listing' as const,
    label: row.title,
    secondary: `฿${row.price.toLocaleString('en-US')}`,
    query: null,
    url: `/detail/${row.id}`,
  }));
}

/** Projects are asked for from this many characters. */
const MIN_PROJECT_QUERY = 2;

/**
 * Approved projects one of whose names or aliases holds `q` in any script (ADR 028): those whose name starts with it
 * first, then the shorter names. Label in the request's language (Thai name for `th` when it has one); it runs the
 * `project` filter and opens the project's page.
 */
async function suggestProjects(db: Db, q: string, language: Language, limit: number): Promise<Suggestion[]> {
  const text = normaliseQuery(q.slice(0, SUGGEST_MAX_LENGTH));
  if ([...text].length < MIN_PROJECT_QUERY || limit <= 0) return [];
  const prefix = `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({
      slug: projects.slug,
      nameEn: projects.nameEn,
      nameTh: projects.nameTh,
      district: projects.district,
      province: projects.province,
    })
    .from(projects)
    .where(and(isPublicProject, sql`${projects.id} in ${projectIdsNamed(text)}`))
    .orderBy(
      sql`(lower(${projects.nameEn}) like ${prefix} or lower(coalesce(${projects.nameTh}, '')) like ${prefix}) desc`,
      sql`length(${projects.nameEn})`,
      projects.id,
    )
    .limit(limit);
  return rows.map((row) => ({
    kind: 'project' as const,
    label: language === 'th' && row.nameTh ? row.nameTh : row.nameEn,
    secondary: [row.district, row.province].filter(Boolean).join(', ') || null,
    query: `project=${encodeURIComponent(row.slug)}`,
    url: `/project/${row.slug}`,
  }));
}

/**
 * Up to `limit` suggestions: places and stations first, then projects, then listings. Projects and listings each
 * keep a third of the list (at least one when found) so they are never crowded out by places.
 */
export async function suggest(
  db: Db,
  query: { q: string; lang?: Language | undefined; limit?: number | undefined },
): Promise<Suggestion[]> {
  const limit = query.limit ?? SUGGEST_DEFAULT_LIMIT;
  const language = query.lang ?? 'en';
  const places = suggestPlaces(query.q, language, limit);
  const [projectsFound, listings] = await Promise.all([
    suggestProjects(db, query.q, language, limit),
    suggestListings(db, query.q, limit),
  ]);
  const share = (found: number) => (found === 0 ? 0 : Math.min(found, Math.max(1, Math.floor(limit / 3))));
  const listingShare = share(listings.length);
  const projectShare = Math.min(share(projectsFound.length), Math.max(0, limit - listingShare));
  const placeCount = Math.min(places.length, Math.max(0, limit - listingShare - projectShare));
  const projectCount = Math.min(projectsFound.length, limit - placeCount - listingShare);
  return [
    ...places.slice(0, placeCount),
    ...projectsFound.slice(0, Math.max(0, projectCount)),
    ...listings.slice(0, limit - placeCount - Math.max(0, projectCount)),
  ];
}
