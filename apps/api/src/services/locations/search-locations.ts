import { LOCATION_RESULTS_MAX, type LocationKind, type LocationSuggestion } from '@baan/contract';
import { buildGazetteer, type GazetteerEntry, type Names } from './gazetteer.ts';

/** The language a suggestion's display name is written in. */
export type DisplayLanguage = 'en' | 'th';

/**
 * Lower-cases, drops Latin diacritics (so "Sukhumvít" finds Sukhumvit), the Thai abbreviation
 * sign ฯ and punctuation. Thai vowel and tone marks are kept: they are letters of the word, not
 * decoration. Canonical (NFD) decomposition only: NFKD would split Thai SARA AM (ำ) in two.
 */
export function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[ฯ'’]/g, '')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();
}

/** Character trigrams of a word run, padded so that the start of the word weighs in. */
export function trigrams(compact: string): Set<string> {
  const padded = `  ${compact} `;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i += 1) grams.add(padded.slice(i, i + 3));
  return grams;
}

/** Dice coefficient of two trigram sets: 1 for the same word, near 0 for unrelated ones. */
export function similarity(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const gram of a) if (b.has(gram)) shared += 1;
  return (2 * shared) / (a.size + b.size);
}

type Key = {
  /** Normalised, words separated by one space. */
  text: string;
  /** The same without spaces: "thong lo" and "thonglo" meet here. */
  compact: string;
  /** Each suffix of the word list, compacted: the word starts a prefix may match ("mahathat"). */
  wordStarts: string[];
  /** Trigrams of every contiguous run of words, so a typo in one word of a long name still scores. */
  windows: { length: number; grams: Set<string> }[];
  /** Aliases rank a hair below the entry's own names. */
  isAlias: boolean;
};

type Indexed = {
  entry: GazetteerEntry;
  keys: Key[];
  /** Words of the lines, district and province (both languages): "sukhumvit" finds Sukhumvit Line stations. */
  contextWords: string[];
  kindRank: number;
};

const KIND_RANK: Record<LocationKind, number> = { province: 0, district: 1, station: 2, neighbourhood: 3 };

function makeKey(raw: string, isAlias: boolean): Key | null {
  const text = normalise(raw);
  if (!text) return null;
  const words = text.split(' ');
  const wordStarts = words.map((_, i) => words.slice(i).join(''));
  const windows: Key['windows'] = [];
  for (let i = 0; i < words.length; i += 1) {
    for (let j = i + 1; j <= words.length; j += 1) {
      const run = words.slice(i, j).join('');
      windows.push({ length: run.length, grams: trigrams(run) });
    }
  }
  return { text, compact: text.replaceAll(' ', ''), wordStarts, windows, isAlias };
}

function index(entry: GazetteerEntry): Indexed {
  const keys = [
    makeKey(entry.name.en, false),
    makeKey(entry.name.th, false),
    ...entry.aliases.map((alias) => makeKey(alias, true)),
  ].filter((key): key is Key => key !== null);
  const context = [...entry.lines, entry.district, entry.province].filter((n): n is Names => n !== null);
  const contextWords = context.flatMap((n) => [...normalise(n.en).split(' '), ...normalise(n.th).split(' ')]);
  return { entry, keys, contextWords: contextWords.filter(Boolean), kindRank: KIND_RANK[entry.kind] };
}

type Query = { text: string; compact: string; words: string[]; grams: Set<string>; isThai: boolean };

const SCORE = {
  exact: 100,
  prefix: 90,
  wordStart: 80,
  substring: 60,
  allWords: 50,
  context: 40,
  /** Fuzzy matches score between these two (below any literal match). */
  fuzzyFloor: 10,
  fuzzyCeiling: 39,
  aliasPenalty: 1,
} as const;

/** Below this Dice coefficient two strings are too different to suggest ("sukumvit" vs "sukhumvit" is 0.74). */
const MIN_SIMILARITY = 0.5;
/** Shorter queries are matched literally only. */
const MIN_FUZZY_LENGTH = 4;
/** Fuzzy matching compares the query only with runs of words of a comparable length. */
const MIN_LENGTH_RATIO = 0.6;

function scoreKey(key: Key, query: Query): number {
  if (key.compact === query.compact) return SCORE.exact;
  if (key.text.startsWith(query.text) || key.compact.startsWith(query.compact)) return SCORE.prefix;
  if (key.wordStarts.some((start) => start.startsWith(query.compact))) return SCORE.wordStart;
  if (key.compact.includes(query.compact)) return SCORE.substring;
  // Three letters share a trigram with half the gazetteer ("pai" ~ "pak", "pao"): only literal matches count.
  if (query.compact.length < MIN_FUZZY_LENGTH) return 0;
  let best = 0;
  for (const window of key.windows) {
    // A run much shorter or longer than the query only shares its edges ("chai" vs "chaing mai").
    const ratio = Math.min(window.length, query.compact.length) / Math.max(window.length, query.compact.length);
    if (ratio >= MIN_LENGTH_RATIO) best = Math.max(best, similarity(query.grams, window.grams));
  }
  if (best < MIN_SIMILARITY) return 0;
  return SCORE.fuzzyFloor + ((best - MIN_SIMILARITY) / (1 - MIN_SIMILARITY)) * (SCORE.fuzzyCeiling - SCORE.fuzzyFloor);
}

function scoreEntry(item: Indexed, query: Query): number {
  let best = 0;
  for (const key of item.keys) {
    const score = scoreKey(key, query);
    if (score > 0) best = Math.max(best, key.isAlias ? score - SCORE.aliasPenalty : score);
  }
  if (best >= SCORE.allWords) return best;
  // "thong lo bts", "asok bangkok": every typed word starts a word of the names or their context.
  const words = [...item.keys.flatMap((key) => key.text.split(' ')), ...item.contextWords];
  if (query.words.length > 1 && query.words.every((w) => words.some((word) => word.startsWith(w)))) {
    return SCORE.allWords;
  }
  // Thai is written without spaces between words, so a Thai query may sit inside a context word (สายสุขุมวิท).
  const inContext = (word: string) => word.startsWith(query.compact) || (query.isThai && word.includes(query.compact));
  if (query.words.length === 1 && item.contextWords.some(inContext)) {
    return Math.max(best, SCORE.context);
  }
  return best;
}

function pick(names: Names, language: DisplayLanguage): string {
  return language === 'th' ? names.th : names.en;
}

/** "Asok (BTS Sukhumvit Line), Watthana, Bangkok" — or in Thai "อโศก (BTS สายสุขุมวิท), วัฒนา, กรุงเทพมหานคร". */
export function displayName(entry: GazetteerEntry, language: DisplayLanguage): string {
  const name = pick(entry.name, language);
  const line = entry.lines.map((l) => pick(l, language)).join(', ');
  const parts = [line ? `${name} (${line})` : name];
  if (entry.district && entry.district.en !== entry.name.en) parts.push(pick(entry.district, language));
  if (entry.province) parts.push(pick(entry.province, language));
  return parts.join(', ');
}

function toSuggestion(entry: GazetteerEntry, language: DisplayLanguage): LocationSuggestion {
  const suggestion: LocationSuggestion = {
    display_name: displayName(entry, language),
    lat: entry.lat,
    lon: entry.lon,
    kind: entry.kind,
    name_en: entry.name.en,
    name_th: entry.name.th,
  };
  if (entry.lines.length > 0) suggestion.line = entry.lines.map((l) => pick(l, language)).join(', ');
  return suggestion;
}

let indexed: Indexed[] | null = null;

/** The gazetteer with its search keys, built once on first use (a few hundred places: well under 50 ms). */
function searchIndex(): Indexed[] {
  indexed ??= buildGazetteer().map(index);
  return indexed;
}

/**
 * Suggests up to ten places for what a person typed, in English or Thai: exact and prefix matches
 * first (on the whole name or the start of any of its words), then substring, then places whose
 * line/district/province matches, then near spellings by trigram similarity. Ties go to the larger
 * kind of place, then the shorter name.
 */
export function searchLocations(
  q: string,
  language: DisplayLanguage,
  limit = LOCATION_RESULTS_MAX,
): LocationSuggestion[] {
  const text = normalise(q);
  if (!text) return [];
  const compact = text.replaceAll(' ', '');
  const query: Query = {
    text,
    compact,
    words: text.split(' '),
    grams: trigrams(compact),
    isThai: /[\u0E00-\u0E7F]/.test(compact),
  };

  const scored: { item: Indexed; score: number }[] = [];
  for (const item of searchIndex()) {
    const score = scoreEntry(item, query);
    if (score > 0) scored.push({ item, score });
  }
  scored.sort(
    (a, b) =>
      b.score - a.score ||
      a.item.kindRank - b.item.kindRank ||
      a.item.entry.name.en.length - b.item.entry.name.en.length ||
      a.item.entry.name.en.localeCompare(b.item.entry.name.en),
  );
  return scored.slice(0, limit).map(({ item }) => toSuggestion(item.entry, language));
}
