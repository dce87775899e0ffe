import { type Property, type Station, WALKING_FACTOR } from '@baan/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { properties } from '../src/db/schema.ts';
import { backfillNearestStations } from '../src/services/transit/backfill-stations.ts';
import { nearestStation, STATIONS, stationById } from '../src/services/transit/stations.ts';
import { activateSubscription, createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';

const app = await build();
const owner = await createUser(app, { email: 'transit-owner@baan.example' });
await activateSubscription(app, owner.id);

const get = (url: string) => app.inject({ method: 'GET', url });

// The test's own geometry, independent of services/transit: on one latitude, a great circle Δλ apart is
// 2R·asin(cos φ · sin(Δλ/2)); along a meridian, Δφ apart is R·Δφ.
const R = 6_371_008.8;
const rad = Math.PI / 180;
const lonEastBy = (lat: number, lon: number, metres: number) =>
  lon + (2 * Math.asin(Math.sin(metres / (2 * R)) / Math.cos(lat * rad))) / rad;
const latNorthBy = (lat: number, metres: number) => lat + metres / R / rad;
const walking = (straight: number) => Math.round(straight * WALKING_FACTOR);

const asok = stationById('bts-asok') as Station;
// Asok BTS per the gazetteer (four decimals).
expect([asok.lat, asok.lon]).toEqual([13.737, 100.5604]);

// 600 m straight east of Asok: 780 m walking. 800 m east: 1,040 m. 700 m north: 910 m.
const east600 = await makeListing(app, owner.id, {
  title: '600 m east of Asok',
  lat: asok.lat,
  lon: lonEastBy(asok.lat, asok.lon, 600),
});
const east800 = await makeListing(app, owner.id, {
  title: '800 m east of Asok',
  lat: asok.lat,
  lon: lonEastBy(asok.lat, asok.lon, 800),
});
const north700 = await makeListing(app, owner.id, {
  title: '700 m north of Asok',
  lat: latNorthBy(asok.lat, 700),
  lon: asok.lon,
});
// 400 m south: nearer Asok than MRT Sukhumvit (just east of Asok), 520 m walking.
const south400 = await makeListing(app, owner.id, {
  title: '400 m south of Asok',
  lat: latNorthBy(asok.lat, -400),
  lon: asok.lon,
});
const noPlace = await makeListing(app, owner.id, { title: 'No coordinates', lat: null, lon: null });
const chiangMai = await makeListing(app, owner.id, { title: 'Chiang Mai', lat: 18.7985, lon: 98.9676 });

const found = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().payload.items as Property[]).map((p) => p.id).sort((a, b) => a - b);
};

describe('GET /api/stations', () => {
  it('answers every station without q, each with its system, line and coordinates', async () => {
    const res = await get('/api/stations');
    expect(res.statusCode).toBe(200);
    const stations = res.json().payload as Station[];
    expect(stations).toHaveLength(STATIONS.length);
    expect(stations.find((s) => s.id === 'bts-asok')).toEqual({
      id: 'bts-asok',
      name_en: 'Asok',
      name_th: 'อโศก',
      line: 'bts-sukhumvit',
      lines: ['bts-sukhumvit'],
      system: 'BTS',
      lat: 13.737,
      lon: 100.5604,
    });
    expect(new Set(stations.map((s) => s.system))).toEqual(new Set(['BTS', 'MRT', 'ARL', 'SRT']));
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('filters by English name, case and accents ignored', async () => {
    const res = await get('/api/stations?q=ASÓK');
    expect((res.json().payload as Station[]).map((s) => s.id)).toEqual(['bts-asok']);
    const phrom = (await get('/api/stations?q=phrom')).json().payload as Station[];
    expect(phrom.map((s) => s.id)).toEqual(['bts-phrom-phong']);
  });

  it('filters by Thai name and by other spellings', async () => {
    const thai = (await get(`/api/stations?q=${encodeURIComponent('อโศก')}`)).json().payload as Station[];
    expect(thai.map((s) => s.id)).toEqual(['bts-asok']);
    const red = (await get(`/api/stations?q=${encodeURIComponent('รังสิต')}`)).json().payload as Station[];
    expect(red.map((s) => [s.id, s.system, s.line])).toEqual([['srt-rangsit', 'SRT', 'srt-dark-red']]);
    const alias = (await get('/api/stations?q=bang%20sue%20grand')).json().payload as Station[];
    expect(alias.map((s) => s.id)).toEqual(['srt-krung-thep-aphiwat']);
    expect(alias[0]?.lines).toEqual(['srt-dark-red', 'srt-light-red']);
  });

  it('answers [] for a name no station has, and 400 for a q too long', async () => {
    expect((await get('/api/stations?q=atlantis')).json().payload).toEqual([]);
    const long = await get(`/api/stations?q=${'a'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.q).toBeDefined();
  });
});

describe('GET /api/properties?station=&within_m=', () => {
  it('measures the walking estimate from the station: 500 m excludes 780 m, 1,000 m includes it', async () => {
    expect(await found('/api/properties?station=bts-asok&within_m=500')).toEqual([]);
    expect(await found('/api/properties?station=bts-asok&within_m=520')).toEqual([south400.id]);
    expect(await found('/api/properties?station=bts-asok&within_m=1000')).toEqual(
      [east600.id, north700.id, south400.id].sort((a, b) => a - b),
    );
    expect(await found('/api/properties?station=bts-asok&within_m=2000')).toEqual(
      [east600.id, east800.id, north700.id, south400.id].sort((a, b) => a - b),
    );
  });

  it('draws the line at the metre: 780 m is in at 780 and out at 779', async () => {
    expect(walking(600)).toBe(780);
    expect(await found('/api/properties?station=bts-asok&within_m=780')).toContain(east600.id);
    expect(await found('/api/properties?station=bts-asok&within_m=779')).not.toContain(east600.id);
  });

  it(`takes within_m=1000 when only a station is given`, async () => {
    expect(await found('/api/properties?station=bts-asok')).toEqual(
      [east600.id, north700.id, south400.id].sort((a, b) => a - b),
    );
  });

  it('with within_m alone, keeps listings whose stored nearest station is that close', async () => {
    // makeListing writes rows directly (no station yet): the start-up backfill gives them one.
    expect(await backfillNearestStations(app.db)).toBeGreaterThanOrEqual(3);
    app.listingCache.clear();
    const nearAny = await found('/api/properties?within_m=900');
    expect(nearAny).toContain(east600.id);
    expect(nearAny).not.toContain(noPlace.id);
    expect(nearAny).not.toContain(chiangMai.id);
  });

  it('answers 400 for an unknown station, every time (never cached), and for a distance out of range', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await get('/api/properties?station=bts-atlantis');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        message: 'There is no station with this id. Choose one from /api/stations.',
        errors: { station: ['There is no station with this id. Choose one from /api/stations.'] },
      });
    }
    const badId = await get('/api/properties?station=BTS%20Asok');
    expect(badId.json().errors.station).toEqual(['Station must be a station id from /api/stations.']);
    for (const within of ['99', '5001', 'far']) {
      const res = await get(`/api/properties?station=bts-asok&within_m=${within}`);
      expect(res.statusCode, within).toBe(400);
      expect(res.json().errors.within_m, within).toBeDefined();
    }
  });
});

describe('backfill of nearest stations', () => {
  it('is idempotent and leaves listings out of reach alone', async () => {
    const [row] = await app.db.select().from(properties).where(eq(properties.id, south400.id));
    expect(row?.stationId).toBe('bts-asok');
    expect(row?.stationDistanceM).toBe(520);
    // East of Asok is nearer the MRT's Sukhumvit station.
    const [east] = await app.db.select().from(properties).where(eq(properties.id, east600.id));
    expect(east?.stationId).toBe('mrt-sukhumvit');
    expect(await backfillNearestStations(app.db)).toBe(0);
    const [far] = await app.db.select().from(properties).where(eq(properties.id, chiangMai.id));
    expect([far?.stationId, far?.stationDistanceM]).toEqual([null, null]);
  });
});

const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#4a8' } })
  .jpeg()
  .toBuffer();

describe('the nearest station a listing stores', () => {
  const FIELDS: Record<string, string> = {
    type: 'rent',
    user_type: 'owner',
    property_type: 'residential',
    property_sub_type: 'condo',
    location: 'Sukhumvit 21, Bangkok',
    lat: latNorthBy(asok.lat, -300).toFixed(7),
    lon: String(asok.lon),
    title: 'Condo 300 m from Asok',
    description: 'Near the station.',
    price: '30000',
    area: '40',
    level: '10',
    bed_rooms: '1',
    bath_rooms: '1',
    kitchen: '1',
    floors: '1',
  };
  const form = (fields: Record<string, string>) => {
    const fd = new FormData();
    for (const [k, v] of Object.entries(fields)) fd.append(k, v);
    fd.append('cover_image', new Blob([new Uint8Array(jpeg)]), 'cover.jpg');
    return fd;
  };
  const auth = { authorization: `Bearer ${owner.token}` };
  const stored = async (id: number) => {
    const [row] = await app.db.select().from(properties).where(eq(properties.id, id));
    return [row?.stationId, row?.stationDistanceM];
  };

  it('is set on create, recomputed when lat/lon change and cleared with them', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/property', payload: form(FIELDS), headers: auth });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().payload as Property;
    expect(created.nearest_station).toEqual({
      id: 'bts-asok',
      name: 'Asok',
      name_th: 'อโศก',
      line: 'bts-sukhumvit',
      system: 'BTS',
      distance_m: walking(300),
    });
    expect(await stored(created.id)).toEqual(['bts-asok', 390]);

    // Another field only: the station stays.
    const title = await app.inject({
      method: 'PATCH',
      url: `/api/property/${created.id}`,
      headers: auth,
      payload: { title: 'Renamed condo near Asok' },
    });
    expect(title.statusCode, title.body).toBe(200);
    expect(await stored(created.id)).toEqual(['bts-asok', 390]);

    // Moved 200 m north of Phrom Phong.
    const phrom = stationById('bts-phrom-phong') as Station;
    const moved = await app.inject({
      method: 'PATCH',
      url: `/api/property/${created.id}`,
      headers: auth,
      payload: { lat: String(latNorthBy(phrom.lat, 200)), lon: String(phrom.lon) },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await stored(created.id)).toEqual(['bts-phrom-phong', walking(200)]);
    const page = await get(`/api/property/${created.id}`);
    expect(page.json().payload.nearest_station).toMatchObject({ id: 'bts-phrom-phong', distance_m: 260 });

    // Only the latitude, to Chiang Mai's: no station within 5 km.
    const far = await app.inject({
      method: 'PATCH',
      url: `/api/property/${created.id}`,
      headers: auth,
      payload: { lat: '18.7985' },
    });
    expect(far.statusCode, far.body).toBe(200);
    expect(await stored(created.id)).toEqual([null, null]);

    // Coordinates cleared: no station.
    await app.inject({
      method: 'PATCH',
      url: `/api/property/${created.id}`,
      headers: auth,
      payload: { lat: String(asok.lat), lon: String(asok.lon) },
    });
    expect(await stored(created.id)).toEqual(['bts-asok', 0]);
    const cleared = await app.inject({
      method: 'PATCH',
      url: `/api/property/${created.id}`,
      headers: auth,
      payload: { lat: '', lon: '' },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await stored(created.id)).toEqual([null, null]);
  });

  it('has none without coordinates', async () => {
    const { lat: _lat, lon: _lon, ...rest } = FIELDS;
    const res = await app.inject({ method: 'POST', url: '/api/property', payload: form(rest), headers: auth });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().payload.nearest_station).toBeNull();
  });

  it('agrees with nearestStation for the demo areas', () => {
    // Sala Daeng's own coordinates: distance 0 to it.
    const salaDaeng = stationById('bts-sala-daeng') as Station;
    expect(nearestStation(salaDaeng.lat, salaDaeng.lon)).toEqual({ stationId: 'bts-sala-daeng', stationDistanceM: 0 });
    expect(nearestStation(null, 100.5)).toEqual({ stationId: null, stationDistanceM: null });
  });
});
