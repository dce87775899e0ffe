import { describe, expect, it } from 'vitest';
import { buildGazetteer, type GazetteerEntry, LINES } from '../src/services/locations/gazetteer.ts';
import { normalise, similarity, trigrams } from '../src/services/locations/search-locations.ts';

const gazetteer = buildGazetteer();
const ofKind = (kind: GazetteerEntry['kind']) => gazetteer.filter((e) => e.kind === kind);
const stationsOn = (lineId: string) => {
  const line = LINES[lineId];
  return ofKind('station').filter((s) => s.lines.some((l) => l === line));
};

/** Great-circle distance in km. */
function km(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

const THAI = /^[\u0E00-\u0E7F0-9 .\-,()]+$/;
const LATIN = /^[A-Za-z0-9 .'\-()]+$/;

describe('the Thai gazetteer', () => {
  it('has all 77 provinces, each named once in English and in Thai', () => {
    const provinces = ofKind('province');
    expect(provinces).toHaveLength(77);
    expect(new Set(provinces.map((p) => p.name.en)).size).toBe(77);
    expect(new Set(provinces.map((p) => p.name.th)).size).toBe(77);
    expect(provinces.map((p) => p.name.en)).toEqual(expect.arrayContaining(['Bangkok', 'Chiang Mai', 'Bueng Kan']));
  });

  it("has Bangkok's 50 districts (khet)", () => {
    const khet = ofKind('district').filter((d) => d.province?.en === 'Bangkok');
    expect(khet).toHaveLength(50);
    expect(new Set(khet.map((d) => d.name.th)).size).toBe(50);
    expect(khet.map((d) => d.name.en)).toEqual(expect.arrayContaining(['Watthana', 'Khlong Toei', 'Bang Bon']));
  });

  it('has the main districts of the big provinces, including the resort towns', () => {
    const amphoe = ofKind('district');
    const inProvince = (province: string) => amphoe.filter((d) => d.province?.en === province).map((d) => d.name.en);
    for (const province of [
      'Chiang Mai',
      'Phuket',
      'Chon Buri',
      'Prachuap Khiri Khan',
      'Khon Kaen',
      'Nakhon Ratchasima',
      'Udon Thani',
      'Songkhla',
      'Surat Thani',
      'Krabi',
    ]) {
      expect(inProvince(province).length, province).toBeGreaterThanOrEqual(3);
    }
    expect(inProvince('Chon Buri')).toEqual(expect.arrayContaining(['Bang Lamung', 'Sattahip']));
    expect(inProvince('Prachuap Khiri Khan')).toContain('Hua Hin');
    expect(inProvince('Songkhla')).toContain('Hat Yai');
    expect(inProvince('Surat Thani')).toContain('Ko Samui');
  });

  it('has every station of each line (official counts, interchanges counted on each line)', () => {
    expect(stationsOn('bts-sukhumvit')).toHaveLength(47); // Khu Khot – Kheha
    expect(stationsOn('bts-silom')).toHaveLength(14); // National Stadium – Bang Wa
    expect(stationsOn('bts-gold')).toHaveLength(3);
    expect(stationsOn('mrt-blue')).toHaveLength(38); // with the Tha Phra loop and Lak Song
    expect(stationsOn('mrt-purple')).toHaveLength(16);
    expect(stationsOn('mrt-yellow')).toHaveLength(23);
    expect(stationsOn('mrt-pink')).toHaveLength(32); // 30 on the main line + the Muang Thong Thani branch
    expect(stationsOn('arl')).toHaveLength(8);
    expect(stationsOn('srt-dark-red')).toHaveLength(10); // Krung Thep Aphiwat – Rangsit
    expect(stationsOn('srt-light-red')).toHaveLength(4); // Krung Thep Aphiwat – Taling Chan
    const names = (id: string) => stationsOn(id).map((s) => s.name.en);
    expect(names('bts-sukhumvit')).toEqual(expect.arrayContaining(['Khu Khot', 'Kheha', 'Asok', 'Siam']));
    expect(names('bts-silom')).toEqual(expect.arrayContaining(['Siam', 'Bang Wa']));
    expect(names('mrt-blue')).toEqual(expect.arrayContaining(['Tha Phra', 'Lak Song', 'Tao Poon', 'Sukhumvit']));
    expect(names('arl')).toEqual(expect.arrayContaining(['Suvarnabhumi', 'Phaya Thai']));
    expect(names('srt-dark-red')).toEqual(
      expect.arrayContaining(['Krung Thep Aphiwat', 'Don Mueang', 'Lak Si', 'Rangsit']),
    );
    expect(names('srt-light-red')).toEqual(
      expect.arrayContaining(['Krung Thep Aphiwat', 'Bang Son', 'Bang Bamru', 'Taling Chan']),
    );
  });

  it('has the major neighbourhoods', () => {
    const names = ofKind('neighbourhood').map((n) => n.name.en);
    expect(names).toEqual(
      expect.arrayContaining([
        'Thonglor',
        'Ekkamai',
        'Phrom Phong',
        'Asok',
        'Ari',
        'Sathorn',
        'Silom',
        'Siam',
        'Ratchada',
        'Rama 9',
        'On Nut',
        'Nimman',
        'Old City',
        'Patong',
        'Kata',
        'Karon',
        'Rawai',
        'Jomtien',
        'Naklua',
        'Khao Takiab',
        'Pattaya',
      ]),
    );
  });

  it('names every entry in English (Latin script) and in Thai (Thai script)', () => {
    for (const entry of gazetteer) {
      expect(entry.name.en, entry.name.en).toMatch(LATIN);
      expect(entry.name.th, entry.name.en).toMatch(THAI);
      expect(entry.name.th, entry.name.en).toMatch(/[\u0E00-\u0E7F]/);
      for (const parent of [entry.district, entry.province, ...entry.lines]) {
        if (parent) expect(parent.th.length, entry.name.en).toBeGreaterThan(0);
      }
    }
  });

  it("puts every coordinate inside Thailand's bounding box", () => {
    for (const entry of gazetteer) {
      expect(entry.lat, entry.name.en).toBeGreaterThanOrEqual(5.6);
      expect(entry.lat, entry.name.en).toBeLessThanOrEqual(20.5);
      expect(entry.lon, entry.name.en).toBeGreaterThanOrEqual(97.3);
      expect(entry.lon, entry.name.en).toBeLessThanOrEqual(105.7);
    }
  });

  it('puts places near their parents and stations near another station (catches swapped or mistyped coordinates)', () => {
    const provinces = new Map(ofKind('province').map((p) => [p.name.en, p]));
    const districts = new Map(ofKind('district').map((d) => [`${d.province?.en}|${d.name.en}`, d]));
    for (const d of ofKind('district')) {
      const province = provinces.get(d.province?.en ?? '');
      expect(province, d.name.en).toBeDefined();
      if (province) expect(km(d, province), d.name.en).toBeLessThan(140);
    }
    const stations = ofKind('station');
    for (const s of stations) {
      const district = districts.get(`${s.province?.en}|${s.district?.en}`);
      if (district) expect(km(s, district), s.name.en).toBeLessThan(15);
      const nearest = Math.min(...stations.filter((o) => o !== s).map((o) => km(s, o)));
      expect(nearest, s.name.en).toBeLessThan(6); // the Airport Rail Link has the longest gaps
    }
    for (const n of ofKind('neighbourhood')) {
      const district = districts.get(`${n.province?.en}|${n.district?.en}`);
      if (district) expect(km(n, district), n.name.en).toBeLessThan(50);
    }
  });

  it('has no duplicate entries', () => {
    const keys = gazetteer.map((e) => [e.kind, e.name.en, e.district?.en, e.province?.en].join('|'));
    expect(new Set(keys).size).toBe(keys.length);
    const thaiKeys = gazetteer.map((e) => [e.kind, e.name.th, e.district?.th, e.province?.th].join('|'));
    expect(new Set(thaiKeys).size).toBe(thaiKeys.length);
    // Two places of one kind never sit on the same spot under different names either.
    const spots = gazetteer.map((e) => `${e.kind}|${e.lat.toFixed(3)}|${e.lon.toFixed(3)}`);
    expect(new Set(spots).size).toBe(spots.length);
  });
});

describe('search text helpers', () => {
  it('normalises case, Latin diacritics, punctuation and the Thai abbreviation sign, keeping Thai marks', () => {
    expect(normalise('  Sukhumvít  ')).toBe('sukhumvit');
    expect(normalise("Fisherman's Village")).toBe('fishermans village');
    expect(normalise('Chaeng Watthana-Pak Kret 28')).toBe('chaeng watthana pak kret 28');
    expect(normalise('เคหะฯ')).toBe('เคหะ');
    expect(normalise('สวนหลวง ร.9')).toBe('สวนหลวง ร 9');
    expect(normalise('ลำลูกกา')).toBe('ลำลูกกา');
  });

  it('scores near spellings high and unrelated words low', () => {
    expect(similarity(trigrams('sukumvit'), trigrams('sukhumvit'))).toBeGreaterThan(0.7);
    expect(similarity(trigrams('thonglor'), trigrams('thonglo'))).toBeGreaterThan(0.7);
    expect(similarity(trigrams('sukumvit'), trigrams('ratchada'))).toBeLessThan(0.2);
    expect(similarity(trigrams('abc'), new Set())).toBe(0);
  });
});
