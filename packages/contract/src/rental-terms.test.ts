import { describe, expect, it } from 'vitest';
import { CreatePropertyFields } from './create-property.ts';
import { UpdatePropertyFields } from './owners.ts';
import { moveInCost, parseRate, RENTAL_TERM_NAMES, rentalTermIssues } from './rental-terms.ts';

const RENT = {
  type: 'rent',
  user_type: 'owner',
  property_type: 'residential',
  property_sub_type: 'house',
  location: 'Bang Na, Bangkok',
  title: 'House with a garden',
  description: 'Three bedrooms.',
  price: '30000',
  area: '160',
  bed_rooms: '3',
  bath_rooms: '2',
  kitchen: '1',
  floors: '2',
};

describe('moveInCost', () => {
  it('is the first month, the advance and the deposit; null when either term is missing', () => {
    expect(moveInCost(20_000, { advance_months: 1, deposit_months: 2 })).toBe(80_000);
    expect(moveInCost(20_000, { advance_months: 0, deposit_months: 0 })).toBe(20_000);
    expect(moveInCost(20_000, { advance_months: null, deposit_months: 2 })).toBeNull();
    expect(moveInCost(20_000, { advance_months: 1, deposit_months: null })).toBeNull();
  });
});

describe('parseRate', () => {
  it('reads baht per unit with up to two decimals, Thai digits and a currency word', () => {
    expect(parseRate('7.5')).toEqual({ ok: true, value: 7.5, isRounded: false });
    expect(parseRate('๗.๕๐ บาท')).toMatchObject({ ok: true, value: 7.5 });
    expect(parseRate(8)).toMatchObject({ ok: true, value: 8 });
  });
  it('refuses more decimals, words, negatives and overlong text', () => {
    expect(parseRate('7.555')).toEqual({ ok: false, problem: 'notNumber' });
    expect(parseRate('seven')).toEqual({ ok: false, problem: 'notNumber' });
    expect(parseRate('-7')).toEqual({ ok: false, problem: 'negative' });
    expect(parseRate(`7${' '.repeat(100)}`)).toEqual({ ok: false, problem: 'notNumber' });
    expect(parseRate('')).toEqual({ ok: false, problem: 'required' });
  });
});

describe('the rental terms on the create and edit forms', () => {
  it('reads every term of a rental, blank ones as not given', () => {
    const fields = CreatePropertyFields.parse({
      ...RENT,
      deposit_months: '2',
      advance_months: '1',
      min_lease_months: '',
      furnishing: 'partly',
      pets_allowed: '0',
      electricity: 'government',
    });
    expect(fields).toMatchObject({ deposit_months: 2, advance_months: 1, furnishing: 'partly', pets_allowed: 0 });
    expect(fields.min_lease_months).toBeUndefined();
  });

  it('refuses each term on a sale listing with its own issue (rentOnly), and a rate without the building rate', () => {
    const sale = CreatePropertyFields.safeParse({ ...RENT, type: 'sale', pets_allowed: '1', min_lease_months: '12' });
    expect(sale.success).toBe(false);
    expect(sale.error?.issues.map((issue) => issue.path[0]).sort()).toEqual(['min_lease_months', 'pets_allowed']);
    const rate = CreatePropertyFields.safeParse({ ...RENT, electricity: 'government', electricity_rate: '7' });
    expect(rate.error?.issues).toEqual([
      expect.objectContaining({ path: ['electricity_rate'], params: { problem: 'rateNeedsBuilding' } }),
    ]);
  });

  it('lets an edit send a term blank (to clear it) and JSON numbers', () => {
    const edit = UpdatePropertyFields.parse({ deposit_months: '', pets_allowed: 1, electricity_rate: 7.25 });
    expect(Object.hasOwn(edit, 'deposit_months')).toBe(true);
    expect(edit.deposit_months).toBeUndefined();
    expect(edit).toMatchObject({ pets_allowed: 1, electricity_rate: 7.25 });
  });

  it('names no issue for a rental without terms or a sale with none', () => {
    expect(rentalTermIssues({ type: 'sale', terms: {} })).toEqual([]);
    expect(
      rentalTermIssues({ type: 'rent', terms: Object.fromEntries(RENTAL_TERM_NAMES.map((n) => [n, null])) }),
    ).toEqual([]);
  });
});

describe('every message at once', () => {
  it('reports a condo without its level beside a term past its limit', () => {
    const result = CreatePropertyFields.safeParse({ ...RENT, property_sub_type: 'condo', deposit_months: '13' });
    expect(result.error?.issues.map((issue) => issue.path[0]).sort()).toEqual(['deposit_months', 'level']);
  });
});
