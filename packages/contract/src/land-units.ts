import { MAX_NUMBER_TEXT, toAsciiDigits } from './amount.ts';

/**
 * Thai land measures (issue 16): 1 rai = 4 ngan = 400 square wah = 1,600 m²; 1 square wah = 4 m². Listings store
 * and the API takes areas in whole square metres; these convert what a Thai buyer or owner reads and types.
 */
export const SQM_PER_WAH = 4;
export const WAH_PER_NGAN = 100;
export const NGAN_PER_RAI = 4;
export const SQM_PER_NGAN = SQM_PER_WAH * WAH_PER_NGAN; // 400
export const SQM_PER_RAI = SQM_PER_NGAN * NGAN_PER_RAI; // 1,600

/** An area as rai, ngan and square wah; wah may have up to two decimals. */
export interface LandParts {
  rai: number;
  ngan: number;
  wah: number;
}

/** Whole square metres of rai + ngan + wah (any of them may be over its usual range: 5 ngan is 2,000 m²). */
export function toSquareMetres({ rai = 0, ngan = 0, wah = 0 }: Partial<LandParts>): number {
  // Work in hundredths of a wah so 0.01 wah steps add up exactly; 1 wah = 4 m², so 25 hundredths = 1 m².
  const hundredths = Math.round(wah * 100) + (ngan * WAH_PER_NGAN + rai * NGAN_PER_RAI * WAH_PER_NGAN) * 100;
  return Math.round((hundredths * SQM_PER_WAH) / 100);
}

/** Whole rai, whole ngan (0–3) and square wah (0–99.99, to two decimals) of an area in m². */
export function fromSquareMetres(squareMetres: number): LandParts {
  // In whole hundredths of a square wah first, so rounding can never leave 100 wah (1,999.99 m² is 1 rai 1 ngan).
  const hundredths = Math.max(0, Math.round((squareMetres / SQM_PER_WAH) * 100));
  const perNgan = (SQM_PER_NGAN / SQM_PER_WAH) * 100;
  const perRai = (SQM_PER_RAI / SQM_PER_WAH) * 100;
  const rai = Math.floor(hundredths / perRai);
  const ngan = Math.floor((hundredths - rai * perRai) / perNgan);
  const wah = (hundredths - rai * perRai - ngan * perNgan) / 100;
  return { rai, ngan, wah };
}

/** Why typed rai, ngan and wah cannot be read. */
export type LandPartsProblem = 'notNumber' | 'negative' | 'raiWhole' | 'nganRange' | 'wahRange' | 'wahDecimals';

export type ParsedLandParts =
  | { ok: true; parts: LandParts; squareMetres: number; isBlank: boolean }
  | { ok: false; part: keyof LandParts; problem: LandPartsProblem };

const NUMBER = /^\d+(\.\d*)?$|^\.\d+$/;

/**
 * Rai, ngan and square wah as typed (Thai or full-width digits, commas in rai): each may be blank (0). Rai and ngan
 * are whole, ngan at most 3, wah under 100 with at most two decimals, as a title deed writes them ("2-1-50.25").
 */
export function parseLandParts(text: { rai?: string; ngan?: string; wah?: string }): ParsedLandParts {
  const parts: LandParts = { rai: 0, ngan: 0, wah: 0 };
  let isBlank = true;
  for (const part of ['rai', 'ngan', 'wah'] as const) {
    const typed = text[part] ?? '';
    // Nothing longer than a figure is normalised or matched (MAX_NUMBER_TEXT).
    if (typed.length > MAX_NUMBER_TEXT) return { ok: false, part, problem: 'notNumber' };
    const raw = toAsciiDigits(typed)
      .trim()
      .replace(/(\d),(?=\d{3}\b)/g, '$1');
    if (raw === '') continue;
    isBlank = false;
    if (/^[-\u2212]/.test(raw)) return { ok: false, part, problem: /\d/.test(raw) ? 'negative' : 'notNumber' };
    if (!NUMBER.test(raw)) return { ok: false, part, problem: 'notNumber' };
    const value = Number(raw);
    // Trailing zeros are not decimals ("2.0" rai is whole); the lookbehind starts the match at the run's first zero.
    const decimals = raw.split('.')[1]?.replace(/(?<!0)0+$/, '') ?? '';
    if (part === 'wah') {
      if (decimals.length > 2) return { ok: false, part, problem: 'wahDecimals' };
      if (value >= WAH_PER_NGAN) return { ok: false, part, problem: 'wahRange' };
    } else if (decimals.length > 0) {
      return { ok: false, part, problem: part === 'rai' ? 'raiWhole' : 'nganRange' };
    }
    if (part === 'ngan' && value >= NGAN_PER_RAI) return { ok: false, part, problem: 'nganRange' };
    parts[part] = value;
  }
  return { ok: true, parts, squareMetres: toSquareMetres(parts), isBlank };
}
