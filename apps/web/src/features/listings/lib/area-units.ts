import { SQM_PER_RAI, SQM_PER_WAH, toAsciiDigits } from '@baan/contract';

/**
 * The units the area range can be typed in (issue 16); the address and the API always get m² (`min_area`, `max_area`).
 * The form's `area_in` names the unit typed in and is read here only: it is no search parameter.
 */
export const AREA_UNITS = ['sqm', 'rai', 'wah'] as const;
export type AreaUnit = (typeof AREA_UNITS)[number];
const SQM_PER_UNIT: Record<AreaUnit, number> = { sqm: 1, rai: SQM_PER_RAI, wah: SQM_PER_WAH };

/** The unit the area range is shown in at first: rai for Thai readers looking for land, else m². */
export const defaultAreaUnit = (language: string, subType?: string): AreaUnit =>
  language === 'th' && subType === 'land' ? 'rai' : 'sqm';

/** The largest area the search takes (`min_area`/`max_area` in the contract): 6,250 rai. */
export const MAX_AREA_SQM = 10_000_000;

/**
 * Typed area in `unit` as whole m² ("2" rai → 3200); m² stay whole numbers, rai and wah may have decimals. A comma
 * only groups thousands (as the wizard reads rai): "1,5" is no number rather than 15. Past the search's largest area
 * it is no area either.
 */
export function areaToSquareMetres(text: string, unit: AreaUnit): number | undefined {
  const digits = toAsciiDigits(text)
    .trim()
    .replace(/\s/g, '')
    .replace(/(\d),(?=\d{3}(?!\d))/g, '$1');
  const pattern = unit === 'sqm' ? /^\d{1,10}$/ : /^\d{1,10}(\.\d{0,4})?$/;
  if (!pattern.test(digits)) return undefined;
  const squareMetres = Math.round(Number(digits) * SQM_PER_UNIT[unit]);
  return squareMetres <= MAX_AREA_SQM ? squareMetres : undefined;
}

/** m² as the range shows them in `unit`: 3200 → "2" rai, 3000 → "1.875" rai, 3600 → "900" sq wah. */
export function squareMetresIn(squareMetres: number | undefined, unit: AreaUnit): string {
  if (squareMetres === undefined) return '';
  return String(Math.round((squareMetres / SQM_PER_UNIT[unit]) * 10_000) / 10_000);
}

export const areaUnitOf = (value: string | null): AreaUnit =>
  value !== null && (AREA_UNITS as readonly string[]).includes(value) ? (value as AreaUnit) : 'sqm';
