import { SUGGEST_MAX_LIMIT, type Suggestion, type Understood } from '@baan/contract';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { properties, savedSearches } from '../src/db/schema.ts';
import { savedSearchWhere } from '../src/services/alerts/match-listing.ts';
import { createUser, makeListing } from './fixtures.ts';
import { build } from './helpers.ts';
import corpus from './search/query-corpus.json' with { type: 'json' };

/**
 * Search that understands what people type (issue 23, ADR 027): q read into filters, the same place in any script,
 * the spelling-tolerant retry, relevance, understood on every answer, suggestions, and bad input on both endpoints.
 */
const app = await build();
const owner = await createUser(app, { email: 'search-owner@baan.example' });

const thonglorRent = await makeListing(app, owner.id, {
  title: 'Condo near the BTS',
  location: 'Thonglor, Bangkok',
  propertySubType: 'condo',
  type: 'rent',
  price: 25_000,
  bedRooms: 2,
  lat: 13.733,
  lon: 100.582,
});
const thonglorThai = await makeListing(app, owner.id, {
  title: 'คอนโดหรู วิวเมือง',
  description: 'ห้องสวย',
  location: 'ทองหล่อ, กรุงเทพมหานคร',
  propertySubType: 'condo',
  type: 'sale',
  price: 4_000_000,
  bedRooms: 1,
  lat: 13.734,
  lon: 100.583,
});
const sukhumvitHouse = await makeListing(app, owner.id, {
  title: 'Family house with garden',
  location: 'Sukhumvit, Bangkok',
  propertySubType: 'house',
  type: 'sale',
  price: 12_000_000,
  bedRooms: 4,
});
const asokCondo = await makeListing(app, owner.id, {
  title: 'Condo by Terminal 21',
  location: 'อโศก, กรุงเทพ',
  propertySubType: 'condo',
  type: 'rent',
  price: 18_000,
  bedRooms: 1,
});
// Not stored in Sukhumvit, but its text names it: found too, ranked after those stored there.
const mentionsSukhumvit = await makeListing(app, owner.id, {
  title: 'Sukhumvit line condo',
  description: 'Ten minutes to the Sukhumvit line.',
  location: 'Somewhere, Bangkok',
  propertySubType: 'condo',
  type: 'rent',
  price: 12_000,
});
const kataCondo = await makeListing(app, owner.id, {
  title: 'Sea view condo',
  location: 'Kata, Phuket',
  propertySubType: 'condo',
  type: 'sale',
  price: 6_500_000,
  bedRooms: 2,
});
const phuketVilla = await makeListing(app, owner.id, {
  title: 'พูลวิลล่า',
  description: 'สระว่ายน้ำส่วนตัว',
  location: 'ภูเก็ต',
  propertySubType: 'villa',
  type: 'sale',
  price: 25_000_000,
  bedRooms: 3,
});
const luxuryVilla = await makeListing(app, owner.id, {
  title: 'Luxury villa with a view',
  location: 'Somewhere else',
  propertySubType: 'villa',
  type: 'sale',
  price: 30_000_000,
});
const chiangMai = await makeListing(app, owner.id, {
  title: 'Garden house',
  location: 'Chiang Mai',
  propertySubType: 'house',
  type: 'rent',
  price: 15_000,
  bedRooms: 3,
  premium: true,
});
// "Ferrari" holds "ari" but names no Ari.
const ferrari = await makeListing(app, owner.id, {
  title: 'Ferrari garage loft',
  location: 'Ferrari Street, Bangkok',
  propertySubType: 'condo',
  type: 'sale',
  price: 9_000_000,
});

type Page = { items: { id: number }[]; total: number; understood: Understood[]; corrected: string | null };

async function search(query: string): Promise<Page> {
  const res = await app.inject({ method: 'GET', url: `/api/properties?per_page=100&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload as Page;
}
const ids = (page: Page) => page.items.map((i) => i.id).sort((a, b) => a - b);
const q = (text: string, more = '') => `q=${encodeURIComponent(text)}${more}`;

describe('the same place in any script gives the same listings', () => {
  it.each([
    ['สุขุมวิท', 'Sukhumvit', [thonglorRent, thonglorThai, sukhumvitHouse, asokCondo, mentionsSukhumvit]],
    ['ภูเก็ต', 'Phuket', [kataCondo, phuketVilla]],
    ['ทองหล่อ', 'Thonglor', [thonglorRent, thonglorThai]],
    ['トンロー', 'thong lo', [thonglorRent, thonglorThai]],
    ['อโศก', 'Asoke', [asokCondo]],
  ])('%s = %s', async (a, b, expected) => {
    const wanted = expected.map((l) => l.id).sort((x, y) => x - y);
    expect(ids(await search(q(a)))).toEqual(wanted);
    expect(ids(await search(q(b)))).toEqual(wanted);
  });

  it('a province finds the listings of its districts and neighbourhoods (stored places, not only their text)', async () => {
    const bangkok = ids(await search(q('กรุงเทพมหานคร')));
    expect(bangkok).toEqual(ids(await search(q('Bangkok'))));
    for (const l of [thonglorRent, thonglorThai, sukhumvitHouse, asokCondo]) expect(bangkok).toContain(l.id);
    expect(bangkok).not.toContain(kataCondo.id);
  });

  it('a name is matched as a word in Latin text: "Ari" does not find "Ferrari"', async () => {
    expect(ids(await search(q('Ari')))).not.toContain(ferrari.id);
  });

  it('recall over the corpus pairs: every pair gives the same result set', async () => {
    let same = 0;
    for (const [a, b] of corpus.pairs) {
      if (JSON.stringify(ids(await search(q(a as string)))) === JSON.stringify(ids(await search(q(b as string))))) {
        same++;
      }
    }
    expect(same).toBe(corpus.pairs.length);
  });
});

describe('several words: each is read as its filter', () => {
  it('"condo Sukhumvit" finds the condos in Sukhumvit', async () => {
    const page = await search(q('condo Sukhumvit'));
    expect(ids(page)).toEqual([thonglorRent.id, thonglorThai.id, asokCondo.id, mentionsSukhumvit.id]);
    expect(page.understood.map((u) => [u.kind, u.value])).toEqual([
      ['sub_type', 'condo'],
      ['place', 'neighbourhood:sukhumvit'],
    ]);
  });

  it('reads Thai rent, bedrooms and a price cap: "คอนโดให้เช่า สุขุมวิท 2 ห้องนอน ไม่เกิน 3 หมื่น"', async () => {
    const page = await search(q('คอนโดให้เช่า สุขุมวิท 2 ห้องนอน ไม่เกิน 3 หมื่น', '&lang=th'));
    expect(ids(page)).toEqual([thonglorRent.id]);
    expect(page.understood).toEqual([
      { kind: 'sub_type', value: 'condo', label: 'คอนโด' },
      { kind: 'type', value: 'rent', label: 'เช่า' },
      { kind: 'place', value: 'neighbourhood:sukhumvit', label: 'สุขุมวิท' },
      { kind: 'bedrooms', value: '2', label: '2+ ห้องนอน' },
      { kind: 'max_price', value: '30000', label: 'ไม่เกิน ฿30,000' },
    ]);
  });

  it('explicit filters win over what q implies', async () => {
    const page = await search(q('condo for rent Sukhumvit', '&type=sale&sub_type=house'));
    expect(ids(page)).toEqual([sukhumvitHouse.id]);
    expect(page.understood.map((u) => u.kind)).toEqual(['place']);
  });

  it('what is left matches title and description', async () => {
    expect(ids(await search(q('Phuket sea view')))).toEqual([kataCondo.id]);
    expect(ids(await search(q('ภูเก็ต สระว่ายน้ำ')))).toEqual([phuketVilla.id]);
  });
});

describe('spelling tolerance', () => {
  it('"Sukumvit" finds what "Sukhumvit" finds and says so; exact=1 searches what was typed', async () => {
    const page = await search(q('Sukumvit'));
    expect(page.corrected).toBe('Sukhumvit');
    expect(ids(page)).toEqual(ids(await search(q('Sukhumvit'))));
    expect(page.understood.map((u) => u.value)).toEqual(['neighbourhood:sukhumvit']);
    const exact = await search(q('Sukumvit', '&exact=1'));
    expect([exact.total, exact.corrected]).toEqual([0, null]);
  });

  it('corrects a place in a longer query and a word of the listings (pg_trgm)', async () => {
    const page = await search(q('condo Tonglor'));
    expect(page.corrected).toBe('condo Thonglor');
    expect(ids(page)).toEqual([thonglorRent.id, thonglorThai.id]);
    const luxury = await search(q('luxry villa'));
    expect([luxury.corrected, ids(luxury)]).toEqual(['luxury villa', [luxuryVilla.id]]);
    const garden = await search(q('gardn house'));
    expect(garden.corrected).toBe('garden house');
    expect(ids(garden)).toEqual([sukhumvitHouse.id, chiangMai.id]);
  });

  it('leaves a search that finds something alone, and one with nothing close empty', async () => {
    expect((await search(q('Sukhumvit'))).corrected).toBeNull();
    const nothing = await search(q('zzqxv'));
    expect([nothing.total, nothing.corrected]).toEqual([0, null]);
  });
});

describe('relevance', () => {
  it('with a q: listings stored in the place first, then those that only mention it; premium, then newest', async () => {
    const page = await search(q('Sukhumvit'));
    expect(page.items.at(-1)?.id).toBe(mentionsSukhumvit.id);
    // Among equals, newest first (made later = newer).
    expect(page.items.slice(0, 4).map((i) => i.id)).toEqual([
      asokCondo.id,
      sukhumvitHouse.id,
      thonglorThai.id,
      thonglorRent.id,
    ]);
    const same = await search(q('Sukhumvit', '&sort=relevance'));
    expect(same.items.map((i) => i.id)).toEqual(page.items.map((i) => i.id));
  });

  it('a word in the title ranks above a word only in the description', async () => {
    const page = await search(q('garden'));
    expect(page.items.map((i) => i.id)).toEqual([chiangMai.id, sukhumvitHouse.id]);
    await app.db.update(properties).set({ description: 'A garden view.' }).where(eq(properties.id, kataCondo.id));
    app.listingCache.clear();
    const withDescription = await search(q('garden'));
    expect(withDescription.items.at(-1)?.id).toBe(kataCondo.id);
    await app.db.update(properties).set({ description: 'A pleasant place.' }).where(eq(properties.id, kataCondo.id));
    app.listingCache.clear();
  });

  it('a place or station named only in a description still finds the listing, after those stored there', async () => {
    // "Phromphong" reads as the neighbourhood; this listing is stored elsewhere but is five minutes from its station.
    const passing = await makeListing(app, owner.id, {
      title: 'Quiet townhouse',
      location: 'Lat Phrao, Bangkok',
      description: 'Five minutes from BTS Phrom Phong.',
    });
    app.listingCache.clear();
    try {
      for (const text of ['Phromphong', 'พร้อมพงษ์', 'BTS Phrom Phong']) {
        expect(ids(await search(q(text))), text).toContain(passing.id);
      }
    } finally {
      await app.db.delete(properties).where(eq(properties.id, passing.id));
      app.listingCache.clear();
    }
  });

  it('sort=newest still orders by date', async () => {
    const page = await search(q('Sukhumvit', '&sort=newest'));
    expect(page.items[0]?.id).toBe(mentionsSukhumvit.id);
  });
});

describe('understood and corrected on every search answer', () => {
  it('without q: understood [] and corrected null', async () => {
    const page = await search('');
    expect([page.understood, page.corrected]).toEqual([[], null]);
  });

  it('labels follow lang', async () => {
    const en = await search(q('ภูเก็ต'));
    expect(en.understood).toEqual([{ kind: 'place', value: 'province:phuket', label: 'Phuket' }]);
    const ja = await search(q('Phuket', '&lang=ja'));
    expect(ja.understood[0]?.label).toBe('プーケット');
    const bad = await app.inject({ method: 'GET', url: '/api/properties?lang=xx' });
    expect(bad.statusCode).toBe(400);
  });

  it('the map reads q the same way', async () => {
    const map = async (text: string) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/properties/map?bbox=100.4,13.6,100.7,13.9&zoom=16&q=${encodeURIComponent(text)}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().payload.items as { id: number }[]).map((i) => i.id).sort((a, b) => a - b);
    };
    const expected = [thonglorRent.id, thonglorThai.id].sort((a, b) => a - b);
    expect(await map('ทองหล่อ')).toEqual(expected);
    expect(await map('Thonglor')).toEqual(expected);
    expect(await map('Tonglor')).toEqual(expected);
  });

  it('a saved search and the alert matcher read q the same way', async () => {
    const where = savedSearchWhere(`q=${encodeURIComponent('ทองหล่อ')}`);
    if (!where) throw new Error('no where');
    const rows = await app.db.select({ id: properties.id }).from(properties).where(where);
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([thonglorRent.id, thonglorThai.id]);
  });
});

describe('bad input changes nothing and never answers 500', () => {
  const tableCounts = async () => {
    const [p] = await app.db.select({ n: count() }).from(properties);
    const [s] = await app.db.select({ n: count() }).from(savedSearches);
    return [p?.n, s?.n];
  };

  it.each([
    ['empty', '', 200],
    ['emoji only', '😀🏠🎉', 200],
    ['SQL-looking', "' or 1=1 --", 200],
    ['SQL-looking with a drop', "'; drop table properties; --", 200],
    ['regex-looking', '.*(a+)+$', 200],
    ['LIKE wildcards', '%_%', 200],
    ['1,000 characters', 'a'.repeat(1000), 400],
    ['201 characters', 'a'.repeat(201), 400],
    ['NUL', 'condo\u0000', 400],
  ])('GET /api/properties with %s q', async (_name, text, status) => {
    const before = await tableCounts();
    const res = await app.inject({ method: 'GET', url: `/api/properties?q=${encodeURIComponent(text)}` });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().success).toBe(status === 200);
    if (status === 400) expect(typeof res.json().message).toBe('string');
    else {
      expect(Array.isArray(res.json().payload.understood)).toBe(true);
      // Nothing in it is read as a filter that could widen or break the search: a normal or empty answer.
      expect(res.json().payload.total).toBeLessThanOrEqual(before[0] as number);
    }
    expect(await tableCounts()).toEqual(before);
  });

  it('200 characters is the limit: at it answers, one past it is refused with the field named', async () => {
    expect((await app.inject({ method: 'GET', url: `/api/properties?q=${'a'.repeat(200)}` })).statusCode).toBe(200);
    const res = await app.inject({ method: 'GET', url: `/api/properties?q=${'a'.repeat(201)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.q[0]).toMatch(/too long/);
  });

  it.each([
    ['empty', '', 400],
    ['spaces only', '   ', 400],
    ['emoji only', '😀🏠', 200],
    ['SQL-looking', "' or 1=1 --", 200],
    ['regex-looking', '.*(a+)+$', 200],
    ['1,000 characters', 'ก'.repeat(1000), 400],
    ['NUL', 'su\u0000', 400],
  ])('GET /api/search/suggest with %s q', async (_name, text, status) => {
    const before = await tableCounts();
    const res = await app.inject({ method: 'GET', url: `/api/search/suggest?q=${encodeURIComponent(text)}` });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().success).toBe(status === 200);
    if (status === 200) expect(Array.isArray(res.json().payload)).toBe(true);
    else expect(typeof res.json().message).toBe('string');
    expect(await tableCounts()).toEqual(before);
  });
});

describe('GET /api/search/suggest', () => {
  const suggest = async (query: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/search/suggest?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().payload as Suggestion[];
  };

  it('typing "สุขุม" in Thai offers สุขุมวิท first, whose query finds the Sukhumvit listings', async () => {
    const list = await suggest(`q=${encodeURIComponent('สุขุม')}&lang=th`);
    expect(list[0]).toMatchObject({ kind: 'place', label: 'สุขุมวิท', secondary: 'กรุงเทพมหานคร', url: null });
    const page = await search(list[0]?.query as string);
    expect(ids(page)).toEqual(ids(await search(q('Sukhumvit'))));
  });

  it('labels in lang, prefix in any script, near spellings, stations with their line', async () => {
    expect((await suggest('q=Sukhum&lang=en'))[0]?.label).toBe('Sukhumvit');
    expect((await suggest(`q=${encodeURIComponent('プーケ')}&lang=ja`))[0]?.label).toBe('プーケット');
    expect((await suggest('q=Sukumvit'))[0]?.label).toBe('Sukhumvit');
    const station = (await suggest('q=Saphan%20Kh')).find((s) => s.kind === 'station');
    expect(station).toMatchObject({ label: 'Saphan Khwai', query: 'station=bts-saphan-khwai' });
    expect(station?.secondary).toMatch(/Sukhumvit/);
  });

  it('places come before listings; a listing opens its page', async () => {
    const list = await suggest('q=garden');
    const listing = list.find((s) => s.url === `/detail/${sukhumvitHouse.id}`);
    expect(listing).toMatchObject({
      kind: 'listing',
      label: 'Family house with garden',
      query: null,
      secondary: '฿12,000,000',
    });
    const kinds = list.map((s) => s.kind);
    expect(kinds.indexOf('listing')).toBeGreaterThanOrEqual(kinds.lastIndexOf('place'));
  });

  it('limit: 8 by default, at most 15; 0 and 16 are refused', async () => {
    expect((await suggest('q=ba')).length).toBe(8);
    expect((await suggest(`q=ba&limit=${SUGGEST_MAX_LIMIT}`)).length).toBe(SUGGEST_MAX_LIMIT);
    for (const limit of ['0', '16', 'x']) {
      const res = await app.inject({ method: 'GET', url: `/api/search/suggest?q=ba&limit=${limit}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.limit).toBeDefined();
    }
  });

  it('100 characters is the limit of q: at it answers, one past it is refused', async () => {
    expect((await app.inject({ method: 'GET', url: `/api/search/suggest?q=${'b'.repeat(100)}` })).statusCode).toBe(200);
    const res = await app.inject({ method: 'GET', url: `/api/search/suggest?q=${'b'.repeat(101)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.q[0]).toMatch(/too long/);
  });

  it('an unknown lang is refused', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/search/suggest?q=ba&lang=xx' });
    expect(res.statusCode).toBe(400);
  });
});
