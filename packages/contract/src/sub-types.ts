import { PROPERTY_SUB_TYPES, type PROPERTY_TYPES, SUB_TYPE_PROPERTY_TYPES } from './listing-values.ts';

// The types from the lists themselves (not properties.ts, which reads listing-fields.ts, which reads this module).
type PropertySubType = (typeof PROPERTY_SUB_TYPES)[number];
type PropertyType = (typeof PROPERTY_TYPES)[number];

// No zod here: the listing page reads these without loading the schemas.

/**
 * Sub types that are a unit inside a bigger building, so which floor it is on (`level`) means something. A villa,
 * a house or land has no level: forms do not ask for it and pages do not show it.
 */
export const SUB_TYPES_WITH_LEVEL = ['condo', 'apartment', 'office'] as const satisfies readonly PropertySubType[];
export const hasLevel = (subType: string): boolean => (SUB_TYPES_WITH_LEVEL as readonly string[]).includes(subType);

/** Land has no building, so no floors (0); every other sub type has at least one. */
export const hasFloors = (subType: string): boolean => subType !== 'land';

/** Whether a sub type may be listed under a property type (SUB_TYPE_PROPERTY_TYPES). */
export const fitsPropertyType = (subType: PropertySubType, propertyType: PropertyType): boolean =>
  SUB_TYPE_PROPERTY_TYPES[subType].includes(propertyType);

/**
 * The sub types to offer under a property type, in the one list's order (PROPERTY_SUB_TYPES); every sub type
 * before a property type is chosen.
 */
export function subTypesFor(propertyType: PropertyType | '' | undefined): readonly PropertySubType[] {
  return propertyType ? PROPERTY_SUB_TYPES.filter((sub) => fitsPropertyType(sub, propertyType)) : PROPERTY_SUB_TYPES;
}

/**
 * The spec wizard's sub type names (spec section 2), as clients written against the spec send them. The wizard now
 * offers every PROPERTY_SUB_TYPES key (ADR 024); these names stay accepted.
 */
export const SPEC_SUB_TYPE_NAMES = {
  condo: 'Condo',
  apartment: 'Apartment',
  townhouse: 'Townhome/Townhouse',
  villa: 'Villa',
  pent_villa: 'Pent Villa',
  home_office: 'Home office',
} as const satisfies Partial<Record<PropertySubType, string>>;

/** The English names the site shows for the other sub types, and the usual other names, accepted as well. */
export const SUB_TYPE_NAMES: Readonly<Record<string, PropertySubType>> = {
  'detached house': 'house',
  'single house': 'house',
  'single detached house': 'house',
  'twin house': 'twinhouse',
  'semi-detached house': 'twinhouse',
  'shop house': 'shophouse',
  'commercial building': 'shophouse',
  // Either half of 'Townhome/Townhouse' on its own.
  townhome: 'townhouse',
  'town house': 'townhouse',
};

/** Longer than any key or name above, with room for the spaces people add around them. */
const MAX_SUB_TYPE_NAME = 60;

const SUB_TYPE_ALIASES = new Map<string, PropertySubType>([
  ...PROPERTY_SUB_TYPES.map((key) => [key, key] as const),
  ...Object.entries(SPEC_SUB_TYPE_NAMES).map(([key, name]) => [name.toLowerCase(), key as PropertySubType] as const),
  ...Object.entries(SUB_TYPE_NAMES),
]);

/** A stored sub type key for a key or a spec name in any case ("Pent Villa" → pent_villa); anything else as it came. */
export function toSubTypeKey(value: unknown): unknown {
  // No name is longer; anything longer is refused as it came, without being rewritten.
  if (typeof value !== 'string' || value.length > MAX_SUB_TYPE_NAME) return value;
  const name = value
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/ ?\/ ?/g, '/');
  return SUB_TYPE_ALIASES.get(name) ?? value;
}
