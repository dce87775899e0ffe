import { describe, expect, it } from 'vitest';
import { areaToSquareMetres, MAX_AREA_SQM, squareMetresIn } from './area-units';

describe('areaToSquareMetres', () => {
  it('converts rai and square wah to whole m², and takes m² as typed', () => {
    expect(areaToSquareMetres('2', 'rai')).toBe(3200);
    expect(areaToSquareMetres('1.5', 'rai')).toBe(2400);
    expect(areaToSquareMetres('900', 'wah')).toBe(3600);
    expect(areaToSquareMetres(' 3,600 ', 'sqm')).toBe(3600);
    expect(areaToSquareMetres('๒', 'rai')).toBe(3200);
  });

  it('reads a comma only as a thousands separator: "1,5" is no number, not 15', () => {
    expect(areaToSquareMetres('1,5', 'rai')).toBeUndefined();
    expect(areaToSquareMetres('1,000', 'wah')).toBe(4000);
    expect(areaToSquareMetres('1,0000', 'sqm')).toBeUndefined();
    expect(areaToSquareMetres('', 'sqm')).toBeUndefined();
    expect(areaToSquareMetres('-2', 'rai')).toBeUndefined();
    expect(areaToSquareMetres('1.5', 'sqm')).toBeUndefined();
  });

  it('stops at the search’s largest area: 6,250 rai is in, a square wah more is not', () => {
    expect(areaToSquareMetres('6250', 'rai')).toBe(MAX_AREA_SQM);
    expect(areaToSquareMetres('2500000', 'wah')).toBe(MAX_AREA_SQM);
    expect(areaToSquareMetres('2500001', 'wah')).toBeUndefined();
    expect(areaToSquareMetres('9999999999', 'rai')).toBeUndefined();
    expect(areaToSquareMetres(String(MAX_AREA_SQM + 1), 'sqm')).toBeUndefined();
  });

  it('is what the address is read with too: the same bound in m² with or without JavaScript', async () => {
    const { fromSearchParams } = await import('./search-params');
    expect(fromSearchParams(new URLSearchParams('min_area=3200&max_area=99999999999')).min_area).toBe(3200);
    expect(fromSearchParams(new URLSearchParams('max_area=99999999999')).max_area).toBeUndefined();
    expect(fromSearchParams(new URLSearchParams('area_in=rai&min_area=2')).min_area).toBe(3200);
    expect(fromSearchParams(new URLSearchParams('area_in=rai&min_area=1,5')).min_area).toBeUndefined();
    expect(fromSearchParams(new URLSearchParams('area_in=%00&min_area=%00')).min_area).toBeUndefined();
  });

  it('shows m² back in the unit', () => {
    expect(squareMetresIn(3200, 'rai')).toBe('2');
    expect(squareMetresIn(3600, 'wah')).toBe('900');
    expect(squareMetresIn(undefined, 'rai')).toBe('');
  });
});
