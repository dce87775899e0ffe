import { describe, expect, it } from 'vitest';
import {
  blankValueOf,
  CreatePropertyFields,
  hasFloors,
  hasLevel,
  isRequiredListingNumber,
  LISTING_NUMBER_FIELDS,
  LISTING_NUMBER_NAMES,
  listingNumberField,
  nestPropertyFields,
  PROPERTY_SUB_TYPES,
  Property,
  PropertyFieldsObject,
  SPEC_SUB_TYPE_NAMES,
  toFieldErrors,
  toSubTypeKey,
} from './index.ts';

const FIELDS: Record<string, string> = {
  type: 'sale',
  user_type: 'owner',
  property_type: 'residential',
  property_sub_type: 'condo',
  location: 'Thong Lo, Bangkok',
  title: 'Condo',
  description: 'A condo.',
  price: '4500000',
  area: '72',
  level: '18',
  bed_rooms: '2',
  bath_rooms: '2',
  kitchen: '1',
  floors: '1',
};

const parse = (fields: Record<string, string>) => CreatePropertyFields.safeParse(nestPropertyFields(fields));
const errorsOf = (fields: Record<string, string>) => {
  const result = parse(fields);
  return result.success ? {} : toFieldErrors(result.error.issues);
};
const without = (key: string, fields = FIELDS) => Object.fromEntries(Object.entries(fields).filter(([k]) => k !== key));

describe('CreatePropertyFields: numbers', () => {
  it('reads prices as typed or pasted and stores whole baht', () => {
    for (const [price, stored] of [
      ['1234567.89', 1_234_568],
      ['฿2,500,000.00', 2_500_000],
      ['2 500 000 บาท', 2_500_000],
      ['๒,๕๐๐,๐๐๐', 2_500_000],
    ] as const) {
      const result = parse({ ...FIELDS, price });
      expect(result.success && result.data.price, price).toBe(stored);
    }
  });

  it('names what is wrong with a price, with params the web app translates', () => {
    const cases = [
      ['1.2.3', 'price must be a number, such as 2,500,000', { problem: 'notNumber' }],
      ['abc', 'price must be a number, such as 2,500,000', { problem: 'notNumber' }],
      ['-100', 'price cannot be negative', { problem: 'negative' }],
      ['', 'price is required', { problem: 'required' }],
      ['0.4', 'price must be at least 1', { problem: 'min', min: 1 }],
      ['2,000,000,001', 'price must be at most 2,000,000,000', { problem: 'max', max: 2_000_000_000 }],
    ] as const;
    for (const [price, message, params] of cases) {
      const result = parse({ ...FIELDS, price });
      expect(result.success, price).toBe(false);
      const issue = result.error?.issues.find((i) => i.path[0] === 'price');
      expect(issue?.message, price).toBe(message);
      expect(issue && 'params' in issue ? issue.params : undefined, price).toEqual(params);
    }
    expect(errorsOf(without('price')).price).toEqual(['price is required']);
  });

  it('takes counts in Thai or full-width digits, and refuses fractions of a bedroom', () => {
    const result = parse({ ...FIELDS, bed_rooms: '๓', bath_rooms: '２', area: '1,250' });
    expect(result.success && [result.data.bed_rooms, result.data.bath_rooms, result.data.area]).toEqual([3, 2, 1250]);
    expect(errorsOf({ ...FIELDS, bed_rooms: '2.5', area: '72.5' })).toEqual({
      bed_rooms: ['bed rooms must be a whole number'],
      area: ['area must be a whole number'],
    });
  });

  it('keeps the house information, optional and blank as undefined', () => {
    const full = parse({ ...FIELDS, living_space: '65', lot_area: '1,200', avg_utilities: '฿2,500.50' });
    expect(full.success && [full.data.living_space, full.data.lot_area, full.data.avg_utilities]).toEqual([
      65, 1200, 2501,
    ]);
    const blank = parse({ ...FIELDS, living_space: '', lot_area: ' ' });
    expect(blank.success && [blank.data.living_space, blank.data.lot_area, blank.data.avg_utilities]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(errorsOf({ ...FIELDS, living_space: '0', avg_utilities: '-5' })).toEqual({
      living_space: ['living space must be at least 1'],
      avg_utilities: ['avg utilities cannot be negative'],
    });
  });
});

describe('the listing number fields, described once (LISTING_NUMBER_FIELDS)', () => {
  it('makes each a form field read within its range, optional as described, and a field of the wire', () => {
    for (const name of LISTING_NUMBER_NAMES) {
      const { min, max, optional } = listingNumberField(name);
      const field = PropertyFieldsObject.shape[name];
      expect(field.safeParse(String(max)).data, name).toBe(max);
      expect(field.safeParse(String(min)).data, name).toBe(min);
      expect(field.safeParse(String(max + 1)).success, name).toBe(false);
      if (min > 0) expect(field.safeParse(String(min - 1)).success, name).toBe(false);
      expect(field.safeParse('').success, name).toBe(optional !== undefined);
      expect(Property.shape[name].safeParse(null).success, name).toBe(optional === 'null');
      expect(Property.shape[name].safeParse(max).success, name).toBe(true);
    }
    // The form's order of the number fields is the list's (the wizard reports problems in it).
    const formOrder = Object.keys(PropertyFieldsObject.shape).filter((key) => key in LISTING_NUMBER_FIELDS);
    expect(formOrder).toEqual(LISTING_NUMBER_NAMES);
  });

  it('reads each by its kind: baht as a price, an amount with separators, a count as a whole number', () => {
    const read = (name: (typeof LISTING_NUMBER_NAMES)[number], text: string) =>
      PropertyFieldsObject.shape[name].safeParse(text);
    expect(read('avg_utilities', '฿2,500.50').data).toBe(2501);
    expect(read('living_space', '1,200').data).toBe(1200);
    expect(read('living_space', '฿1,200').success).toBe(false);
    expect(read('bed_rooms', '๓').data).toBe(3);
    expect(read('bed_rooms', '2.5').success).toBe(false);
  });

  it('says what a blank optional one is (null or 0) and where level and floors are required', () => {
    expect(LISTING_NUMBER_NAMES.map((name) => [name, blankValueOf(name)])).toEqual([
      ['area', undefined],
      ['level', 0],
      ['bed_rooms', undefined],
      ['bath_rooms', undefined],
      ['kitchen', undefined],
      ['floors', 0],
      ['living_space', null],
      ['lot_area', null],
      ['avg_utilities', null],
    ]);
    const required = (subType: string) => LISTING_NUMBER_NAMES.filter((name) => isRequiredListingNumber(name, subType));
    expect(required('condo')).toEqual(['area', 'level', 'bed_rooms', 'bath_rooms', 'kitchen', 'floors']);
    expect(required('villa')).toEqual(['area', 'bed_rooms', 'bath_rooms', 'kitchen', 'floors']);
    expect(required('land')).toEqual(['area', 'bed_rooms', 'bath_rooms', 'kitchen']);
  });
});

describe('CreatePropertyFields: level and floors by sub type', () => {
  it('asks a level of condos, apartments and offices only', () => {
    expect(PROPERTY_SUB_TYPES.filter(hasLevel)).toEqual(['condo', 'apartment', 'office']);
    expect(errorsOf(without('level'))).toEqual({ level: ['level is required'] });
    expect(errorsOf({ ...without('level'), property_sub_type: 'office' })).toEqual({ level: ['level is required'] });
    expect(parse({ ...FIELDS, level: '0' }).success).toBe(true);
    for (const sub of ['villa', 'house', 'townhouse', 'land', 'pent_villa', 'home_office']) {
      const result = parse({ ...without('level'), property_sub_type: sub, floors: '2' });
      expect(result.success && result.data.level, sub).toBeUndefined();
    }
    // A spec client that sends a level for a villa is not refused.
    const villa = parse({ ...FIELDS, property_sub_type: 'villa', level: '0' });
    expect(villa.success && villa.data.level).toBe(0);
  });

  it('needs at least one floor, except on land, which may have none', () => {
    expect(errorsOf({ ...FIELDS, floors: '0' })).toEqual({ floors: ['floors must be at least 1'] });
    expect(errorsOf({ ...FIELDS, property_sub_type: 'villa', floors: '0' })).toEqual({
      floors: ['floors must be at least 1'],
    });
    expect(errorsOf(without('floors'))).toEqual({ floors: ['floors is required'] });
    expect(hasFloors('land')).toBe(false);
    const land = parse({ ...without('level'), property_sub_type: 'land', floors: '0' });
    expect(land.success && land.data.floors).toBe(0);
    const bare = parse({ ...without('floors', without('level')), property_sub_type: 'land' });
    expect(bare.success && bare.data.floors).toBeUndefined();
  });

  it('reports the level and floors rules together with the other fields', () => {
    expect(errorsOf({ ...without('level', without('title')), floors: '0' })).toEqual({
      title: ['title is required'],
      level: ['level is required'],
      floors: ['floors must be at least 1'],
    });
  });

  it('leaves a partial of the plain object usable for an edit', () => {
    expect(PropertyFieldsObject.partial().safeParse({ price: '฿100' }).data?.price).toBe(100);
  });
});

describe('CreatePropertyFields: sub type names from the spec', () => {
  it.each([
    ['Condo', 'condo'],
    ['Apartment', 'apartment'],
    ['Townhome/Townhouse', 'townhouse'],
    ['townhome / townhouse', 'townhouse'],
    ['Townhome', 'townhouse'],
    ['Villa', 'villa'],
    ['Pent Villa', 'pent_villa'],
    ['PENT  VILLA', 'pent_villa'],
    ['Home office', 'home_office'],
    ['HOME OFFICE', 'home_office'],
    ['  Land ', 'land'],
    ['pent_villa', 'pent_villa'],
  ])('reads %j as %s', (name, key) => {
    const result = parse({ ...FIELDS, property_sub_type: name, level: '3', floors: '2' });
    expect(result.success && result.data.property_sub_type).toBe(key);
  });

  it.each([
    ['House', 'house'],
    ['Detached house', 'house'],
    ['single  HOUSE', 'house'],
    ['Twin house', 'twinhouse'],
    ['Semi-detached house', 'twinhouse'],
    ['Shophouse', 'shophouse'],
    ['Shop house', 'shophouse'],
    ['Office', 'office'],
    ['Bungalow', 'bungalow'],
    ['Town house', 'townhouse'],
  ])('reads the site’s own name %j as %s', (name, key) => {
    const result = parse({ ...FIELDS, property_sub_type: name, level: '3', floors: '2' });
    expect(result.success && result.data.property_sub_type).toBe(key);
  });

  it('refuses a name longer than any it knows, as it came', () => {
    const long = `${' '.repeat(58)}House`;
    expect(errorsOf({ ...FIELDS, property_sub_type: long }).property_sub_type?.[0]).toMatch(/must be one of/);
    // At the limit (60 characters) the name is still read.
    const atLimit = `${' '.repeat(55)}House`;
    expect(atLimit).toHaveLength(60);
    const result = parse({ ...FIELDS, property_sub_type: atLimit, floors: '2' });
    expect(result.success && result.data.property_sub_type).toBe('house');
    expect(toSubTypeKey(long)).toBe(long);
  });

  it('knows every spec name', () => {
    for (const [key, name] of Object.entries(SPEC_SUB_TYPE_NAMES)) {
      const result = parse({ ...FIELDS, property_sub_type: name });
      expect(result.success && result.data.property_sub_type).toBe(key);
    }
  });

  it('refuses other names, and says which are known', () => {
    expect(errorsOf({ ...FIELDS, property_sub_type: 'Castle' }).property_sub_type?.[0]).toMatch(
      /^property sub type must be one of: condo, house, .* \(or the wizard's names: Condo, Apartment, Townhome\/Townhouse, /,
    );
    expect(errorsOf({ ...FIELDS, property_sub_type: '' }).property_sub_type).toEqual(['property sub type is required']);
    expect(errorsOf(without('property_sub_type')).property_sub_type).toEqual(['property sub type is required']);
  });
});

describe('nestPropertyFields and rooms', () => {
  it('keeps half-filled room blocks so the schema names what is missing; leaves out blank ones', () => {
    const flat = {
      ...FIELDS,
      'rooms[0][type]': 'bedroom',
      'rooms[0][quantity]': '2',
      'rooms[1][type]': '',
      'rooms[1][quantity]': '',
      'rooms[2][type]': 'bathroom',
      'rooms[3][quantity]': '1',
      'rooms[4][type]': 'garage',
      'rooms[4][quantity]': '',
    };
    expect(nestPropertyFields(flat).rooms).toEqual([
      { type: 'bedroom', quantity: '2' },
      { type: 'bathroom', quantity: '' },
      { type: '', quantity: '1' },
      { type: 'garage', quantity: '' },
    ]);
    expect(errorsOf(flat)).toEqual({
      'rooms.1.quantity': ['room count is required'],
      'rooms.2.type': ['room type is required'],
      'rooms.3.quantity': ['room count is required'],
    });
  });

  it('reads room counts as counts', () => {
    const result = parse({ ...FIELDS, 'rooms[0][type]': 'bedroom', 'rooms[0][quantity]': '๒' });
    expect(result.success && result.data.rooms).toEqual([{ type: 'bedroom', quantity: 2 }]);
    expect(errorsOf({ ...FIELDS, 'rooms[0][type]': 'bedroom', 'rooms[0][quantity]': '0' })).toEqual({
      'rooms.0.quantity': ['room count must be at least 1'],
    });
    expect(errorsOf({ ...FIELDS, 'rooms[0][type]': 'bedroom', 'rooms[0][quantity]': '1.5' })).toEqual({
      'rooms.0.quantity': ['room count must be a whole number'],
    });
  });
});
