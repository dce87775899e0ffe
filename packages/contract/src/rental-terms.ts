import { MAX_NUMBER_TEXT, type ParsedNumber, toAsciiDigits } from './amount.ts';

// No zod here: cards, the listing page and the filters read this list without loading the schemas (create-property.ts
// and properties.ts build them from it).

/** How furnished a rental is. */
export const FURNISHINGS = ['furnished', 'partly', 'unfurnished'] as const;
export type Furnishing = (typeof FURNISHINGS)[number];

/** How electricity is billed: at the government (MEA/PEA) rate, or at the building's own rate per unit. */
export const ELECTRICITY_BILLING = ['government', 'building'] as const;
export type ElectricityBilling = (typeof ELECTRICITY_BILLING)[number];

/** One rental term, described once for the contract, the API's columns, the wizard, the listing page and the filters. */
export type RentalTermField =
  /** Whole months within [min, max]. */
  | { key: string; kind: 'months'; min: number; max: number }
  /** One of `options`. */
  | { key: string; kind: 'choice'; options: readonly string[] }
  /** 0 or 1 on the form and the wire (a yes/no question). */
  | { key: string; kind: 'yesNo' }
  /** Baht per unit with up to two decimals (7.5), within [min, max]. */
  | { key: string; kind: 'rate'; min: number; max: number };

/**
 * A rent listing's terms by wire name (docs/api.md "Renters and conversations", binding), every one optional (`null`
 * on the wire when not given, and always `null` on a sale listing). Each becomes a form field of the create and edit
 * forms, a column of `properties` of the same SQL name (apps/api rental-term-columns.ts), a field on the wire, a
 * question of the wizard's rental terms and a line of the listing page's "Rental terms". `key` names it on the web
 * (`listings:rentalTerms.<key>`, the wizard's form key).
 */
export const RENTAL_TERM_FIELDS = {
  deposit_months: { key: 'depositMonths', kind: 'months', min: 0, max: 12 },
  advance_months: { key: 'advanceMonths', kind: 'months', min: 0, max: 12 },
  min_lease_months: { key: 'minLeaseMonths', kind: 'months', min: 1, max: 120 },
  furnishing: { key: 'furnishing', kind: 'choice', options: FURNISHINGS },
  pets_allowed: { key: 'petsAllowed', kind: 'yesNo' },
  electricity: { key: 'electricity', kind: 'choice', options: ELECTRICITY_BILLING },
  // Only with electricity=building (rentalTermIssues); the government rate is the utility's own.
  electricity_rate: { key: 'electricityRate', kind: 'rate', min: 1, max: 50 },
} as const satisfies Record<string, RentalTermField>;

type Terms = typeof RENTAL_TERM_FIELDS;
export type RentalTermName = keyof Terms;
export type RentalTermKey = Terms[RentalTermName]['key'];
/** The wire names, in the list's order (the order the wizard asks and the listing page shows them). */
export const RENTAL_TERM_NAMES = Object.keys(RENTAL_TERM_FIELDS) as RentalTermName[];
export const rentalTermField = (name: RentalTermName): RentalTermField => RENTAL_TERM_FIELDS[name];

/** The terms as the wire has them: null when not given. */
export type RentalTermsOnWire = {
  deposit_months: number | null;
  advance_months: number | null;
  min_lease_months: number | null;
  furnishing: Furnishing | null;
  pets_allowed: 0 | 1 | null;
  electricity: ElectricityBilling | null;
  electricity_rate: number | null;
};

/**
 * What moving in costs: the first month's rent, the advance and the deposit (price × (1 + advance + deposit)); null
 * when either term is not given.
 */
export function moveInCost(
  price: number,
  terms: Pick<RentalTermsOnWire, 'advance_months' | 'deposit_months'>,
): number | null {
  if (terms.advance_months === null || terms.deposit_months === null) return null;
  return price * (1 + terms.advance_months + terms.deposit_months);
}

/**
 * Baht per unit as people type it ("7.5", "๗.๕", "7.50 บาท"): at most two decimals. Bounded before anything reads it.
 */
export function parseRate(input: unknown): ParsedNumber {
  if (typeof input === 'number') return parseRate(String(input));
  if (input === undefined || input === null) return { ok: false, problem: 'required' };
  if (typeof input !== 'string' || input.length > MAX_NUMBER_TEXT) return { ok: false, problem: 'notNumber' };
  let text = toAsciiDigits(input).trim().toLowerCase();
  for (const word of ['฿', 'thb', 'baht', 'บาท']) {
    if (text.startsWith(word)) text = text.slice(word.length).trimStart();
    if (text.endsWith(word)) text = text.slice(0, -word.length).trimEnd();
  }
  if (text === '') return { ok: false, problem: 'required' };
  if (/^[-\u2212]\d/.test(text)) return { ok: false, problem: 'negative' };
  if (!/^\d{1,3}(?:\.\d{1,2})?$/.test(text)) return { ok: false, problem: 'notNumber' };
  return { ok: true, value: Number(text), isRounded: false };
}

/** Why a rental term cannot be stored with the listing's other fields (the web app translates by `problem`). */
export type RentalTermProblem = 'rentOnly' | 'rateNeedsBuilding';

export interface RentalTermIssue {
  path: [RentalTermName];
  message: string;
  params: { problem: RentalTermProblem };
}

export const RENTAL_TERM_MESSAGES = {
  rentOnly: (name: RentalTermName) =>
    `${name.replaceAll('_', ' ')} is a rental term: leave it out of a sale listing (or make the listing a rental)`,
  rateNeedsBuilding: 'electricity rate is given only when electricity is billed at the building rate (building)',
} as const;

/**
 * The rules between the terms and the listing: terms belong to rent listings (a sale listing that sends one is
 * refused, not silently emptied), and a rate per unit goes with the building's own rate only.
 */
export function rentalTermIssues(listing: {
  type: string;
  terms: Partial<Record<RentalTermName, unknown>>;
}): RentalTermIssue[] {
  const given = (name: RentalTermName) => listing.terms[name] !== undefined && listing.terms[name] !== null;
  if (listing.type !== 'rent') {
    return RENTAL_TERM_NAMES.filter(given).map((name) => ({
      path: [name],
      message: RENTAL_TERM_MESSAGES.rentOnly(name),
      params: { problem: 'rentOnly' },
    }));
  }
  if (given('electricity_rate') && listing.terms.electricity !== 'building') {
    return [
      {
        path: ['electricity_rate'],
        message: RENTAL_TERM_MESSAGES.rateNeedsBuilding,
        params: { problem: 'rateNeedsBuilding' },
      },
    ];
  }
  return [];
}
