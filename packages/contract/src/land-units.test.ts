import { describe, expect, it } from 'vitest';
import { fromSquareMetres, parseLandParts, SQM_PER_NGAN, SQM_PER_RAI, SQM_PER_WAH, toSquareMetres } from './index.ts';

describe('Thai land units', () => {
  it('has 1 rai = 4 ngan = 400 sq wah = 1,600 m²', () => {
    expect(SQM_PER_RAI).toBe(1600);
    expect(SQM_PER_NGAN).toBe(400);
    expect(SQM_PER_WAH).toBe(4);
  });

  it.each([
    [{ rai: 0, ngan: 0, wah: 0 }, 0],
    [{ rai: 2, ngan: 1, wah: 0 }, 3600],
    [{ rai: 1, ngan: 0, wah: 0 }, 1600],
    [{ rai: 0, ngan: 1, wah: 0 }, 400],
    [{ rai: 0, ngan: 0, wah: 1 }, 4],
    [{ rai: 0, ngan: 3, wah: 99.75 }, 1599],
    [{ rai: 0, ngan: 0, wah: 99.75 }, 399],
    [{ rai: 1, ngan: 0, wah: 50 }, 1800],
    [{ rai: 0, ngan: 0, wah: 0.25 }, 1],
    [{ rai: 0, ngan: 0, wah: 0.1 }, 0],
    [{ rai: 0, ngan: 0, wah: 0.13 }, 1],
    [{ rai: 0, ngan: 0, wah: 12.34 }, 49],
    [{ rai: 0, ngan: 5, wah: 0 }, 2000],
  ])('toSquareMetres(%o) = %i m²', (parts, m2) => {
    expect(toSquareMetres(parts)).toBe(m2);
  });

  it('treats missing parts as 0', () => {
    expect(toSquareMetres({ rai: 2 })).toBe(3200);
    expect(toSquareMetres({})).toBe(0);
  });

  it.each([
    [0, { rai: 0, ngan: 0, wah: 0 }],
    [1, { rai: 0, ngan: 0, wah: 0.25 }],
    [2, { rai: 0, ngan: 0, wah: 0.5 }],
    [3, { rai: 0, ngan: 0, wah: 0.75 }],
    [399, { rai: 0, ngan: 0, wah: 99.75 }],
    [400, { rai: 0, ngan: 1, wah: 0 }],
    [1599, { rai: 0, ngan: 3, wah: 99.75 }],
    [1600, { rai: 1, ngan: 0, wah: 0 }],
    [1800, { rai: 1, ngan: 0, wah: 50 }],
    [3600, { rai: 2, ngan: 1, wah: 0 }],
    [3601, { rai: 2, ngan: 1, wah: 0.25 }],
    [10_000_000, { rai: 6250, ngan: 0, wah: 0 }],
    [-5, { rai: 0, ngan: 0, wah: 0 }],
  ])('fromSquareMetres(%i) = %o', (m2, parts) => {
    expect(fromSquareMetres(m2)).toEqual(parts);
  });

  it('goes round the trip for every m² up to 2 rai', () => {
    for (let m2 = 0; m2 <= 3200; m2 += 1) expect(toSquareMetres(fromSquareMetres(m2))).toBe(m2);
  });

  describe('parseLandParts', () => {
    it('does not count trailing zeros as decimals: 2.0 rai, 1.00 ngan, 50.250 wah (as a deed may write them)', () => {
      expect(parseLandParts({ rai: '2.0', ngan: '1.00', wah: '50.250' })).toEqual({
        ok: true,
        parts: { rai: 2, ngan: 1, wah: 50.25 },
        squareMetres: 3801,
        isBlank: false,
      });
      expect(parseLandParts({ wah: '99.990' })).toMatchObject({ ok: true, parts: { wah: 99.99 } });
      // A real decimal still counts: 2.5 rai is not whole, 50.255 wah has three.
      expect(parseLandParts({ rai: '2.50' })).toEqual({ ok: false, part: 'rai', problem: 'raiWhole' });
      expect(parseLandParts({ wah: '50.2550' })).toEqual({ ok: false, part: 'wah', problem: 'wahDecimals' });
    });

    it('reads typed parts, blanks as 0, Thai digits and thousands separators', () => {
      expect(parseLandParts({ rai: '2', ngan: '1', wah: '' })).toEqual({
        ok: true,
        parts: { rai: 2, ngan: 1, wah: 0 },
        squareMetres: 3600,
        isBlank: false,
      });
      expect(parseLandParts({ rai: '๒', ngan: '๑' })).toMatchObject({ ok: true, squareMetres: 3600 });
      expect(parseLandParts({ rai: '1,000' })).toMatchObject({ ok: true, squareMetres: 1_600_000 });
      expect(parseLandParts({ wah: '50.25' })).toMatchObject({ ok: true, squareMetres: 201 });
      expect(parseLandParts({ rai: ' ', ngan: '', wah: '' })).toMatchObject({
        ok: true,
        squareMetres: 0,
        isBlank: true,
      });
    });

    it.each([
      [{ rai: '-1' }, 'rai', 'negative'],
      [{ ngan: '-2' }, 'ngan', 'negative'],
      [{ wah: 'abc' }, 'wah', 'notNumber'],
      [{ rai: '1.5' }, 'rai', 'raiWhole'],
      [{ ngan: '4' }, 'ngan', 'nganRange'],
      [{ ngan: '1.5' }, 'ngan', 'nganRange'],
      [{ wah: '100' }, 'wah', 'wahRange'],
      [{ wah: '99.999' }, 'wah', 'wahDecimals'],
    ])('refuses %o: %s %s', (text, part, problem) => {
      expect(parseLandParts(text)).toEqual({ ok: false, part, problem });
    });

    it('takes the edges of each range', () => {
      expect(parseLandParts({ ngan: '3', wah: '99.99' })).toMatchObject({ ok: true, squareMetres: 1600 });
      expect(parseLandParts({ ngan: '3', wah: '99.75' })).toMatchObject({ ok: true, squareMetres: 1599 });
      expect(parseLandParts({ wah: '99.50' })).toMatchObject({ ok: true });
    });
  });
});

describe('fromSquareMetres rounding', () => {
  it('never leaves 100 square wah: 1,999.99 m² is 1 rai 1 ngan, and wah stays under 100 for any area', () => {
    expect(fromSquareMetres(1999.99)).toEqual({ rai: 1, ngan: 1, wah: 0 });
    for (let m2 = 0; m2 < 3300; m2 += 0.37) {
      const { ngan, wah } = fromSquareMetres(m2);
      expect(wah, String(m2)).toBeLessThan(100);
      expect(ngan, String(m2)).toBeLessThan(4);
    }
  });
});
