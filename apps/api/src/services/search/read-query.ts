import {
  type Language,
  type ListingType,
  PROPERTY_SUB_TYPES,
  type PropertySubType,
  type Station,
  type Understood,
} from '@baan/contract';
import { allPlaces, type Place, placeById, placeLabel } from '../locations/place-ids.ts';
import { STATION_ALIASES, STATIONS } from '../transit/stations.ts';
import { compactPhrase, isSpacedWordChar, isUnspacedScript, normaliseQuery, SEPARATORS } from './normalise-query.ts';
import {
  BEDROOM_LABELS,
  BEDROOM_UNITS,
  BEDROOM_WORDS_BEFORE,
  CURRENCIES,
  DROPPED_UNITS,
  MAX_AFTER,
  MAX_BEFORE,
  MIN_AFTER,
  MIN_BEFORE,
  MULTIPLIERS,
  NUMBER_WORDS,
  PRICE_LABELS,
  RANGE_JOINS,
  STATION_MARKERS,
  STOP_WORDS,
  SUB_TYPE_LABELS,
  SUB_TYPE_WORDS,
  TYPE_LABELS,
  TYPE_WORDS,
} from './search-words.ts';

/**
 * Query understanding (ADR 027): what a search's `q` asks for, read once by the same pure function for the list, the
 * map, saved searches and the alert matcher.
 *
 * 1. normalise (normalise-query.ts; the text is bounded first);
 * 2. amounts with their units and bounds: bedroom counts ("2 bed", "2 ห้องนอน", "2LDK", "2 спальни", "2室") and prices
 *    ("ไม่เกิน 3 ล้าน", "under 3M", "3-5M", "300万以下", "до 3 млн"): a scan over the digits, never a pattern over the
 *    dictionary;
 * 3. phrases by longest match against one dictionary built once (a character trie): places (the gazetteer's names and
 *    aliases in every language it knows), stations, sub types, rent/sale words, station markers ("BTS", "สถานี") and
 *    words that carry nothing ("in", "ใกล้"). A phrase in a spaced script must start and end at a word's edge; a short
 *    phrase in Thai or Burmese (no spaces) must start and end where Intl.Segmenter puts a word boundary, so "พล"
 *    (Phon) is not read inside "พลาซ่า";
 * 4. what is left is split into words (Thai and Burmese by Intl.Segmenter's word-like segments) and matched against
 *    the listing's text.
 */

/** At most this many of each reading (places, stations, sub types) and words of text: the rest stays unread. */
const MAX_READINGS = 5;
const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 60;
/** A price above this is no listing's (the contract's MAX_INT): such an amount is not read as a price. */
const MAX_PRICE = 2_000_000_000;
/** Thai and Burmese phrases shorter than this (code points) must sit on segmenter word boundaries. */
const SHORT_UNSPACED = 5;

export type QueryReading = {
  /** The normalised text that was read. */
  text: string;
  /** Places named (any of them: "Silom Sathorn" finds both). */
  places: Place[];
  /** Stations named ("BTS Asok", "Saphan Khwai"): listings within the default walk of any. */
  stations: Station[];
  subTypes: PropertySubType[];
  type: ListingType | null;
  bedrooms: number | null;
  minPrice: number | null;
  maxPrice: number | null;
  /** What is left, matched against title, location and description (every word). */
  words: string[];
  /** Where each reading started in `text`: the chips' order. */
  order: Map<string, number>;
};

type Value =
  | { kind: 'place'; place: Place }
  | { kind: 'station'; station: Station }
  | { kind: 'sub_type'; subType: PropertySubType }
  | { kind: 'type'; type: ListingType }
  | { kind: 'marker' }
  | { kind: 'stop' };

type TrieNode = { next: Map<string, TrieNode>; values: Value[] | null };

let trie: TrieNode | null = null;
let segmenter: Intl.Segmenter | null = null;

function addPhrase(root: TrieNode, phrase: string, value: Value) {
  const key = compactPhrase(phrase);
  if (!key) return;
  let node = root;
  for (const ch of key) {
    let next = node.next.get(ch);
    if (!next) {
      next = { next: new Map(), values: null };
      node.next.set(ch, next);
    }
    node = next;
  }
  node.values ??= [];
  const same = (v: Value) => JSON.stringify(v) === JSON.stringify(value);
  if (value.kind === 'place' || value.kind === 'station') {
    const id = value.kind === 'place' ? value.place.id : value.station.id;
    if (!node.values.some((v) => (v.kind === 'place' ? v.place.id : v.kind === 'station' ? v.station.id : '') === id)) {
      node.values.push(value);
    }
  } else if (!node.values.some(same)) node.values.push(value);
}

/** The dictionary, built once (a few thousand phrases; a few milliseconds at start-up). */
export function searchDictionary(): TrieNode {
  if (trie) return trie;
  const root: TrieNode = { next: new Map(), values: null };
  for (const word of STOP_WORDS) addPhrase(root, word, { kind: 'stop' });
  for (const word of STATION_MARKERS) addPhrase(root, word, { kind: 'marker' });
  for (const subType of PROPERTY_SUB_TYPES) {
    for (const word of [...Object.values(SUB_TYPE_LABELS[subType]), ...SUB_TYPE_WORDS[subType]]) {
      addPhrase(root, word, { kind: 'sub_type', subType });
    }
  }
  for (const type of ['rent', 'sale'] as const) {
    for (const word of [...Object.values(TYPE_LABELS[type]), ...TYPE_WORDS[type]])
      addPhrase(root, word, { kind: 'type', type });
  }
  for (const place of allPlaces())
    for (const phrase of place.phrases) addPhrase(root, phrase, { kind: 'place', place });
  for (const station of STATIONS) {
    for (const name of [station.name_en, station.name_th, ...(STATION_ALIASES.get(station.id) ?? [])]) {
      addPhrase(root, name, { kind: 'station', station });
    }
  }
  trie = root;
  return root;
}

function wordSegmenter(): Intl.Segmenter {
  // Word boundaries come from ICU: rules for spaced scripts, dictionaries for Thai, Lao, Khmer, Burmese and CJK,
  // chosen by the script of the text whatever the locale given.
  segmenter ??= new Intl.Segmenter('th', { granularity: 'word' });
  return segmenter;
}

/** Longest first, so "ไม่เกิน" is tried before "เกิน" and "bedrooms" before "bed". */
const byLength = (words: readonly string[]) =>
  [...words].map((w) => normaliseQuery(w)).sort((a, b) => b.length - a.length);
const UNITS = {
  bed: byLength(BEDROOM_UNITS),
  bedBefore: byLength(BEDROOM_WORDS_BEFORE),
  dropped: byLength(DROPPED_UNITS),
  multipliers: byLength(Object.keys(MULTIPLIERS)),
  currencies: byLength(CURRENCIES),
  maxBefore: byLength(MAX_BEFORE),
  minBefore: byLength(MIN_BEFORE),
  maxAfter: byLength(MAX_AFTER),
  minAfter: byLength(MIN_AFTER),
  joins: byLength(RANGE_JOINS),
  numberWords: byLength(Object.keys(NUMBER_WORDS)),
};
const MULTIPLIER_OF = new Map(Object.entries(MULTIPLIERS).map(([k, v]) => [normaliseQuery(k), v]));
const STOP = new Set(STOP_WORDS.map((w) => normaliseQuery(w)));
const NUMBER_OF = new Map(Object.entries(NUMBER_WORDS).map(([k, v]) => [normaliseQuery(k), v]));

class Reader {
  readonly consumed: boolean[];
  boundaries: Set<number> | null = null;

  constructor(readonly s: string) {
    this.consumed = Array.from({ length: s.length }, () => false);
  }

  consume(start: number, end: number) {
    for (let i = start; i < end; i++) this.consumed[i] = true;
  }

  skipSpaces(at: number): number {
    let i = at;
    while (this.s[i] === ' ') i++;
    return i;
  }

  /** The word of `words` that starts at `at` (after a number) and, in a spaced script, ends at a word's edge. */
  wordAt(at: number, words: readonly string[]): string | null {
    for (const word of words) {
      if (!this.s.startsWith(word, at)) continue;
      if (this.consumed.slice(at, at + word.length).some(Boolean)) continue;
      const last = word[word.length - 1];
      if (isSpacedWordChar(last) && isSpacedWordChar(this.s[at + word.length])) continue;
      return word;
    }
    return null;
  }

  /** The word of `words` that ends at `end` (spaces before `end` skipped) and starts at a word's edge. */
  wordBefore(end: number, words: readonly string[]): { word: string; start: number } | null {
    let e = end;
    while (e > 0 && this.s[e - 1] === ' ') e--;
    for (const word of words) {
      const start = e - word.length;
      if (start < 0 || this.s.slice(start, e) !== word) continue;
      if (this.consumed.slice(start, e).some(Boolean)) continue;
      if (isSpacedWordChar(word[0]) && isSpacedWordChar(this.s[start - 1])) continue;
      if (isUnspacedScript(word[0]) && [...word].length < SHORT_UNSPACED && !this.onBoundary(start)) continue;
      return { word, start };
    }
    return null;
  }

  onBoundary(at: number): boolean {
    if (at <= 0 || at >= this.s.length) return true;
    if (!this.boundaries) {
      this.boundaries = new Set();
      for (const seg of wordSegmenter().segment(this.s)) {
        this.boundaries.add(seg.index);
        this.boundaries.add(seg.index + seg.segment.length);
      }
    }
    return this.boundaries.has(at);
  }
}

/** A number as typed: "20,000" (thousands), "3.5" or "3,5" (a decimal). */
function parseNumber(text: string): number | null {
  const plain = /^\d{1,3}(,\d{3})+$/.test(text) ? text.replaceAll(',', '') : text.replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(plain)) return null;
  const value = Number(plain);
  return Number.isFinite(value) ? value : null;
}

type Amount = { value: number; start: number; end: number; multiplier: number | null; currency: boolean };

/** A number at `at` (digits, or a number word before a bedroom unit), with its multiplier and currency. */
function amountAt(r: Reader, at: number): Amount | null {
  const match = /^\d+(?:[.,]\d+)*/.exec(r.s.slice(at, at + 24));
  if (!match || r.consumed[at]) return null;
  if (at > 0 && /[\p{L}\p{N}]/u.test(r.s[at - 1] ?? '') && isSpacedWordChar(r.s[at - 1])) return null;
  const value = parseNumber(match[0]);
  if (value === null) return null;
  let end = at + match[0].length;
  let multiplier: number | null = null;
  const m = r.wordAt(r.skipSpaces(end), UNITS.multipliers);
  if (m) {
    multiplier = MULTIPLIER_OF.get(m) ?? null;
    end = r.skipSpaces(end) + m.length;
  }
  let currency = false;
  const c = r.wordAt(r.skipSpaces(end), UNITS.currencies);
  if (c) {
    currency = true;
    end = r.skipSpaces(end) + c.length;
  }
  return { value, start: at, end, multiplier, currency };
}

function readAmounts(r: Reader, reading: QueryReading) {
  const s = r.s;
  // Number words before a bedroom unit ("two bedrooms", "สองห้องนอน", "две спальни").
  for (const word of UNITS.numberWords) {
    let from = 0;
    for (;;) {
      const at = s.indexOf(word, from);
      if (at < 0) break;
      from = at + word.length;
      if (isSpacedWordChar(word[0]) && isSpacedWordChar(s[at - 1])) continue;
      const unit = r.wordAt(r.skipSpaces(at + word.length), UNITS.bed);
      if (!unit || r.consumed[at]) continue;
      if (reading.bedrooms === null) {
        reading.bedrooms = NUMBER_OF.get(word) ?? null;
        reading.order.set('bedrooms', at);
      }
      r.consume(at, r.skipSpaces(at + word.length) + unit.length);
    }
  }
  for (let at = 0; at < s.length; at++) {
    if (!/\d/.test(s[at] ?? '') || r.consumed[at] || (at > 0 && /\d/.test(s[at - 1] ?? ''))) continue;
    const first = amountAt(r, at);
    if (!first) continue;
    const next = readAmount(r, reading, first);
    at = r.consumed[first.start] ? next : at + (/^\d+(?:[.,]\d+)*/.exec(s.slice(at, at + 24))?.[0].length ?? 1) - 1;
  }
}

/** Reads one amount (and a range after it); answers the index to continue scanning from. */
function readAmount(r: Reader, reading: QueryReading, first: Amount): number {
  let afterNumber = r.skipSpaces(
    first.start + (/^\d+(?:[.,]\d+)*/.exec(r.s.slice(first.start, first.start + 24))?.[0].length ?? 0),
  );
  // "2-bed", "1-bedroom": a hyphen between a count and its unit.
  if (r.s[afterNumber] === '-' && r.wordAt(r.skipSpaces(afterNumber + 1), UNITS.bed)) {
    afterNumber = r.skipSpaces(afterNumber + 1);
  }
  // Bedrooms: "2 bed", "2br", "2 ห้องนอน", "2LDK"; and phrases that name no filter ("2 bath"), dropped.
  if (first.multiplier === null && !first.currency) {
    const bed = r.wordAt(afterNumber, UNITS.bed);
    if (bed && Number.isInteger(first.value) && first.value <= 50) {
      if (reading.bedrooms === null) {
        reading.bedrooms = first.value;
        reading.order.set('bedrooms', first.start);
      }
      r.consume(first.start, afterNumber + bed.length);
      return afterNumber + bed.length - 1;
    }
    const dropped = r.wordAt(afterNumber, UNITS.dropped);
    if (dropped && first.value <= 50) {
      r.consume(first.start, afterNumber + dropped.length);
      return afterNumber + dropped.length - 1;
    }
    const bedBefore = r.wordBefore(first.start, UNITS.bedBefore);
    if (bedBefore && Number.isInteger(first.value) && first.value <= 50) {
      if (reading.bedrooms === null) {
        reading.bedrooms = first.value;
        reading.order.set('bedrooms', bedBefore.start);
      }
      r.consume(bedBefore.start, first.end);
      return first.end - 1;
    }
  }
  // A range: "3-5m", "3 to 5 ล้าน", "2~3万", "от 2 до 3 млн".
  let second: Amount | null = null;
  const join = r.wordAt(r.skipSpaces(first.end), UNITS.joins);
  if (join) {
    const at = r.skipSpaces(r.skipSpaces(first.end) + join.length);
    second = amountAt(r, at);
  }
  const last = second ?? first;
  let end = last.end;
  // Bounds before and after ("under 3m", "ไม่เกิน 3 ล้าน", "300万以下", "3m+").
  const currencyBefore = r.wordBefore(first.start, UNITS.currencies);
  const boundStart = currencyBefore ? currencyBefore.start : first.start;
  const maxBefore = r.wordBefore(boundStart, UNITS.maxBefore);
  const minBefore = r.wordBefore(boundStart, UNITS.minBefore);
  // The longer word wins where one ends the other ("ไม่เกิน" over "เกิน").
  const before =
    maxBefore && (!minBefore || maxBefore.word.length >= minBefore.word.length)
      ? { ...maxBefore, bound: 'max' as const }
      : minBefore
        ? { ...minBefore, bound: 'min' as const }
        : null;
  let after: 'max' | 'min' | null = null;
  const maxAfter = r.wordAt(r.skipSpaces(end), UNITS.maxAfter);
  const minAfter = maxAfter ? null : r.wordAt(r.skipSpaces(end), UNITS.minAfter);
  if (maxAfter || minAfter) {
    after = maxAfter ? 'max' : 'min';
    end = r.skipSpaces(end) + (maxAfter ?? minAfter ?? '').length;
  }
  const multiplier = first.multiplier ?? second?.multiplier ?? null;
  const money = multiplier !== null || first.currency || (second?.currency ?? false) || currencyBefore !== null;
  const bounded = before !== null || after !== null;
  const a = Math.round(first.value * (first.multiplier ?? multiplier ?? 1));
  const b = second ? Math.round(second.value * (second.multiplier ?? multiplier ?? 1)) : null;
  // A bare number is a price only with money words, or with a bound or as a range ("15000-20000") of amounts no soi
  // or floor number reaches.
  const large = b !== null ? Math.min(a, b) >= 1000 : a >= 1000;
  if (!money && !((bounded || b !== null) && large)) return first.start;
  if (a > MAX_PRICE || (b !== null && b > MAX_PRICE)) return first.start;
  const start = before ? before.start : boundStart;
  if (b !== null) {
    setPrice(reading, 'min_price', Math.min(a, b), start);
    setPrice(reading, 'max_price', Math.max(a, b), start);
  } else if ((before?.bound ?? after) === 'min') {
    setPrice(reading, 'min_price', a, start);
  } else {
    // "under 3m", "300万以下", and a bare budget ("3 ล้าน", "15k baht").
    setPrice(reading, 'max_price', a, start);
  }
  r.consume(start, end);
  return end - 1;
}

function setPrice(reading: QueryReading, kind: 'min_price' | 'max_price', amount: number, at: number) {
  if (kind === 'min_price' && reading.minPrice === null) reading.minPrice = amount;
  else if (kind === 'max_price' && reading.maxPrice === null) reading.maxPrice = amount;
  else return;
  reading.order.set(kind, at);
}

type Match = { start: number; end: number; values: Value[] };

/** The longest dictionary phrase starting at `at` that ends at a word's edge, or null. */
function longestAt(r: Reader, root: TrieNode, at: number): Match | null {
  const s = r.s;
  const firstChar = s[at];
  if (!firstChar || SEPARATORS.has(firstChar) || r.consumed[at]) return null;
  if (isSpacedWordChar(firstChar) && isSpacedWordChar(s[at - 1])) return null;
  let node: TrieNode | undefined = root;
  let best: Match | null = null;
  let letters = 0;
  for (let i = at; i < s.length && node; i++) {
    const ch = s[i] as string;
    if (r.consumed[i]) break;
    if (SEPARATORS.has(ch)) continue;
    node = node.next.get(ch);
    letters++;
    if (!node?.values) continue;
    const end = i + 1;
    if (isSpacedWordChar(ch) && isSpacedWordChar(s[end])) continue;
    if (isUnspacedScript(ch) || isUnspacedScript(firstChar)) {
      if (letters < SHORT_UNSPACED && !(r.onBoundary(at) && r.onBoundary(end))) continue;
    }
    best = { start: at, end, values: node.values };
  }
  return best;
}

function readPhrases(r: Reader, reading: QueryReading) {
  const root = searchDictionary();
  const matches: Match[] = [];
  for (let at = 0; at < r.s.length; ) {
    const match = longestAt(r, root, at);
    if (match) {
      matches.push(match);
      r.consume(match.start, match.end);
      at = match.end;
    } else at++;
  }
  const isMarker = (m: Match | undefined) => m?.values.some((v) => v.kind === 'marker') ?? false;
  const hasStation = (m: Match | undefined) => m?.values.some((v) => v.kind === 'station') ?? false;
  matches.forEach((match, i) => {
    const places = match.values.flatMap((v) => (v.kind === 'place' ? [v.place] : []));
    const stations = match.values.flatMap((v) => (v.kind === 'station' ? [v.station] : []));
    const markerNear = isMarker(matches[i - 1]) || isMarker(matches[i + 1]);
    // A marker names no station alone ("condo near BTS"): it stays a word of the text.
    if (isMarker(match) && !hasStation(matches[i - 1]) && !hasStation(matches[i + 1])) {
      for (let at = match.start; at < match.end; at++) r.consumed[at] = false;
      return;
    }
    if (stations.length > 0 && (places.length === 0 || markerNear)) {
      for (const station of stations)
        addOnce(reading.stations, station, (x) => x.id, `station:${station.id}`, match, reading);
      return;
    }
    if (places.length > 0) {
      for (const place of places) addOnce(reading.places, place, (x) => x.id, `place:${place.id}`, match, reading);
      return;
    }
    for (const value of match.values) {
      if (value.kind === 'sub_type')
        addOnce(reading.subTypes, value.subType, (x) => x, `sub_type:${value.subType}`, match, reading);
      else if (value.kind === 'type' && reading.type === null) {
        reading.type = value.type;
        reading.order.set('type', match.start);
      }
    }
  });
}

function addOnce<T>(list: T[], item: T, key: (x: T) => string, orderKey: string, match: Match, reading: QueryReading) {
  if (list.length >= MAX_READINGS || list.some((x) => key(x) === key(item))) return;
  list.push(item);
  reading.order.set(orderKey, match.start);
}

/** The places a place lies in: its district, its province, the wider area it is part of. */
function ancestorsOf(place: Place): Set<string> {
  const ids = new Set<string>();
  const e = place.entry;
  for (const other of allPlaces()) {
    if (other.kind === 'province' && e.province && other.entry.name.en === e.province.en) ids.add(other.id);
    if (
      other.kind === 'district' &&
      e.district &&
      other.entry.name.en === e.district.en &&
      other.entry.province?.en === e.province?.en
    ) {
      ids.add(other.id);
    }
  }
  if (place.partOf) ids.add(place.partOf);
  return ids;
}

/**
 * A place named together with a finer one inside it says nothing more ("Thonglor Bangkok" is Thonglor); a name two
 * places share keeps the one inside another place named ("Chom Thong, Chiang Mai").
 */
function settlePlaces(reading: QueryReading) {
  const ancestors = new Map(reading.places.map((p) => [p.id, ancestorsOf(p)]));
  const implied = new Set<string>();
  for (const set of ancestors.values()) for (const id of set) implied.add(id);
  let places = reading.places.filter((p) => !implied.has(p.id));
  // Same-name places: those with a named ancestor win over those without.
  const byName = new Map<string, Place[]>();
  for (const p of places)
    byName.set(`${p.kind}|${p.entry.name.en}`, [...(byName.get(`${p.kind}|${p.entry.name.en}`) ?? []), p]);
  const named = new Set(reading.places.map((p) => p.id));
  places = places.filter((p) => {
    const same = byName.get(`${p.kind}|${p.entry.name.en}`) ?? [];
    if (same.length < 2) return true;
    const inNamed = same.filter((q) => [...(ancestors.get(q.id) ?? [])].some((id) => named.has(id)));
    return inNamed.length === 0 || inNamed.includes(p);
  });
  reading.places = places;
}

function readWords(r: Reader): { words: string[]; at: number } {
  const words: string[] = [];
  let first = -1;
  let chunk = '';
  let chunkStart = 0;
  const flush = () => {
    const text = chunk.trim();
    chunk = '';
    if (!text) return;
    for (const part of text.split(' ')) {
      const pieces = [...part].some(isUnspacedScript)
        ? [...wordSegmenter().segment(part)].filter((seg) => seg.isWordLike).map((seg) => seg.segment)
        : [part];
      for (const piece of pieces) {
        const word = trimSigns(piece);
        if (!/[\p{L}\p{N}]/u.test(word) || STOP.has(word)) continue;
        if (word.length < 2 && isSpacedWordChar(word)) continue;
        if (words.length < MAX_WORDS && !words.includes(word)) words.push(word.slice(0, MAX_WORD_LENGTH));
        if (first < 0) first = chunkStart;
      }
    }
  };
  for (let i = 0; i <= r.s.length; i++) {
    if (i === r.s.length || r.consumed[i]) flush();
    else {
      if (chunk === '') chunkStart = i;
      chunk += r.s[i];
    }
  }
  return { words, at: first };
}

/** Reads a search's `q` (see the top of this file). Pure and fast: one pass over at most 200 characters. */
export function readQuery(q: string): QueryReading {
  const reading: QueryReading = {
    text: normaliseQuery(q),
    places: [],
    stations: [],
    subTypes: [],
    type: null,
    bedrooms: null,
    minPrice: null,
    maxPrice: null,
    words: [],
    order: new Map(),
  };
  if (!reading.text) return reading;
  const r = new Reader(reading.text);
  readAmounts(r, reading);
  readPhrases(r, reading);
  settlePlaces(reading);
  if (reading.minPrice !== null && reading.maxPrice !== null && reading.minPrice > reading.maxPrice) {
    [reading.minPrice, reading.maxPrice] = [reading.maxPrice, reading.minPrice];
  }
  const { words, at } = readWords(r);
  reading.words = words;
  if (words.length > 0) reading.order.set('text', at);
  return reading;
}

/** The filters a search gives outright: each wins over what its `q` implies (ADR 027). */
export type ExplicitFilters = {
  type?: string | undefined;
  sub_type?: string | undefined;
  bedrooms?: number | undefined;
  min_price?: number | undefined;
  max_price?: number | undefined;
  station?: string | undefined;
};

/** The reading less what an explicit filter of the same kind overrides. */
export function withoutOverridden(reading: QueryReading, explicit: ExplicitFilters): QueryReading {
  return {
    ...reading,
    type: explicit.type ? null : reading.type,
    subTypes: explicit.sub_type ? [] : reading.subTypes,
    bedrooms: explicit.bedrooms !== undefined ? null : reading.bedrooms,
    minPrice: explicit.min_price !== undefined ? null : reading.minPrice,
    maxPrice: explicit.max_price !== undefined ? null : reading.maxPrice,
    stations: explicit.station ? [] : reading.stations,
  };
}

const amount = (n: number) => n.toLocaleString('en-US');

/** The chips of a reading, in the order they were typed, labelled in `language`. */
export function understoodOf(reading: QueryReading, language: Language): Understood[] {
  const items: { at: number; item: Understood }[] = [];
  const push = (key: string, item: Understood) => items.push({ at: reading.order.get(key) ?? 0, item });
  if (reading.type) push('type', { kind: 'type', value: reading.type, label: TYPE_LABELS[reading.type][language] });
  for (const subType of reading.subTypes) {
    push(`sub_type:${subType}`, { kind: 'sub_type', value: subType, label: SUB_TYPE_LABELS[subType][language] });
  }
  for (const place of reading.places) {
    push(`place:${place.id}`, { kind: 'place', value: place.id, label: placeLabel(place, language) });
  }
  for (const station of reading.stations) {
    const label = language === 'th' ? station.name_th : station.name_en;
    push(`station:${station.id}`, { kind: 'station', value: station.id, label });
  }
  if (reading.bedrooms !== null) {
    push('bedrooms', {
      kind: 'bedrooms',
      value: String(reading.bedrooms),
      label: BEDROOM_LABELS[language](reading.bedrooms),
    });
  }
  if (reading.minPrice !== null) {
    push('min_price', {
      kind: 'min_price',
      value: String(reading.minPrice),
      label: PRICE_LABELS.min_price[language](amount(reading.minPrice)),
    });
  }
  if (reading.maxPrice !== null) {
    push('max_price', {
      kind: 'max_price',
      value: String(reading.maxPrice),
      label: PRICE_LABELS.max_price[language](amount(reading.maxPrice)),
    });
  }
  if (reading.words.length > 0) {
    const text = reading.words.join(' ');
    push('text', { kind: 'text', value: text, label: text });
  }
  return items.sort((a, b) => a.at - b.at).map(({ item }) => item);
}

/** Whether a reading asks for anything at all. */
export function isEmptyReading(reading: QueryReading): boolean {
  return (
    reading.places.length === 0 &&
    reading.stations.length === 0 &&
    reading.subTypes.length === 0 &&
    reading.type === null &&
    reading.bedrooms === null &&
    reading.minPrice === null &&
    reading.maxPrice === null &&
    reading.words.length === 0
  );
}

export { placeById };

const EDGE_SIGNS = new Set(['-', '.', ',', '~', '+', '<', '>', '≤', '≥']);

/** The word without the signs of a range or bound at its ends ("-2", "3m.", "~5"), by a scan (no regex over the tail). */
function trimSigns(word: string): string {
  let start = 0;
  let end = word.length;
  while (start < end && EDGE_SIGNS.has(word[start] as string)) start++;
  while (end > start && EDGE_SIGNS.has(word[end - 1] as string)) end--;
  return word.slice(start, end);
}
