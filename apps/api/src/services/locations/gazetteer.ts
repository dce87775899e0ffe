import type { LocationKind } from '@baan/contract';
import districtsData from './places/districts.json' with { type: 'json' };
import linesData from './places/lines.json' with { type: 'json' };
import neighbourhoodsData from './places/neighbourhoods.json' with { type: 'json' };
import provincesData from './places/provinces.json' with { type: 'json' };
import stationsData from './places/stations.json' with { type: 'json' };

/** A name in both languages the gazetteer carries. */
export type Names = { en: string; th: string };

/** One place, with its parents resolved to names (the JSON files refer to them by English name). */
export type GazetteerEntry = {
  kind: LocationKind;
  name: Names;
  /** Other spellings people type (Thonglor, Asoke, Korat, Koh Samui…). Searched, never shown. */
  aliases: string[];
  /** A station's line(s), in the order the file lists them. Empty for other kinds. */
  lines: Names[];
  /** The district (khet or amphoe) a station or neighbourhood lies in. */
  district: Names | null;
  /** The province; null only for provinces themselves. */
  province: Names | null;
  lat: number;
  lon: number;
};

type RawPlace = { en: string; th: string; lat: number; lon: number; aliases?: string[] };
type RawDistrict = RawPlace & { province: string };
type RawLocal = RawDistrict & { district: string };
type RawStation = RawLocal & { lines: string[] };

const provinces: RawPlace[] = provincesData;
const districts: RawDistrict[] = districtsData;
const stations: RawStation[] = stationsData;
const neighbourhoods: RawLocal[] = neighbourhoodsData;
const lines: Record<string, Names> = linesData;

function names(place: RawPlace): Names {
  return { en: place.en, th: place.th };
}

/**
 * Builds the gazetteer from the JSON files shipped with the API. A reference to a district,
 * province or line that does not exist is a data bug, so it throws at start-up rather than
 * showing a half-empty place name to a user.
 */
export function buildGazetteer(): GazetteerEntry[] {
  const provinceByName = new Map(provinces.map((p) => [p.en, names(p)]));
  const districtByKey = new Map(districts.map((d) => [`${d.province}|${d.en}`, names(d)]));

  const province = (name: string, where: string): Names => {
    const found = provinceByName.get(name);
    if (!found) throw new Error(`Gazetteer: ${where} names an unknown province "${name}"`);
    return found;
  };
  const district = (place: RawLocal, where: string): Names => {
    const found = districtByKey.get(`${place.province}|${place.district}`);
    if (!found) throw new Error(`Gazetteer: ${where} names an unknown district "${place.district}"`);
    return found;
  };
  const line = (id: string, where: string): Names => {
    const found = lines[id];
    if (!found) throw new Error(`Gazetteer: ${where} names an unknown line "${id}"`);
    return found;
  };

  const entries: GazetteerEntry[] = [];
  for (const p of provinces) {
    entries.push({
      kind: 'province',
      name: names(p),
      aliases: p.aliases ?? [],
      lines: [],
      district: null,
      province: null,
      lat: p.lat,
      lon: p.lon,
    });
  }
  for (const d of districts) {
    const where = `district ${d.en}`;
    entries.push({
      kind: 'district',
      name: names(d),
      aliases: d.aliases ?? [],
      lines: [],
      district: null,
      province: province(d.province, where),
      lat: d.lat,
      lon: d.lon,
    });
  }
  for (const s of stations) {
    const where = `station ${s.en}`;
    entries.push({
      kind: 'station',
      name: names(s),
      aliases: s.aliases ?? [],
      lines: s.lines.map((id) => line(id, where)),
      district: district(s, where),
      province: province(s.province, where),
      lat: s.lat,
      lon: s.lon,
    });
  }
  for (const n of neighbourhoods) {
    const where = `neighbourhood ${n.en}`;
    entries.push({
      kind: 'neighbourhood',
      name: names(n),
      aliases: n.aliases ?? [],
      lines: [],
      district: district(n, where),
      province: province(n.province, where),
      lat: n.lat,
      lon: n.lon,
    });
  }
  return entries;
}

/** The station lines the gazetteer knows, by id (bts-sukhumvit, mrt-blue, arl…). */
export const LINES: Readonly<Record<string, Names>> = lines;
