import type { PropertySubType } from './properties.ts';

// No zod here: the listing page reads these without loading the schemas.

/**
 * Sub types that are a unit inside a bigger building, so which floor it is on (`level`) means something. A villa,
 * a house or land has no level: forms do not ask for it and pages do not show it.
 */
export const SUB_TYPES_WITH_LEVEL = ['condo', 'apartment', 'office'] as const satisfies readonly PropertySubType[];
export const hasLevel = (subType: string): boolean => (SUB_TYPES_WITH_LEVEL as readonly string[]).includes(subType);

/** Land has no building, so no floors (0); every other sub type has at least one. */
export const hasFloors = (subType: string): boolean => subType !== 'land';
