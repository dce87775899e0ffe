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
