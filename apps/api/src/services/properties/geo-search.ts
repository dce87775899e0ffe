import { type BBox, BUYER_MESSAGES, type Station, WALKING_FACTOR } from '@baan/contract';
import { type SQL, sql } from 'drizzle-orm';
import { properties } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import { EARTH_RADIUS_M, stationById } from '../transit/stations.ts';

/**
 * The geographic parts of the listing search (docs/api.md "Buyers"): the map's area and "within … of a station".
 * Both are ranges over lat and lon (index properties_lat_lon_idx); a listing without coordinates never matches.
 */

/**
 * Inside the box, edges included; a listing without coordinates never is. Plain ranges over the columns (not a
 * geometric `<@` over an expression) let the planner estimate from the columns' statistics how much of the table a
 * box holds: a large box walks the default order's index and stops at the page or map limit (docs/benchmarks.md,
 * "Buyers"). A small box (a station's, a street's, a neighbourhood's: up to SMALL_BOX_DEGREES a side) also asks for
 * the point in the box, which the GiST index answers from that area alone (properties_point_idx, migration 0039,
 * index-only), where the (lat, lon) btree read the box's whole latitude band across the country (ADR 044). The ranges
 * stay as well: they are what the box means (edges included), whatever the geometric test's own edge rules.
 */
export function insideBox([west, south, east, north]: BBox): SQL {
  const ranges = boxRanges([west, south, east, north]);
  if (east - west > SMALL_BOX_DEGREES || north - south > SMALL_BOX_DEGREES) return ranges;
  return sql`(${ranges} and point(${properties.lon}, ${properties.lat}) <@ box(point(${west}::float8, ${south}::float8), point(${east}::float8, ${north}::float8)))`;
}

/** Inside the box, edges included, as plain ranges over lat and lon only (what insideBox means, without the GiST test). */
export function boxRanges([west, south, east, north]: BBox): SQL {
  return sql`(${properties.lat} between ${south}::float8 and ${north}::float8 and ${properties.lon} between ${west}::float8 and ${east}::float8)`;
}

/**
 * The largest side of a box (degrees, about 5.5 km) read from the GiST index: its estimate is a constant share of the
 * table, right for a few streets and wrong for a city, whose page is found faster in the default order.
 */
export const SMALL_BOX_DEGREES = 0.05;

/** Great-circle metres from the listing to a point (haversine, the same formula as transit/stations.ts). */
export function metresFrom(lat: number, lon: number): SQL<number> {
  return sql<number>`(2 * ${EARTH_RADIUS_M}::float8 * asin(least(1::float8, sqrt(
    power(sin(radians(${properties.lat} - ${lat}::float8) / 2), 2)
    + cos(radians(${lat}::float8)) * cos(radians(${properties.lat}))
      * power(sin(radians(${properties.lon} - ${lon}::float8) / 2), 2)))))`;
}

/** Metres per degree of latitude at least (the Earth is flatter at the poles): the box is never too small. */
const MIN_METRES_PER_DEGREE = 110_500;

/**
 * Within `withinM` walking (the straight line × WALKING_FACTOR, rounded as the stored distances are) of the station:
 * first a box around it that holds every such point (the GiST index), then the exact haversine on what is left.
 */
export function nearStation(station: Station, withinM: number): SQL {
  const straightM = withinM / WALKING_FACTOR;
  const dLat = (straightM / MIN_METRES_PER_DEGREE) * 1.01;
  const dLon = dLat / Math.cos(((Math.abs(station.lat) + dLat) * Math.PI) / 180);
  const box = insideBox([station.lon - dLon, station.lat - dLat, station.lon + dLon, station.lat + dLat]);
  return sql`(${box} and round(${metresFrom(station.lat, station.lon)} * ${WALKING_FACTOR}::float8) <= ${withinM})`;
}

/** The station a search names, or the 400 every search answers for an id GET /api/stations does not know. */
export function searchedStation(id: string): Station {
  const station = stationById(id);
  if (!station) throw badRequest(BUYER_MESSAGES.stationNotFound, { station: [BUYER_MESSAGES.stationNotFound] });
  return station;
}

/** A validated search with a station id checked too (route parsers call it, so the 400 is never cached). */
export function withKnownStation<T extends { station?: string | undefined }>(query: T): T {
  if (query.station !== undefined) searchedStation(query.station);
  return query;
}
