import type { Language } from '@baan/contract';
import { buildGazetteer, type GazetteerEntry } from './gazetteer.ts';
import otherNamesData from './places/other-names.json' with { type: 'json' };

/**
 * The places a listing is stored under and a search names (ADR 027): provinces, districts and neighbourhoods of the
 * gazetteer, each with a stable id `<kind>:<slug of the English name>` (`province:phuket`, `district:watthana`,
 * `neighbourhood:thonglor`); a name two places of one kind share gets its province too
 * (`district:chom-thong-bangkok`, `district:chom-thong-chiang-mai`). Stations are not places here: they keep their
 * transit ids (`bts-asok`).
 */
export type PlaceKind = 'province' | 'district' | 'neighbourhood';

export type Place = {
  id: string;
  kind: PlaceKind;
  entry: GazetteerEntry;
  /** The name to show per language: th and en always; zh, TW, ja, ru, my for the well-known places. */
  names: Partial<Record<Language, string>>;
  /** Every name and alias, in every language it is known in (what a query may say). */
  phrases: string[];
  /** The wider place this one is part of besides its district (Thonglor is part of Sukhumvit), or null. */
  partOf: string | null;
  /** Ids of the places that are part of this one (the reverse of partOf). */
  parts: string[];
};

type OtherNames = Partial<Record<Language, string>> & { aliases?: string[]; part_of?: string };
const otherNames: Record<string, OtherNames> = otherNamesData;

const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

let built: { list: Place[]; byId: Map<string, Place>; byEntry: Map<string, Place> } | null = null;

const entryKey = (entry: GazetteerEntry) => `${entry.kind}|${entry.name.en}|${entry.province?.en ?? ''}`;

function build() {
  const entries = buildGazetteer().filter((e): e is GazetteerEntry & { kind: PlaceKind } => e.kind !== 'station');
  const seen = new Map<string, number>();
  for (const e of entries)
    seen.set(`${e.kind}:${slug(e.name.en)}`, (seen.get(`${e.kind}:${slug(e.name.en)}`) ?? 0) + 1);
  const list: Place[] = [];
  const byKey = new Map<string, Place>();
  for (const entry of entries) {
    const base = `${entry.kind}:${slug(entry.name.en)}`;
    const id = (seen.get(base) ?? 0) > 1 && entry.province ? `${base}-${slug(entry.province.en)}` : base;
    const other = otherNames[`${entry.kind}:${entry.name.en}`] ?? {};
    const { aliases = [], part_of: partOfKey, ...localNames } = other;
    const names: Partial<Record<Language, string>> = { en: entry.name.en, th: entry.name.th, ...localNames };
    const phrases = [...new Set([...Object.values(names), ...entry.aliases, ...aliases])];
    const place: Place = { id, kind: entry.kind, entry, names, phrases, partOf: partOfKey ?? null, parts: [] };
    list.push(place);
    if (!byKey.has(`${entry.kind}:${entry.name.en}`)) byKey.set(`${entry.kind}:${entry.name.en}`, place);
  }
  for (const key of Object.keys(otherNames)) {
    if (!byKey.has(key)) throw new Error(`other-names.json: "${key}" names no place of the gazetteer`);
  }
  const byId = new Map(list.map((p) => [p.id, p]));
  const byEntry = new Map(list.map((p) => [entryKey(p.entry), p]));
  for (const place of list) {
    if (place.partOf === null) continue;
    const whole = byKey.get(place.partOf);
    if (!whole) throw new Error(`other-names.json: ${place.id} is part of an unknown place "${place.partOf}"`);
    place.partOf = whole.id;
    whole.parts.push(place.id);
  }
  return { list, byId, byEntry };
}

/** Every place, built once from the gazetteer and other-names.json (a data error throws at start-up). */
export function allPlaces(): readonly Place[] {
  built ??= build();
  return built.list;
}

export function placeById(id: string): Place | undefined {
  built ??= build();
  return built.byId.get(id);
}

/** The place of a gazetteer entry (not a station), by its kind and English name within its province. */
export function placeOfEntry(entry: GazetteerEntry): Place | undefined {
  built ??= build();
  return built.byEntry.get(entryKey(entry));
}

/** The name a place is shown with in a language: its own name there, else Thai for th and English otherwise. */
export function placeLabel(place: Place, language: Language): string {
  return place.names[language] ?? (language === 'th' ? place.entry.name.th : place.entry.name.en);
}
