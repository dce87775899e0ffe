import { LANGUAGES } from '@baan/contract';
import { describe, expect, it } from 'vitest';
import { normaliseQuery } from '../src/services/search/normalise-query.ts';
import { readQuery, understoodOf, withoutOverridden } from '../src/services/search/read-query.ts';
import corpus from './search/query-corpus.json' with { type: 'json' };

type Case = {
  q: string;
  place?: string[];
  station?: string[];
  sub_type?: string[];
  type?: string;
  bedrooms?: number;
  min_price?: number;
  max_price?: number;
  text?: string;
};

/** A reading as the corpus writes it: only what was read. */
function asCase(q: string): Case {
  const r = readQuery(q);
  const out: Case = { q };
  if (r.places.length) out.place = r.places.map((p) => p.id).sort();
  if (r.stations.length) out.station = r.stations.map((s) => s.id).sort();
  if (r.subTypes.length) out.sub_type = [...r.subTypes].sort();
  if (r.type) out.type = r.type;
  if (r.bedrooms !== null) out.bedrooms = r.bedrooms;
  if (r.minPrice !== null) out.min_price = r.minPrice;
  if (r.maxPrice !== null) out.max_price = r.maxPrice;
  if (r.words.length) out.text = r.words.join(' ');
  return out;
}

const sorted = (c: Case): Case => ({
  ...c,
  ...(c.place ? { place: [...c.place].sort() } : {}),
  ...(c.station ? { station: [...c.station].sort() } : {}),
  ...(c.sub_type ? { sub_type: [...c.sub_type].sort() } : {}),
});

describe('query corpus: what each q is read as (test/search/query-corpus.json)', () => {
  it('holds at least 60 cases and 20 place pairs', () => {
    expect(corpus.cases.length).toBeGreaterThanOrEqual(60);
    expect(corpus.pairs.length).toBeGreaterThanOrEqual(20);
  });

  it.each(corpus.cases.map((c) => [c.q, c] as const))('%s', (_q, expected) => {
    expect(asCase(expected.q)).toEqual(sorted(expected as Case));
  });

  it.each(corpus.pairs.map(([a, b]) => [a, b] as const))('%s and %s name the same place', (a, b) => {
    const pa = readQuery(a as string).places.map((p) => p.id);
    expect(pa.length).toBeGreaterThan(0);
    expect(readQuery(b as string).places.map((p) => p.id)).toEqual(pa);
  });
});

describe('normaliseQuery', () => {
  it('folds width, case, accents and Thai, Arabic and Burmese digits, and collapses spaces', () => {
    expect(normaliseQuery('  ＳＵＫＨＵＭＶÍＴ　　๕๕ ')).toBe('sukhumvit 55');
    expect(normaliseQuery('٣ bed ၂')).toBe('3 bed 2');
    expect(normaliseQuery('a\tb\n\nc')).toBe('a b c');
    // NFKC splits SARA AM; the text the listings store has it whole.
    expect(normaliseQuery('สระว่ายน้ำ')).toBe('สระว่ายน้ำ');
    expect(normaliseQuery('ทำเล')).toBe('ทำเล');
  });

  it('reads at most 200 characters of any text, quickly', () => {
    const started = performance.now();
    expect(normaliseQuery('ก'.repeat(100_000)).length).toBe(200);
    const reading = readQuery(`${'condo sukhumvit 2 bed under 3m '.repeat(2000)}`);
    expect(reading.text.length).toBeLessThanOrEqual(200);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('readQuery: general rules', () => {
  it('reads an amount with every multiplier: ล้าน, M, million = 1,000,000; k, พัน = 1,000; หมื่น, 万 = 10,000', () => {
    expect(readQuery('under 2.5m').maxPrice).toBe(2_500_000);
    expect(readQuery('ไม่เกิน 1.5 ล้าน').maxPrice).toBe(1_500_000);
    expect(readQuery('below 7 million').maxPrice).toBe(7_000_000);
    expect(readQuery('under 12k').maxPrice).toBe(12_000);
    expect(readQuery('ไม่เกิน 8 พัน').maxPrice).toBe(8_000);
    expect(readQuery('ไม่เกิน 3 หมื่น').maxPrice).toBe(30_000);
    expect(readQuery('500万以下').maxPrice).toBe(5_000_000);
  });

  it('does not read a soi, floor or area number as a price or bedrooms', () => {
    expect(asCase('soi 11')).toEqual({ q: 'soi 11', text: 'soi 11' });
    expect(asCase('50 m2 condo')).toMatchObject({ sub_type: ['condo'] });
    expect(readQuery('50 m2 condo').maxPrice).toBeNull();
    expect(readQuery('under 5').maxPrice).toBeNull();
  });

  it('takes the smaller bound first when a range is typed backwards', () => {
    const r = readQuery('5-3m');
    expect([r.minPrice, r.maxPrice]).toEqual([3_000_000, 5_000_000]);
  });

  it('drops a price beyond any listing rather than overflowing the column', () => {
    expect(readQuery('under 999999 million').maxPrice).toBeNull();
  });

  it('lets explicit filters win over what q implies', () => {
    const r = withoutOverridden(readQuery('condo for rent under 3m 2 bed'), {
      sub_type: 'house',
      type: 'sale',
      max_price: 9,
      bedrooms: 4,
    });
    expect([r.subTypes, r.type, r.maxPrice, r.bedrooms]).toEqual([[], null, null, null]);
  });

  it('labels every reading in each of the seven languages', () => {
    const r = readQuery('condo for rent Sukhumvit 2 bed 10k-20k sea view');
    for (const lang of LANGUAGES) {
      const chips = understoodOf(r, lang);
      expect(chips.map((c) => c.kind)).toEqual([
        'sub_type',
        'type',
        'place',
        'bedrooms',
        'min_price',
        'max_price',
        'text',
      ]);
      for (const chip of chips) expect(chip.label.length).toBeGreaterThan(0);
    }
    expect(understoodOf(r, 'th').find((c) => c.kind === 'place')?.label).toBe('สุขุมวิท');
    expect(understoodOf(r, 'en').find((c) => c.kind === 'place')).toEqual({
      kind: 'place',
      value: 'neighbourhood:sukhumvit',
      label: 'Sukhumvit',
    });
  });
});
