import { PROJECT_LIMITS, PROJECT_SLUG_PATTERN } from './project-values.ts';
import { FURNISHINGS, type Furnishing, RENTAL_TERM_FIELDS } from './rental-terms.ts';

// No zod here. These are the rules of GET /api/properties' parameters that the search box reads from a page's address
// on every page's first load. The schema (properties.ts PropertyListObject) is built on these same functions, and
// list-params.test.ts checks that each reader gives the schema's answer.

/** Query strings arrive as text; an empty value counts as absent (a cleared form field). */
export const blankToUndefined = (value: unknown) =>
  value === '' || value === undefined || value === null ? undefined : value;

/** A whole-number parameter as text: digits only ("12", not "12.5", "-1" or "1e3"), read as a number; else as it came. */
export function wholeNumberText(value: unknown): unknown {
  const v = blankToUndefined(value);
  if (typeof v === 'string' && /^\d{1,10}$/.test(v.trim())) return Number(v.trim());
  return v;
}

/** A whole-number parameter within [min, max]; undefined when absent or refused. */
export function readWholeNumber(value: unknown, min: number, max: number): number | undefined {
  const n = wholeNumberText(value);
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= min && n <= max ? n : undefined;
}

/** `within_m`: metres to a station, walking estimate. */
export const WITHIN_M_RANGE = { min: 100, max: 5000 } as const;

/** A station id of GET /api/stations (`bts-asok`): lower-case letters, digits and dashes. */
export const STATION_ID_PATTERN = /^[a-z0-9-]{2,60}$/;

/** A map area: west, south, east, north in degrees (WGS 84). */
export type BBox = [minLon: number, minLat: number, maxLon: number, maxLat: number];

/** `minLon,minLat,maxLon,maxLat` as four numbers (up to 12 decimals each); as it came when it is not four numbers. */
export function bboxNumbers(value: unknown): unknown {
  const v = blankToUndefined(value);
  if (typeof v !== 'string') return v;
  const parts = v.split(',').map((part) => part.trim());
  if (parts.length !== 4 || parts.some((part) => !/^-?\d{1,3}(\.\d{1,12})?$/.test(part))) return v;
  return parts.map(Number);
}

/** Longitudes from -180 to 180, latitudes from -90 to 90. */
export const bboxInWorld = ([w, s, e, n]: readonly number[]) =>
  (w as number) >= -180 && (e as number) <= 180 && (s as number) >= -90 && (n as number) <= 90;
/** West before east, south below north. */
export const bboxOrdered = ([w, s, e, n]: readonly number[]) =>
  (w as number) < (e as number) && (s as number) < (n as number);

const isText = (value: unknown): value is string => typeof value === 'string';

/** The search's parameters that the pages read from an address with the API's rules; undefined when absent or refused. */
export const readListParam = {
  /** `bbox` (text, as an address carries it): the text as it came when it is a map area the API takes. */
  bbox(value: unknown): string | undefined {
    const box = isText(value) ? bboxNumbers(value) : undefined;
    return Array.isArray(box) && bboxInWorld(box) && bboxOrdered(box) ? (value as string) : undefined;
  },
  station(value: unknown): string | undefined {
    const v = blankToUndefined(value);
    return isText(v) && STATION_ID_PATTERN.test(v) ? v : undefined;
  },
  within_m: (value: unknown) => readWholeNumber(value, WITHIN_M_RANGE.min, WITHIN_M_RANGE.max),
  project(value: unknown): string | undefined {
    const v = blankToUndefined(value);
    return isText(v) && v.length <= PROJECT_LIMITS.slug && PROJECT_SLUG_PATTERN.test(v) ? v : undefined;
  },
  furnishing(value: unknown): Furnishing | undefined {
    const v = blankToUndefined(value);
    return (FURNISHINGS as readonly unknown[]).includes(v) ? (v as Furnishing) : undefined;
  },
  max_deposit_months: (value: unknown) =>
    readWholeNumber(value, RENTAL_TERM_FIELDS.deposit_months.min, RENTAL_TERM_FIELDS.deposit_months.max),
  max_min_lease_months: (value: unknown) =>
    readWholeNumber(value, RENTAL_TERM_FIELDS.min_lease_months.min, RENTAL_TERM_FIELDS.min_lease_months.max),
} as const;
