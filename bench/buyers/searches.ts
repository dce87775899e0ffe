// 1,000 saved searches with the filters buyers save (issue 15): type, sub type, price range, bedrooms, place text,
// a map area, a station with a walking distance, any station within a distance, foreign quota, title deed, area.
// Each query is normalized as POST /api/user/saved-searches stores it. Deterministic.
import { normalizeSavedQuery } from '@baan/contract';
import neighbourhoods from '../../apps/api/src/services/locations/places/neighbourhoods.json' with { type: 'json' };
import { STATIONS } from '../../apps/api/src/services/transit/stations.ts';
import { gauss, pick, prng, type Query, type Random } from './listings.ts';

type Place = { en: string; lat: number; lon: number; district?: string; province?: string };
const places = neighbourhoods as Place[];
const bangkokPlaces = places.filter((p) => p.province === 'Bangkok');
const PLACE_TEXTS = [
  'Bangkok',
  'Sukhumvit',
  'Thonglor',
  'Ari',
  'Silom',
  'Sathon',
  'Rama 9',
  'Watthana',
  'Khlong Toei',
  'Chatuchak',
  'Phaya Thai',
  'Bang Na',
  'Nonthaburi',
  'Chiang Mai',
  'Phuket',
  'Pattaya',
  'Hua Hin',
  'สุขุมวิท',
  'กรุงเทพมหานคร',
];
const SUB_TYPES = ['condo', 'house', 'townhouse', 'villa', 'apartment', 'land', 'shophouse', 'office'];
const DEEDS = ['chanote', 'nor_sor_3_gor'];

/** One saved search's query string: two to four filters of different kinds. */
export function savedQuery(random: Random): string {
  const params = new URLSearchParams();
  const type = random() < 0.6 ? 'rent' : 'sale';
  if (random() < 0.85) params.set('type', type);
  if (random() < 0.5) params.set('sub_type', random() < 0.5 ? 'condo' : pick(random, SUB_TYPES));
  if (random() < 0.6) {
    const low =
      type === 'rent' ? 5_000 + Math.floor(random() * 30) * 1_000 : 1_000_000 + Math.floor(random() * 60) * 100_000;
    if (random() < 0.7) params.set('min_price', String(low));
    params.set('max_price', String(low * (2 + Math.floor(random() * 3))));
  }
  if (random() < 0.25) params.set('bedrooms', String(1 + Math.floor(random() * 3)));
  // Where: a place name, a map area, a station, any station nearby, or nowhere in particular.
  const where = random();
  if (where < 0.3) params.set('location', pick(random, PLACE_TEXTS));
  else if (where < 0.5) {
    const p = pick(random, bangkokPlaces);
    const half = 0.005 + random() * 0.03;
    const lat = p.lat + gauss(random) * 0.005;
    const lon = p.lon + gauss(random) * 0.005;
    params.set('bbox', [lon - half, lat - half, lon + half, lat + half].map((x) => x.toFixed(5)).join(','));
  } else if (where < 0.7) {
    params.set('station', pick(random, STATIONS).id);
    params.set('within_m', String(pick(random, [500, 1000, 1000, 2000])));
  } else if (where < 0.8) params.set('within_m', String(pick(random, [500, 1000])));
  if (random() < 0.1) params.set('foreign_quota', '1');
  if (random() < 0.1) params.set('title_deed', pick(random, DEEDS));
  if (random() < 0.1) params.set('min_area', String(30 + Math.floor(random() * 50)));
  if (random() < 0.1) params.set('q', pick(random, ['pool', 'garden', 'river view', 'pet']));
  const normalized = normalizeSavedQuery(params.toString());
  if (!normalized.ok) throw new Error(`generated an invalid saved search (${params}): ${normalized.message}`);
  return normalized.query;
}

/**
 * `count` saved searches, 10 to a user (MAX_SAVED_SEARCHES is 20), created a day ago; frequencies mixed like real
 * users' (half instant). Returns the queries.
 */
export async function fillSavedSearches(query: Query, count: number, seed = 1515): Promise<string[]> {
  const random = prng(seed);
  const users = Math.ceil(count / 10);
  const made = (await query(
    `insert into users (name, email, password_hash, email_verified_at)
     select 'Buyer ' || g, 'buyer-' || g || '@bench.example', 'not-a-login', now() from generate_series(1, $1::int) g
     returning id`,
    [users],
  )) as { rows: { id: number }[] };
  const ids = made.rows.map((r) => r.id);
  const queries = Array.from({ length: count }, () => savedQuery(random));
  const frequencies = queries.map(() => pick(random, ['instant', 'instant', 'daily', 'weekly']));
  await query(
    `insert into saved_searches (user_id, name, query, frequency, created_at)
     select u.user_id, 'Search ' || u.n, u.query, u.frequency, now() - interval '1 day'
     from unnest($1::int[], $2::int[], $3::text[], $4::text[]) as u(user_id, n, query, frequency)`,
    [queries.map((_, i) => ids[Math.floor(i / 10)]), queries.map((_, i) => i + 1), queries, frequencies],
  );
  return queries;
}
