import { LocationSearchResponse, type LocationSuggestion } from '@baan/contract';
import { describe, expect, it } from 'vitest';
import { body, build } from './helpers.ts';

const app = await build();

async function search(q: string, language = 'en') {
  const res = await app.inject({
    method: 'GET',
    url: `/api/locations?q=${encodeURIComponent(q)}`,
    headers: { 'accept-language': language },
  });
  return res;
}

async function suggestions(q: string, language = 'en'): Promise<LocationSuggestion[]> {
  const res = await search(q, language);
  expect(res.statusCode, res.body).toBe(200);
  return LocationSearchResponse.parse(res.json()).payload;
}

describe('GET /api/locations', () => {
  it('rejects a query shorter than 3 characters after trimming, with a message on q', async () => {
    for (const q of ['as', '  as  ', 'ทอ', '']) {
      const res = await search(q);
      expect(res.statusCode, q).toBe(400);
      const json = body<{ success: boolean; message: string; errors: Record<string, string[]> }>(res);
      expect(json.success).toBe(false);
      expect(json.errors.q).toEqual(['Please type at least 3 characters.']);
      expect(res.headers['cache-control'] ?? '').not.toContain('public');
    }
  });

  it('rejects a missing q and one longer than 100 characters', async () => {
    const missing = await app.inject({ method: 'GET', url: '/api/locations' });
    expect(missing.statusCode).toBe(400);
    expect(body<{ errors: Record<string, string[]> }>(missing).errors.q).toEqual([
      'Please type at least 3 characters.',
    ]);

    const long = await search('a'.repeat(101));
    expect(long.statusCode).toBe(400);
    expect(body<{ errors: Record<string, string[]> }>(long).errors.q).toEqual(['Please type at most 100 characters.']);
  });

  it('answers at most 10 suggestions in the envelope, cacheable for a day per language', async () => {
    const res = await search('bang');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers.vary).toMatch(/accept-language/i);
    const { payload } = LocationSearchResponse.parse(res.json());
    expect(payload).toHaveLength(10);
    for (const place of payload) expect(place.name_en.toLowerCase()).toMatch(/(^|\s)bang/);
  });

  it('ranks an exact name first and finds a station by its name ("asok" → Asok BTS)', async () => {
    const [first, second] = await suggestions('asok');
    expect(first).toEqual({
      display_name: 'Asok (BTS Sukhumvit Line), Watthana, Bangkok',
      lat: 13.737,
      lon: 100.5604,
      kind: 'station',
      name_en: 'Asok',
      name_th: 'อโศก',
      line: 'BTS Sukhumvit Line',
    });
    expect(second).toMatchObject({ kind: 'neighbourhood', display_name: 'Asok, Watthana, Bangkok' });
  });

  it('ranks prefix matches above word-start matches above similar spellings', async () => {
    const patong = await suggestions('patong');
    expect(patong[0]).toMatchObject({
      name_en: 'Patong',
      kind: 'neighbourhood',
      display_name: 'Patong, Kathu, Phuket',
    });

    const chiang = await suggestions('chiang');
    expect(chiang.slice(0, 2).map((p) => p.name_en)).toEqual(['Chiang Mai', 'Chiang Rai']);

    // A word inside a longer name counts as a prefix, case-insensitively.
    const mahathat = await suggestions('MAHATHAT');
    expect(mahathat[0]).toMatchObject({
      name_en: 'Wat Phra Sri Mahathat',
      display_name: 'Wat Phra Sri Mahathat (BTS Sukhumvit Line, MRT Pink Line), Bang Khen, Bangkok',
    });

    const hua = await suggestions('hua hin');
    expect(hua[0]).toMatchObject({
      name_en: 'Hua Hin',
      kind: 'district',
      display_name: 'Hua Hin, Prachuap Khiri Khan',
    });
    expect(hua[1]).toMatchObject({ name_en: 'Khao Takiab' });
  });

  it('finds places from Thai input and writes display names in Thai when Thai is asked for', async () => {
    const sukhumvit = await suggestions('สุขุมวิท', 'th');
    expect(sukhumvit.slice(0, 2).map((p) => p.display_name)).toEqual([
      'สุขุมวิท (MRT สายสีน้ำเงิน), วัฒนา, กรุงเทพมหานคร',
      'สุขุมวิท, วัฒนา, กรุงเทพมหานคร',
    ]);
    // Stations of the Sukhumvit Line follow the places named Sukhumvit.
    expect(sukhumvit.slice(2).some((p) => p.line === 'BTS สายสุขุมวิท')).toBe(true);

    const thonglor = await suggestions('ทองหล่อ', 'th');
    expect(thonglor.map((p) => [p.kind, p.display_name])).toEqual([
      ['station', 'ทองหล่อ (BTS สายสุขุมวิท), วัฒนา, กรุงเทพมหานคร'],
      ['neighbourhood', 'ทองหล่อ, วัฒนา, กรุงเทพมหานคร'],
    ]);

    // Thai input, English interface: English display names.
    const english = await suggestions('ทองหล่อ', 'en');
    expect(english[0]?.display_name).toBe('Thong Lo (BTS Sukhumvit Line), Watthana, Bangkok');
    // Any language other than Thai gets English names.
    expect((await suggestions('ทองหล่อ', 'ja'))[0]?.display_name).toBe(english[0]?.display_name);
  });

  it('finds common romanisations and tolerates small typos', async () => {
    expect((await suggestions('thonglor'))[0]).toMatchObject({ name_en: 'Thonglor', kind: 'neighbourhood' });
    expect((await suggestions('thonglor'))[1]).toMatchObject({ name_en: 'Thong Lo', kind: 'station' });
    expect((await suggestions('sukumvit'))[0]).toMatchObject({ name_en: 'Sukhumvit' });
    expect((await suggestions('Sukhumvít'))[0]).toMatchObject({ name_en: 'Sukhumvit' });
    expect((await suggestions('chaing mai'))[0]).toMatchObject({ name_en: 'Chiang Mai', kind: 'province' });
    expect((await suggestions('nimmanhaemin'))[0]).toMatchObject({ name_en: 'Nimman' });
    expect((await suggestions('korat'))[0]).toMatchObject({ name_en: 'Nakhon Ratchasima', kind: 'province' });
    expect((await suggestions('koh samui'))[0]).toMatchObject({ name_en: 'Ko Samui', kind: 'district' });
    expect(await suggestions('zzzzqx')).toEqual([]);
  });

  it('answers every kind of place with its coordinates', async () => {
    const phuket = await suggestions('phuket');
    expect(phuket[0]).toMatchObject({ kind: 'province', name_en: 'Phuket', name_th: 'ภูเก็ต', display_name: 'Phuket' });
    expect(new Set(phuket.map((p) => p.kind))).toEqual(new Set(['province', 'district', 'neighbourhood']));

    const jomtien = (await suggestions('jomtien'))[0];
    expect(jomtien).toMatchObject({ kind: 'neighbourhood', display_name: 'Jomtien, Bang Lamung, Chon Buri' });
    expect(jomtien?.lat).toBeCloseTo(12.89, 1);
    expect(jomtien?.lon).toBeCloseTo(100.87, 1);

    const airport = (await suggestions('suvarnabhumi'))[0];
    expect(airport).toMatchObject({ kind: 'station', line: 'Airport Rail Link' });

    const khet = (await suggestions('watthana'))[0];
    expect(khet).toMatchObject({ kind: 'district', display_name: 'Watthana, Bangkok' });
    expect(khet).not.toHaveProperty('line');
  });
});
