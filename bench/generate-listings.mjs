// SQL that fills an empty Baan database with `n` synthetic, varied listings for load tests.
// Deterministic: row g always gets the same values.

const LOCATIONS = [
  ['Sukhumvit 24, Khlong Toei, Bangkok', 13.722, 100.566],
  ['Thonglor, Watthana, Bangkok', 13.733, 100.583],
  ['Rama 9, Huai Khwang, Bangkok', 13.757, 100.565],
  ['Ratchada, Din Daeng, Bangkok', 13.772, 100.573],
  ['Silom, Bang Rak, Bangkok', 13.728, 100.534],
  ['Ari, Phaya Thai, Bangkok', 13.779, 100.544],
  ['สุขุมวิท 39 วัฒนา กรุงเทพมหานคร', 13.735, 100.571],
  ['Nimman, Mueang Chiang Mai, Chiang Mai', 18.8, 98.968],
  ['Patong, Kathu, Phuket', 7.896, 98.296],
  ['Jomtien, Bang Lamung, Chonburi', 12.885, 100.875],
  ['Hua Hin, Prachuap Khiri Khan', 12.568, 99.958],
  ['Mueang Khon Kaen, Khon Kaen', 16.432, 102.836],
  ['Mueang Udon Thani, Udon Thani', 17.415, 102.787],
  ['Mueang Nakhon Ratchasima, Nakhon Ratchasima', 14.975, 102.1],
];
const SUB_TYPES = ['condo', 'house', 'townhouse', 'villa', 'apartment', 'land', 'shophouse', 'office'];
const ADJECTIVES = ['Modern', 'Cozy', 'Spacious', 'Luxury', 'Bright', 'Quiet', 'Renovated', 'Garden'];

const sqlArray = (values) => `array[${values.map((v) => `'${String(v).replaceAll("'", "''")}'`).join(',')}]`;

export function generateListingsSql(n) {
  const locations = sqlArray(LOCATIONS.map((l) => l[0]));
  const lats = `array[${LOCATIONS.map((l) => l[1]).join(',')}]::float8[]`;
  const lons = `array[${LOCATIONS.map((l) => l[2]).join(',')}]::float8[]`;
  return [
    `insert into users (name, email, password_hash, email_verified_at)
     values ('Bench Owner', 'bench-owner@baan.example', 'not-a-login', now())`,
    `insert into properties (user_id, title, description, type, user_type, property_type, property_sub_type,
       location, lat, lon, price, area, bed_rooms, bath_rooms, kitchen, floors, level, is_featured, status, created_at)
     select (select id from users where email = 'bench-owner@baan.example'),
       (${sqlArray(ADJECTIVES)})[1 + g % 8] || ' ' || sub || ' in ' || split_part(loc, ',', 1),
       'A well kept ' || sub || ' at ' || loc || '. Close to shops, schools and the BTS. Bright rooms, secure parking, '
         || 'fibre internet and a friendly building team. Listing number ' || g || '.',
       case when g % 3 = 0 then 'sale' else 'rent' end,
       case when g % 4 = 0 then 'agent' else 'owner' end,
       case when sub in ('shophouse', 'office') then 'commercial' else 'residential' end,
       sub, loc,
       (${lats})[1 + (g * 7) % ${LOCATIONS.length}] + ((g % 100) - 50) / 5000.0,
       (${lons})[1 + (g * 7) % ${LOCATIONS.length}] + ((g % 77) - 38) / 5000.0,
       case when g % 3 = 0 then 1500000 + (g * 7919 % 400) * 50000 else 8000 + (g * 37 % 120) * 1000 end,
       25 + (g * 13) % 400,
       (g % 5), 1 + (g % 3), 1, 1 + (g % 3), (g % 40),
       (g % 17 = 0),
       case when g % 50 = 0 then 'hidden' else 'active' end,
       now() - (g || ' minutes')::interval
     from (
       select g,
         (${sqlArray(SUB_TYPES)})[1 + g % ${SUB_TYPES.length}] as sub,
         (${locations})[1 + (g * 7) % ${LOCATIONS.length}] as loc
       from generate_series(1, ${Number(n)}) g
     ) s`,
  ];
}
