import {
  MAX_STATION_DISTANCE_M,
  type NearestStation,
  type RailSystem,
  type Station,
  WALKING_FACTOR,
} from '@baan/contract';
import linesData from '../locations/places/lines.json' with { type: 'json' };
import stationsData from '../locations/places/stations.json' with { type: 'json' };

/**
 * The built-in, offline gazetteer of Bangkok's rail stations (BTS, MRT, Airport Rail Link, SRT Red lines), from the
 * same files as the place search (services/locations/places). A station's id is its first line's system and its
 * English name (`bts-asok`); an interchange on one system is one station with several lines.
 */
type RawStation = { en: string; th: string; lat: number; lon: number; lines: string[]; aliases?: string[] };

/** Mean Earth radius, metres (the haversine of straightLineM and of the search SQL, properties/geo-search.ts). */
export const EARTH_RADIUS_M = 6_371_008.8;

/** Great-circle distance in metres (haversine). */
export function straightLineM(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const rad = Math.PI / 180;
  const dLat = (bLat - aLat) * rad;
  const dLon = (bLon - aLon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The walking estimate the listings store and the filters use: the straight line times WALKING_FACTOR, in metres. */
export function walkingDistanceM(aLat: number, aLon: number, bLat: number, bLon: number): number {
  return Math.round(straightLineM(aLat, aLon, bLat, bLon) * WALKING_FACTOR);
}

function systemOf(lineId: string): RailSystem {
  if (lineId.startsWith('bts-')) return 'BTS';
  if (lineId.startsWith('mrt-')) return 'MRT';
  if (lineId === 'arl') return 'ARL';
  if (lineId.startsWith('srt-')) return 'SRT';
  throw new Error(`Stations: line "${lineId}" belongs to no known rail system`);
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function buildStations(): Station[] {
  const lines: Record<string, unknown> = linesData;
  const seen = new Set<string>();
  return (stationsData as RawStation[]).map((raw) => {
    const [first] = raw.lines;
    if (!first || raw.lines.some((line) => !(line in lines))) {
      throw new Error(`Stations: ${raw.en} names an unknown line (${raw.lines.join(', ')})`);
    }
    const system = systemOf(first);
    const id = `${system.toLowerCase()}-${slug(raw.en)}`;
    if (seen.has(id)) throw new Error(`Stations: two stations have the id ${id}`);
    seen.add(id);
    return { id, name_en: raw.en, name_th: raw.th, line: first, lines: raw.lines, system, lat: raw.lat, lon: raw.lon };
  });
}

export const STATIONS: readonly Station[] = buildStations();
const byId = new Map(STATIONS.map((s) => [s.id, s]));
/** Other spellings of each station (stations.json `aliases`): searched by GET /api/stations, never shown. */
export const STATION_ALIASES: ReadonlyMap<string, readonly string[]> = new Map(
  STATIONS.map((s, i) => [s.id, (stationsData as RawStation[])[i]?.aliases ?? []]),
);

export function stationById(id: string): Station | undefined {
  return byId.get(id);
}

/** The wire's `nearest_station` of a stored station id and distance. */
export function nearestStationWire(id: string | null, distanceM: number | null): NearestStation | null {
  const station = id ? byId.get(id) : undefined;
  if (!station || distanceM === null) return null;
  return {
    id: station.id,
    name: station.name_en,
    name_th: station.name_th,
    line: station.line,
    system: station.system,
    distance_m: distanceM,
  };
}

/** The nearest station to a point within MAX_STATION_DISTANCE_M walking, or nulls (what a listing row stores). */
export function nearestStation(
  lat: number | null | undefined,
  lon: number | null | undefined,
): { stationId: string | null; stationDistanceM: number | null } {
  if (lat === null || lat === undefined || lon === null || lon === undefined) {
    return { stationId: null, stationDistanceM: null };
  }
  let best: { stationId: string; stationDistanceM: number } | null = null;
  for (const station of STATIONS) {
    const d = walkingDistanceM(lat, lon, station.lat, station.lon);
    if (d <= MAX_STATION_DISTANCE_M && (!best || d < best.stationDistanceM)) {
      best = { stationId: station.id, stationDistanceM: d };
    }
  }
  return best ?? { stationId: null, stationDistanceM: null };
}
