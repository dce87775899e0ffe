import { hasLevel } from './sub-types.ts';

// No zod here: the listing page reads this list without loading the schemas (create-property.ts builds them from it).

/**
 * How a listing's number is read and shown: a count (whole number: rooms, floors), an amount (square metres;
 * separators and Thai digits allowed), or baht (read as people write prices: "฿2,500,000.00", satang rounded).
 */
export type ListingNumberKind = 'count' | 'amount' | 'baht';

/** One of the listing's number fields, described once for the contract, the API, the wizard and the listing page. */
export interface ListingNumberField {
  /**
   * The field's name on the web: its label is `listings:detail.<key>` on the listing page and in the wizard (with the
   * unit), and the wizard's form key (`houseInfo.<key>`, kept in saved drafts).
   */
  key: string;
  kind: ListingNumberKind;
  /** Shown with this unit (an amount in square metres). */
  unit?: 'sqm';
  /** The range a value must be in (field errors name it). */
  min: number;
  max: number;
  /**
   * Optional: blank is stored and sent as `null` (not given: the listing page leaves it out), or as `0` for level and
   * floors, whose rules between fields (levelAndFloorsIssues) say where they are required.
   */
  optional?: 'null' | 'zero';
  /** Asked and shown only for the sub types this accepts (level: a unit inside a building, hasLevel). */
  onlyFor?: (subType: string) => boolean;
  /** An area of land, offered and shown in rai, ngan and square wah as well as m²: always, or on a land listing. */
  landArea?: 'always' | 'onLand';
}

/**
 * The listing's number fields by wire name (docs/api.md, binding), in the order the checks report them. Each becomes
 * a field of the create and edit forms (PropertyFieldsObject, its limits and messages), a column of `properties` of
 * the same name (apps/api listing-columns.ts finds it by that name), a field of the listing on the wire (`Property`),
 * a house-information input of the wizard and a fact of the listing page. See docs/ARCHITECTURE.md "Adding a
 * listing field".
 */
export const LISTING_NUMBER_FIELDS = {
  area: { key: 'area', kind: 'amount', unit: 'sqm', min: 1, max: 10_000_000, landArea: 'onLand' },
  // Which floor a unit is on: asked only where that means something (hasLevel); 0 is the ground floor.
  level: { key: 'level', kind: 'count', min: 0, max: 200, optional: 'zero', onlyFor: hasLevel },
  bed_rooms: { key: 'bedrooms', kind: 'count', min: 0, max: 100 },
  bath_rooms: { key: 'bathrooms', kind: 'count', min: 0, max: 100 },
  kitchen: { key: 'kitchen', kind: 'count', min: 0, max: 50 },
  // Required, and at least 1, except for land (levelAndFloorsIssues).
  floors: { key: 'floors', kind: 'count', min: 0, max: 200, optional: 'zero' },
  living_space: { key: 'livingSpace', kind: 'amount', unit: 'sqm', min: 1, max: 10_000_000, optional: 'null' },
  lot_area: {
    key: 'lotArea',
    kind: 'amount',
    unit: 'sqm',
    min: 1,
    max: 10_000_000,
    optional: 'null',
    landArea: 'always',
  },
  avg_utilities: { key: 'avgUtilities', kind: 'baht', min: 0, max: 10_000_000, optional: 'null' },
} as const satisfies Record<string, ListingNumberField>;

type Fields = typeof LISTING_NUMBER_FIELDS;
/** A listing number field's wire name. */
export type ListingNumberName = keyof Fields;
/** A listing number field's web key (label and form key). */
export type ListingNumberKey = Fields[ListingNumberName]['key'];
/** The wire names of the fields left `null` when not given. */
export type NullableListingNumber = {
  [N in ListingNumberName]: Fields[N] extends { optional: 'null' } ? N : never;
}[ListingNumberName];

/** The wire names, in the list's order. */
export const LISTING_NUMBER_NAMES = Object.keys(LISTING_NUMBER_FIELDS) as ListingNumberName[];

/** The field described as `field`, or as the same ListingNumberField type (for code that reads any field). */
export const listingNumberField = (name: ListingNumberName): ListingNumberField => LISTING_NUMBER_FIELDS[name];

/** What a blank optional field is stored and sent as: null (not given) or 0 (level, floors); required ones have none. */
export function blankValueOf(name: ListingNumberName): number | null | undefined {
  const { optional } = listingNumberField(name);
  return optional === 'null' ? null : optional === 'zero' ? 0 : undefined;
}

/** Whether this sub type is asked for and shows this field (onlyFor). */
export const appliesTo = (name: ListingNumberName, subType: string): boolean =>
  listingNumberField(name).onlyFor?.(subType) ?? true;

/** Whether this field of a listing of this sub type is an area of land (shown in rai, ngan and square wah too). */
export function isLandArea(name: ListingNumberName, subType: string): boolean {
  const { landArea } = listingNumberField(name);
  return landArea === 'always' || (landArea === 'onLand' && subType === 'land');
}
