import { describe, expect, it } from 'vitest';
import { PropertyFieldsObject } from './create-property.ts';
import { readListParam } from './list-params.ts';
import { LISTING_NUMBER_NAMES, listingNumberField } from './listing-fields.ts';
import { isRequiredListingNumber, levelAndFloorsIssues } from './listing-rules.ts';
import { PROPERTY_SUB_TYPES } from './listing-values.ts';
import { PropertyListObject } from './properties.ts';

/** Inputs near each rule's edges, and generated ones from the characters the rules care about. */
function inputs(): unknown[] {
  const edges: unknown[] = [
    undefined,
    null,
    '',
    ' ',
    '0',
    '1',
    '99',
    '100',
    '101',
    '4999',
    '5000',
    '5001',
    ' 500 ',
    '12.5',
    '-1',
    '1e3',
    '0x10',
    '99999999999',
    '٣',
    500,
    500.5,
    Number.NaN,
    'bts-asok',
    'a',
    'BTS-ASOK',
    'bts_asok',
    'x'.repeat(60),
    'x'.repeat(61),
    'noble-ploenchit',
    'noble--ploenchit',
    '-noble',
    'noble-',
    'a'.repeat(100),
    'a'.repeat(101),
    'furnished',
    'partly',
    'unfurnished',
    'Furnished',
    '100.5,13.7,100.6,13.8',
    ' 100.5 , 13.7 , 100.6 , 13.8 ',
    '100.6,13.7,100.5,13.8',
    '100.5,13.8,100.6,13.7',
    '100.5,13.7,100.5,13.8',
    '-180,-90,180,90',
    '-181,-90,180,90',
    '-180,-91,180,90',
    '0,0,181,1',
    '100.5,13.7,100.6',
    '100.5,13.7,100.6,13.8,1',
    '100.1234567890123,13.7,100.6,13.8',
    '100.123456789012,13.7,100.6,13.8',
    '1000,13.7,100.6,13.8',
    '100.5,,100.6,13.8',
    '100.5,13.7,100.6,13.8e1',
    ['100.5', '13.7', '100.6', '13.8'],
  ];
  const alphabet = ['0', '1', '5', '9', '-', ',', '.', ' ', 'a', 'z', 'B', '_', '1', '3', '0'];
  let seed = 27;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const generated = Array.from({ length: 4000 }, () => {
    const length = Math.floor(random() * 24);
    return Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
  });
  return [...edges, ...generated];
}

describe('the zod-free readers of the search parameters (list-params.ts)', () => {
  const names = Object.keys(readListParam) as (keyof typeof readListParam)[];

  it.each(names)('%s gives the schema’s answer for every input', (name) => {
    const schema = PropertyListObject.shape[name];
    for (const value of inputs()) {
      // A map area is read from an address's text only (the schema also takes four numbers from JSON).
      if (name === 'bbox' && typeof value !== 'string' && value != null) continue;
      const parsed = schema.safeParse(value);
      const expected = name === 'bbox' ? (parsed.success && parsed.data ? value : undefined) : parsed.data;
      expect({ value, read: readListParam[name](value) }).toEqual({ value, read: expected });
    }
  });

  it('reads the edges of each range, not only what the schema reads', () => {
    expect(readListParam.within_m('100')).toBe(100);
    expect(readListParam.within_m('5000')).toBe(5000);
    expect(readListParam.within_m('99')).toBeUndefined();
    expect(readListParam.within_m('5001')).toBeUndefined();
    expect(readListParam.max_deposit_months(' 3 ')).toBe(3);
    expect(readListParam.station('bts-asok')).toBe('bts-asok');
    expect(readListParam.station('x'.repeat(61))).toBeUndefined();
    expect(readListParam.project('a'.repeat(101))).toBeUndefined();
    expect(readListParam.bbox('100.6,13.7,100.5,13.8')).toBeUndefined();
    expect(readListParam.bbox('100.5,13.7,100.6,13.8')).toBe('100.5,13.7,100.6,13.8');
  });
});

describe('isRequiredListingNumber (listing-rules.ts, no zod)', () => {
  it('is the schema’s refusal of a blank, or the rules between fields, for every field and sub type', () => {
    for (const name of LISTING_NUMBER_NAMES) {
      const refusesBlank = !PropertyFieldsObject.shape[name].safeParse('').success;
      expect({ name, refusesBlank }).toEqual({ name, refusesBlank: listingNumberField(name).optional === undefined });
      for (const subType of PROPERTY_SUB_TYPES) {
        const byRules = levelAndFloorsIssues({ property_sub_type: subType }).some((issue) => issue.path[0] === name);
        expect({ name, subType, required: isRequiredListingNumber(name, subType) }).toEqual({
          name,
          subType,
          required: refusesBlank || byRules,
        });
      }
    }
    expect(isRequiredListingNumber('level', 'condo')).toBe(true);
    expect(isRequiredListingNumber('level', 'house')).toBe(false);
    expect(isRequiredListingNumber('floors', 'land')).toBe(false);
    expect(isRequiredListingNumber('living_space', 'house')).toBe(false);
    expect(isRequiredListingNumber('area', 'land')).toBe(true);
  });
});
