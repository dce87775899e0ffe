/**
 * A listing's place, in the interface's language. A listing's `location` is free text, usually the autocomplete's
 * display name in the owner's language ("Thonglor, Watthana, Bangkok", "ทองหล่อ, วัฒนา, กรุงเทพมหานคร",
 * "Asok (BTS Sukhumvit Line), Watthana, Bangkok"). Each comma-separated part that names a province, district,
 * neighbourhood (or, before its line in brackets, a station) of the gazetteer is shown in the visitor's language;
 * anything else stays as the owner wrote it.
 */
import type { Language } from '@baan/contract';
import placeNames from './place-names.json';

type Names = { en: string; th: string };

/**
 * Gazetteer places (by English name) whose name the listings namespace translates (`listings:places.<key>`, the home
 * page's and the search's popular places): in Chinese, Japanese, Burmese and Russian they read as there. Every other
 * place shows its English name in those languages.
 */
export const PLACE_KEYS: Readonly<Record<string, string>> = {
  Bangkok: 'bangkok',
  Sukhumvit: 'sukhumvit',
  Silom: 'silom',
  Sathorn: 'sathorn',
  Sathon: 'sathorn',
  Thonglor: 'thonglor',
  'Rama 9': 'rama9',
  Ratchada: 'ratchada',
  Ari: 'ari',
  'Khon Kaen': 'khonKaen',
  'Udon Thani': 'udonThani',
  'Nakhon Ratchasima': 'korat',
  'Ubon Ratchathani': 'ubon',
  'Nong Khai': 'nongKhai',
  'Chiang Mai': 'chiangMai',
  Phuket: 'phuket',
  Pattaya: 'pattaya',
  'Hua Hin': 'huaHin',
};

/** A `PLACE_KEYS` key's name in the interface language (e.g. `(key) => t(\`places.${key}\`)` in `listings`). */
export type PlaceTranslator = (key: string) => string;

/** Commas between the parts: ASCII, full-width, ideographic and Arabic. */
const SEPARATOR = /[,，、،]/;
/** "Asok (BTS Sukhumvit, MRT Blue)": the name ends in a non-space before the first bracket (so nothing backtracks). */
const WITH_LINES = /^([^(（]*[^\s(（])\s*[(（](.+)[)）]$/;

/** Case, spacing and Unicode form do not matter; nor does the Thai abbreviation mark (กรุงเทพฯ). */
function normalize(name: string): string {
  return name.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').replace(/ฯ$/, '').trim();
}

type Tables = { places: Map<string, Names>; stations: Map<string, Names>; lines: Map<string, Names> };
let tables: Tables | undefined;

function index(rows: string[][], withAliases: boolean): Map<string, Names> {
  const map = new Map<string, Names>();
  const add = (name: string, names: Names) => {
    const key = normalize(name);
    if (!map.has(key)) map.set(key, names);
  };
  const entries = rows.map(([en = '', th = '', ...aliases]) => ({ names: { en, th }, aliases }));
  // A place's own names before anyone's aliases (the Sathorn neighbourhood over the Sathon district's alias "Sathorn"),
  // then the earlier file first: provinces, districts, neighbourhoods.
  for (const { names } of entries) {
    add(names.en, names);
    add(names.th, names);
  }
  if (withAliases)
    for (const { names, aliases } of entries)
      for (const alias of aliases) if (isSpellingOf(alias, names)) add(alias, names);
  return map;
}

const THAI = /[\u0E00-\u0E7F]/;
const letters = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '');

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = current;
  }
  return previous[b.length] as number;
}

/**
 * Whether an alias may stand for the place on screen: Thai short forms (กทม, โคราช) and Latin spellings of the
 * English name (Thong Lo, Asoke, Samut Prakarn). The gazetteer's aliases also hold what is near or around a place,
 * for the search box ("Riverside" for Charoen Krung, "Pak Nam", "Sukhumvit 55", "Korat city"): shown as the place,
 * those would name another place than the owner wrote, so they stay as written.
 */
function isSpellingOf(alias: string, names: Names): boolean {
  if (THAI.test(alias)) return true;
  const a = letters(alias);
  const b = letters(names.en);
  return a.length > 0 && editDistance(a, b) <= Math.max(1, Math.floor(b.length / 5));
}

function lookupTables(): Tables {
  tables ??= {
    places: index(placeNames.places, true),
    stations: index(placeNames.stations, false),
    lines: index(placeNames.lines, false),
  };
  return tables;
}

/** Splits on commas outside brackets: "Siam (BTS Sukhumvit Line, BTS Silom Line), Pathum Wan" is two parts. */
function splitParts(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text) {
    if (char === '(' || char === '（') depth += 1;
    else if ((char === ')' || char === '）') && depth > 0) depth -= 1;
    if (depth === 0 && SEPARATOR.test(char)) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  return parts.map((part) => part.trim()).filter((part) => part !== '');
}

function nameIn(names: Names, language: Language, translate?: PlaceTranslator): string {
  if (language === 'th') return names.th;
  if (language === 'en') return names.en;
  const key = PLACE_KEYS[names.en];
  return (key && translate?.(key)) || names.en;
}

/**
 * `location` with each part the gazetteer knows in `language`: Thai names in Thai, English names in English and
 * (but for the few `PLACE_KEYS` that `translate` names) in the other languages. Text the gazetteer does not know
 * stays as written; a location with no known part comes back unchanged.
 */
export function localizePlace(location: string, language: Language, translate?: PlaceTranslator): string {
  const { places, stations, lines } = lookupTables();
  let known = false;
  const parts = splitParts(location).map((part) => {
    const place = places.get(normalize(part));
    if (place) {
      known = true;
      return nameIn(place, language, translate);
    }
    const [, name = '', lineList = ''] = WITH_LINES.exec(part) ?? [];
    const station = name ? (stations.get(normalize(name)) ?? places.get(normalize(name))) : undefined;
    if (!station) return part;
    known = true;
    const lineNames = splitParts(lineList).map((line) => {
      const found = lines.get(normalize(line));
      return found ? nameIn(found, language) : line;
    });
    return `${nameIn(station, language, translate)} (${lineNames.join(', ')})`;
  });
  return known ? parts.join(', ') : location;
}
