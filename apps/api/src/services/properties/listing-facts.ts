import type { CreatePropertyFields, UpdatePropertyFields } from '@baan/contract';
import type { properties } from '../../db/schema.ts';
import { resolvePlace } from '../locations/resolve-place.ts';
import { nearestStation } from '../transit/stations.ts';
import type { PropertyRow } from './property-wire.ts';

type FactColumns = Pick<
  Partial<typeof properties.$inferInsert>,
  'foreignQuota' | 'titleDeed' | 'stationId' | 'stationDistanceM' | 'district' | 'province'
>;

/**
 * Foreign quota is a condominium rule (the Condominium Act lets foreigners own up to 49% of a building's units), so
 * it is stored only for condos: `foreign_quota=1` on any other sub type is accepted (a wizard may keep the box ticked
 * after switching the sub type) and stored as false, never shown, never matched by `foreign_quota=1`.
 */
const quotaFor = (subType: string, quota: '0' | '1' | undefined) => quota === '1' && subType === 'condo';

/**
 * A new listing's foreign quota, title deed, nearest station (within MAX_STATION_DISTANCE_M, else none) and the
 * district and province its location names.
 */
export function createdFacts(fields: CreatePropertyFields): FactColumns {
  return {
    foreignQuota: quotaFor(fields.property_sub_type, fields.foreign_quota),
    titleDeed: fields.title_deed ?? null,
    ...nearestStation(fields.lat, fields.lon),
    ...resolvePlace(fields.location),
  };
}

/**
 * What an edit changes of them: the station again when it moves the listing (`lat` or `lon` sent; blank clears it);
 * the district and province when it sends a location; the title deed when sent (blank clears it); the foreign quota
 * when sent, and cleared when the listing stops being a condo.
 */
export function editedFacts(row: PropertyRow, fields: UpdatePropertyFields): FactColumns {
  const has = (key: keyof UpdatePropertyFields) => Object.hasOwn(fields, key);
  const set: FactColumns = {};
  if (has('lat') || has('lon')) {
    Object.assign(
      set,
      nearestStation(has('lat') ? (fields.lat ?? null) : row.lat, has('lon') ? (fields.lon ?? null) : row.lon),
    );
  }
  if (fields.location !== undefined) Object.assign(set, resolvePlace(fields.location));
  if (has('title_deed')) set.titleDeed = fields.title_deed ?? null;
  const subType = fields.property_sub_type ?? row.propertySubType;
  if (fields.foreign_quota !== undefined) set.foreignQuota = quotaFor(subType, fields.foreign_quota);
  else if (row.foreignQuota && subType !== 'condo') set.foreignQuota = false;
  return set;
}
