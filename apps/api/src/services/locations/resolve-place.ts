import type { LocationKind } from '@baan/contract';
import { buildGazetteer, type GazetteerEntry } from './gazetteer.ts';
import { placeOfEntry } from './place-ids.ts';
import { normalise } from './search-locations.ts';

/**
 * The district and province a listing's location text names (the gazetteer's English names), each null when unknown,
 * and `place`: the finest place it names (place-ids.ts: a neighbourhood's id, else the district's, else the
 * province's), which search by place matches (ADR 027).
 */
export type ListingPlace = { district: string | null; province: string | null; place: string | null };

/** The longest location text read (the column holds 300 characters). */
const MAX_LOCATION = 300;

let byName: Map<string, GazetteerEntry[]> | null = null;

/** Every place under each of its names (English, Thai, aliases), normalised as the location search does. */
function placesByName(): Map<string, GazetteerEntry[]> {
  if (byName) return byName;
  const index = new Map<string, GazetteerEntry[]>();
  for (const entry of buildGazetteer()) {
    for (const name of [entry.name.en, entry.name.th, ...entry.aliases]) {
      const key = normalise(name);
      if (!key) continue;
      const list = index.get(key) ?? [];
      if (!list.includes(entry)) list.push(entry);
      index.set(key, list);
    }
  }
  byName = index;
  return index;
}

/** The district and province one place lies in (a district is its own), or null for a province. */
function districtOf(entry: GazetteerEntry): { district: string; province: string } | null {
  if (!entry.province) return null;
  if (entry.kind === 'district') return { district: entry.name.en, province: entry.province.en };
  return entry.district ? { district: entry.district.en, province: entry.province.en } : null;
}

/** Districts are named outright first, then found through a neighbourhood, then through a station. */
const DISTRICT_SOURCES: LocationKind[][] = [['district'], ['neighbourhood'], ['station']];

/**
 * Where a listing's free-text location lies: "Asok (BTS Sukhumvit Line), Watthana, Bangkok" (the wizard's
 * suggestion), "Thonglor, Bangkok" or "ทองหล่อ, กรุงเทพมหานคร" all give Watthana, Bangkok. The text is read as
 * comma-separated parts (a part's bracketed line names dropped): the province is the last part that names one; the
 * district is the first part that names a district (of that province, when known), else a neighbourhood's or a
 * station's district. A part naming places in several districts decides nothing. A district found without a
 * province gives its own ("Jomtien, Pattaya" is in Chon Buri).
 */
/**
 * A part with each bracketed aside ("Asok (BTS)") replaced by a space, in one pass (a pattern would rescan the rest of
 * the text from every unclosed bracket); an unclosed bracket and what follows it stay as written.
 */
function withoutBrackets(part: string): string {
  let out = '';
  let open = -1;
  for (let i = 0; i < part.length; i++) {
    const ch = part[i];
    if (open < 0) {
      if (ch === '(') open = i;
      else out += ch;
    } else if (ch === ')') {
      out += ' ';
      open = -1;
    }
  }
  return open < 0 ? out : out + part.slice(open);
}

export function resolvePlace(location: string): ListingPlace {
  const { named, ...found } = districtAndProvince(location);
  return { ...found, place: finestPlace(named, found) };
}

/** The first part naming exactly one neighbourhood inside what was found, else the district's or province's id. */
function finestPlace(
  named: GazetteerEntry[][],
  found: { district: string | null; province: string | null },
): string | null {
  for (const entries of named) {
    const inside = entries.filter(
      (e) =>
        e.kind === 'neighbourhood' &&
        (found.province === null || e.province?.en === found.province) &&
        (found.district === null || e.district?.en === found.district),
    );
    if (inside.length === 1 && inside[0]) {
      const place = placeOfEntry(inside[0]);
      if (place) return place.id;
    }
  }
  const byKind = (kind: LocationKind, en: string | null, province: string | null) =>
    en === null
      ? undefined
      : placesByName()
          .get(normalise(en))
          ?.find((e) => e.kind === kind && (kind === 'province' || e.province?.en === province));
  const district = byKind('district', found.district, found.province);
  if (district) return placeOfEntry(district)?.id ?? null;
  const province = byKind('province', found.province, null);
  return province ? (placeOfEntry(province)?.id ?? null) : null;
}

function districtAndProvince(location: string): {
  district: string | null;
  province: string | null;
  named: GazetteerEntry[][];
} {
  const index = placesByName();
  const parts = location
    .slice(0, MAX_LOCATION)
    .split(/[,，、]/)
    .map((part) => normalise(withoutBrackets(part)))
    .filter(Boolean);
  const named = parts.map((part) => index.get(part) ?? []);

  let province: string | null = null;
  let provinceAt = -1;
  for (let i = named.length - 1; i >= 0 && province === null; i--) {
    const found = named[i]?.find((entry) => entry.kind === 'province');
    if (found) {
      province = found.name.en;
      provinceAt = i;
    }
  }

  for (const kinds of DISTRICT_SOURCES) {
    for (let i = 0; i < named.length; i++) {
      if (i === provinceAt) continue;
      const candidates = new Map<string, { district: string; province: string }>();
      for (const entry of named[i] ?? []) {
        if (!kinds.includes(entry.kind)) continue;
        const place = districtOf(entry);
        if (place && (province === null || place.province === province)) {
          candidates.set(`${place.province}|${place.district}`, place);
        }
      }
      if (candidates.size === 1) {
        const [place] = candidates.values();
        if (place) return { district: place.district, province: province ?? place.province, named };
      }
    }
  }
  return { district: null, province, named };
}
