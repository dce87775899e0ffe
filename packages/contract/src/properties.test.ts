import { describe, expect, it } from 'vitest';
import {
  PROPERTY_SUB_TYPES,
  PropertyListQuery,
  PropertyTypeCounts,
  SUB_TYPE_PROPERTY_TYPE,
  SUB_TYPE_PROPERTY_TYPES,
  subTypesFor,
} from './index.ts';

describe('PropertyListQuery', () => {
  it('turns query text into numbers and applies nothing by default', () => {
    expect(PropertyListQuery.parse({ min_price: '10000', page: '2', per_page: '100', q: '  สุขุมวิท ' })).toEqual({
      min_price: 10_000,
      page: 2,
      per_page: 100,
      q: 'สุขุมวิท',
    });
    expect(PropertyListQuery.parse({ q: '', type: '', min_price: '' })).toEqual({});
  });

  it('rejects bad numbers, per_page over 100, unknown choices and a reversed range, per field', () => {
    const result = PropertyListQuery.safeParse({
      page: '0',
      per_page: '101',
      bedrooms: '1.5',
      sort: 'cheapest',
      sub_type: 'castle',
    });
    expect(result.success).toBe(false);
    const fields = result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
    expect(fields.sort()).toEqual(['bedrooms', 'page', 'per_page', 'sort', 'sub_type']);
    const reversed = PropertyListQuery.safeParse({ min_price: '5', max_price: '1' });
    expect(reversed.success ? [] : reversed.error.issues.map((i) => i.path.join('.'))).toEqual(['min_price']);
  });
});

describe('sub types', () => {
  it('gives every sub type a property type and a count key', () => {
    for (const sub of PROPERTY_SUB_TYPES) expect(['residential', 'commercial']).toContain(SUB_TYPE_PROPERTY_TYPE[sub]);
    const counts = Object.fromEntries(PROPERTY_SUB_TYPES.map((s) => [s, 1]));
    expect(PropertyTypeCounts.safeParse(counts).success).toBe(true);
    expect(PropertyTypeCounts.safeParse({ condo: 1 }).success).toBe(false);
  });
});

describe('the one list of sub types (ADR 024)', () => {
  it('offers every sub type under some property type, its default one included', () => {
    for (const sub of PROPERTY_SUB_TYPES)
      expect(SUB_TYPE_PROPERTY_TYPES[sub], sub).toContain(SUB_TYPE_PROPERTY_TYPE[sub]);
    const offered = new Set([...subTypesFor('residential'), ...subTypesFor('commercial')]);
    expect([...offered].sort()).toEqual([...PROPERTY_SUB_TYPES].sort());
  });

  it('lists houses under residential and shophouses and offices under commercial, in the one order', () => {
    expect(subTypesFor('residential')).toEqual([
      'condo',
      'house',
      'townhouse',
      'twinhouse',
      'land',
      'villa',
      'apartment',
      'bungalow',
      'pent_villa',
      'home_office',
    ]);
    expect(subTypesFor('commercial')).toEqual(['land', 'shophouse', 'office', 'home_office']);
    expect(subTypesFor('')).toEqual(PROPERTY_SUB_TYPES);
    expect(subTypesFor(undefined)).toEqual(PROPERTY_SUB_TYPES);
  });
});
