import type { PropertySubType } from './properties.ts';

// No zod here: the "Sell at cost" page reads these without loading the schemas.

/**
 * Sub types whose prices per m² are compared with each other for "at or below the area's median" (the Sell at cost
 * page, `at_or_below_median=1`): units in a building, houses on their own land, shops and offices, land.
 */
export const PRICE_GROUPS = {
  condo: 'unit',
  apartment: 'unit',
  house: 'house',
  townhouse: 'house',
  twinhouse: 'house',
  villa: 'house',
  bungalow: 'house',
  pent_villa: 'house',
  shophouse: 'commercial',
  home_office: 'commercial',
  office: 'commercial',
  land: 'land',
} as const satisfies Record<PropertySubType, string>;

/** How many approved active listings of a group and type an area needs before its median means anything. */
export const AREA_MEDIAN_SAMPLE_MIN = 5;
