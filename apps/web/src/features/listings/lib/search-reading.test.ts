import type { Understood } from '@baan/contract';
import { describe, expect, it } from 'vitest';
import { buyRentChangesFor, buyRentParamName } from './buy-rent-params';
import { exactSearch, isAlsoInAddress, withoutParams, withoutReading } from './search-reading';

const reading = (kind: Understood['kind'], value: string, label = value): Understood => ({ kind, value, label });
const params = (text: string) => new URLSearchParams(text);
const entries = (search: URLSearchParams) => Object.fromEntries(search);

// "คอนโด สุขุมวิท 2 ห้องนอน ไม่เกิน 3 ล้าน เงียบ" as the server reads it.
const READINGS = [
  reading('sub_type', 'condo', 'คอนโด'),
  reading('place', 'district:watthana', 'สุขุมวิท'),
  reading('bedrooms', '2', '2 ห้องนอน'),
  reading('max_price', '3000000', 'ไม่เกิน ฿3 ล้าน'),
  reading('text', 'เงียบ'),
];

describe('removing one reading of q rebuilds the address from the others', () => {
  it('turns readings with a parameter into it, puts places and words back into q in order, and goes to page 1', () => {
    const search = params('q=x&type=rent&page=3');
    expect(entries(withoutReading(search, READINGS, 4))).toEqual({
      q: 'สุขุมวิท',
      type: 'rent',
      sub_type: 'condo',
      bedrooms: '2',
      max_price: '3000000',
    });
    expect(entries(withoutReading(search, READINGS, 1))).toEqual({
      q: 'เงียบ',
      type: 'rent',
      sub_type: 'condo',
      bedrooms: '2',
      max_price: '3000000',
    });
  });

  it('leaves an explicit filter of the address as it is (its own chip removes it)', () => {
    const next = withoutReading(params('q=x&bedrooms=3'), READINGS, 1);
    expect(next.get('bedrooms')).toBe('3');
    expect(next.getAll('bedrooms')).toHaveLength(1);
  });

  it('keeps exact while words are left, drops it with the last of them, and drops q with no words left', () => {
    const two = [reading('place', 'district:watthana', 'Sukhumvit'), reading('type', 'rent', 'For rent')];
    expect(entries(withoutReading(params('q=x&exact=1'), two, 1))).toEqual({ q: 'Sukhumvit', exact: '1' });
    expect(entries(withoutReading(params('q=x&exact=1'), two, 0))).toEqual({ type: 'rent' });
  });

  it('writes a reading whose value its parameter would refuse back as words, never as a bad parameter', () => {
    const odd = [
      reading('sub_type', 'spaceship', 'Spaceship'),
      reading('bedrooms', 'two', 'two bedrooms'),
      reading('station', 'BTS Asok!', 'Asok'),
      reading('text', 'x'),
    ];
    expect(entries(withoutReading(params('q=x'), odd, 3))).toEqual({ q: 'Spaceship two bedrooms Asok' });
    expect(
      entries(withoutReading(params('q=x'), [reading('station', 'bts-asok', 'Asok'), reading('text', 'x')], 1)),
    ).toEqual({ station: 'bts-asok' });
  });

  it('uses the page’s own name for a parameter (Buy or rent’s tab is the sub type)', () => {
    const next = withoutReading(params('q=x&type=sale'), READINGS, 4, buyRentParamName);
    expect(next.get('tab')).toBe('condo');
    expect(next.has('sub_type')).toBe(false);
  });
});

describe('explicit filters, the exact link and suggestions on Buy or rent', () => {
  it('drops the named parameters and the page; exact goes with the text', () => {
    expect(
      entries(withoutParams(params('q=x&exact=1&min_price=1&max_price=2&page=4'), ['min_price', 'max_price'])),
    ).toEqual({ q: 'x', exact: '1' });
    expect(entries(withoutParams(params('q=x&exact=1&type=rent'), ['q']))).toEqual({ type: 'rent' });
  });

  it('asks for the text exactly as typed from page 1', () => {
    expect(exactSearch(params('q=Sukumvit&page=2&type=rent')).toString()).toBe('q=Sukumvit&type=rent&exact=1');
  });

  it('lays a suggestion’s query over Buy or rent: its sub type is the tab, its text replaces the page’s', () => {
    expect(buyRentChangesFor(params('sub_type=condo&station=bts-asok&nonsense=1'))).toEqual({
      q: undefined,
      tab: 'condo',
      station: 'bts-asok',
    });
    expect(buyRentChangesFor(params('q=Sukhumvit&location=Bangkok'))).toEqual({ q: 'Sukhumvit', location: 'Bangkok' });
  });
});

describe('a reading the address sets too', () => {
  it('is one the address names under the reading’s parameter with the same value', () => {
    expect(isAlsoInAddress(reading('bedrooms', '2'), params('q=x&bedrooms=2'))).toBe(true);
    expect(isAlsoInAddress(reading('bedrooms', '2'), params('q=x&bedrooms=3'))).toBe(false);
    expect(isAlsoInAddress(reading('sub_type', 'condo'), params('tab=condo'), buyRentParamName)).toBe(true);
    expect(isAlsoInAddress(reading('sub_type', 'condo'), params('sub_type=condo'), buyRentParamName)).toBe(false);
    expect(isAlsoInAddress(reading('place', 'Bangkok'), params('location=Bangkok'))).toBe(false);
    expect(isAlsoInAddress(reading('text', 'x'), params('q=x'))).toBe(false);
  });
});
