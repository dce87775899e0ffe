import { describe, expect, it } from 'vitest';
import { parseAmount, parseCount, toAsciiDigits } from './index.ts';

const baht = (input: unknown) => parseAmount(input, { currency: true, decimals: true });
const value = (input: unknown) => {
  const parsed = baht(input);
  return parsed.ok ? parsed.value : parsed.problem;
};

describe('parseAmount: prices as people type and paste them', () => {
  it.each([
    ['1234567', 1_234_567],
    ['1,234,567', 1_234_567],
    ['1234567.89', 1_234_568],
    ['1,234,567.89', 1_234_568],
    ['1234567.49', 1_234_567],
    ['1234567.50', 1_234_568],
    ['1234567.5', 1_234_568],
    ['1234567.499999', 1_234_567],
    ['0.5', 1],
    ['2499999.99', 2_500_000],
    ['฿2,500,000.00', 2_500_000],
    ['฿ 2,500,000', 2_500_000],
    ['2,500,000฿', 2_500_000],
    ['THB 2,500,000', 2_500_000],
    ['thb2500000', 2_500_000],
    ['2,500,000 THB', 2_500_000],
    ['2,500,000 baht', 2_500_000],
    ['2,500,000 Baht', 2_500_000],
    ['2,500,000 บาท', 2_500_000],
    ['฿2,500,000.-', 2_500_000],
    ['2 500 000', 2_500_000],
    ['2\u00a0500\u00a0000', 2_500_000],
    ['2\u202f500\u202f000', 2_500_000],
    ['  35000  ', 35_000],
    ['35000.', 35_000],
    ['๒,๕๐๐,๐๐๐', 2_500_000],
    ['๓๕๐๐๐ บาท', 35_000],
    ['๑๒๓๔๕๖๗.๘๙', 1_234_568],
    ['２５０００００', 2_500_000],
    ['２，５００，０００．００', 2_500_000],
    ['฿２５,０００', 25_000],
    ['2,500,\u200b000', 2_500_000],
    ['0012500', 12_500],
    [2_500_000, 2_500_000],
    [1_234_567.89, 1_234_568],
  ])('reads %j as %d', (input, expected) => {
    expect(value(input)).toBe(expected);
  });

  it.each([
    ['1.2.3', 'notNumber'],
    ['1,2.3', 'notNumber'],
    ['abc', 'notNumber'],
    ['12abc', 'notNumber'],
    ['1e6', 'notNumber'],
    ['0x10', 'notNumber'],
    ['Infinity', 'notNumber'],
    ['NaN', 'notNumber'],
    ['+500', 'notNumber'],
    ['1,23,456', 'notNumber'],
    ['12,34', 'notNumber'],
    ['1,2345', 'notNumber'],
    ['25 00', 'notNumber'],
    ['2.500.000', 'notNumber'],
    ['1.234.567,89', 'notNumber'],
    ['.5', 'notNumber'],
    ['฿฿5', 'notNumber'],
    ['2,500฿000', 'notNumber'],
    ['$2,500', 'notNumber'],
    ['2.5 ล้าน', 'notNumber'],
    ['-', 'notNumber'],
    ['-5', 'negative'],
    ['-฿5', 'negative'],
    ['฿-2,500', 'negative'],
    ['\u22125', 'negative'],
    [-5, 'negative'],
    ['', 'required'],
    ['   ', 'required'],
    ['฿', 'required'],
    ['baht', 'required'],
    [undefined, 'required'],
    [null, 'required'],
    [Number.NaN, 'notNumber'],
    [{}, 'notNumber'],
  ])('refuses %j (%s)', (input, problem) => {
    expect(value(input)).toBe(problem);
  });

  it('says when satang were rounded away', () => {
    expect(baht('1234567.89')).toEqual({ ok: true, value: 1_234_568, isRounded: true });
    expect(baht('1234567.00')).toEqual({ ok: true, value: 1_234_567, isRounded: false });
    expect(baht('1234567')).toEqual({ ok: true, value: 1_234_567, isRounded: false });
  });

  it('takes no currency and no decimal part unless asked (areas in sqm)', () => {
    expect(parseAmount('1,250')).toEqual({ ok: true, value: 1250, isRounded: false });
    expect(parseAmount('72.00')).toEqual({ ok: true, value: 72, isRounded: false });
    expect(parseAmount('72.5')).toEqual({ ok: false, problem: 'wholeNumber' });
    expect(parseAmount('฿72')).toEqual({ ok: false, problem: 'notNumber' });
  });
});

describe('parseCount', () => {
  it.each([
    ['3', 3],
    [' 12 ', 12],
    ['๓', 3],
    ['１８', 18],
    ['0', 0],
    [4, 4],
  ])('reads %j as %d', (input, expected) => {
    expect(parseCount(input)).toEqual({ ok: true, value: expected, isRounded: false });
  });

  it.each([
    ['2.5', 'wholeNumber'],
    ['-1', 'wholeNumber'],
    ['1,000', 'wholeNumber'],
    ['two', 'wholeNumber'],
    ['1e2', 'wholeNumber'],
    [2.5, 'wholeNumber'],
    ['', 'required'],
    [undefined, 'required'],
  ])('refuses %j (%s)', (input, problem) => {
    expect(parseCount(input)).toEqual({ ok: false, problem });
  });
});

it('turns Thai and full-width digits into ASCII and drops zero-width characters', () => {
  expect(toAsciiDigits('๐๑๒๓๔๕๖๗๘๙')).toBe('0123456789');
  expect(toAsciiDigits('０１２３４５６７８９')).toBe('0123456789');
  expect(toAsciiDigits('1\u200b2\ufeff3')).toBe('123');
});
