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

/** Typed area in `unit` as whole m² ("2" rai → 3200); m² stay whole numbers, rai and wah may have decimals. */
export function areaToSquareMetres(text: string, unit: AreaUnit): number | undefined {
  const digits = toAsciiDigits(text).replace(/[,\s]/g, '');
  if (unit === 'sqm') return /^\d{1,10}$/.test(digits) ? Number(digits) : undefined;
  if (!/^\d{1,10}(\.\d{0,4})?$/.test(digits)) return undefined;
  return Math.round(Number(digits) * SQM_PER_UNIT[unit]);
}

/** m² as the range shows them in `unit`: 3200 → "2" rai, 3000 → "1.875" rai, 3600 → "900" sq wah. */
export function squareMetresIn(squareMetres: number | undefined, unit: AreaUnit): string {
  if (squareMetres === undefined) return '';
  return String(Math.round((squareMetres / SQM_PER_UNIT[unit]) * 10_000) / 10_000);
}

export const areaUnitOf = (value: string | null): AreaUnit =>
  value !== null && (AREA_UNITS as readonly string[]).includes(value) ? (value as AreaUnit) : 'sqm';
