// 100,000 synthetic listings for the buyer benchmarks (issue 15), placed as a real portal's would be: most in
// Bangkok (around its well-known neighbourhoods, rail stations and 50 districts), some in the provinces around it,
// the rest in the big provincial markets (Chiang Mai, Phuket, Pattaya, Hua Hin, Khon Kaen…), a few without a pin.
// Each row's nearest station and walking distance come from the app's own `nearestStation` (as create/update store
// them), condos have a foreign quota flag, most listings a title deed. Deterministic: the same seed, the same rows.
import districts from '../../apps/api/src/services/locations/places/districts.json' with { type: 'json' };
import neighbourhoods from '../../apps/api/src/services/locations/places/neighbourhoods.json' with { type: 'json' };
import provinces from '../../apps/api/src/services/locations/places/provinces.json' with { type: 'json' };
import stationsRaw from '../../apps/api/src/services/locations/places/stations.json' with { type: 'json' };
import { nearestStation, STATIONS } from '../../apps/api/src/services/transit/stations.ts';

type Place = { en: string; th: string; lat: number; lon: number; province?: string; district?: string };

/** A query function of either driver (pg's client or PGlite): runs one statement with parameters. */
export type Query = (text: string, params?: unknown[]) => Promise<unknown>;

/** mulberry32: a small, fast, seeded generator (uniform in [0, 1)). */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = ReturnType<typeof prng>;
export const pick = <T>(random: Random, xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
/** A normally distributed number (Box–Muller). */
export const gauss = (random: Random) => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

const thOf = new Map<string, string>([
  ...(provinces as Place[]).map((p) => [p.en, p.th] as const),
  ...(districts as Place[]).map((d) => [`${d.province}/${d.en}`, d.th] as const),
]);
const VICINITY = new Set(['Nonthaburi', 'Pathum Thani', 'Samut Prakan']);
const bangkokNeighbourhoods = (neighbourhoods as Place[]).filter((n) => n.province === 'Bangkok');
const bangkokDistricts = (districts as Place[]).filter((d) => d.province === 'Bangkok');
const vicinityPlaces = [
  ...(districts as Place[]).filter((d) => VICINITY.has(d.province ?? '')),
  ...(neighbourhoods as Place[]).filter((n) => VICINITY.has(n.province ?? '')),
];
const provincialPlaces = [
  ...(districts as Place[]).filter((d) => d.province !== 'Bangkok' && !VICINITY.has(d.province ?? '')),
  ...(neighbourhoods as Place[]).filter((n) => n.province !== 'Bangkok' && !VICINITY.has(n.province ?? '')),
];
const stations = stationsRaw as Place[];

/** Where the listings are: share of all listings, the places, and the spread around each place in degrees. */
const AREAS: { share: number; places: Place[]; sigma: number; kind: 'place' | 'station' }[] = [
  { share: 0.36, places: bangkokNeighbourhoods, sigma: 0.006, kind: 'place' }, // ~650 m around Thonglor, Ari…
  { share: 0.16, places: stations, sigma: 0.004, kind: 'station' }, // condos next to a BTS/MRT/ARL/SRT station
  { share: 0.22, places: bangkokDistricts, sigma: 0.014, kind: 'place' }, // spread over the 50 khet
  { share: 0.1, places: vicinityPlaces, sigma: 0.016, kind: 'place' }, // Nonthaburi, Pathum Thani, Samut Prakan
  { share: 0.15, places: provincialPlaces, sigma: 0.02, kind: 'place' }, // Chiang Mai, Phuket, Pattaya, Hua Hin…
];
// The remaining 1 %: listings without a pin (owners may leave the map out).

const SUB_TYPES = [
  'condo',
  'condo',
  'condo',
  'house',
  'townhouse',
  'villa',
  'apartment',
  'land',
  'shophouse',
  'office',
];
const ADJECTIVES = ['Modern', 'Cozy', 'Spacious', 'Luxury', 'Bright', 'Quiet', 'Renovated', 'Garden'];
const DEEDS = ['chanote', 'chanote', 'chanote', 'chanote', 'nor_sor_3_gor', 'nor_sor_3', 'sor_por_kor', 'other'];

export type GeneratedListing = {
  title: string;
  description: string;
  type: 'rent' | 'sale';
  userType: 'owner' | 'agent';
  propertyType: 'residential' | 'commercial';
  subType: string;
  location: string;
  lat: number | null;
  lon: number | null;
  price: number;
  area: number;
  bedRooms: number;
  bathRooms: number;
  floors: number;
  level: number;
  featured: boolean;
  premium: boolean;
  status: 'active' | 'hidden';
  minutesAgo: number;
  foreignQuota: boolean;
  titleDeed: string | null;
  stationId: string | null;
  stationDistanceM: number | null;
};

const round5 = (x: number) => Math.round(x * 1e5) / 1e5;

/** Listing number `g` (1-based) of a generated set; `random` is the set's generator. */
export function generateListing(random: Random, g: number): GeneratedListing {
  let r = random();
  let lat: number | null = null;
  let lon: number | null = null;
  let location = 'Bangkok';
  for (const area of AREAS) {
    if (r >= area.share) {
      r -= area.share;
      continue;
    }
    const place = pick(random, area.places);
    lat = round5(place.lat + gauss(random) * area.sigma);
    lon = round5(place.lon + gauss(random) * area.sigma);
    const province = place.province ?? 'Bangkok';
    const thai = random() < 0.12;
    if (area.kind === 'station') {
      location = thai
        ? `ใกล้สถานี${place.th} ${thOf.get(`${province}/${place.district}`) ?? ''} ${thOf.get(province) ?? ''}`
        : `Near ${place.en} station, ${place.district}, ${province}`;
    } else if (place.district) {
      location = thai
        ? `${place.th} ${thOf.get(`${province}/${place.district}`) ?? ''} ${thOf.get(province) ?? ''}`
        : `${place.en}, ${place.district}, ${province}`;
    } else {
      location = thai ? `${place.th} ${thOf.get(province) ?? ''}` : `${place.en}, ${province}`;
    }
    location = location.replace(/\s+/g, ' ').trim();
    break;
  }
  const subType = pick(random, SUB_TYPES);
  const type = random() < 0.4 ? 'sale' : 'rent';
  const inBangkok = lat !== null && lat > 13.49 && lat < 13.96 && lon !== null && lon > 100.32 && lon < 100.94;
  const area = subType === 'land' ? 200 + Math.floor(random() * 3000) : 25 + Math.floor(random() ** 2 * 375);
  // Baht per m² (sale) or per m² and month (rent), dearer in Bangkok.
  const perSqm = (inBangkok ? 1.6 : 1) * (0.5 + random());
  const price =
    type === 'sale'
      ? Math.max(500_000, Math.round((area * perSqm * 70_000) / 10_000) * 10_000)
      : Math.max(3_000, Math.round((area * perSqm * 450) / 500) * 500);
  const { stationId, stationDistanceM } = nearestStation(lat, lon);
  return {
    title: `${pick(random, ADJECTIVES)} ${subType} in ${location.split(',')[0]}`,
    description: `A well kept ${subType} at ${location}. Close to shops, schools and transport. Bright rooms, secure parking, fibre internet and a friendly building team. Listing number ${g}.`,
    type,
    userType: random() < 0.3 ? 'agent' : 'owner',
    propertyType: subType === 'shophouse' || subType === 'office' ? 'commercial' : 'residential',
    subType,
    location,
    lat,
    lon,
    price,
    area,
    bedRooms: subType === 'land' ? 0 : Math.floor(random() * 5),
    bathRooms: 1 + Math.floor(random() * 3),
    floors: subType === 'condo' || subType === 'apartment' ? 1 : 1 + Math.floor(random() * 3),
    level: subType === 'condo' ? Math.floor(random() * 40) : 0,
    featured: random() < 0.06,
    premium: random() < 0.03,
    status: random() < 0.02 ? 'hidden' : 'active',
    minutesAgo: g,
    foreignQuota: subType === 'condo' && random() < 0.45,
    titleDeed: random() < 0.75 ? pick(random, DEEDS) : null,
    stationId,
    stationDistanceM,
  };
}

const COLUMNS: [column: string, sqlType: string, value: (l: GeneratedListing) => unknown][] = [
  ['title', 'text', (l) => l.title],
  ['description', 'text', (l) => l.description],
  ['type', 'text', (l) => l.type],
  ['user_type', 'text', (l) => l.userType],
  ['property_type', 'text', (l) => l.propertyType],
  ['property_sub_type', 'text', (l) => l.subType],
  ['location', 'text', (l) => l.location],
  ['lat', 'float8', (l) => l.lat],
  ['lon', 'float8', (l) => l.lon],
  ['price', 'int4', (l) => l.price],
  ['area', 'int4', (l) => l.area],
  ['bed_rooms', 'int4', (l) => l.bedRooms],
  ['bath_rooms', 'int4', (l) => l.bathRooms],
  ['floors', 'int4', (l) => l.floors],
  ['level', 'int4', (l) => l.level],
  ['is_featured', 'bool', (l) => l.featured],
  ['premium', 'bool', (l) => l.premium],
  ['status', 'text', (l) => l.status],
  ['minutes_ago', 'int4', (l) => l.minutesAgo],
  ['foreign_quota', 'bool', (l) => l.foreignQuota],
  ['title_deed', 'text', (l) => l.titleDeed],
  ['station_id', 'text', (l) => l.stationId],
  ['station_distance_m', 'int4', (l) => l.stationDistanceM],
];

/** Inserts `rows` for `userId` in one statement (one array parameter per column). */
export async function insertListings(query: Query, userId: number, rows: GeneratedListing[]): Promise<void> {
  const names = COLUMNS.map(([c]) => c);
  const insertNames = names.filter((c) => c !== 'minutes_ago');
  await query(
    `insert into properties (user_id, kitchen, created_at, ${insertNames.join(', ')})
     select $1, 1, now() - make_interval(mins => u.minutes_ago), ${insertNames.map((c) => `u.${c}`).join(', ')}
     from unnest(${COLUMNS.map(([, t], i) => `$${i + 2}::${t}[]`).join(', ')}) as u(${names.join(', ')})`,
    [userId, ...COLUMNS.map(([, , value]) => rows.map(value))],
  );
}

/** Fills an empty, migrated database with `n` listings of one owner; returns the owner's id. */
export async function fillListings(query: Query, n: number, seed = 15): Promise<number> {
  const owner = (await query(
    `insert into users (name, email, password_hash, email_verified_at)
     values ('Bench Owner', 'bench-owner@baan.example', 'not-a-login', now()) returning id`,
  )) as { rows: { id: number }[] };
  const userId = owner.rows[0]?.id as number;
  const random = prng(seed);
  const CHUNK = 5_000;
  for (let start = 1; start <= n; start += CHUNK) {
    const rows: GeneratedListing[] = [];
    for (let g = start; g < Math.min(n + 1, start + CHUNK); g++) rows.push(generateListing(random, g));
    await insertListings(query, userId, rows);
  }
  return userId;
}

/** The stations of Bangkok and its vicinity (every station of the gazetteer). */
export const STATION_IDS = STATIONS.map((s) => s.id);
